"""Yates' correction of a chi-square, and "with and without <yes/no column>" as a test's two groups.

scipy's chi2_contingency corrects a 2x2 table by default; "without Yates' continuity correction" turns
it off in the reading, the reference and the generated tool's inline code, and the reading says so.
"rows with and without a mandatory jail sentence (jaild)" splits a two-sample test by the yes/no column.
Numbers are checked against scipy on a small file; near-misses still refuse.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from scipy import stats

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.tool_helpers import hypothesis_tests
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.reading import reading_sentence
from mcpforge.runtime import load_csv_data_with_types

JAIL = ["yes"] * 7 + ["no"] * 13
SERVICE = ["yes"] * 5 + ["no"] * 2 + ["yes"] * 2 + ["no"] * 11
RATE = [2.1, 2.5, 1.9, 2.8, 2.2, 2.6, 2.4, 1.5, 1.7, 1.2, 1.9, 1.4, 1.6, 1.1, 1.8, 1.3, 2.0, 1.5, 1.6, 1.4]
REGION = ["a", "b", "c", "d"] * 5


@pytest.fixture(scope="module")
def fatality(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("chi2") / "fatality.csv"
    pd.DataFrame({"jaild": JAIL, "comserd": SERVICE, "mrall": RATE, "region": REGION}).to_csv(
        path, index=False
    )
    return path


@pytest.fixture(autouse=True)
def _in_the_data_folder(fatality: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(fatality.parent)


def _statistic(request: str, path: Path) -> tuple[float, float, str]:
    intent = extract_intent(request, DatasetSchema.from_file(path))
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    result = operation.reference(load_csv_data_with_types(str(path)), rendered.arguments)
    row = result.iloc[0]
    return float(row["statistic"]), float(row["p_value"]), reading_sentence(intent)


@pytest.mark.parametrize(
    ("request_text", "corrected"),
    [
        (
            "Chi-square test of independence between jaild and comserd, without Yates' continuity correction",
            False,
        ),
        ("uncorrected chi-square test of jaild and comserd", False),
        ("Chi-square test of independence between jaild and comserd with Yates' correction", True),
        ("Chi-square test of independence between jaild and comserd", True),
    ],
)
def test_yates_correction_follows_the_request(fatality: Path, request_text: str, corrected: bool) -> None:
    statistic, p_value, sentence = _statistic(request_text, fatality)
    expected = stats.chi2_contingency(pd.crosstab(pd.Series(JAIL), pd.Series(SERVICE)), correction=corrected)
    assert (statistic, p_value) == pytest.approx((expected.statistic, expected.pvalue))
    assert ("without Yates' correction" in sentence) is not corrected
    frame = pd.read_csv(fatality)  # the generated tool's own code agrees
    inline = hypothesis_tests._run_test(
        frame, "chi2", ["jaild", "comserd"], group_column=None, groups=[], value=0.0, correction=corrected
    )
    assert inline[:2] == pytest.approx((expected.statistic, expected.pvalue))


def test_with_and_without_a_yes_no_column_are_the_two_groups(fatality: Path) -> None:
    request = (
        "Is mrall different between rows with and without a mandatory jail sentence (jaild)? "
        "Use Student's t-test with equal variances, alpha 0.05."
    )
    statistic, p_value, _ = _statistic(request, fatality)
    frame = pd.read_csv(fatality)
    expected = stats.ttest_ind(
        frame.loc[frame["jaild"] == "yes", "mrall"], frame.loc[frame["jaild"] == "no", "mrall"]
    )
    assert (statistic, p_value) == pytest.approx((expected.statistic, expected.pvalue))


@pytest.mark.parametrize(
    "request_text",
    [
        "t-test of mrall between the jaild groups without Yates' correction",  # no such correction there
        "Is mrall different between rows with and without region? Use a t-test",  # four values, not yes/no
        "Chi-square test of jaild and comserd with Yates' correction and without Yates' correction",
    ],
)
def test_near_misses_still_refuse(fatality: Path, request_text: str) -> None:
    with pytest.raises(UnmappableRequestError):
        extract_intent(request_text, DatasetSchema.from_file(fatality))
