"""Issue 25: Kruskal-Wallis and Levene named in a request are read onto the statistical_test template, with
the year filter and the significance level of the request; requests that name no group column, one group
only, or a centre the test does not use are asked back or refused, never answered with another test."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Filter
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.reading import reading_sentence


@pytest.fixture(scope="module")
def cases_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Weekly case counts per illness and region over three years; `count` is a column's whole name."""
    rng = np.random.default_rng(6)
    rows = [
        (illness, region, year, int(rng.poisson(lam)))
        for illness, lam in (("measles", 9), ("mumps", 5), ("polio", 5), ("rubella", 3))
        for region in ("north", "south", "east")
        for year in (1970, 1971, 1972)
        for _ in range(4)
    ]
    frame = pd.DataFrame(rows, columns=["illness", "region", "year", "count"])
    path = tmp_path_factory.mktemp("rank") / "cases.csv"
    frame.to_csv(path, index=False)
    return path


@pytest.fixture(scope="module")
def cases(cases_path: Path) -> DatasetSchema:
    return DatasetSchema.from_file(cases_path)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("For 1971, run a Kruskal-Wallis test of count across illnesses (alpha 0.01).",
         ("kruskal", "illness", 1971, 0.01)),
        ("For the year 1970, test whether count differs across regions with a Kruskal-Wallis test, "
         "alpha 0.05.",
         ("kruskal", "region", 1970, 0.05)),
        ("Kruskal Wallis: does count differ between illness groups?", ("kruskal", "illness", None, None)),
        ("Use the H test to compare the medians of count across region in 1972.",
         ("kruskal", "region", 1972, None)),
        ("kruskal test of count by illness at the 10% level", ("kruskal", "illness", None, 0.1)),
        ("Levene's test of count across illness for 1970: are the variances equal?",
         ("levene", "illness", 1970, None)),
    ],
)  # fmt: skip
def test_a_named_rank_or_variance_test_is_read_with_its_groups_year_and_alpha(
    cases: DatasetSchema, text: str, expected: tuple[str, str, int | None, float | None]
) -> None:
    test, group, year, alpha = expected
    intent = extract_intent(text, cases)
    assert intent.operation == "statistical_test"
    assert intent.options["test"] == test and "groups" not in intent.options
    assert intent.columns == ["count"] and intent.group_by == [group]
    assert intent.filters == ([Filter(column="year", op="==", value=year)] if year else [])
    assert intent.method.significance == alpha
    sentence = reading_sentence(intent)
    assert f"across the groups of `{group}`" in sentence
    assert ("Kruskal-Wallis H test" if test == "kruskal" else "Levene test") in sentence
    if year:
        assert f"`year` = {year}" in sentence


def test_the_numbers_of_the_reading_are_scipy_s_on_the_rows_it_names(
    cases: DatasetSchema, cases_path: Path
) -> None:
    from scipy import stats

    intent = extract_intent(
        "For 1971, test whether count differs across illness for measles, mumps and rubella with a "
        "Kruskal-Wallis test, alpha 0.05.",
        cases,
    )
    assert intent.options["groups"] == ["measles", "mumps", "rubella"]
    assert "(measles, mumps and rubella only)" in reading_sentence(intent)
    operation = get_operation("statistical_test")
    arguments = {**operation.arguments(intent), "filters": [f.model_dump() for f in intent.filters]}
    df = pd.read_csv(cases_path)
    result = operation.reference(df, arguments)
    d = df[(df["year"] == 1971) & df["illness"].isin(["measles", "mumps", "rubella"])]
    expected = stats.kruskal(*[g["count"] for _, g in d.groupby("illness")])
    assert result["statistic"][0] == pytest.approx(expected.statistic, rel=1e-9)
    assert result["p_value"][0] == pytest.approx(expected.pvalue, rel=1e-9)
    assert result["n"][0] == len(d) and result["conclusion"][0].endswith("; 3 groups)")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Run a Kruskal-Wallis test of count.", "'kruskal-wallis'"),  # no group column: not computed
        ("Kruskal-Wallis test of count across illness where illness is measles", "names only 'measles'"),
        ("Levene test of count across illness, centred on the mean", "'mean'"),  # scipy centres on the median
        ("Kruskal-Wallis test of count across illness using the mean", "'mean'"),
        ("Bartlett's test of count across illness", "Bartlett"),
        ("Wilcoxon signed-rank test of count", "wilcoxon"),  # one column: no pairs to rank
        # "count the rows" counts rows, not the `count` column: no test of the column is made of it
        ("Count the rows per illness with a Kruskal-Wallis test", "'kruskal-wallis'"),
        ("Is the count of records different across illness? Kruskal-Wallis test", "'kruskal-wallis'"),
    ],
)
def test_near_misses_are_refused_naming_what_is_missing(cases: DatasetSchema, text: str, said: str) -> None:
    with pytest.raises(UnmappableRequestError, match=said):
        extract_intent(text, cases)


def test_a_one_group_column_in_the_file_is_read_and_answered_as_not_enough_data(tmp_path: Path) -> None:
    path = tmp_path / "one.csv"
    pd.DataFrame({"ward": ["a"] * 6, "stay": [1.0, 2, 2, 3, 5, 8]}).to_csv(path, index=False)
    intent = extract_intent("Kruskal-Wallis test of stay across ward", DatasetSchema.from_file(path))
    operation = get_operation("statistical_test")
    result = operation.reference(pd.read_csv(path), operation.arguments(intent))
    assert result["conclusion"][0] == "not enough data to decide (1 group)"
    assert bool(result["significant"][0]) is False
