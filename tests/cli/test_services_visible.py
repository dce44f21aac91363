"""Converted services show where a person looks: ``candidates list`` / ``show``, ``stats``, ``doctor``.

The service is staged and approved through the registry's own service functions (what ``mcpforge convert``
and ``mcpforge review`` call); a conversion end to end is tested in tests/convert.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.config import MCPForgeConfig
from mcpforge.registry import Registry
from mcpforge.registry.file.services import review_service, stage_service
from mcpforge.registry.testing import make_candidate, make_spec


@pytest.fixture
def registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Registry:
    monkeypatch.chdir(tmp_path)
    config = MCPForgeConfig.model_validate({"registry": {"root": str(tmp_path / "reg")}})
    reg = Registry(tmp_path / "reg", config)
    reg.init()
    candidate, files = make_candidate("forged_tool")
    reg.stage_candidate(candidate, files, actor="test")
    return reg


def _stage(reg: Registry, tmp_path: Path, name: str) -> str:
    package = tmp_path / f"{name}_mcp"
    package.mkdir()
    specs = [make_spec(f"{name}_add"), make_spec(f"{name}_mean")]
    (package / "specs.json").write_text(
        json.dumps([s.model_dump(mode="json") for s in specs]), encoding="utf-8"
    )
    (package / "server.py").write_text("def create_app():\n    return None\n", encoding="utf-8")
    return stage_service(
        reg, service=name, version="1.0.0", package_dir=package, site_dirs=[], specs=specs,
        report={"status": "STAGED"}, report_markdown=f"# Conversion report of {name}\n", samples=[],
        actor="human:test",
    )  # fmt: skip


def _cli(*args: str) -> tuple[int, Any]:
    result = CliRunner().invoke(app, [*args, "--registry", "reg", "--json"])
    return result.exit_code, json.loads(result.stdout)


def test_a_staged_service_is_listed_shown_counted_and_checked(registry: Registry, tmp_path: Path) -> None:
    candidate_id = _stage(registry, tmp_path, "toylib")
    code, listed = _cli("candidates", "list")
    assert code == 0
    assert {(row["kind"], row["status"]) for row in listed["candidates"]} == {
        ("tool", "STAGED"),
        ("service", "STAGED"),
    }
    service = next(row for row in listed["candidates"] if row["kind"] == "service")
    assert service["candidate_id"] == candidate_id
    assert service["tools"] == ["toylib_add", "toylib_mean"]
    code, only = _cli("candidates", "list", "--status", "PROMOTED")
    assert code == 0 and only["candidates"] == []
    code, shown = _cli("candidates", "show", candidate_id)
    assert code == 0 and shown["report_markdown"].startswith("# Conversion report of toylib")
    code, stats = _cli("stats")
    assert code == 0
    assert (stats["services_converted"], stats["services_staged"], stats["services_active"]) == (1, 1, 0)
    code, doctor = _cli("doctor")
    assert code == 0
    assert [c["detail"] for c in doctor["checks"] if c["name"] == "services"] == [
        "0 approved (0 tools), 1 staged, 0 rejected"
    ]


def test_an_approved_service_is_counted_and_a_changed_one_is_a_doctor_error(
    registry: Registry, tmp_path: Path
) -> None:
    candidate_id = _stage(registry, tmp_path, "toylib")
    _message, promoted = review_service(
        registry, candidate_id, output_answer="yes", decision_answer="approve", actor="human:test"
    )
    assert promoted
    code, stats = _cli("stats")
    assert code == 0
    assert (stats["services_active"], stats["service_tools_active"], stats["services_staged"]) == (1, 2, 0)
    code, listed = _cli("candidates", "list", "--status", "PROMOTED")
    assert [row["candidate_id"] for row in listed["candidates"]] == [candidate_id]
    code, tools = _cli("tools", "list")
    assert code == 0
    assert [(t["kind"], t["name"], t["integrity"]) for t in tools["tools"]] == [
        ("service", "toylib_toylib_add", "ok"),
        ("service", "toylib_toylib_mean", "ok"),
    ]
    served = registry.root / "services" / "active" / "toylib" / "package" / "server.py"
    served.write_text("import os\n", encoding="utf-8")
    code, doctor = _cli("doctor")
    assert code != 0
    errors = [c["detail"] for c in doctor["checks"] if c["name"] == "services" and c["level"] == "error"]
    assert errors == ["service 'toylib' is not served: server.py changed since approval"]
    code, tools = _cli("tools", "list")
    assert {t["integrity"] for t in tools["tools"]} == {"server.py changed since approval"}
