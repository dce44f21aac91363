"""Method words the reading computes anyway are consumed and said; outlier rules in a sentence of their own;
the share of rows where a column is missing (issue 25). Numbers are checked against pandas / scipy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import MCPForgeError
from mcpforge.models import Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.reading import reading_sentence
from mcpforge.runtime import load_csv_data_with_types


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rng = np.random.default_rng(2025)
    n = 240
    frame = pd.DataFrame({
        "disease": rng.choice(["Flu", "Mumps", "Rubella"], n), "year": rng.integers(1990, 2010, n),
        "grade": rng.choice(np.array(["A", "B", "C", None], dtype=object), n),
        "score": rng.normal(50, 10, n).round(2),
        "count": rng.poisson(30, n), "weight": rng.normal(70, 8, n).round(1),
    })  # fmt: skip
    frame.loc[rng.choice(n, 30, replace=False), "score"] = np.nan
    frame.loc[[3, 7, 11, 40], "count"] = [400, 380, 2, 260]
    frame.loc[[5, 9], "weight"] = [140.0, 5.0]
    root = tmp_path_factory.mktemp("method_words")
    frame.to_csv(root / "clinic.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


@pytest.fixture(scope="module")
def frame(folder: Path) -> pd.DataFrame:
    return pd.read_csv(folder / "clinic.csv")


def _read(request: str, folder: Path) -> Intent:
    return extract_intent(request, DatasetSchema.from_file(folder / "clinic.csv"))


def _rows(intent: Intent, folder: Path) -> list[list[Any]]:
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    data = load_csv_data_with_types(str(folder / "clinic.csv"))
    return list(frame_to_table(operation.reference(data, rendered.arguments))["rows"])


def _spearman(frame: pd.DataFrame, a: str, b: str) -> float:
    return float(frame[a].corr(frame[b], method="spearman"))


def test_spearmans_possessive_and_relate_are_consumed_and_said(folder: Path, frame: pd.DataFrame) -> None:
    request = (
        "Use Spearman's rank correlation to relate year and weight; report the coefficient rounded to "
        "3 decimals."
    )
    intent = _read(request, folder)
    assert intent.operation == "correlation" and intent.options["method"] == "spearman"
    assert intent.method.round_digits == 3
    assert "not used: 'relate'" in reading_sentence(intent)
    (row,) = _rows(intent, folder)
    assert float(row[2]) == round(_spearman(frame, "year", "weight"), 3)  # rounded as asked


def test_a_question_after_a_method_clause_is_read_and_count_is_the_column(
    folder: Path, frame: pd.DataFrame
) -> None:
    request = (
        "Using Spearman correlation, how strongly is year related to count for Flu? Round to 3 decimals."
    )
    intent = _read(request, folder)
    assert intent.operation == "correlation" and set(intent.columns) == {"year", "count"}
    assert intent.method.round_digits == 3 and intent.metrics == []
    flu = frame[frame["disease"] == "Flu"]
    (row,) = _rows(intent, folder)
    assert float(row[2]) == round(_spearman(flu, "year", "count"), 3)
    assert "not used: 'related'" in reading_sentence(intent)


def test_linear_interpolation_is_the_default_and_said(folder: Path, frame: pd.DataFrame) -> None:
    intent = _read(
        "Give the 25th, 50th and 75th percentiles of score in 2000, using linear interpolation.", folder
    )
    assert intent.operation == "percentiles"
    assert "linear interpolation (the default)" in reading_sentence(intent)
    expected = frame.loc[frame["year"] == 2000, "score"].quantile([0.25, 0.5, 0.75]).tolist()
    (row,) = _rows(intent, folder)
    assert [float(v) for v in row[-3:]] == pytest.approx(expected)


def test_ignoring_missing_values_with_a_percentile_skips_them(folder: Path, frame: pd.DataFrame) -> None:
    intent = _read(
        "What is the 90th percentile of score? Use linear interpolation and ignore missing values.", folder
    )
    sentence = reading_sentence(intent)
    assert "missing `score`" in sentence and "linear interpolation (the default)" in sentence
    (row,) = _rows(intent, folder)
    assert float(row[-1]) == pytest.approx(frame["score"].quantile(0.9))


@pytest.mark.parametrize(
    "request_text",
    ["90th percentile of score using nearest interpolation", "median score with lower interpolation"],
)
def test_another_interpolation_is_refused_naming_it(folder: Path, request_text: str) -> None:
    with pytest.raises(MCPForgeError, match=r"(nearest|lower) interpolation"):
        _read(request_text, folder)


def test_an_interpolation_without_percentiles_is_not_dropped(folder: Path) -> None:
    with pytest.raises(MCPForgeError, match="interpolation"):
        _read("mean score, using linear interpolation", folder)


@pytest.mark.parametrize(("ddof", "func"), [(1, "std"), (0, "pstd")])
def test_ddof_is_the_sample_or_population_deviation(
    folder: Path, frame: pd.DataFrame, ddof: int, func: str
) -> None:
    intent = _read(f"Standard deviation (ddof={ddof}) of weight in 2001, rounded to 3 decimals.", folder)
    assert [m.func for m in intent.metrics] == [func]
    (row,) = _rows(intent, folder)
    expected = frame.loc[frame["year"] == 2001, "weight"].std(ddof=ddof)
    assert float(row[-1]) == round(expected, 3)
    if ddof == 1:
        assert "sample standard deviation (ddof=1)" in reading_sentence(intent)


def test_ddof_without_a_deviation_is_refused(folder: Path) -> None:
    with pytest.raises(MCPForgeError, match="ddof"):
        _read("mean score (ddof=1)", folder)


def _z_outliers(values: pd.Series, k: float) -> int:
    values = values.dropna()
    return int(((values - values.mean()).abs() > k * values.std()).sum())


def _iqr_outliers(values: pd.Series, k: float) -> int:
    q1, q3 = values.quantile(0.25), values.quantile(0.75)
    return int(((values < q1 - k * (q3 - q1)) | (values > q3 + k * (q3 - q1))).sum())


def _count_cell(intent: Intent, folder: Path) -> float:
    operation = get_operation(intent.operation)
    data = load_csv_data_with_types(str(folder / "clinic.csv"))
    table = frame_to_table(operation.reference(data, operation.render(intent).arguments))
    (row,) = table["rows"]
    return float(row[table["columns"].index("outlier_count")])


def test_outliers_defined_in_their_own_sentence_are_the_operation(folder: Path, frame: pd.DataFrame) -> None:
    intent = _read("Outliers are weight values with |z| > 3. How many are there?", folder)
    assert intent.operation == "outliers" and intent.columns == ["weight"]
    assert intent.options == {"method": "zscore", "threshold": 3.0, "count": True}
    assert "3 standard deviations" in reading_sentence(intent)
    assert _count_cell(intent, folder) == _z_outliers(frame["weight"], 3.0)


def test_plural_of_a_count_column_is_the_column_the_rule_flags(folder: Path, frame: pd.DataFrame) -> None:
    intent = _read("Using the 1.5 x IQR rule, how many Rubella counts are outliers?", folder)
    assert intent.operation == "outliers" and intent.columns == ["count"] and intent.metrics == []
    assert intent.options["method"] == "iqr" and intent.options["threshold"] == 1.5
    rubella = frame.loc[frame["disease"] == "Rubella", "count"]
    assert _count_cell(intent, folder) == _iqr_outliers(rubella, 1.5)


@pytest.mark.parametrize(
    ("request_text", "column", "missing"),
    [
        ("What percentage of the rows have no score value?", "score", True),
        ("What share of rows have no grade? Give it as a percentage.", "grade", True),
        ("What percentage of rows have a missing score?", "score", True),
        ("What share of rows have a known score?", "score", False),
        ("percentage of missing values in score", "score", True),
        ("What percent of grade values are missing?", "grade", True),
    ],
)
def test_the_share_of_rows_missing_a_column(
    folder: Path, frame: pd.DataFrame, request_text: str, column: str, missing: bool
) -> None:
    intent = _read(request_text, folder)
    assert intent.operation == "group_ratio" and intent.as_percentage and intent.filters == []
    assert "is empty" in reading_sentence(intent) or "is not empty" in reading_sentence(intent)
    expected = (frame[column].isna() if missing else frame[column].notna()).mean() * 100
    (row,) = _rows(intent, folder)
    assert float(row[-1]) == pytest.approx(expected)


def test_the_share_missing_per_group(folder: Path, frame: pd.DataFrame) -> None:
    intent = _read("percentage of rows with missing score per disease", folder)
    assert intent.group_by == ["disease"]
    expected = (frame["score"].isna().groupby(frame["disease"]).mean() * 100).to_dict()
    got = {row[0]: float(row[-1]) for row in _rows(intent, folder)}
    assert got == pytest.approx(expected)


def test_the_count_of_rows_with_no_value_of_a_number_column(folder: Path, frame: pd.DataFrame) -> None:
    intent = _read("How many rows have no score value?", folder)
    (row,) = _rows(intent, folder)
    assert float(row[-1]) == frame["score"].isna().sum()


@pytest.mark.parametrize(
    "request_text",
    [
        "share of Flu rows with no grade",  # of the Flu rows or of all rows: not said
        "mean weight of rows with no score",  # a number "no score" may be 0 or empty
        "How many outliers does count have for Rubella?",  # no slot says count is the column: not guessed
    ],
)
def test_near_misses_still_ask_or_refuse(folder: Path, request_text: str) -> None:
    with pytest.raises(MCPForgeError):
        _read(request_text, folder)


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        # "count" alone names the `count` column in a test (test_intent_rank_tests.py); "count of rows" not
        ("Is the count of rows different between Flu and Mumps? Use a t-test.", "t-test"),
        ("Spearman correlation of score and weight using pearson's method", "pearson"),
        ("How many rows per disease? Use a Mann-Whitney test.", "mann-whitney"),
    ],
)
def test_a_method_name_the_reading_does_not_compute_is_never_dropped(
    folder: Path, request_text: str, word: str
) -> None:
    with pytest.raises(MCPForgeError, match=word):
        _read(request_text, folder)


@pytest.mark.parametrize(
    ("request_text", "named"),
    [
        # Kruskal-Wallis and Levene are tests of the catalogue now (tests/pipeline/test_intent_rank_tests.py)
        ("For 2001, run a Friedman test of score across diseases (alpha 0.05).", "Friedman"),
        ("Bartlett's test of weight across disease", "equal variances"),
    ],
)
def test_a_test_the_catalogue_lacks_is_refused_by_name_with_what_it_has(
    folder: Path, request_text: str, named: str
) -> None:
    with pytest.raises(MCPForgeError, match=named):
        _read(request_text, folder)
