"""Decision rules become the method's parameters; "ignoring missing values" drops only what the analysis
uses; features defined in words become derived columns (issue 25)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mcpforge.exceptions import MCPForgeError
from mcpforge.models import DerivedColumn, PreparationStep
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.analysis.methods import read_methods


@pytest.fixture(scope="module")
def plants(tmp_path_factory: pytest.TempPathFactory) -> DatasetSchema:
    rng = np.random.default_rng(7)
    n = 90
    frame = pd.DataFrame({
        "site": rng.choice(["north", "south", "east"], n), "irrigated": rng.choice([0, 1], n),
        "height_cm": rng.normal(50, 8, n).round(1), "width_cm": rng.normal(20, 4, n).round(1),
        "leaves": rng.poisson(12, n), "soil_ph": rng.normal(6.5, 0.4, n).round(2),
        "note": rng.choice(["ok", "dry", None], n),
    })  # fmt: skip
    frame.loc[[2, 5, 8], "height_cm"] = np.nan
    path = tmp_path_factory.mktemp("rules") / "plants.csv"
    frame.to_csv(path, index=False)
    return DatasetSchema.from_file(path)


@pytest.mark.parametrize(
    ("text", "alpha"),
    [
        ("Does height_cm differ between north and south? Say whether it is significant at p < 0.05.", 0.05),
        ("Is soil_ph normally distributed? Call it non-normal if p < 0.01.", 0.01),
        ("Welch t-test of width_cm between north and south; significant at 0.1?", 0.1),
        ("ANOVA of leaves across site, significant at the 1% level?", 0.01),
        ("Shapiro-Wilk test of soil_ph with \u03b1 = 0.02", 0.02),
    ],
)
def test_a_stated_significance_rule_is_the_tests_alpha(
    plants: DatasetSchema, text: str, alpha: float
) -> None:
    intent = extract_intent(text, plants)
    assert intent.operation == "statistical_test"
    assert intent.method.significance == alpha
    assert intent.filters == []


@pytest.mark.parametrize(
    ("text", "rule", "threshold", "count"),
    [
        ("Flag height_cm outliers with |z| > 3. How many are there?", "zscore", 3.0, True),
        ("Count the leaves outliers, flagging rows with |z| > 2.5.", "zscore", 2.5, True),
        ("How many soil_ph outliers are there by the 1.5\u00d7IQR rule?", "iqr", 1.5, True),
        ("How many outliers does width_cm have under the 3 x IQR rule?", "iqr", 3.0, True),
        ("Which rows are height_cm outliers with |z-score| above 2?", "zscore", 2.0, False),
    ],
)
def test_an_outlier_rule_is_the_method_and_never_a_filter(
    plants: DatasetSchema, text: str, rule: str, threshold: float, count: bool
) -> None:
    intent = extract_intent(text, plants)
    assert intent.operation == "outliers"
    assert intent.filters == []
    assert intent.options["method"] == rule and intent.options["threshold"] == threshold
    assert bool(intent.options.get("count")) is count


def test_a_rule_with_z_and_no_outlier_words_is_not_read_as_a_rule() -> None:
    assert read_methods("How many rows have |z| > 3?").method.outlier_rule is None


@pytest.mark.parametrize(
    ("text", "columns"),
    [
        ("Average height_cm by site, ignoring missing values.", ["site", "height_cm"]),
        ("One-way ANOVA of height_cm across site (drop missing values).", ["site", "height_cm"]),
        ("Drop rows with missing values, then the 10th and 90th percentiles of width_cm.", ["width_cm"]),
        ("Ignore rows with missing values in the note column. Average height_cm by site.", ["note"]),
    ],
)
def test_ignoring_missing_values_drops_only_the_rows_missing_what_the_analysis_uses(
    plants: DatasetSchema, text: str, columns: list[str]
) -> None:
    intent = extract_intent(text, plants)
    assert intent.preparation == [PreparationStep(kind="drop_missing", columns=columns)]


def test_missing_values_in_any_column_still_drop_rows_missing_any_column(plants: DatasetSchema) -> None:
    intent = extract_intent(
        "Average height_cm by site, dropping rows with missing values in any column.", plants
    )
    assert intent.preparation == [PreparationStep(kind="drop_missing", columns=list(plants.column_names))]


@pytest.mark.parametrize(
    ("text", "expression", "group_by"),
    [
        ("Mean of the shape ratio (height_cm divided by width_cm) by site.",
         "`height_cm` / `width_cm`", ["site"]),
        ("What is the mean plant spread, i.e. height_cm minus width_cm?", "`height_cm` - `width_cm`", []),
        ("The average midpoint, defined as (height_cm + width_cm) / 2.",
         "(`height_cm` + `width_cm`) / 2", []),
        ("Compute the size per leaf for each plant (height_cm over leaves) and give its mean.",
         "`height_cm` / `leaves`", []),
    ],
)  # fmt: skip
def test_a_feature_defined_in_words_is_a_derived_column(
    plants: DatasetSchema, text: str, expression: str, group_by: list[str]
) -> None:
    intent = extract_intent(text, plants)
    assert [d.expression for d in intent.derived] == [expression]
    (feature,) = intent.derived
    assert [(m.column, m.func) for m in intent.metrics] == [(feature.name, "mean")]
    assert intent.group_by == group_by


def test_a_definition_over_a_text_column_is_no_feature(plants: DatasetSchema) -> None:
    try:
        intent = extract_intent("Mean of the odd thing (height_cm divided by note).", plants)
    except MCPForgeError:
        return
    assert DerivedColumn(name="odd_thing", expression="`height_cm` / `note`") not in intent.derived


def test_groups_picked_by_their_code_are_the_tests_groups(plants: DatasetSchema) -> None:
    intent = extract_intent(
        "Mann-Whitney U test of height_cm between irrigated = 1 and irrigated = 0.", plants
    )
    assert (intent.operation, intent.group_by, intent.options["groups"]) == (
        "statistical_test", ["irrigated"], [1, 0]
    )  # fmt: skip


def test_a_column_named_like_a_statistic_is_that_column_when_called_a_column(tmp_path: Path) -> None:
    path = tmp_path / "homes.csv"
    pd.DataFrame({"city": ["a", "b", "a"], "median": [1.0, 2.0, 4.0]}).to_csv(path, index=False)
    intent = extract_intent(
        "the 25th and 75th percentiles of the median column", DatasetSchema.from_file(path)
    )
    assert (intent.operation, intent.columns) == ("percentiles", ["median"])
