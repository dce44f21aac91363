"""Issue 28 point 13: ``tools show`` / ``tools remove`` find converted services and their tools; a service
is unregistered as a whole, with its files archived and an audit row naming who removed it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.config import MCPForgeConfig
from mcpforge.registry import Registry
from mcpforge.registry.file.services import active_services, review_service, stage_service
from mcpforge.registry.testing import make_spec


@pytest.fixture
def registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Registry:
    monkeypatch.chdir(tmp_path)
    config = MCPForgeConfig.model_validate({"registry": {"root": str(tmp_path / "reg")}})
    reg = Registry(tmp_path / "reg", config)
    reg.init()
    package = tmp_path / "toylib_mcp"
    package.mkdir()
    specs = [make_spec("add"), make_spec("mean")]
    (package / "specs.json").write_text(json.dumps([s.model_dump(mode="json") for s in specs]), "utf-8")
    (package / "server.py").write_text("def create_app():\n    return None\n", encoding="utf-8")
    candidate_id = stage_service(
        reg, service="toylib", version="1.0.0", package_dir=package, site_dirs=[], specs=specs,
        report={"status": "STAGED"}, report_markdown="# Conversion report of toylib\n", samples=[],
        actor="human:test",
    )  # fmt: skip
    _message, promoted = review_service(
        reg, candidate_id, output_answer="yes", decision_answer="approve", actor="human:test"
    )
    assert promoted
    return reg


def _cli(*args: str) -> tuple[int, Any, str]:
    result = CliRunner().invoke(app, [*args, "--registry", "reg", "--json"])
    return result.exit_code, json.loads(result.stdout) if result.stdout.strip() else None, result.stderr


def test_tools_show_finds_a_service_tool_and_the_service(registry: Registry) -> None:
    code, shown, err = _cli("tools", "show", "toylib_add")
    assert code == 0, err
    assert (shown["kind"], shown["service"], shown["version"]) == ("service_tool", "toylib", "1.0.0")
    assert shown["spec"]["tool_name"] == "add"
    assert shown["integrity"] == "ok"
    code, shown, err = _cli("tools", "show", "toylib")
    assert code == 0, err
    assert shown["kind"] == "service" and shown["tools"] == ["toylib_add", "toylib_mean"]
    text = CliRunner().invoke(app, ["tools", "show", "toylib_mean", "--registry", "reg"])
    assert text.exit_code == 0 and "service: toylib" in text.stdout
    code, shown, _err = _cli("tools", "show", "toylib_median")
    assert code == 2 and "toylib_median" in shown["error"]


def test_tools_remove_unregisters_a_service_as_a_whole_with_an_audit_row(registry: Registry) -> None:
    code, out, _err = _cli("tools", "remove", "toylib_add")
    assert code == 2
    assert "service 'toylib'" in out["error"] and "tools remove toylib" in out["error"]
    assert [s.name for s in active_services(registry)] == ["toylib"]  # nothing changed
    code, removed, err = _cli("tools", "remove", "toylib")
    assert code == 0, err
    assert removed["tools"] == ["toylib_add", "toylib_mean"]
    assert active_services(registry) == []
    assert (registry.root / removed["archive"] / "package" / "server.py").is_file()
    assert not (registry.root / "services" / "active" / "toylib").exists()
    code, listed, _err = _cli("tools", "list")
    assert code == 0 and listed["tools"] == []
    rows = registry.audit.entries(tool="toylib", action="remove")
    assert len(rows) == 1 and rows[0].actor.startswith("human:") and rows[0].from_status == "PROMOTED"
    code, out, _err = _cli("tools", "remove", "toylib")
    assert code == 2 and "toylib" in out["error"]
