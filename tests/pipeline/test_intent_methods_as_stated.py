"""Methods stated the way analysts state them (issue 25, class 2): "the years 1945 and later", "n - 1 in
the denominator", "flag ... as outliers. How many are flagged?", "Create a feature: <ratio> (A divided by
B) for every row", "winsorize at the 95th percentile (every value above it set to ...)", "take the natural
log of X and run a one-way ANOVA of it across G (alpha 0.01)".

Each number is checked against pandas / scipy on a small file; each near-miss must still refuse.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent.reading import reading_sentence

FIRMS = ["General Motors", "US Steel", "Chrysler", "IBM"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("methods_as_stated")
    rng = np.random.default_rng(11)
    rows = [
        {
            "firm": firm,
            "year": year,
            "invest": round(float(np.exp(rng.normal(3 + k * 0.6, 0.5))), 2),
            "capital": round(float(np.exp(rng.normal(4 + k * 0.3, 0.4))), 2),
            "value": round(float(rng.normal(1000 + 300 * k, 150)), 1),
        }
        for k, firm in enumerate(FIRMS)
        for year in range(1935, 1955)
    ]
    frame = pd.DataFrame(rows)
    frame.loc[3, "invest"] = 9000.0  # an outlier by the 1.5 x IQR rule
    frame.to_csv(root / "firms.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _frame(folder: Path) -> pd.DataFrame:
    return pd.read_csv(folder / "firms.csv")


def _answer(request: str, folder: Path) -> tuple[Intent, dict[str, Any]]:
    intent = read_intent(request, folder / "firms.csv")
    return intent, reference_table(intent, folder / "firms.csv")


def _value(table: dict[str, Any], name: str) -> Any:
    return table["rows"][0][table["columns"].index(name)]


@pytest.mark.parametrize(
    ("words", "kept", "said"),
    [
        ("using only the years 1945 and later", lambda y: y >= 1945, "`year` ≥ 1945"),
        ("for the years 1945 or later", lambda y: y >= 1945, "`year` ≥ 1945"),
        ("in 1945 and later", lambda y: y >= 1945, "`year` ≥ 1945"),
        ("for year 1940 or earlier", lambda y: y <= 1940, "`year` ≤ 1940"),
        ("for year 1948 onwards", lambda y: y >= 1948, "`year` ≥ 1948"),
    ],
)
def test_a_year_and_later_is_a_range(words: str, kept: Any, said: str, folder: Path) -> None:
    intent, table = _answer(
        f"Pearson correlation of capital and invest, {words}, rounded to 3 decimals.", folder
    )
    frame = _frame(folder)
    rows = frame[frame["year"].map(kept)]
    assert round(rows["capital"].corr(rows["invest"]), 3) in table["rows"][0], table
    assert len(rows) in table["rows"][0]  # the rows of the range, not of the one year
    assert said in reading_sentence(intent)


def test_a_year_alone_is_that_year(folder: Path) -> None:
    intent = read_intent("Mean invest for year 1945.", folder / "firms.csv")
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("year", "==", 1945)]
    intent = read_intent("Mean invest in 1940 and after 1950.", folder / "firms.csv")  # two bounds
    assert ("year", ">=", 1940) not in [(f.column, f.op, f.value) for f in intent.filters]


@pytest.mark.parametrize(
    ("request_text", "ddof"),
    [
        ("Sample standard deviation (n - 1 in the denominator) of value, two decimals.", 1),
        ("Standard deviation of value, dividing by n-1.", 1),
        ("Standard deviation of value with n in the denominator.", 0),
    ],
)
def test_the_estimator_stated_in_words(request_text: str, ddof: int, folder: Path) -> None:
    _, table = _answer(request_text, folder)
    expected = _frame(folder)["value"].std(ddof=ddof)
    assert table["rows"][0][-1] == pytest.approx(expected, abs=0.006)
    assert _frame(folder)["value"].std(ddof=1 - ddof) != pytest.approx(expected, abs=0.006)


def test_a_denominator_with_no_standard_deviation_refuses(folder: Path) -> None:
    with pytest.raises(UnmappableRequestError, match="ddof=1"):
        read_intent("Mean value (n - 1 in the denominator).", folder / "firms.csv")


def test_flagged_outliers_are_counted(folder: Path) -> None:
    intent, table = _answer(
        "Flag invest values outside [Q1 - 1.5*IQR, Q3 + 1.5*IQR] as outliers. How many are flagged?", folder
    )
    values = _frame(folder)["invest"]
    q1, q3 = values.quantile(0.25), values.quantile(0.75)
    outside = int(((values < q1 - 1.5 * (q3 - q1)) | (values > q3 + 1.5 * (q3 - q1))).sum())
    assert outside >= 1
    assert table["rows"][0][-1] == outside or outside in table["rows"][0]
    assert "not used: 'flagged'" in reading_sentence(intent)


def test_flagged_outside_an_outlier_count_refuses(folder: Path) -> None:
    with pytest.raises(UnmappableRequestError, match="flagged"):
        read_intent("How many firms are flagged?", folder / "firms.csv")


def test_a_feature_created_for_every_row(folder: Path) -> None:
    intent, table = _answer(
        "Create a feature: the investment-to-capital ratio (invest divided by capital) for every row. What "
        "is its median? Round to 3 decimals.",
        folder,
    )
    frame = _frame(folder)
    assert table["rows"][0][-1] == pytest.approx(round((frame["invest"] / frame["capital"]).median(), 3))
    assert "`invest` / `capital`" in reading_sentence(intent)


def test_a_feature_lead_in_with_no_definition_refuses(folder: Path) -> None:
    with pytest.raises(UnmappableRequestError):
        read_intent(
            "Create a feature: the investment-to-capital ratio. What is its median?", folder / "firms.csv"
        )


@pytest.mark.parametrize(
    ("request_text", "lower", "upper", "said"),
    [
        (
            "Winsorize value at the 95th percentile (every value above it set to the 95th percentile) and "
            "report the mean of the result with 2 decimals.",
            None,
            0.95,
            "capped at its 95th percentile",
        ),
        (
            "Winsorize value at the 5th percentile (values below it replaced by it) and report the mean "
            "of the result with 2 decimals.",
            0.05,
            None,
            "floored at its 5th percentile",
        ),
    ],
)
def test_a_one_sided_winsorizing(request_text: str, lower: Any, upper: Any, said: str, folder: Path) -> None:
    intent, table = _answer(request_text, folder)
    values = _frame(folder)["value"]
    low = None if lower is None else float(values.quantile(lower))
    high = None if upper is None else float(values.quantile(upper))
    assert table["rows"][0][-1] == pytest.approx(round(values.clip(lower=low, upper=high).mean(), 2))
    assert round(values.mean(), 2) != pytest.approx(table["rows"][0][-1])
    assert said in reading_sentence(intent)


@pytest.mark.parametrize(
    ("request_text", "said"),
    [
        ("Winsorize value at the 95th percentile and report the mean.", "which tails"),
        (
            "Winsorize value at the 95th percentile (values above and below it set to it); the mean?",
            "which tails",
        ),
        ("Winsorize value at the 5th percentile (every value above it set to it); the mean?", "not a tail"),
    ],
)
def test_a_winsorizing_without_one_side_refuses(request_text: str, said: str, folder: Path) -> None:
    with pytest.raises(UnmappableRequestError, match=said):
        read_intent(request_text, folder / "firms.csv")


def test_a_log_before_an_anova(folder: Path) -> None:
    intent, table = _answer(
        "Take the natural log of invest and run a one-way ANOVA of it across firms (alpha 0.01). F and p?",
        folder,
    )
    frame = _frame(folder)
    groups = [np.log(frame.loc[frame["firm"] == firm, "invest"]) for firm in FIRMS]
    expected = stats.f_oneway(*groups)
    plain = stats.f_oneway(*[frame.loc[frame["firm"] == firm, "invest"] for firm in FIRMS])
    assert intent.method.significance == 0.01
    assert "natural log" in reading_sentence(intent)
    numbers = [v for v in table["rows"][0] if isinstance(v, float)]
    assert any(v == pytest.approx(expected.statistic) for v in numbers)
    assert not any(v == pytest.approx(plain.statistic) for v in numbers)
