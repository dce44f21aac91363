"""The tool package of Step 3: six files, content hashes, and a tests.py a person can run later."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from mcpforge.config import SandboxConfig
from mcpforge.models import sha256_text
from mcpforge.pipeline.codegen import PACKAGE_FILES, build_package, recorded_cases, requirements_for
from mcpforge.pipeline.handwritten import spec_from_source
from mcpforge.pipeline.validation.test_cases import plan_suite

TOOL = '''"""Count rows per value of a column."""

from typing import Annotated

from pydantic import Field

from mcpforge.runtime import format_markdown_table, load_csv_data_with_types, mcp, output_footer
from mcpforge.runtime import require_columns


@mcp.tool()
def count_by_column(
    file_path: Annotated[str, Field(description="Path to the CSV file")],
    column: Annotated[str, Field(description="Column whose values are counted")],
) -> str:
    """Count rows for each value of a column.

    WHEN TO USE THIS TOOL: When you need to know how often each value of one column occurs.
    WHAT THIS TOOL DOES: Loads the CSV, counts rows per value of the column.
    RETURNS: A markdown table of values and counts, with a JSON footer.
    PREREQUISITES: The CSV file exists and has the column.
    """
    df = load_csv_data_with_types(file_path)
    require_columns(df, [column], path=file_path)
    counts = df[column].value_counts().rename_axis(column).reset_index(name="count")
    footer = {"operation": "count", "result": {"columns": [column, "count"], "rows": counts.values.tolist()},
              "rows_processed": len(df)}
    return format_markdown_table(counts) + "\\n\\n" + output_footer(footer)
'''


def _reference(df: pd.DataFrame, arguments: dict[str, object]) -> pd.DataFrame:
    return df.groupby(str(arguments["column"])).size().reset_index(name="count")


@pytest.fixture
def planned(tmp_path: Path) -> list[object]:
    data = tmp_path / "data.csv"
    data.write_text("kind,n\n" + "".join(f"{'ab'[i % 2]},{i}\n" for i in range(30)), encoding="utf-8")
    fixtures = tmp_path / "fixtures"
    fixtures.mkdir()
    plan = plan_suite(
        fixture_dir=fixtures,
        data_path=data,
        arguments={"column": "kind"},
        reference=_reference,
        used_columns=["kind"],
        key_columns=["kind"],
    )
    return list(plan.resolved().quick)


def test_package_has_the_six_files_and_content_hashes(planned: list[object]) -> None:
    spec = spec_from_source(TOOL)
    package = build_package(spec=spec, source=TOOL, cases=planned)  # type: ignore[arg-type]
    assert tuple(package.files) == PACKAGE_FILES
    assert package.code_hash == sha256_text(TOOL)
    assert package.spec_hash == sha256_text(package.files["spec.json"]) == spec.spec_hash()
    assert package.files["requirements.txt"] == "mcpforge\npydantic>=2.11\n"
    for name in ("__init__.py", "helpers.py", "tests.py"):
        ast.parse(package.files[name])


def test_recorded_cases_carry_their_fixtures_but_not_the_persons_file(planned: list[object]) -> None:
    recorded = recorded_cases(planned)  # type: ignore[arg-type]
    names = [case["name"] for case in recorded]
    assert "normal_person_data" not in names
    assert {
        "edge_empty_file",
        "edge_header_only",
        "edge_one_row",
        "edge_missing_column",
        "edge_null_keys",
    } <= set(names)
    assert all("file_path" not in case["arguments"] for case in recorded)
    one_row = next(case for case in recorded if case["name"] == "edge_one_row")
    assert one_row["expected"] == {"columns": ["kind", "count"], "rows": [["a", 1]]}
    json.dumps(recorded)


def test_requirements_list_third_party_imports() -> None:
    assert (
        requirements_for("import pandas as pd\nimport numpy\nimport json\n")
        == "mcpforge\nnumpy>=2.0\npandas>=3.0\n"
    )


def test_generated_tests_py_passes_when_run_with_pytest(
    planned: list[object], tmp_path: Path, sandbox_config: SandboxConfig
) -> None:
    package = build_package(spec=spec_from_source(TOOL), source=TOOL, cases=planned)  # type: ignore[arg-type]
    directory = package.write(tmp_path / "pkg")
    weak = str(sandbox_config.allow_weak_fallback).lower()
    env = {**os.environ, "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK": weak}
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests.py"],
        cwd=directory,
        capture_output=True,
        text=True,
        timeout=110,
        env=env,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "passed" in proc.stdout
