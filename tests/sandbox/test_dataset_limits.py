"""The dataset limits of ``mcpforge.yaml`` (``security.max_dataset_rows`` / ``security.max_memory_mb``) are
what the sandbox enforces when it runs a tool: in validation, on the person's data, and when served.

Each limit is lowered in a real config file; the same tool on the same data passes with the defaults
(so the refusal comes from the setting, nothing else).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio
import pytest
import yaml
from fastmcp import Client
from typer.testing import CliRunner

from mcpforge.catalogue import get_operation
from mcpforge.cli.main import app
from mcpforge.config import MCPForgeConfig, SandboxConfig, load_config
from mcpforge.models import Intent, UserFeedback, utc_now
from mcpforge.pipeline.forge import forge
from mcpforge.registry import Registry
from mcpforge.sandbox import ToolCall, call_tool_batch, get_sandbox, tool_run_limits
from mcpforge.server import build_server

REGIONS = [
    "North",
    "South",
    "East",
    "North",
    "West",
    "North",
    "South",
    "East",
    "North",
    "South",
    "West",
    "East",
]
REQUEST = "count rows by region"


def _data(directory: Path, rows: int = len(REGIONS)) -> Path:
    lines = ["region,comment"] + [f"{REGIONS[i % len(REGIONS)]},{'x' * 60} {i}" for i in range(rows)]
    path = directory / "sales.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _config(directory: Path, sandbox: SandboxConfig, **security: int) -> tuple[Path, MCPForgeConfig]:
    path = directory / "mcpforge.yaml"
    content: dict[str, Any] = {"registry": {"root": str(directory / "reg")}, "sandbox": sandbox.model_dump()}
    if security:
        content["security"] = security
    path.write_text(yaml.safe_dump(content), encoding="utf-8")
    return path, load_config(path)


def _run(config: MCPForgeConfig, data: Path) -> Any:
    rendered = get_operation("group_count").render(
        Intent(request=REQUEST, operation="group_count", group_by=["region", "comment"])
    )
    batch = call_tool_batch(
        get_sandbox(config.sandbox),
        rendered.source,
        [ToolCall(arguments={**rendered.arguments, "file_path": str(data)}, call_id="call")],
        read_paths=[data.parent],
        limits=tool_run_limits(config),
        function_name=rendered.function_name,
    )
    assert batch.failure is None and batch.load_error is None, (batch.failure, batch.load_error)
    return batch.outcomes[0]


@pytest.mark.parametrize(
    ("setting", "value", "rows"), [("max_dataset_rows", 5, 12), ("max_memory_mb", 1, 40_000)]
)
def test_a_lowered_dataset_limit_in_the_config_file_is_what_the_sandbox_enforces(
    tmp_path: Path, sandbox_config: SandboxConfig, setting: str, value: int, rows: int
) -> None:
    data = _data(tmp_path, rows)
    _, defaults = _config(tmp_path, sandbox_config)
    assert _run(defaults, data).ok
    _, lowered = _config(tmp_path, sandbox_config, **{setting: value})
    outcome = _run(lowered, data)
    assert not outcome.ok
    assert outcome.error_type == "ResourceLimitError"
    assert f"security.{setting}" in str(outcome.error)
    assert f"the limit is {value:,}" in str(outcome.error)


def test_a_served_tool_is_held_to_the_lowered_row_limit_of_the_server_config(
    tmp_path: Path, sandbox_config: SandboxConfig
) -> None:
    data = _data(tmp_path)
    _, defaults = _config(tmp_path, sandbox_config)
    registry = Registry(tmp_path / "reg", defaults)
    registry.init()
    forged = forge(REQUEST, data, registry=registry, config=defaults, allow_read=[tmp_path])
    assert forged.candidate is not None and forged.candidate.run_arguments is not None, forged.error
    feedback = UserFeedback(decision="APPROVED", notes="approve", timestamp=utc_now(), stage="registration")
    registry.record_feedback(forged.candidate.candidate_id, feedback, actor="person")
    active = registry.promote(forged.candidate.candidate_id, actor="person")
    _, lowered = _config(tmp_path, sandbox_config, max_dataset_rows=5)
    arguments = {**forged.candidate.run_arguments, "file_path": str(data)}

    async def call() -> Any:
        server = build_server(Registry(tmp_path / "reg", lowered), lowered, allowed_read_paths=[tmp_path])
        with anyio.fail_after(120):
            async with Client(server) as client:
                return await client.call_tool(active.name, arguments, raise_on_error=False)

    result = anyio.run(call)
    assert result.is_error
    text = " ".join(getattr(item, "text", "") for item in result.content)
    assert "security.max_dataset_rows" in text
    assert "the limit is 5" in text


def test_ask_over_data_beyond_the_configured_rows_is_one_clear_error_and_stages_nothing(
    tmp_path: Path, sandbox_config: SandboxConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    data = _data(tmp_path)
    config_file, _ = _config(tmp_path, sandbox_config, max_dataset_rows=5)
    outcome = CliRunner().invoke(
        app, ["ask", REQUEST, "--data", data.name, "--config", str(config_file), "--json"]
    )
    assert outcome.exit_code != 0
    error = json.loads(outcome.stdout)["error"]
    assert "security.max_dataset_rows" in error
    registry = Registry(tmp_path / "reg")
    assert not registry.is_initialized() or not registry.list_candidates()


def test_ask_over_a_big_file_beyond_the_configured_rows_is_refused_by_its_parse(
    tmp_path: Path, sandbox_config: SandboxConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A big text file's rows are not counted before the request is read (``DatasetSchema.row_count``):
    the parse that follows refuses it, with the same one clear error, and nothing is staged."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("mcpforge.pipeline.schema.BIG_FILE_BYTES", 1)
    monkeypatch.setattr("mcpforge.runtime._loading.BIG_FILE_BYTES", 1)
    data = _data(tmp_path, rows=25_000)  # more than the schema's sample
    config_file, _ = _config(tmp_path, sandbox_config, max_dataset_rows=20_000)
    outcome = CliRunner().invoke(
        app, ["ask", REQUEST, "--data", data.name, "--config", str(config_file), "--json"]
    )
    assert outcome.exit_code != 0, outcome.stdout
    error = json.loads(outcome.stdout)["error"]
    assert "security.max_dataset_rows" in error
    assert "the limit is 20,000" in error or "the limit is 20000" in error
    registry = Registry(tmp_path / "reg")
    assert not registry.is_initialized() or not registry.list_candidates()
