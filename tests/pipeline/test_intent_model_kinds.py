"""A regression of another kind is never answered as an ordinary least-squares line (issue 25).

"slope of the logistic regression of invest on value" and "by weighted least squares" were answered with
the OLS slope, a wrong answer that looked validated; the plain and the restated OLS request still read as
the line of ``invest`` on ``value``. (A French "régression logistique" is refused by the language layer.)
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent


@pytest.fixture(scope="module")
def path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("kinds")
    rows = [{"invest": 3.0 * k + (k * 7) % 5, "value": 10.0 + k + (k * 3) % 4} for k in range(40)]
    pd.DataFrame(rows).to_csv(root / "firms.csv", index=False)
    return root / "firms.csv"


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        ("slope of the logistic regression of invest on value", "logistic"),
        ("slope of the regression of invest on value by weighted least squares", "weighted"),
        ("fit a polynomial regression of invest on value and give the slope", "polynomial"),
    ],
)
def test_another_kind_of_regression_is_refused_naming_its_word(
    path: Path, request_text: str, word: str
) -> None:
    with pytest.raises(UnmappableRequestError, match=f"'{word}' names a kind of regression"):
        extract_intent(request_text, DatasetSchema.from_file(path))


@pytest.mark.parametrize(
    "request_text",
    [
        "slope of the linear regression of invest on value",
        "ordinary least squares regression of invest on value: the slope",
    ],
)
def test_an_ordinary_least_squares_line_still_answers(path: Path, request_text: str) -> None:
    intent = extract_intent(request_text, DatasetSchema.from_file(path))
    assert intent.operation == "linear_regression"
    assert intent.options["target"] == "invest" and intent.options["features"] == ["value"]
