"""JSON logs of a real ``mcpforge serve --http``: one object per line, the request id carried into the call's
record and echoed to the client, and no token, argument or output in them."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest
from _ops_helpers import serve_args
from _serve_process import MCPFORGE, free_port, own_tmpdir, run_env, serving_http, write_config
from fastmcp import Client
from fastmcp.client.transports import StreamableHttpTransport

from mcpforge.config import MCPForgeConfig
from mcpforge.registry import Registry
from mcpforge.server._auth import add_token

pytestmark = pytest.mark.anyio
REQUEST_ID = "trace-42.abc_DEF"
RECORD_KEYS = {"time", "level", "logger", "message", "request_id"}


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def tmpdir_of_serve() -> Iterator[Path]:
    """A TMPDIR the sandbox uid may traverse (pytest's own folders are private)."""
    with own_tmpdir() as path:
        yield path


def _records(text: str) -> list[dict[str, Any]]:
    """Every line of the log as a JSON object (fails on a line that is not one)."""
    records = []
    for line in text.splitlines():
        if line.strip():
            record = json.loads(line)
            assert isinstance(record, dict), line
            assert set(record) >= RECORD_KEYS, line
            records.append(record)
    return records


@pytest.mark.parametrize("switch", ["flag", "environment"])
async def test_json_lines_carry_the_request_id_into_the_call_record(  # noqa: PLR0917
    registry: Registry,
    forge_config: MCPForgeConfig,
    data_root: Path,
    tmp_path: Path,
    tmpdir_of_serve: Path,
    promote: Any,
    switch: str,
) -> None:
    promote("count_rows")
    tokens = tmp_path / "tokens.yaml"
    token = add_token(tokens, "alice", ["caller"])
    config = write_config(forge_config, tmp_path / "mcpforge.yaml")
    port = free_port()
    env = run_env(tmpdir_of_serve)
    extra = ["--tokens-file", str(tokens)]
    if switch == "flag":
        extra += ["--log-format", "json"]
    else:
        env["MCPFORGE_LOG_FORMAT"] = "json"
    secret_file = data_root / "rows.csv"
    with serving_http(
        serve_args(registry, config, data_root, port, *extra), tmp_path / "serve.log", env
    ) as served:
        probe = httpx.get(
            f"http://127.0.0.1:{port}/healthz", headers={"X-Request-Id": REQUEST_ID}, timeout=10
        )
        insane = httpx.get(f"http://127.0.0.1:{port}/healthz", headers={"X-Request-Id": "a b;c"}, timeout=10)
        transport = StreamableHttpTransport(served.url, headers={"X-Request-Id": REQUEST_ID}, auth=token)
        with anyio.fail_after(60):
            async with Client(transport) as client:
                result = await client.call_tool("count_rows", {"file_path": str(secret_file)})
    assert not result.is_error
    assert probe.headers["x-request-id"] == REQUEST_ID
    assert re.fullmatch(r"[0-9a-f]{32}", insane.headers["x-request-id"])
    log = served.log_text()
    records = _records(log)
    calls = [r for r in records if r["logger"] == "mcpforge.calls"]
    assert len(calls) == 1, calls
    call = calls[0]
    assert (call["tool"], call["outcome"], call["identity"], call["request_id"]) == (
        "count_rows", "ok", "alice", REQUEST_ID
    )  # fmt: skip
    assert call["duration_ms"] > 0
    access = [r for r in records if r["logger"] == "mcpforge.http" and r.get("path") == "/mcp"]
    assert access and all(r["request_id"] == REQUEST_ID for r in access)
    assert any(r["logger"] == "mcpforge.cli" and "serving" in r["message"] for r in records)
    # Never the token, an argument or the output.
    assert token not in log
    assert "rows.csv" not in log
    assert "Rows: 3" not in log


def test_an_unknown_log_format_is_one_line_and_no_traceback(
    registry: Registry, forge_config: MCPForgeConfig, data_root: Path, tmp_path: Path
) -> None:
    config = write_config(forge_config, tmp_path / "mcpforge.yaml")
    completed = subprocess.run(
        [MCPFORGE, *serve_args(registry, config, data_root, free_port(), "--log-format", "yaml")],
        check=False, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert completed.returncode != 0
    assert "--log-format 'yaml': choose text or json" in completed.stderr
    assert "Traceback" not in completed.stderr
