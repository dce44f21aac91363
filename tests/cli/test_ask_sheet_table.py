"""A workbook with several sheets / a SQLite file with several tables: ``ask`` asks which one, or reads
the one named by ``--sheet`` / ``--table`` everywhere (schema, validation, the staged tool, the served tool).

The other sheet / table is the larger one and holds other regions, so reading it by mistake (the loader's
own default is the largest) gives a different answer.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pandas as pd
import pytest
from fastmcp import Client
from typer.testing import CliRunner

from data_files import REGION_COUNTS, sales_frame
from mcpforge.cli.main import app
from mcpforge.config import MCPForgeConfig, SandboxConfig
from mcpforge.models import UserFeedback, utc_now
from mcpforge.registry import Registry
from mcpforge.server import build_server

REQUEST = "count rows by region"
_DECOY = pd.DataFrame({"region": ["Archiv"] * 40, "product": ["x"] * 40, "amount": [1.0] * 40,
                       "date": ["2023-01-01"] * 40})  # fmt: skip


def _workbook(directory: Path) -> Path:
    path = directory / "report.xlsx"
    with pd.ExcelWriter(path) as writer:
        sales_frame().to_excel(writer, sheet_name="Sales", index=False)
        _DECOY.to_excel(writer, sheet_name="Archive", index=False)
    return path


def _database(directory: Path) -> Path:
    path = directory / "shop.sqlite"
    with sqlite3.connect(path) as connection:
        sales_frame().to_sql("sales", connection, index=False)
        _DECOY.to_sql("archive", connection, index=False)
    connection.close()
    return path


CASES: dict[str, tuple[Callable[[Path], Path], str, str, list[str]]] = {
    "sheet": (_workbook, "--sheet", "Sales", ["Sales", "Archive"]),
    "table": (_database, "--table", "sales", ["archive", "sales"]),
}


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox_config: SandboxConfig) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MCPFORGE_VALIDATION__STRESS_ROWS", "2000")
    monkeypatch.setenv(
        "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK", str(sandbox_config.allow_weak_fallback).lower()
    )
    return tmp_path


def _ask(*args: str) -> tuple[int, dict[str, Any]]:
    outcome = CliRunner().invoke(app, ["ask", REQUEST, "--registry", "reg", "--json", *args])
    return outcome.exit_code, json.loads(outcome.stdout)


def _counts(table: dict[str, Any]) -> dict[str, int]:
    return {str(row[0]): int(row[1]) for row in table["rows"]}


@pytest.mark.parametrize("part", sorted(CASES))
def test_without_the_flag_ask_asks_which_sheet_or_table_and_stages_nothing(work: Path, part: str) -> None:
    write, _flag, _name, names = CASES[part]
    path = write(work)
    code, data = _ask("--data", path.name)
    assert code == 3
    assert data["status"] == "NEEDS_CLARIFICATION"
    assert data["key"] == part
    assert sorted(choice["choice"] for choice in data["choices"]) == sorted(names)
    assert not Registry(work / "reg").is_initialized() or not Registry(work / "reg").list_candidates()


@pytest.mark.parametrize("part", sorted(CASES))
def test_with_the_flag_the_chosen_sheet_or_table_is_read_by_the_staged_and_the_served_tool(
    work: Path, part: str, sandbox_config: SandboxConfig
) -> None:
    write, flag, name, _names = CASES[part]
    path = write(work)
    code, data = _ask("--data", path.name, flag, name)
    assert code == 0, data["error"]
    assert data["status"] == "STAGED"
    assert _counts(data["result"]["result"]) == REGION_COUNTS
    assert f"from the {part} `{name}`" in data["reading"]
    # The same answer through --clarify (the question's own key), which is what --sheet / --table mean.
    code, again = _ask("--data", path.name, "--clarify", f"{part}={name}")
    assert code == 0 and _counts(again["result"]["result"]) == REGION_COUNTS
    config = MCPForgeConfig.model_validate(
        {"registry": {"root": str(work / "reg")}, "sandbox": sandbox_config.model_dump()}
    )
    registry = Registry(work / "reg", config)
    candidate = registry.get_candidate(data["candidate_id"])
    assert candidate.run_arguments is not None and candidate.run_arguments[part] == name
    feedback = UserFeedback(decision="APPROVED", notes="approve", timestamp=utc_now(), stage="registration")
    registry.record_feedback(candidate.candidate_id, feedback, actor="person")
    active = registry.promote(candidate.candidate_id, actor="person")
    assert active.spec.input_schema["properties"][part]["default"] == name
    served = _served_counts(
        registry, config, active.name, {**candidate.run_arguments, "file_path": str(path)}
    )
    assert served == REGION_COUNTS


def _served_counts(registry: Registry, config: MCPForgeConfig, tool: str, arguments: dict[str, Any]) -> Any:
    async def call() -> dict[str, int]:
        server = build_server(registry, config, allowed_read_paths=[Path.cwd()])
        with anyio.fail_after(120):
            async with Client(server) as client:
                result = await client.call_tool(tool, arguments, raise_on_error=False)
        assert not result.is_error, result.content
        assert isinstance(result.structured_content, dict)
        return _counts(result.structured_content["result"])

    return anyio.run(call)


@pytest.mark.parametrize("part", sorted(CASES))
def test_a_sheet_or_table_the_file_does_not_have_is_one_clear_error(work: Path, part: str) -> None:
    write, flag, _name, _names = CASES[part]
    path = write(work)
    code, data = _ask("--data", path.name, flag, "Nope")
    assert code != 0
    assert "'Nope'" in data["error"]
    other = "--table" if flag == "--sheet" else "--sheet"
    code, data = _ask("--data", path.name, other, "Sales")
    assert code == 2
    assert f"--{part}" in data["error"]


def test_a_model_written_tool_is_refused_for_a_chosen_sheet_before_any_model_call(
    work: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _workbook(work)
    monkeypatch.setenv("OPENAI_API_KEY", "test")
    # Nothing listens on port 9: a model call would fail with an engine error, not this refusal.
    code, data = _ask(
        "--data", path.name, "--sheet", "Sales", "--custom", "--engine", "openai", "--model", "m",
        "--base-url", "http://127.0.0.1:9/v1",
    )  # fmt: skip
    assert code == 2
    assert "reads only a file's default sheet" in data["error"]
    assert not Registry(work / "reg").is_initialized() or not Registry(work / "reg").list_candidates()
