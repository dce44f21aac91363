"""The staged run (Step 5): the STAGED tool runs on the person's data in the sandbox → RunArtifacts."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import IntegrityError
from mcpforge.models import RunArtifacts, ToolCandidate, ValidationReport
from mcpforge.pipeline._candidate import stage_package
from mcpforge.pipeline.codegen import build_package
from mcpforge.pipeline.handwritten import spec_from_source
from mcpforge.pipeline.stage import (
    StagedRunError,
    data_fingerprint,
    same_data,
    sample_rows,
    stage_run,
    strip_footer,
)
from mcpforge.pipeline.validation.run import ValidationRun, run_validation
from mcpforge.registry import Registry

TOOL = '''"""Sum a numeric column per group."""

from typing import Annotated

from pydantic import Field

from mcpforge.runtime import format_markdown_table, load_csv_data_with_types, mcp, output_footer
from mcpforge.runtime import require_columns


@mcp.tool()
def sum_by_group(
    file_path: Annotated[str, Field(description="Path to the CSV file")],
    group: Annotated[str, Field(description="Grouping column")],
    value: Annotated[str, Field(description="Column summed")],
) -> str:
    """Sum a column per group.

    WHEN TO USE THIS TOOL: When you need totals per group.
    WHAT THIS TOOL DOES: Groups rows and sums the value column.
    RETURNS: A markdown table with a JSON footer.
    PREREQUISITES: The CSV has both columns.
    """
    df = load_csv_data_with_types(file_path)
    require_columns(df, [group, value], path=file_path)
    table = df.groupby(group, as_index=False)[value].sum()
    footer = {"operation": "sum_by_group", "rows_processed": len(df), "limitations": ["Sums only"],
              "result": {"columns": [group, value], "rows": table.values.tolist()}}
    return format_markdown_table(table) + "\\n\\n" + output_footer(footer)
'''


@pytest.fixture
def staged(forge_config: MCPForgeConfig) -> tuple[Registry, ToolCandidate]:
    registry = Registry(Path(forge_config.registry.root), forge_config)
    registry.init()
    spec = spec_from_source(TOOL).model_copy(update={"assumptions": ["Values are numbers"]})
    package = build_package(spec=spec, source=TOOL)
    report = ValidationReport(schema_ok=True, tests_ok=True, sandbox_ok=True, logs=[])
    candidate = stage_package(
        registry, spec=spec, package=package, report=report, passed=True, created_by="test", actor="test"
    )
    return registry, candidate


@pytest.fixture
def data(tmp_path: Path) -> Path:
    path = tmp_path / "sales.csv"
    path.write_text(
        "region,units\nNorth,3\nSouth,4\nNorth,5\nEast,1\nSouth,2\nWest,9\nEast,1\n", encoding="utf-8"
    )
    return path


def test_staged_run_records_every_artifact_field(
    staged: tuple[Registry, ToolCandidate], data: Path, forge_config: MCPForgeConfig
) -> None:
    registry, candidate = staged
    arguments = {"file_path": str(data), "group": "region", "value": "units"}
    updated = stage_run(
        candidate, registry=registry, config=forge_config, arguments=arguments, data_path=data
    )
    artifacts = updated.run_artifacts
    assert artifacts is not None
    assert artifacts.result["result"] == {
        "columns": ["region", "units"],
        "rows": [["East", 2], ["North", 8], ["South", 6], ["West", 9]],
    }
    assert artifacts.outputs["markdown"].rstrip().endswith("-->")
    assert artifacts.summary_markdown is not None and "<!--output_json" not in artifacts.summary_markdown
    assert artifacts.sample_rows == [
        {"region": "East", "units": 2},
        {"region": "North", "units": 8},
        {"region": "South", "units": 6},
        {"region": "West", "units": 9},
    ]
    assert artifacts.rows_processed == 7
    assert artifacts.execution_time_ms >= 0
    assert (artifacts.files, artifacts.artifacts) == ([], [])
    assert artifacts.metadata["assumptions"] == ["Values are numbers"]
    assert artifacts.metadata["limitations"] == ["Sums only"]
    assert artifacts.metadata["backend"]
    assert updated.run_arguments == arguments
    stored = registry.candidate_dir(candidate.candidate_id) / "run_artifacts.json"
    assert RunArtifacts.model_validate(json.loads(stored.read_text(encoding="utf-8"))) == artifacts


def test_a_staged_tool_changed_on_disk_is_refused(
    staged: tuple[Registry, ToolCandidate], data: Path, forge_config: MCPForgeConfig
) -> None:
    registry, candidate = staged
    tool = registry.candidate_dir(candidate.candidate_id) / "tool.py"
    tool.write_text(TOOL.replace("sum()", "max()"), encoding="utf-8")
    with pytest.raises(IntegrityError):
        stage_run(
            candidate,
            registry=registry,
            config=forge_config,
            data_path=data,
            arguments={"file_path": str(data), "group": "region", "value": "units"},
        )


def test_a_tool_error_on_the_data_is_reported_with_its_type(
    staged: tuple[Registry, ToolCandidate], data: Path, forge_config: MCPForgeConfig
) -> None:
    registry, candidate = staged
    with pytest.raises(StagedRunError) as caught:
        stage_run(
            candidate,
            registry=registry,
            config=forge_config,
            data_path=data,
            arguments={"file_path": str(data), "group": "colour", "value": "units"},
        )
    assert caught.value.error_type == "ColumnNotFoundError"


def test_helpers_strip_the_footer_and_sample_tables() -> None:
    assert strip_footer("| a |\n\n<!--output_json:{}-->\n") == "| a |\n"
    assert sample_rows({"columns": ["a"], "rows": [[i] for i in range(9)]}) == [{"a": i} for i in range(5)]
    assert sample_rows({"mean": 2.5}) == [{"mean": 2.5}]
    assert sample_rows("text") is None


def _validated_and_staged(
    config: MCPForgeConfig, data: Path
) -> tuple[Registry, ToolCandidate, ValidationRun]:
    config = config.model_copy(update={"validation": config.validation.model_copy(update={"stress_rows": 0})})
    registry = Registry(Path(config.registry.root), config)
    registry.init()
    spec = spec_from_source(TOOL)
    run = run_validation(
        source=TOOL, spec=spec, config=config, data_path=data, arguments={"group": "region", "value": "units"}
    )
    package = build_package(spec=spec, source=TOOL, cases=run.cases)
    candidate = stage_package(
        registry, spec=spec, package=package, report=run.report, passed=True, created_by="test", actor="test"
    )
    return registry, candidate, run


def test_the_staged_run_reuses_validations_call_on_the_same_data(
    data: Path, forge_config: MCPForgeConfig
) -> None:
    registry, candidate, run = _validated_and_staged(forge_config, data)
    assert run.person_run is not None
    arguments = {"file_path": str(data), "group": "region", "value": "units"}
    reused = stage_run(
        candidate,
        registry=registry,
        config=forge_config,
        arguments=arguments,
        data_path=data,
        validated=run.person_run,
    )
    fresh = stage_run(candidate, registry=registry, config=forge_config, arguments=arguments, data_path=data)
    assert reused.run_artifacts is not None and fresh.run_artifacts is not None
    assert reused.run_artifacts.metadata["from_validation_case"] == "normal_person_data"
    assert "from_validation_case" not in fresh.run_artifacts.metadata
    assert reused.run_artifacts.result == fresh.run_artifacts.result
    assert reused.run_artifacts.outputs == fresh.run_artifacts.outputs
    assert reused.run_artifacts.result["result"]["rows"] == [
        ["East", 2],
        ["North", 8],
        ["South", 6],
        ["West", 9],
    ]


def test_changed_data_runs_the_staged_tool_again(data: Path, forge_config: MCPForgeConfig) -> None:
    registry, candidate, run = _validated_and_staged(forge_config, data)
    data.write_text("region,units\nNorth,100\n", encoding="utf-8")
    updated = stage_run(
        candidate,
        registry=registry,
        config=forge_config,
        arguments={"file_path": str(data), "group": "region", "value": "units"},
        data_path=data,
        validated=run.person_run,
    )
    assert updated.run_artifacts is not None
    assert "from_validation_case" not in updated.run_artifacts.metadata
    assert updated.run_artifacts.result["result"]["rows"] == [["North", 100]]


def test_a_different_call_or_tool_is_not_taken_from_validation(
    data: Path, forge_config: MCPForgeConfig
) -> None:
    _registry, candidate, run = _validated_and_staged(forge_config, data)
    validated = run.person_run
    assert validated is not None
    call = {"file_path": str(data), "group": "region", "value": "units"}
    assert validated.matches(code_hash=candidate.code_hash, arguments=dict(call), data_path=data)
    assert not validated.matches(
        code_hash=candidate.code_hash, arguments={**call, "group": "units"}, data_path=data
    )
    assert not validated.matches(code_hash="0" * 64, arguments=call, data_path=data)
    assert not validated.matches(code_hash=candidate.code_hash, arguments=call, data_path=None)


def test_a_freshly_written_data_file_is_fingerprinted_by_its_bytes(tmp_path: Path) -> None:
    path = tmp_path / "data.csv"
    path.write_text("a,b\n1,2\n", encoding="utf-8")
    fingerprint = data_fingerprint(path)
    assert fingerprint.startswith("sha256:")
    assert same_data(path, fingerprint)
    path.write_text("a,b\n1,3\n", encoding="utf-8")  # same size, same tick
    assert not same_data(path, fingerprint)


def test_an_older_data_file_is_fingerprinted_by_identity_and_any_rewrite_changes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import mcpforge.pipeline.stage as stage_module

    # A file's change time cannot be set back, so "older" is had by shortening the racy window.
    monkeypatch.setattr(stage_module, "RACY_SECONDS", 0.0)
    path = tmp_path / "data.csv"
    path.write_text("a,b\n1,2\n", encoding="utf-8")
    fingerprint = data_fingerprint(path)
    assert fingerprint.startswith("stat:")
    assert same_data(path, fingerprint)
    path.write_text("a,b\n1,3\n", encoding="utf-8")  # same size
    # The old modification time put back: only the change time (which no program can set) differs.
    os.utime(path, ns=(int(fingerprint.split(":")[4]),) * 2)
    assert not same_data(path, fingerprint)
