"""``sandbox_report``: what ``mcpforge doctor`` prints about the sandbox."""

from __future__ import annotations

import os

import pytest

from mcpforge.config import SandboxConfig
from mcpforge.sandbox import BACKENDS
from mcpforge.sandbox.doctor import sandbox_report


def test_report_lists_every_backend_and_the_auto_choice() -> None:
    report = sandbox_report()
    assert [b["name"] for b in report["backends"]] == ["bwrap", "unshare", "subprocess"]
    for backend in report["backends"]:
        assert isinstance(backend["available"], bool) and backend["reason"] and backend["enforces"]
    strongest = next(b["name"] for b in report["backends"] if b["strong"] and b["available"])
    assert report["auto_choice"] == report["selected"] == strongest
    assert report["error"] is None
    assert set(report["layers"]) == {"landlock", "seccomp", "cgroups", "running_as_root"}


def test_report_explains_why_nothing_can_be_selected(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("bwrap", "unshare"):
        monkeypatch.setattr(BACKENDS[name], "available", classmethod(lambda cls: (False, "disabled in test")))
    report = sandbox_report(SandboxConfig())
    assert report["auto_choice"] is None and report["selected"] is None
    assert report["error"]
    weak = sandbox_report(SandboxConfig(allow_weak_fallback=True))
    assert weak["selected"] == "subprocess"


def test_report_names_the_unprivileged_host_uid_the_sandbox_runs_as() -> None:
    runs_as = sandbox_report()["runs_as"]
    if os.geteuid() == 0:
        assert (runs_as["uid"], runs_as["gid"], runs_as["dropped_from_root"]) == (65534, 65534, True)
    else:
        assert (runs_as["uid"], runs_as["dropped_from_root"]) == (os.getuid(), False)
    assert runs_as["uid"] != 0 and str(runs_as["uid"]) in runs_as["summary"]


def test_report_says_whether_served_calls_run_warm_and_why() -> None:
    report = sandbox_report()
    warm = report["warm_calls"]
    assert warm["reason"]
    if report["selected"] == "bwrap" and report["layers"]["landlock"]["abi"] >= 6:
        assert warm["enabled"] is True
    else:
        assert warm["enabled"] is False
    off = sandbox_report(SandboxConfig(warm_calls=False))["warm_calls"]
    assert off == {"enabled": False, "reason": "sandbox.warm_calls is false"}


def test_the_live_report_starts_a_warm_template_and_says_whether_a_call_worked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import mcpforge.sandbox.doctor as doctor_module

    report = sandbox_report(live=True)
    if not report["warm_calls"]["enabled"]:
        pytest.skip(f"warm calls are not available here: {report['warm_calls']['reason']}")
    probe = report["warm_calls"]["probe"]
    assert probe["ok"] is True and probe["seconds"] > 0, probe
    # A template that cannot start is reported as such, with the reason, instead of passing silently.
    monkeypatch.setattr(doctor_module, "_PROBE_TOOL", "raise SystemExit(3)\n")
    failed = sandbox_report(live=True)["warm_calls"]["probe"]
    assert failed["ok"] is False and failed["detail"].startswith("the probe call failed")
