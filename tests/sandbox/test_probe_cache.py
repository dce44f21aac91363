"""Issue 28: what the sandbox probes (bwrap works here, bwrap binds descriptors, the interpreter's layout)
is kept in the user's cache, so a command after the first starts no probe process; a kept fact that
has become wrong is probed again, never trusted into a weaker or wider sandbox.

Real bwrap and real runs; only the calls to ``subprocess.run`` are counted.
"""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mcpforge.sandbox import _layout, _probe_cache, bwrap, get_sandbox
from mcpforge.sandbox._probe_cache import SANDBOX_CACHE_ENV, SWITCH_ENV, remembered

from ._support import FAST_LIMITS, make_backend, run


def _new_process() -> None:
    """What a new mcpforge process starts with: no fact held in memory (the user's cache stays)."""
    bwrap._probe_kept.cache_clear()
    bwrap._binds_fds.cache_clear()
    _layout.python_layout.cache_clear()
    _probe_cache._served.clear()


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    root = tmp_path / "sandbox-cache"
    monkeypatch.setenv(SANDBOX_CACHE_ENV, str(root))
    _new_process()
    yield root
    _new_process()


@pytest.fixture
def probes(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Every probe process started: bwrap (the namespace test or --help) and ``python -I -c``."""
    started: list[list[str]] = []
    real = subprocess.run

    def counting(argv: list[str], *args: Any, **kwargs: Any) -> Any:
        started.append([str(part) for part in argv])
        return real(argv, *args, **kwargs)

    monkeypatch.setattr(subprocess, "run", counting)  # the module both probing modules call
    return started


def test_a_second_process_starts_no_probe_and_runs_alike(cache: Path, probes: list[list[str]]) -> None:
    make_backend("bwrap")  # skips where bwrap does not work
    bwrap.forget_probes()
    probes.clear()
    first = run(get_sandbox(), "print(1)")
    assert first.exit_code == 0 and first.stdout == "1\n", first.stderr
    assert len(probes) == 3, probes  # bwrap true, bwrap --help, python -I
    assert sorted(path.name for path in cache.rglob("*.json")) == [
        "bwrap-binds-fd.json",
        "bwrap.json",
        "python-layout.json",
    ]
    _new_process()
    probes.clear()
    second = run(get_sandbox(), "print(1)")
    assert probes == []
    assert (second.exit_code, second.stdout, second.backend) == (0, "1\n", "bwrap")


def test_a_changed_key_is_probed_again(cache: Path, probes: list[list[str]]) -> None:
    make_backend("bwrap")
    _new_process()
    bwrap._probe("/usr/bin/bwrap")
    _new_process()
    probes.clear()
    bwrap._probe("/usr/bin/bwrap")
    assert probes == []
    entry = next(cache.rglob("bwrap.json"))
    data = json.loads(entry.read_text(encoding="utf-8"))
    data["key"]["kernel"]["release"] = "0.0.0-another-kernel"  # as if written under another kernel
    entry.write_text(json.dumps(data), encoding="utf-8")
    _new_process()
    ok, _why = bwrap._probe("/usr/bin/bwrap")
    assert ok and len(probes) == 1 and "--unshare-all" in probes[0]
    assert json.loads(entry.read_text(encoding="utf-8"))["key"]["kernel"]["release"] == os.uname().release


def test_a_layout_showing_more_than_this_interpreter_uses_is_probed_again(
    cache: Path, probes: list[list[str]]
) -> None:
    real = _layout.python_layout()
    entry = next(cache.rglob("python-layout.json"))
    data = json.loads(entry.read_text(encoding="utf-8"))
    data["value"]["read_roots"] = [*data["value"]["read_roots"], "/etc"]  # wider than the probe found
    entry.write_text(json.dumps(data), encoding="utf-8")
    _new_process()
    probes.clear()
    assert _layout.python_layout() == real
    assert len(probes) == 1 and probes[0][1:3] == ["-I", "-c"]
    assert "/etc" not in json.loads(entry.read_text(encoding="utf-8"))["value"]["read_roots"]


def test_a_kept_fact_that_fails_at_use_is_probed_again_and_the_run_goes_on(
    cache: Path, probes: list[list[str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A layout that still looks true but no longer starts (a directory on sys.path removed since):
    the run fails before any code ran, the cache is forgotten, the probes run again, and the run is
    made once more with what they find."""
    sandbox = make_backend("bwrap")
    gone = Path(tempfile.mkdtemp(prefix="mcpforge-gone-", dir="/tmp"))
    try:
        gone.chmod(0o755)
        monkeypatch.setattr(sys, "path", [*sys.path, str(gone)])
        _new_process()
        layout = _layout.python_layout()
        entry = next(cache.rglob("python-layout.json"))
        data = json.loads(entry.read_text(encoding="utf-8"))
        sys_path = [*layout.sys_path, str(gone)]
        prefixes = [sys.prefix, sys.base_prefix, sys.exec_prefix]
        data["value"] = {
            **data["value"],
            "sys_path": sys_path,
            "read_roots": _layout._read_roots(sys_path, prefixes),
        }
        entry.write_text(json.dumps(data), encoding="utf-8")
        _new_process()
        bwrap._probe("/usr/bin/bwrap")
        assert str(gone) in _layout.python_layout().read_roots  # served from the cache
    finally:
        gone.rmdir()
    probes.clear()
    result = sandbox.run(_request("print(1)"))
    assert (result.exit_code, result.stdout) == (0, "1\n"), result.stderr
    assert any(argv[1:3] == ["-I", "-c"] for argv in probes)  # the layout was probed again
    assert str(gone) not in json.loads(entry.read_text(encoding="utf-8"))["value"]["read_roots"]


def _request(script: str) -> Any:
    from mcpforge.sandbox import SandboxRequest

    return SandboxRequest(script=script, limits=FAST_LIMITS)


def test_only_an_answer_that_lets_the_sandbox_run_is_kept(cache: Path) -> None:
    calls: list[int] = []

    def probe() -> list[object]:
        calls.append(1)
        return [False, "no namespaces here"]

    for _ in range(2):
        assert remembered("fact", {"k": 1}, probe, keep=lambda found: bool(found[0])) == [
            False,
            "no namespaces here",
        ]
    assert len(calls) == 2 and not list(cache.rglob("fact.json"))


def test_an_unreadable_entry_is_probed_again_and_the_switch_turns_the_cache_off(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []

    def probe() -> int:
        calls.append(1)
        return 7

    assert remembered("fact", {"k": 1}, probe, keep=lambda _value: True) == 7
    assert remembered("fact", {"k": 1}, probe, keep=lambda _value: True) == 7
    assert len(calls) == 1
    next(cache.rglob("fact.json")).write_text("{torn", encoding="utf-8")
    assert remembered("fact", {"k": 1}, probe, keep=lambda _value: True) == 7
    assert len(calls) == 2
    monkeypatch.setenv(SWITCH_ENV, "0")
    assert remembered("fact", {"k": 1}, probe, keep=lambda _value: True) == 7
    assert len(calls) == 3


def test_doctor_probes_now_instead_of_reading_the_cache(cache: Path) -> None:
    from mcpforge.sandbox.doctor import sandbox_report

    make_backend("bwrap")
    entry = next(cache.rglob("bwrap.json"))
    data = json.loads(entry.read_text(encoding="utf-8"))
    data["value"] = [True, "a kept answer"]
    entry.write_text(json.dumps(data), encoding="utf-8")
    _new_process()
    report = sandbox_report()
    reasons = [backend["reason"] for backend in report["backends"] if backend["name"] == "bwrap"]
    assert reasons and reasons[0] != "a kept answer" and reasons[0].startswith("bubblewrap at ")


def test_an_entry_others_could_have_written_is_not_trusted(cache: Path) -> None:
    calls: list[int] = []

    def probe() -> int:
        calls.append(1)
        return 7

    remembered("fact", {"k": 1}, probe, keep=lambda _value: True)
    entry = next(cache.rglob("fact.json"))
    entry.chmod(0o666)  # writable by anyone: whatever it says may not be ours
    assert remembered("fact", {"k": 1}, probe, keep=lambda _value: True) == 7
    assert len(calls) == 2
    assert entry.stat().st_mode & 0o777 == 0o600  # replaced by a fresh entry of ours


def test_a_probe_that_failed_for_a_moment_is_tried_again_and_not_kept(
    cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One clean-clone CI run saw bwrap's probe fail once ("Exception occurred in preexec_fn", under
    load); the failure was kept in memory and five later tests of that worker found no sandbox."""
    make_backend("bwrap")  # skips where bwrap does not work
    bwrap.forget_probes()  # here and in the user's cache: the next question probes
    _new_process()
    real = bwrap._probe_now
    calls: list[str | None] = []

    def once_failing(found: str | None) -> tuple[bool, str]:
        calls.append(found)
        return (False, "Exception occurred in preexec_fn.") if len(calls) == 1 else real(found)

    monkeypatch.setattr(bwrap, "_probe_now", once_failing)
    assert bwrap.BwrapSandbox.available()[0]
    assert len(calls) == 2
    monkeypatch.setattr(bwrap, "_probe_now", lambda found: (False, "broken for good"))
    bwrap.forget_probes()
    _new_process()
    assert bwrap.BwrapSandbox.available() == (False, "broken for good")
    monkeypatch.setattr(bwrap, "_probe_now", real)
    assert bwrap.BwrapSandbox.available()[0]  # the failure was not kept


def test_the_unshare_probe_that_failed_for_a_moment_is_tried_again_and_not_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The fallback backend keeps no failure either: a probe that failed once is run again at once, and a
    failure that stays is asked afresh by the next question, never served from memory."""
    from mcpforge.sandbox import unshare

    answers = iter(
        [(False, "Exception occurred in preexec_fn."), (True, "works"), (False, "no"), (False, "no")]
    )
    calls: list[str | None] = []

    def probe_now(found: str | None) -> tuple[bool, str]:
        calls.append(found)
        return next(answers)

    unshare._probe_kept.cache_clear()
    monkeypatch.setattr(unshare, "_probe_kept", functools.cache(probe_now))
    assert unshare._probe("/usr/bin/unshare") == (True, "works")
    assert len(calls) == 2
    assert unshare._probe("/usr/bin/unshare") == (True, "works")  # a yes is kept
    assert len(calls) == 2
    unshare._probe_kept.cache_clear()
    assert unshare._probe("/usr/bin/unshare")[0] is False
    assert len(calls) == 4  # a no is tried twice and not kept
