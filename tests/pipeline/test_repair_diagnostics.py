"""Repair diagnostics: distinct problems once, with the failing code line and pandas hints."""

from __future__ import annotations

from mcpforge.models import ValidationReport
from mcpforge.pipeline.modelgen.repair_diagnostics import repair_diagnostics
from mcpforge.pipeline.validation.run import ValidationRun
from mcpforge.pipeline.validation.static_gate import autofix

SOURCE = "import pandas as pd\n\ndef compute(df):\n    return df.append({'a': 1})\n"


def _run(errors: list[str]) -> ValidationRun:
    report = ValidationReport(schema_ok=True, tests_ok=False, sandbox_ok=True, logs=[], errors=errors)
    return ValidationRun(report=report)


def test_the_same_failure_in_several_tests_is_reported_once_with_its_line_and_a_hint() -> None:
    error = "AttributeError: 'DataFrame' object has no attribute 'append' (line 4)"
    found = repair_diagnostics(
        _run([f"test edge_one_row (edge) failed: {error}", f"test normal_sample (normal) failed: {error}"]),
        SOURCE,
    )
    assert found == [
        "on edge one row: AttributeError: 'DataFrame' object has no attribute 'append' in the line "
        "`return df.append({'a': 1})` (hint: DataFrame.append no longer exists: build the table with "
        "groupby, or pd.concat)"
    ]


def test_a_run_without_errors_still_gives_the_model_something_to_fix() -> None:
    assert repair_diagnostics(_run([]), SOURCE) == ["the tool failed validation without a specific error"]


def test_autofix_removes_unused_imports_and_locals_but_keeps_the_logic() -> None:
    fixed = autofix(
        "import os\nimport pandas as pd\n\n\ndef compute(df):\n    unit = 'q'\n    return pd.DataFrame(df)\n"
    )
    assert "import os" not in fixed and "unit = " not in fixed
    assert "return pd.DataFrame(df)" in fixed
