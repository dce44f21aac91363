"""What a request defines in words (issue 25, blind3): an outlier rule restated ("below Q1 - 1.5 IQR or above
Q3 + 1.5 IQR", "a z-score above 3 or below -3"), a feature named and then defined ("compute the real price as
avgprs divided by cpi"), and a statistic defined after its name ("coefficient of variation (sample standard
deviation divided by the mean)"). Numbers are checked against pandas; a restatement that disagrees with
itself, or a definition of something else, still refuses.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError

NOT_ANSWERED = (UnmappableRequestError, NeedsClarificationError)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("stated_definitions")
    rng = np.random.default_rng(7)
    n = 160
    taxs = rng.normal(40, 8, n)
    taxs[:6] = [95.0, 101.0, 3.0, 88.0, -10.0, 120.0]  # a few far from the rest
    frame = pd.DataFrame({
        "state": [f"S{k % 16:02d}" for k in range(n)],
        "year": [1985 + k // 16 for k in range(n)],
        "taxs": taxs.round(3),
        "avgprs": rng.uniform(90, 200, n).round(3),
        "cpi": rng.uniform(1.0, 1.6, n).round(3),
        "perinc": rng.normal(13000, 2000, n).round(1),
    })  # fmt: skip
    frame.to_csv(root / "cigs.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _iqr_outliers(values: pd.Series, k: float) -> int:
    q1, q3 = values.quantile(0.25), values.quantile(0.75)
    return int(((values < q1 - k * (q3 - q1)) | (values > q3 + k * (q3 - q1))).sum())


def _count(request: str, path: Path) -> int:
    intent = read_intent(request, path)
    assert intent.operation == "outliers"
    table = reference_table(intent, path)
    return int(table["rows"][0][table["columns"].index("outlier_count")])


@pytest.mark.parametrize(
    ("request_text", "k"),
    [
        (
            "How many outliers does taxs have by the 1.5*IQR rule (below Q1 - 1.5 IQR or above Q3 + 1.5 IQR)?",  # noqa: E501
            1.5,
        ),
        ("How many outliers does taxs have, i.e. values below Q1 - 1.5*IQR or above Q3 + 1.5*IQR?", 1.5),
        ("How many outliers does taxs have (values outside [Q1 \u2212 2\u00d7IQR, Q3 + 2\u00d7IQR])?", 2.0),
    ],
)
def test_an_iqr_rule_restated_in_words_is_the_rule(folder: Path, request_text: str, k: float) -> None:
    path = folder / "cigs.csv"
    assert _count(request_text, path) == _iqr_outliers(pd.read_csv(path)["taxs"], k)


@pytest.mark.parametrize(
    "request_text",
    [
        "Count the outliers of taxs: a z-score above 2.5 or below -2.5.",
        "How many outliers does taxs have with a z-score outside +/- 2.5?",
        "How many outliers does taxs have, with |z| greater than 2.5 in absolute value?",
    ],
)
def test_a_z_rule_said_on_both_sides_is_one_threshold(folder: Path, request_text: str) -> None:
    path = folder / "cigs.csv"
    values = pd.read_csv(path)["taxs"]
    expected = int((((values - values.mean()) / values.std()).abs() > 2.5).sum())
    assert _count(request_text, path) == expected


@pytest.mark.parametrize(
    "request_text",
    [
        "How many outliers does taxs have by the 3*IQR rule (below Q1 - 1.5 IQR or above Q3 + 1.5 IQR)?",
        "How many outliers does taxs have (below Q1 - 1.5 IQR or above Q3 + 3 IQR)?",
        "Count the outliers of taxs: a z-score above 2.5 or below -3.",  # was a row filter taxs < -3
        "How many outliers of taxs have a z-score below -3?",  # one side only
    ],
)
def test_a_rule_that_disagrees_with_itself_is_refused(folder: Path, request_text: str) -> None:
    with pytest.raises(NOT_ANSWERED):
        read_intent(request_text, folder / "cigs.csv")


@pytest.mark.parametrize(
    "request_text",
    [
        "Compute the real price as avgprs divided by cpi for every row. What is the mean real price?",
        "Let real price = avgprs / cpi. What is the mean real price?",
        "Define the real price as avgprs over cpi, then give the mean real price.",
    ],
)
def test_a_feature_named_then_defined_is_computed_row_by_row(folder: Path, request_text: str) -> None:
    path = folder / "cigs.csv"
    frame = pd.read_csv(path)
    intent = read_intent(request_text, path)
    assert [(d.name, d.expression) for d in intent.derived] == [("real_price", "`avgprs` / `cpi`")]
    table = reference_table(intent, path)
    assert float(table["rows"][0][0]) == pytest.approx((frame["avgprs"] / frame["cpi"]).mean())


def test_a_feature_defined_per_group_keeps_the_grouping(folder: Path) -> None:
    path = folder / "cigs.csv"
    frame = pd.read_csv(path)
    intent = read_intent(
        "Define the tax share as taxs divided by avgprs, then give the median tax share per year.", path
    )
    expected = (frame["taxs"] / frame["avgprs"]).groupby(frame["year"]).median()
    got = {int(row[0]): float(row[1]) for row in reference_table(intent, path)["rows"]}
    assert got == pytest.approx(expected.to_dict())


@pytest.mark.parametrize(
    "request_text",
    [
        "Compute the real price as avgprs divided by state for every row. What is the mean real price?",
        "Compute the mean as avgprs divided by cpi.",
    ],
)
def test_a_definition_of_no_arithmetic_over_numbers_is_no_feature(folder: Path, request_text: str) -> None:
    with pytest.raises(NOT_ANSWERED):
        read_intent(request_text, folder / "cigs.csv")


@pytest.mark.parametrize(
    "request_text",
    [
        "Coefficient of variation of perinc (sample standard deviation divided by the mean), to 4 decimals.",
        "What is the coefficient of variation of perinc?",
        "the coefficient of variation of perinc, i.e. std / mean",
    ],
)
def test_the_coefficient_of_variation_is_the_sample_std_over_the_mean(
    folder: Path, request_text: str
) -> None:
    path = folder / "cigs.csv"
    frame = pd.read_csv(path)
    intent = read_intent(request_text, path)
    assert [(m.column, m.func) for m in intent.metrics] == [("perinc", "cv")]
    value = float(reference_table(intent, path)["rows"][0][0])
    assert value == pytest.approx(frame["perinc"].std() / frame["perinc"].mean(), abs=5e-5)


def test_the_coefficient_of_variation_per_group(folder: Path) -> None:
    path = folder / "cigs.csv"
    frame = pd.read_csv(path)
    grouped = frame.groupby("year")["perinc"]
    expected = (grouped.std() / grouped.mean()).to_dict()
    table = reference_table(read_intent("coefficient of variation of perinc by year", path), path)
    assert {int(row[0]): float(row[1]) for row in table["rows"]} == pytest.approx(expected)


@pytest.mark.parametrize(
    "request_text",
    [
        "Coefficient of variation of perinc (population standard deviation divided by the mean)",
        "Coefficient of variation of perinc using the population standard deviation",
        "Coefficient of variation of perinc (standard deviation divided by the mean times 100)",
        "coefficient of variation of perinc as a percentage",
        "relative standard deviation of perinc",  # often in percent: not read as the ratio
    ],
)
def test_another_coefficient_of_variation_is_refused(folder: Path, request_text: str) -> None:
    with pytest.raises(NOT_ANSWERED):
        read_intent(request_text, folder / "cigs.csv")
