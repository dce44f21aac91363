"""Issue 16, reading: method sentences, preparation steps, tests and models, quoted names, function words."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mcpforge.models import AnalysisMethod, DerivedColumn, PreparationStep
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.analysis.methods import read_methods


@pytest.fixture(scope="module")
def passengers(tmp_path_factory: pytest.TempPathFactory) -> DatasetSchema:
    rng = np.random.default_rng(3)
    n = 80
    frame = pd.DataFrame({
        "PassengerId": np.arange(n), "Pclass": rng.choice([1, 2, 3], n),
        "Sex": rng.choice(["male", "female"], n), "Age": rng.normal(30, 10, n).round(0),
        "Fare": rng.gamma(2, 10, n).round(2), "SibSp": rng.poisson(1, n),
        "Parch": rng.poisson(1, n), "State": rng.choice(["IN", "OR", "TX", "CA"], n),
        "Lunch": rng.choice(["standard", "reduced"], n), "Mar.2019": rng.normal(5, 1, n).round(2),
        "Mar.2020": rng.normal(5, 1, n).round(2), " WINDSPEED": rng.normal(10, 2, n).round(1),
        "TEMP MAX": rng.normal(20, 5, n).round(1), "smoker": rng.choice(["yes", "no"], n),
    })  # fmt: skip
    frame.loc[[1, 4, 9], "Age"] = np.nan
    path = tmp_path_factory.mktemp("intent") / "passengers.csv"
    frame.to_csv(path, index=False)
    return DatasetSchema.from_file(path)


def test_method_sentences_become_the_method_and_never_column_words() -> None:
    reading = read_methods(
        "What is the correlation between age and fare? Use the Pearson correlation coefficient. "
        "Round the answer to two decimal places. Use a significance level of 0.01. "
        "Consider values more than 2.5 standard deviations from the mean as outliers."
    )
    assert reading.method == AnalysisMethod(
        round_digits=2,
        significance=0.01,
        correlation_method="pearson",
        outlier_rule="zscore",
        outlier_threshold=2.5,
    )
    assert reading.text == "What is the correlation between age and fare?"


@pytest.mark.parametrize(
    ("request_text", "method"),
    [
        ("mean Age, rounded to 3 decimals", AnalysisMethod(round_digits=3)),
        ("mean Age to the nearest integer, please. Report it rounded to the nearest whole number.",
         AnalysisMethod(round_digits=0)),
        ("Test at the 5% level whether Age is normal.", AnalysisMethod(significance=0.05)),
        ("What is the std of Age? Use the population standard deviation.", AnalysisMethod(population=True)),
        ("Outliers of Fare. Use the 1.5 times IQR rule.",
         AnalysisMethod(outlier_rule="iqr", outlier_threshold=1.5)),
    ],
)  # fmt: skip
def test_method_phrasings_are_read(request_text: str, method: AnalysisMethod) -> None:
    assert read_methods(request_text).method == method


def test_ignore_rows_with_missing_values_is_a_preparation_step_not_a_null_filter(
    passengers: DatasetSchema,
) -> None:
    for text in (
        "Ignore rows with missing values in the Age column. What is the average Fare?",
        "Excluding rows where Age is missing, what is the mean Fare?",
        "Drop rows with missing Age, then compute the mean Fare.",
    ):
        intent = extract_intent(text, passengers)
        assert intent.preparation == [PreparationStep(kind="drop_missing", columns=["Age"])], text
        assert intent.filters == [] and intent.operation == "aggregate"


def test_fill_then_aggregate_per_group_runs_the_steps_in_order(passengers: DatasetSchema) -> None:
    intent = extract_intent("Fill missing ages with the median, then the mean age per Pclass", passengers)
    assert intent.preparation == [PreparationStep(kind="fill_missing", columns=["Age"], strategy="median")]
    assert intent.operation == "group_aggregate" and intent.group_by == ["Pclass"]
    assert [(m.column, m.func) for m in intent.metrics] == [("Age", "mean")]


def test_a_new_column_from_two_counts_then_its_correlation(passengers: DatasetSchema) -> None:
    intent = extract_intent(
        "Create a column as the sum of SibSp and Parch, then its correlation with Fare. Use Spearman.",
        passengers,
    )
    assert intent.derived == [DerivedColumn(name="sibsp_plus_parch", expression="`SibSp` + `Parch`")]
    assert intent.operation == "correlation" and intent.columns == ["sibsp_plus_parch", "Fare"]
    assert intent.options["method"] == "spearman"


def test_for_each_group_z_score_outliers_are_judged_within_the_group(passengers: DatasetSchema) -> None:
    intent = extract_intent("For each Sex, the z-score outliers of the Fare", passengers)
    assert (intent.operation, intent.group_by, intent.columns) == ("group_outliers", ["Sex"], ["Fare"])
    intent = extract_intent(
        "Find outliers in Fare. Consider values more than 2 standard deviations away.", passengers
    )
    assert intent.options == {"method": "zscore", "threshold": 2.0}


def test_bins_normalisation_and_deduplication_are_read(passengers: DatasetSchema) -> None:
    intent = extract_intent("Bin Fare into 4 quantiles and count the rows in each bin.", passengers)
    assert intent.preparation == [PreparationStep(kind="bin", columns=["Fare"], bins=4, strategy="quantile")]
    assert intent.group_by == ["Fare_bin"]
    intent = extract_intent("Normalize Fare with min-max scaling, then report its mean.", passengers)
    assert intent.preparation == [PreparationStep(kind="normalize", columns=["Fare"], strategy="minmax")]
    assert [(m.column, m.func) for m in intent.metrics] == [("Fare", "mean")]
    intent = extract_intent("Remove duplicate rows, then count the rows per Sex.", passengers)
    assert intent.preparation == [PreparationStep(kind="deduplicate")]


@pytest.mark.parametrize(
    ("request_text", "test", "columns", "group_by", "groups"),
    [
        ("Is Fare normally distributed? Use the Shapiro-Wilk test.", "shapiro", ["Fare"], [], None),
        ("Does Fare differ significantly between male and female Sex?",
         "ttest_ind", ["Fare"], ["Sex"], ["male", "female"]),
        ("Compare Age between yes and no smoker with a Mann-Whitney U test.",
         "mannwhitney", ["Age"], ["smoker"], ["True", "False"]),
        ("Does the mean Fare differ across Pclass? Use a one-way ANOVA.",
         "anova", ["Fare"], ["Pclass"], None),
        ("Is Sex independent of State? Use a chi-square test.", "chi2", ["Sex", "State"], [], None),
        ("Run a paired t-test on Mar.2019 and Mar.2020.",
         "ttest_rel", ["Mar.2019", "Mar.2020"], [], None),
        ("What is the p-value of the correlation between Age and Fare?",
         "pearson", ["Age", "Fare"], [], None),
        ("Does Fare differ between IN and OR State? Use a t-test.",
         "ttest_ind", ["Fare"], ["State"], ["IN", "OR"]),
    ],
)  # fmt: skip
def test_test_requests_map_onto_the_statistical_test(  # noqa: PLR0917 - pytest parameters
    passengers: DatasetSchema,
    request_text: str,
    test: str,
    columns: list[str],
    group_by: list[str],
    groups: list[str] | None,
) -> None:
    intent = extract_intent(request_text, passengers)
    assert intent.operation == "statistical_test"
    assert (intent.options["test"], intent.columns, intent.group_by) == (test, columns, group_by)
    assert intent.options.get("groups") == groups


def test_regression_requests_name_target_features_and_split(passengers: DatasetSchema) -> None:
    intent = extract_intent(
        "Predict Fare from Age and SibSp with linear regression. Use 20% of the data for testing with random "
        "seed 7 and report the RMSE.",
        passengers,
    )
    assert intent.operation == "linear_regression"
    assert intent.options == {
        "target": "Fare", "features": ["Age", "SibSp"], "test_size": 0.2, "seed": 7, "report": ["rmse"]
    }  # fmt: skip
    intent = extract_intent("What is the skewness of Fare? Use population statistics.", passengers)
    assert intent.operation == "distribution_shape" and intent.method.population is True


def test_exactly_written_column_names_win(passengers: DatasetSchema) -> None:
    intent = extract_intent('What is the average "Mar.2019"?', passengers)
    assert [(m.column, m.func) for m in intent.metrics] == [("Mar.2019", "mean")]
    intent = extract_intent("What is the mean TEMP MAX per Sex?", passengers)
    assert [(m.column, m.func) for m in intent.metrics] == [("TEMP MAX", "mean")]
    intent = extract_intent("What is the average WINDSPEED?", passengers)
    assert [m.column for m in intent.metrics] == ["WINDSPEED"]  # names are stripped as the loader does


def test_function_words_and_analysis_terms_are_not_category_values(passengers: DatasetSchema) -> None:
    intent = extract_intent("Find the outliers in the Fare column", passengers)
    assert intent.filters == []
    intent = extract_intent("What is the standard deviation of Fare?", passengers)
    assert intent.filters == [] and [(m.column, m.func) for m in intent.metrics] == [("Fare", "std")]


def test_a_plain_noun_for_the_rows_is_not_an_unknown_column(passengers: DatasetSchema) -> None:
    intent = extract_intent("What is the mean fare paid by the passengers?", passengers)
    assert intent.operation == "aggregate" and [(m.column, m.func) for m in intent.metrics] == [
        ("Fare", "mean")
    ]
    assert intent.group_by == []


def test_intents_without_the_new_fields_still_load() -> None:
    from mcpforge.models import Intent

    old = Intent.model_validate({"request": "x", "operation": "aggregate"})
    assert old.preparation == [] and old.method == AnalysisMethod()
    assert Path(__file__).suffix == ".py"


def test_population_standard_deviation_is_used_or_refused_never_ignored(passengers: DatasetSchema) -> None:
    from mcpforge.exceptions import UnmappableRequestError

    intent = extract_intent(
        "What is the standard deviation of Fare? Use the population standard deviation.", passengers
    )
    assert [(m.column, m.func) for m in intent.metrics] == [("Fare", "pstd")]
    with pytest.raises(UnmappableRequestError):
        extract_intent("Describe Fare. Use population statistics.", passengers)


@pytest.mark.parametrize(
    ("request_text", "share", "seed"),
    [
        ("Fit a linear regression of Fare on Age and SibSp with a 20% test split and seed 42.", 0.2, 42),
        (
            "Fit a linear regression of Fare on Age and SibSp, holding out 25% of the rows, random seed 7.",
            0.25,
            7,
        ),
        ("Linear regression predicting Fare from Age and SibSp with a 30% hold-out set.", 0.3, 42),
        ("Regress Fare on Age and SibSp using an 80/20 train-test split.", 0.2, 42),
    ],
)
def test_every_way_of_saying_a_held_out_share_becomes_the_split(
    passengers: DatasetSchema, request_text: str, share: float, seed: int
) -> None:
    intent = extract_intent(request_text, passengers)
    assert intent.operation == "linear_regression"
    assert (intent.options.get("test_size"), intent.options.get("seed")) == (share, seed)


@pytest.mark.parametrize(
    "request_text",
    [
        "Remove duplicate rows, then count the rows per Sex. Count whole-row duplicates only once.",
        "Bin Fare into 4 quantiles and count the rows in each bin. Bins are numbered from the lowest up.",
    ],
)
def test_a_remark_on_how_a_preparation_step_works_is_not_part_of_the_question(
    passengers: DatasetSchema, request_text: str
) -> None:
    intent = extract_intent(request_text, passengers)
    assert intent.operation == "group_count"
    assert intent.preparation


def test_a_later_sentence_that_names_a_column_is_still_read(passengers: DatasetSchema) -> None:
    request = "Remove duplicate rows, then count rows per Sex. Only duplicates of Fare over 500."
    intent = extract_intent(request, passengers)
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("Fare", ">", 500)]
