"""A simple linear regression asked in the words analysts use is read as one (issue 25).

"fit a line of Y against X", "the slope of Y on X", "how much does Y rise per unit of X", "regressing Y on
X", a French, Spanish or German regression in a request too short for its language to be told, "simple"
over one feature, the file's own row count said back ("on all 40 observations"): each was refused for one
word. Each is now the ordinary least-squares line of Y on X, and the reading says which statistic it
reports. A phrasing with no unit of X ("how much does Y rise with X"), a number that is not the row count,
"simple" over two features and a p-value (the catalogue reports none) still refuse, naming the word.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent

_ROWS = 40


@pytest.fixture(scope="module")
def path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("regression_words")
    rows = [
        {
            "shop": ("north", "south", "east")[k % 3],
            "ad_spend": 1.0 + (k * 7) % 11 + k / 10,
            "revenue": 20.0 + 2.5 * ((k * 7) % 11) + (k * 13) % 5,
            "visitors": 100 + (k * 17) % 60,
        }
        for k in range(_ROWS)
    ]
    pd.DataFrame(rows).to_csv(root / "shops.csv", index=False)
    return root / "shops.csv"


def _read(request: str, path: Path):
    return extract_intent(request, DatasetSchema.from_file(path))


@pytest.mark.parametrize(
    "request_text",
    [
        "Fit a line of revenue against ad_spend; what is the slope?",
        "fit a straight line of revenue on ad_spend and give me its slope",
        "What is the slope of revenue on ad_spend?",
        "How much does revenue rise per unit of ad_spend?",
        "How much does revenue increase for each additional unit of ad_spend?",
        "how much did revenue go up with every one-unit increase in ad_spend",
        "Regress revenue on ad_spend and report the slope.",
        "OLS of revenue on ad_spend: slope?",
        "Fit a simple linear regression of revenue on ad_spend and give the slope.",
        "Fit an ordinary least squares line revenue = a + b * ad_spend on all 40 observations; the slope b?",
        "régression linéaire de revenue sur ad_spend : quelle pente obtient-on ? 3 décimales.",
        "Ajusta una regresión lineal simple de revenue sobre ad_spend e indica la pendiente.",
        "Regresión de revenue sobre ad_spend: pendiente",
        "Steigung der linearen Regression von revenue auf ad_spend",
    ],
)
def test_a_simple_regression_in_everyday_words_is_the_slope_of_y_on_x(path: Path, request_text: str) -> None:
    intent = _read(request_text, path)
    assert intent.operation == "linear_regression"
    assert intent.options["target"] == "revenue" and intent.options["features"] == ["ad_spend"]
    assert intent.options["report"] == ["coef_ad_spend"]
    assert any("reports the slope" in note for note in intent.notes)


def test_another_pair_of_columns_reads_the_same_way(path: Path) -> None:
    intent = _read("How much do visitors increase per additional ad_spend?", path)
    assert intent.options["target"] == "visitors" and intent.options["features"] == ["ad_spend"]


@pytest.mark.parametrize(
    "request_text",
    [
        "Lineare Regression von revenue auf ad_spend",
        "Regress revenue on ad_spend: intercept and R²?",
        "régression linéaire de revenue sur ad_spend",
    ],
)
def test_the_whole_regression_without_a_slope_word(path: Path, request_text: str) -> None:
    intent = _read(request_text, path)
    assert (intent.operation, intent.options["target"], intent.options["features"]) == (
        "linear_regression", "revenue", ["ad_spend"],
    )  # fmt: skip


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        ("Fit a line of revenue against ad_spend on all 41 observations; the slope?", "41"),
        ("Fit a simple linear regression of revenue on ad_spend and visitors.", "simple"),
        ("What is the p-value of the slope when regressing revenue on ad_spend?", "p-value"),
    ],
)
def test_a_word_the_line_does_not_use_still_refuses(path: Path, request_text: str, word: str) -> None:
    with pytest.raises(UnmappableRequestError, match=f"'{word}'"):
        _read(request_text, path)


def test_no_unit_of_x_said_is_no_regression(path: Path) -> None:
    with pytest.raises(UnmappableRequestError):
        _read("How much does revenue rise with ad_spend?", path)


def test_a_row_count_said_while_a_column_has_gaps_is_not_a_restatement(tmp_path: Path) -> None:
    frame = pd.DataFrame({"x": [float(k) for k in range(10)], "y": [2.0 * k + 1 for k in range(10)]})
    frame.loc[3, "y"] = None  # nine rows enter the fit, not ten
    frame.to_csv(tmp_path / "gaps.csv", index=False)
    with pytest.raises(UnmappableRequestError, match="'10'"):
        _read("Fit a line of y against x over all 10 rows and give the slope", tmp_path / "gaps.csv")


def test_the_answer_is_the_least_squares_slope_and_says_so(path: Path) -> None:
    """End to end through the CLI: the number is numpy's slope and the reading names the slope."""
    request = "How much does revenue rise per unit of ad_spend? Round to 4 decimals."
    done = subprocess.run(
        [sys.executable, "-m", "mcpforge", "ask", request, "--data", str(path), "--json", "--no-review",
         "--allow-read", str(path.parent), "--registry", str(path.parent / "registry")],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    answer = json.loads(done.stdout)
    assert answer["error"] is None, answer["error"]
    frame = pd.read_csv(path)
    slope = float(np.polyfit(frame["ad_spend"], frame["revenue"], 1)[0])
    assert f"| coef_ad_spend | {slope:.4f} |" in answer["result_markdown"]
    assert "reports the slope" in answer["reading"]


@pytest.mark.parametrize(
    ("request_text", "rows"),
    [
        ("Regress revenue on ad_spend: what is R squared?", ["r2"]),
        ("Regressing revenue on ad_spend, what are the intercept and the r-squared?", ["intercept", "r2"]),
    ],
)
def test_the_statistics_named_are_the_rows_reported(path: Path, request_text: str, rows: list[str]) -> None:
    intent = _read(request_text, path)
    assert intent.options["report"] == rows
    assert "regress" not in intent.unused_words and "regressing" not in intent.unused_words


@pytest.mark.parametrize(
    "request_text",
    [
        "What is the correlation between revenue and ad_spend and the R-squared?",
        "Is ad_spend correlated with revenue? Fit a line of revenue against ad_spend.",
    ],
)
def test_a_correlation_beside_a_line_is_never_passed_over(path: Path, request_text: str) -> None:
    """The line reports R², not r: its sign would be lost, so the correlation word refuses."""
    with pytest.raises(UnmappableRequestError, match="correlat"):
        _read(request_text, path)


@pytest.fixture(scope="module")
def trails(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A column named ``slope`` and a name column: the words of a line must not be read as them."""
    root = tmp_path_factory.mktemp("trails")
    rows = [
        {"trail": f"t{k}", "island": ("Kauai", "Maui")[k % 2], "slope": 2.0 + k % 7, "length_km": 1.0 + k,
         "elevation": 50.0 + 13 * k + (k * 7) % 5}
        for k in range(20)
    ]  # fmt: skip
    pd.DataFrame(rows).to_csv(root / "trails.csv", index=False)
    return root / "trails.csv"


def test_the_slope_column_is_averaged_not_fitted(trails: Path) -> None:
    intent = _read("What is the mean slope of trails on Kauai?", trails)
    assert [(m.column, m.func) for m in intent.metrics] == [("slope", "mean")]
    assert [(f.column, f.value) for f in intent.filters] == [("island", "Kauai")]


@pytest.mark.parametrize(
    "request_text",
    [
        "Regress elevation on length_km and give the slope.",  # the statistic or the column `slope`?
        "What is the slope of elevation against length_km?",
        "How much does elevation rise per unit of length_km?",
        "slope of trail on Maui",  # a name column is no line's target
    ],
)
def test_over_a_slope_column_a_slope_word_is_never_a_second_feature(trails: Path, request_text: str) -> None:
    try:
        intent = _read(request_text, trails)
    except UnmappableRequestError:
        return
    assert intent.operation != "linear_regression" or intent.options["features"] == ["length_km"]


def test_a_slope_column_named_after_on_is_the_feature(trails: Path) -> None:
    intent = _read("Regress elevation on slope and give the slope.", trails)
    assert intent.options["features"] == ["slope"] and intent.options["report"] == ["coef_slope"]
