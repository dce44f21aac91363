"""The validation gates: schema, static, security, and sandbox tests by category with a reference."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.models import sha256_text
from mcpforge.pipeline.handwritten import spec_from_source
from mcpforge.pipeline.stage import same_data
from mcpforge.pipeline.validation.run import report_passed, run_validation, summary_line
from mcpforge.pipeline.validation.schema_gate import check_schema
from mcpforge.pipeline.validation.static_gate import run_static_gate
from mcpforge.pipeline.validation.stress import stress_cache_dir
from mcpforge.registry.testing import COUNT_BY_COLUMN_TOOL

GOOD_TOOL = COUNT_BY_COLUMN_TOOL

# Reads the header by hand: an empty file stops it with an IndexError, not a clear message. (pandas' own
# EmptyDataError, "No columns to parse from file", counts as clear: a plain pd.read_csv passes.)
CRASHING_TOOL = GOOD_TOOL.replace(
    "df = load_csv_data_with_types(file_path)",
    'header = Path(file_path).read_text(encoding="utf-8").splitlines()[0]\n'
    '    df = pd.read_csv(file_path, usecols=header.split(","))',
).replace(
    "from pydantic import Field\n",
    "from pathlib import Path\n\nimport pandas as pd\nfrom pydantic import Field\n",
)


def reference(df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
    column = arguments["column"]
    return df.groupby(column).size().reset_index(name="count")


@pytest.fixture
def config(forge_config: MCPForgeConfig) -> MCPForgeConfig:
    return forge_config.model_copy(
        update={"validation": forge_config.validation.model_copy(update={"stress_rows": 3_000})}
    )


@pytest.fixture
def data(tmp_path: Path) -> Path:
    path = tmp_path / "data" / "accidents.csv"
    path.parent.mkdir()
    rows = ["severity,location,casualties"] + [
        f"{['Minor', 'Serious', 'Fatal'][i % 3]},{['Urban', 'Rural'][i % 2]},{i % 5}" for i in range(60)
    ]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def test_a_correct_tool_passes_every_gate_and_category(config: MCPForgeConfig, data: Path) -> None:
    run = run_validation(
        source=GOOD_TOOL,
        spec=spec_from_source(GOOD_TOOL),
        config=config,
        data_path=data,
        arguments={"column": "severity"},
        reference=reference,
        used_columns=["severity"],
    )
    report = run.report
    assert report_passed(report), report.errors
    assert (report.schema_ok, report.static_ok, report.security_ok, report.sandbox_ok) == (
        True,
        True,
        True,
        True,
    )
    assert report.code_metrics is not None
    assert report.code_metrics.category_pass_rates == {"edge": 1.0, "normal": 1.0, "stress": 1.0}
    assert report.code_metrics.functional_correctness.reference_solution_similarity == 1.0
    assert report.code_metrics.quality_tier == "excellent"
    assert report.sandbox_backend
    assert report.duration_ms is not None and report.duration_ms > 0
    names = {r["test_id"] for r in run.results}
    assert {"edge_empty_file", "edge_missing_column", "normal_person_data", "stress_large"} <= names
    assert "tests passed" in summary_line(report)


def test_a_tool_without_clear_errors_fails_the_edge_category(config: MCPForgeConfig, data: Path) -> None:
    run = run_validation(
        source=CRASHING_TOOL,
        spec=spec_from_source(CRASHING_TOOL),
        config=config,
        data_path=data,
        arguments={"column": "severity"},
        reference=reference,
        used_columns=["severity"],
    )
    assert not run.passed
    assert run.report.code_metrics is not None
    assert run.report.code_metrics.category_pass_rates["edge"] < 1.0
    failed = {r["test_id"] for r in run.results if not r["passed"]}
    assert "edge_empty_file" in failed


def test_a_wrong_answer_fails_against_the_reference(config: MCPForgeConfig, data: Path) -> None:
    def wrong(df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        return reference(df, arguments).assign(count=lambda frame: frame["count"] + 1)

    config = config.model_copy(update={"validation": config.validation.model_copy(update={"stress_rows": 0})})
    run = run_validation(
        source=GOOD_TOOL,
        spec=spec_from_source(GOOD_TOOL),
        config=config,
        data_path=data,
        arguments={"column": "severity"},
        reference=wrong,
    )
    assert not run.passed
    assert run.report.code_metrics is not None
    assert run.report.code_metrics.category_pass_rates["normal"] == 0.0
    assert run.report.code_metrics.functional_correctness.reference_solution_similarity == 0.0


def test_a_forbidden_import_fails_the_security_gate(config: MCPForgeConfig, data: Path) -> None:
    source = GOOD_TOOL.replace("from typing import Annotated\n", "import os\nfrom typing import Annotated\n")
    source = source.replace(
        "    df = load_csv_data_with_types", "    os.getcwd()\n    df = load_csv_data_with_types"
    )
    config = config.model_copy(update={"validation": config.validation.model_copy(update={"stress_rows": 0})})
    run = run_validation(
        source=source,
        spec=spec_from_source(source),
        config=config,
        data_path=data,
        arguments={"column": "severity"},
    )
    assert run.report.security_ok is False
    assert not run.passed


def test_static_findings_carry_line_numbers() -> None:
    source = GOOD_TOOL.replace(
        "from typing import Annotated\n", "import json\nfrom typing import Annotated\n"
    )
    result = run_static_gate(source)
    assert not result.ok
    assert any(f.tool == "ruff" and f.line == 3 and "F401" in f.message for f in result.findings)


def test_static_gate_reports_type_errors_from_mypy() -> None:
    source = GOOD_TOOL.replace('"rows_processed": len(df),', '"rows_processed": len(df) + "x",')
    result = run_static_gate(source)
    assert any(f.tool == "mypy" for f in result.findings)


def test_schema_gate_reports_every_mismatch_with_the_spec() -> None:
    spec = spec_from_source(GOOD_TOOL)
    renamed = GOOD_TOOL.replace("    column: Annotated", "    col: Annotated").replace(
        "    RETURNS: A markdown table of values and counts, with a JSON footer.\n", ""
    )
    errors, parsed = check_schema(renamed, spec)
    assert parsed is not None
    assert any("'column'" in e and "missing" in e for e in errors)
    assert any("'col'" in e for e in errors)
    assert any("RETURNS" in e for e in errors)
    assert check_schema(GOOD_TOOL, spec)[0] == []
    assert check_schema(GOOD_TOOL.replace(") -> str:", ") -> dict:"), spec)[0]


def test_validation_keeps_its_call_on_the_persons_data_and_its_stress_data_in_the_cache(
    config: MCPForgeConfig, data: Path
) -> None:
    run = run_validation(
        source=GOOD_TOOL,
        spec=spec_from_source(GOOD_TOOL),
        config=config,
        data_path=data,
        arguments={"column": "severity"},
        reference=reference,
    )
    assert run.passed, run.report.errors
    kept = run.person_run
    assert kept is not None
    assert (kept.case, kept.data_path) == ("normal_person_data", data)
    assert same_data(data, kept.data_hash)
    assert kept.arguments == {"column": "severity", "file_path": str(data)}
    assert kept.outcome.ok and kept.outcome.structured is not None
    assert kept.code_hash == sha256_text(GOOD_TOOL)
    stress = [case for case in run.cases if case.category == "stress"]
    assert len(stress) == 1
    stress_path = Path(stress[0].case.arguments["file_path"])
    assert stress_path.parent == stress_cache_dir() and stress_path.is_file()
    assert any(stress_path.name in line for line in run.report.logs)
