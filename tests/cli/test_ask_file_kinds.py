"""Every kind of file answers a group-count question through ``mcpforge ask`` and through a served tool.

The tool runs in the real sandbox in both cases: the runtime loader reads Excel, Parquet, JSON and
SQLite there, while the generated tool itself imports only the allowlist.
"""

from __future__ import annotations

import json
from pathlib import Path

import anyio
import pytest
from fastmcp import Client
from typer.testing import CliRunner

from data_files import REGION_COUNTS, WRITERS
from mcpforge.cli.main import app
from mcpforge.config import MCPForgeConfig, SandboxConfig
from mcpforge.models import UserFeedback, utc_now
from mcpforge.pipeline.forge import forge
from mcpforge.registry import Registry
from mcpforge.server import build_server

REQUEST = "count rows by region"
# One file per family the loader tells apart (the text variants are covered one by one in tests/runtime).
ASKED_KINDS = [
    "semicolon_decimal_comma", "utf16", "cp1252", "xlsx_cover_sheet", "parquet", "json_records", "jsonl",
    "sqlite_two_tables", "spaced_header",
]  # fmt: skip


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox_config: SandboxConfig) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MCPFORGE_VALIDATION__STRESS_ROWS", "2000")
    monkeypatch.setenv(
        "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK", str(sandbox_config.allow_weak_fallback).lower()
    )
    return tmp_path


def _counts(result: dict[str, object]) -> dict[str, int]:
    table = result["result"]
    assert isinstance(table, dict)
    return {str(row[0]): int(row[1]) for row in table["rows"]}


@pytest.mark.parametrize("kind", ASKED_KINDS)
def test_ask_answers_a_group_count_on_every_kind_of_file(work: Path, kind: str) -> None:
    path = WRITERS[kind](work)
    # A file with several sheets / tables is asked about (tests/cli/test_ask_sheet_table.py): name it.
    part = {"xlsx_cover_sheet": ["--sheet", "Sales"], "sqlite_two_tables": ["--table", "sales"]}.get(kind, [])
    outcome = CliRunner().invoke(
        app, ["ask", REQUEST, "--data", path.name, "--registry", "reg", "--json", *part]
    )
    data = json.loads(outcome.stdout)
    assert data["error"] is None, (data["error"], (data["validation"] or {}).get("errors"))
    assert data["status"] == "STAGED"
    assert _counts(data["result"]) == REGION_COUNTS


def test_an_unsupported_file_is_blamed_not_the_request(work: Path) -> None:
    (work / "scan.pdf").write_bytes(b"%PDF-1.4\n1 0 obj\n")
    outcome = CliRunner().invoke(app, ["ask", REQUEST, "--data", "scan.pdf", "--registry", "reg", "--json"])
    assert outcome.exit_code != 0
    error = json.loads(outcome.stdout)["error"]
    assert "PDF" in error
    assert "Not understood" not in error


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.mark.anyio
async def test_a_served_tool_answers_on_every_kind_of_file(
    tmp_path: Path, forge_config: MCPForgeConfig
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    first = WRITERS["semicolon_decimal_comma"](data)
    registry = Registry(Path(forge_config.registry.root), forge_config)
    registry.init()
    forged = forge(REQUEST, first, registry=registry, config=forge_config, allow_read=[data])
    assert forged.candidate is not None
    assert forged.candidate.run_arguments is not None
    feedback = UserFeedback(decision="APPROVED", notes="approve", timestamp=utc_now(), stage="registration")
    registry.record_feedback(forged.candidate.candidate_id, feedback, actor="person")
    active = registry.promote(forged.candidate.candidate_id, actor="person")
    server = build_server(registry, forge_config, allowed_read_paths=[data])
    answers = {}
    with anyio.fail_after(120):
        async with Client(server) as client:
            for kind, writer in sorted(WRITERS.items()):
                arguments = {**forged.candidate.run_arguments, "file_path": str(writer(data))}
                result = await client.call_tool(active.name, arguments, raise_on_error=False)
                assert not result.is_error, (kind, result.content)
                assert isinstance(result.structured_content, dict)
                answers[kind] = _counts(result.structured_content)
    assert answers == dict.fromkeys(WRITERS, REGION_COUNTS)
