"""The tool around a model's compute(df): extraction of the function and rendering of the tool."""

from __future__ import annotations

import ast

from mcpforge.pipeline.modelgen.compute_tool import extract_compute, render_compute_tool, used_columns
from mcpforge.pipeline.modelgen.generate import ToolPlan, plan_to_spec

PLAN = ToolPlan(
    tool_name="rows_per_region",
    description="Rows per region.",
    when_to_use="Counting rows per region",
    what_it_does="Counts rows per region",
    returns="A table",
    prerequisites="A region column",
)


def test_top_level_statements_that_would_run_at_import_are_dropped() -> None:
    code = (
        "import pandas as pd\nLIMIT = 3\ndf = pd.read_csv('x.csv')\n"
        "def compute(df):\n    return df.groupby('region').size()\nprint(compute(df))\n"
    )
    kept = extract_compute(code)
    assert "read_csv" not in kept and "print" not in kept
    assert "LIMIT = 3" in kept and "def compute(df)" in kept


def test_a_function_under_another_name_is_renamed_and_bare_statements_are_wrapped() -> None:
    assert "def compute(df)" in extract_compute("def answer(df):\n    return df\n")
    wrapped = extract_compute("counts = df.groupby('region').size()\ncounts.reset_index(name='n')\n")
    tree = ast.parse(wrapped)
    function = tree.body[0]
    assert isinstance(function, ast.FunctionDef) and function.name == "compute"
    assert isinstance(function.body[-1], ast.Return)


def test_code_that_does_not_parse_is_kept_for_validation_to_report() -> None:
    assert extract_compute("def compute(df:\n") == "def compute(df:\n"


def test_used_columns_are_the_data_columns_named_in_literals() -> None:
    code = "def compute(df):\n    return df.groupby('region')['units'].sum().rename('total')\n"
    assert used_columns(code, ["units", "region", "total_x", "date"]) == ["units", "region"]


def test_the_rendered_tool_checks_columns_loads_and_renders_the_answer() -> None:
    compute = extract_compute(
        "import pandas as pd\ndef compute(df):\n    return pd.DataFrame(df.groupby('region').size())\n"
    )
    source = render_compute_tool(plan_to_spec(PLAN), compute, required=["region"])
    ast.parse(source)
    assert source.count("import pandas as pd") == 1
    assert "validate_file_and_columns(file_path, ['region'])" in source
    assert "return table_result(compute(df), title='Rows per region', rows_processed=len(df))" in source
    assert source.index("def compute") < source.index("@mcp.tool()")
