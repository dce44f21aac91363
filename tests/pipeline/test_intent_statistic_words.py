"""Issue 16: the statistical path accounts for every word; method sentences the reading ignores refuse.

A wrong answer that looks validated is the worst outcome: a condition, a column or a number the test,
shape or regression reading does not use must refuse the request, naming the word, never vanish.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from mcpforge.catalogue import get_operation
from mcpforge.config import SandboxConfig
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Filter
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.sandbox import ToolCall, call_tool_batch, get_sandbox


@pytest.fixture(scope="module")
def students(tmp_path_factory: pytest.TempPathFactory) -> DatasetSchema:
    rng = np.random.default_rng(5)
    n = 90
    frame = pd.DataFrame({
        "student id": np.arange(n), "gender": rng.choice(["female", "male"], n),
        "test prep": rng.choice(["none", "completed"], n), "lunch": rng.choice(["standard", "free"], n),
        "club": rng.choice(["chess", "drama", "robotics"], n), "study hours": rng.gamma(3, 2, n).round(1),
        "math score": rng.normal(65, 12, n).round(0), "reading score": rng.normal(68, 11, n).round(0),
        "model year": rng.integers(70, 83, n), "absences": rng.poisson(3, n),
        "scholarship": rng.choice(["yes", "no"], n),
    })  # fmt: skip
    path = tmp_path_factory.mktemp("stats") / "students.csv"
    frame.to_csv(path, index=False)
    return DatasetSchema.from_file(path)


@pytest.mark.parametrize(
    ("request_text", "condition"),
    [
        ("Run a t-test of math score between male and female gender for rows where absences > 3.",
         Filter(column="absences", op=">", value=3)),
        ("Is math score normally distributed among students with free lunch? Use Shapiro-Wilk.",
         Filter(column="lunch", op="==", value="free")),
        ("Is the correlation between math score and reading score significant for the chess club?",
         Filter(column="club", op="==", value="chess")),
        ("Run a paired t-test on math score and reading score, only for completed test prep.",
         Filter(column="test prep", op="==", value="completed")),
    ],
)  # fmt: skip
def test_a_condition_on_a_statistical_request_becomes_its_row_filter(
    students: DatasetSchema, request_text: str, condition: Filter
) -> None:
    intent = extract_intent(request_text, students)
    assert intent.operation == "statistical_test"
    assert intent.filters == [condition]


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        ("What is the skewness of math score for each club?", "club"),
        ("Fit a linear regression of math score on study hours and report the R-squared for 2019.", "2019"),
        (
            "Is math score normally distributed? Use Shapiro-Wilk, and compare it with reading score.",
            "reading score",
        ),
        ("Is the correlation between math score and reading score significant above 50?", "above"),
    ],
)
def test_a_statistical_request_with_a_word_its_reading_does_not_use_is_refused_naming_it(
    students: DatasetSchema, request_text: str, word: str
) -> None:
    with pytest.raises(UnmappableRequestError) as caught:
        extract_intent(request_text, students)
    assert word in caught.value.understood["unknown"]


@pytest.mark.parametrize(
    "request_text",
    [
        "Does math score differ significantly between male and female gender? Use a t-test.",
        "Does the mean math score differ across club? Use a one-way ANOVA at a significance level of 0.05.",
        "Is math score normally distributed or not? Use the Shapiro-Wilk test.",
        "Non-parametric check (Mann-Whitney U): is study hours different for male and female gender?",
        "Predict math score from study hours and absences with linear regression and report the RMSE. "
        "Use 20% of the data for testing with random seed 7.",
        "What is the p-value of the correlation between math score and reading score?",
    ],
)
def test_a_statistical_request_whose_words_are_all_used_is_read(
    students: DatasetSchema, request_text: str
) -> None:
    intent = extract_intent(request_text, students)
    assert intent.operation in {"statistical_test", "linear_regression"}


def test_test_and_model_words_are_no_partial_mentions_of_columns(students: DatasetSchema) -> None:
    chi2 = extract_intent("Test the association of club and lunch with a chi-squared test.", students)
    assert chi2.columns == ["club", "lunch"]
    model = extract_intent(
        "With study hours and absences as features and math score as the target, fit a linear model and "
        "give its RMSE.",
        students,
    )
    assert model.options["features"] == ["study hours", "absences"]


def test_a_column_written_with_spaces_that_the_reading_drops_is_refused(students: DatasetSchema) -> None:
    with pytest.raises(UnmappableRequestError) as caught:
        extract_intent("How many rows are there, with a math score?", students)
    assert "math score" in str(caught.value)


def test_unusual_values_of_a_column_are_its_outliers_under_the_stated_rule(students: DatasetSchema) -> None:
    intent = extract_intent(
        "Which rows have an unusual math score, and how many are there? "
        "Consider values more than 3 standard deviations from the mean as outliers.",
        students,
    )
    assert (intent.operation, intent.columns) == ("outliers", ["math score"])
    assert intent.options == {"method": "zscore", "threshold": 3.0}


@pytest.mark.parametrize(
    "request_text",
    [
        "How many rows are there? Consider values more than 3 standard deviations from the mean as outliers.",
        "What is the mean math score? Use a significance level of 0.05.",
        "What is the mean reading score? Use Spearman's rank correlation.",
        "Is math score normally distributed? Use the Kendall method.",
    ],
)
def test_a_method_sentence_the_reading_does_not_use_refuses_the_request(
    students: DatasetSchema, request_text: str
) -> None:
    with pytest.raises(UnmappableRequestError) as caught:
        extract_intent(request_text, students)
    assert "unused_method" in caught.value.understood


def test_the_fixture_file_is_a_real_csv(students: DatasetSchema) -> None:
    assert Path(students.path).read_text(encoding="utf-8").startswith("student id,gender")


def test_a_yes_no_column_and_its_negation_are_the_two_groups_of_a_test(students: DatasetSchema) -> None:
    intent = extract_intent(
        "Does math score differ between scholarship and non-scholarship students? Use a two-sample t-test.",
        students,
    )
    assert (intent.operation, intent.columns, intent.group_by) == (
        "statistical_test",
        ["math score"],
        ["scholarship"],
    )


def test_the_plural_of_a_yes_no_column_is_that_column_being_true(students: DatasetSchema) -> None:
    intent = extract_intent("What is the mean math score of scholarships?", students)
    assert [(f.column, f.op) for f in intent.filters] == [("scholarship", "==")]
    assert intent.filters[0].value in {True, "yes"}


def test_the_condition_of_a_test_filters_the_rows_the_tool_tests_in_the_sandbox(
    students: DatasetSchema, sandbox_config: SandboxConfig
) -> None:
    intent = extract_intent(
        "Does math score differ between male and female gender among the chess club? Use a two-sample "
        "t-test.",
        students,
    )
    rendered = get_operation(intent.operation).render(intent)
    path = Path(students.path)
    batch = call_tool_batch(
        get_sandbox(sandbox_config),
        rendered.source,
        [ToolCall(arguments={**rendered.arguments, "file_path": str(path)}, call_id="0")],
        read_paths=[path.parent],
        function_name=rendered.function_name,
    )
    (outcome,) = batch.outcomes
    assert outcome.structured is not None
    (row,) = outcome.structured["result"]["rows"]
    frame = pd.read_csv(path)
    chess = frame[frame["club"] == "chess"]
    expected = stats.ttest_ind(
        chess.loc[chess["gender"] == "male", "math score"],
        chess.loc[chess["gender"] == "female", "math score"],
    )
    assert row[2] == pytest.approx(float(expected.pvalue))
    assert row[3] == len(chess)
