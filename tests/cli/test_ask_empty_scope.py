"""A mean over the rows the conditions keep, when they keep none of the person's rows, is no answer.

"the average per year for the years 2010 through 2013" once put its window on a date column of another
event: the run kept 0 rows and the empty table passed every check. ``mcpforge ask`` now ends with an
error that names the conditions; a count over no rows is 0 and stays an answer.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest


def _ask(folder: Path, request: str) -> tuple[int, dict[str, object]]:
    done = subprocess.run(
        [sys.executable, "-m", "mcpforge.cli.main", "ask", request, "--data", "sales.csv", "--json",
         "--no-review", "--registry", str(folder / "registry")],
        cwd=folder, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    return done.returncode, json.loads(done.stdout)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("empty_scope")
    frame = pd.DataFrame({
        "State": ["CA", "TX", "NY"] * 10,
        "amount": [float(k) for k in range(30)],
        "year": [2005 + k % 10 for k in range(30)],
    })  # fmt: skip
    frame.to_csv(root / "sales.csv", index=False)
    return root


def test_a_mean_over_no_rows_is_an_error_naming_the_conditions(folder: Path) -> None:
    code, answer = _ask(folder, "average amount per State for the years 2030 to 2031")
    assert code != 0
    error = str(answer["error"])
    assert "no row of your data meets the conditions" in error
    assert "`year` ≥ 2030" in error


def test_a_count_over_no_rows_is_still_zero(folder: Path) -> None:
    code, answer = _ask(folder, "how many rows for the years 2030 to 2031")
    assert code == 0
    assert answer["error"] is None
