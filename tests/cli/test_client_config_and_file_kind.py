"""Issue 28 point 12: the client entry carries the project configuration in effect, and a tool made on a
Parquet or Excel file says so in the description MCP clients read (not "CSV file")."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.config import SandboxConfig
from mcpforge.registry import Registry


def _serve_args(out: str) -> list[str]:
    return list(json.loads(out)["mcpServers"]["mcpforge"]["args"])


def test_client_config_includes_the_project_config_as_an_absolute_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("MCPFORGE_CONFIG", raising=False)
    result = CliRunner().invoke(app, ["client-config", "claude", "--registry", "reg"])
    assert result.exit_code == 0, result.stderr
    assert "--config" not in _serve_args(result.stdout)  # no project configuration: nothing to pass
    (tmp_path / "mcpforge.yaml").write_text("validation:\n  stress_rows: 2000\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["client-config", "claude", "--registry", "reg"])
    args = _serve_args(result.stdout)
    assert args[args.index("--config") + 1] == str((tmp_path / "mcpforge.yaml").resolve())
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "team.yaml").write_text("{}\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["client-config", "cursor", "--config", "sub/team.yaml"])
    args = _serve_args(result.stdout)
    assert args[args.index("--config") + 1] == str((tmp_path / "sub" / "team.yaml").resolve())


@pytest.mark.parametrize(("suffix", "label"), [(".parquet", "Parquet file"), (".xlsx", "Excel workbook")])
def test_a_tool_made_on_a_parquet_or_xlsx_file_names_that_kind(
    suffix: str,
    label: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    sandbox_config: SandboxConfig,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MCPFORGE_VALIDATION__STRESS_ROWS", "2000")
    monkeypatch.setenv(
        "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK", str(sandbox_config.allow_weak_fallback).lower()
    )
    frame = pd.DataFrame({"region": ["North", "South", "North", "East"], "amount": [1.0, 2.5, 3.0, 4.0]})
    data = tmp_path / f"orders{suffix}"
    frame.to_parquet(data) if suffix == ".parquet" else frame.to_excel(data, index=False)
    result = CliRunner().invoke(app, ["ask", "total amount by region", "--data", data.name, "--registry",
                                      "reg", "--json", "--no-review"])  # fmt: skip
    assert result.exit_code == 0, result.stdout + result.stderr
    spec = Registry(tmp_path / "reg").get_candidate(json.loads(result.stdout)["candidate_id"]).spec
    described = spec.input_schema["properties"]["file_path"]["description"]
    assert label in described, described
    assert "CSV" not in described + spec.prerequisites + spec.what_it_does
