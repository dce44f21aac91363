"""The reference tool load_and_analyze_csv, run through the sandbox on real CSV files."""

from __future__ import annotations

import math
from pathlib import Path

import pandas as pd
import pytest

from mcpforge.config import SandboxConfig
from mcpforge.exceptions import NotFoundError
from mcpforge.models import sha256_text
from mcpforge.reference_tools import reference_tool_source, reference_tool_spec
from mcpforge.runtime import parse_output_footer
from mcpforge.sandbox import call_tool, get_sandbox, limits_from_config

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _run(sandbox_config: SandboxConfig, path: Path, **arguments: object) -> tuple[str, dict[str, object]]:
    outcome = call_tool(
        get_sandbox(sandbox_config),
        reference_tool_source(),
        {"file_path": str(path), **arguments},
        read_paths=[path.parent],
        limits=limits_from_config(sandbox_config, timeout_seconds=60),
        function_name="load_and_analyze_csv",
    )
    assert outcome.ok, outcome.error
    assert outcome.markdown is not None
    assert outcome.structured is not None
    return outcome.markdown, outcome.structured


def test_small_csv_is_described_with_exact_numbers(tmp_path: Path, sandbox_config: SandboxConfig) -> None:
    path = tmp_path / "shop.csv"
    path.write_text(
        "order_id,day,city,units,price\n"
        "A1,2024-01-01,Oslo,2,10.0\n"
        "A2,2024-01-02,Rome,4,\n"
        "A3,2024-01-03,Oslo,6,30.0\n"
        "A4,2024-01-04,Lima,8,40.0\n",
        encoding="utf-8",
    )
    markdown, footer = _run(sandbox_config, path, max_categories=2)
    assert footer["rows"] == 4
    assert footer["columns"] == 5
    assert footer["numeric_columns"] == ["units", "price"]
    assert footer["datetime_columns"] == ["day"]
    assert footer["categorical_columns"] == ["order_id", "city"]
    assert footer["missing_values"] == {"price": 1}
    summary = footer["numeric_summary"]
    assert isinstance(summary, dict)
    assert summary["units"]["mean"] == 5.0
    assert summary["units"]["50%"] == 5.0
    assert summary["price"]["count"] == 3.0
    assert math.isclose(summary["price"]["mean"], 80.0 / 3)
    assert footer["top_values"] == {"order_id": [["A1", 1], ["A2", 1]], "city": [["Oslo", 2], ["Rome", 1]]}
    assert "- **Rows:** 4" in markdown
    assert "- **price**: 1 (25.0%)" in markdown
    assert parse_output_footer(markdown) == footer


def test_example_dataset_matches_pandas(tmp_path: Path, sandbox_config: SandboxConfig) -> None:
    path = EXAMPLES / "sales.csv"
    if not path.is_file():
        pytest.skip("examples/sales.csv is not present in this checkout")
    _markdown, footer = _run(sandbox_config, path)
    expected = pd.read_csv(path)
    assert footer["rows"] == len(expected)
    assert footer["columns"] == len(expected.columns)
    summary = footer["numeric_summary"]
    assert isinstance(summary, dict)
    assert math.isclose(summary["units"]["mean"], float(expected["units"].mean()))
    assert math.isclose(summary["unit_price"]["max"], float(expected["unit_price"].max()))
    assert "order_date" in footer["datetime_columns"]  # type: ignore[operator]


def test_missing_file_is_a_data_error(tmp_path: Path, sandbox_config: SandboxConfig) -> None:
    outcome = call_tool(
        get_sandbox(sandbox_config),
        reference_tool_source(),
        {"file_path": str(tmp_path / "absent.csv")},
        read_paths=[tmp_path],
        limits=limits_from_config(sandbox_config, timeout_seconds=60),
    )
    assert not outcome.ok
    assert outcome.error_type == "DataError"


def test_spec_matches_the_tool_signature() -> None:
    spec = reference_tool_spec()
    assert spec.tool_name == "load_and_analyze_csv"
    assert spec.input_schema["required"] == ["file_path"]
    assert list(spec.input_schema["properties"]) == ["file_path", "max_categories", "auto_expand_json"]
    source = reference_tool_source()
    assert "def load_and_analyze_csv(" in source
    assert sha256_text(spec.to_json()) == spec.spec_hash()


def test_unknown_reference_tool_is_not_found() -> None:
    with pytest.raises(NotFoundError):
        reference_tool_source("nope")


def test_reference_tool_passes_the_security_policy() -> None:
    from mcpforge.sandbox.policy import check_source

    assert check_source(reference_tool_source()) == []
