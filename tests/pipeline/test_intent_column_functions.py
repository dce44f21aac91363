"""A function applied to a column ("log10(gdpPercap)", "x squared") is read or refused, never dropped.

Issue 25: "the Pearson correlation between log10(gdpPercap) and lifeExp" was answered with the
correlation of gdpPercap itself. A log / log10 / ln / sqrt of a column whose values allow it is a transform
step (analysis/column_transforms.py); any other function is refused naming the word; requests whose brackets
hold a unit or a label stay answered.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Aggregation
from mcpforge.pipeline.intent import DatasetSchema, extract_intent


@pytest.fixture(scope="module")
def gapminder(tmp_path_factory: pytest.TempPathFactory) -> DatasetSchema:
    rng = np.random.default_rng(7)
    n = 80
    frame = pd.DataFrame({
        "country": [f"C{i}" for i in range(n)],
        "year": [2002, 2007] * (n // 2),
        "gdpPercap": np.exp(rng.normal(8, 1.2, n)).round(2),
        "lifeExp": rng.normal(65, 8, n).round(1),
        "x": rng.normal(0, 3, n).round(2),
    })  # fmt: skip
    path = Path(tmp_path_factory.mktemp("functions")) / "gap.parquet"
    frame.to_parquet(path)
    return DatasetSchema.from_file(path)


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> DatasetSchema:
    n = 30
    frame = pd.DataFrame({
        "price (USD)": [10.0 + i for i in range(n)],
        "weight (kg)": [1.0 + i / 10 for i in range(n)],
        "median": [float(i % 7) for i in range(n)],
        "region": ["N", "S", "E"] * (n // 3),
    })  # fmt: skip
    path = Path(tmp_path_factory.mktemp("shop")) / "shop.csv"
    frame.to_csv(path, index=False)
    return DatasetSchema.from_file(path)


def test_the_transformed_correlation_differs_from_the_plain_one(gapminder: DatasetSchema) -> None:
    """The refusal below matters: on this data log10 changes the answer (as it did on the bench)."""
    frame = pd.read_parquet(gapminder.path)
    rows = frame[frame["year"] == 2007]
    logged = float(np.corrcoef(np.log10(rows["gdpPercap"]), rows["lifeExp"])[0, 1])
    plain = float(np.corrcoef(rows["gdpPercap"], rows["lifeExp"])[0, 1])
    assert round(logged, 2) != round(plain, 2)


@pytest.mark.parametrize(
    ("request_text", "column", "function"),
    [
        (
            "For 2007, compute the Pearson correlation between log10(gdpPercap) and lifeExp. "
            "Report r rounded to 2 decimals.",
            "gdpPercap",
            "log10",
        ),
        ("mean of sqrt(gdpPercap)", "gdpPercap", "sqrt"),
        ("mean of ln(gdpPercap) for 2007", "gdpPercap", "log"),
        ("mean of the natural log of gdpPercap", "gdpPercap", "log"),
        ("mean of the square root of gdpPercap", "gdpPercap", "sqrt"),
        ("correlation between the log of gdpPercap and lifeExp", "gdpPercap", "log"),
    ],
)
def test_a_log_or_root_of_a_column_is_read_as_its_step(
    gapminder: DatasetSchema, request_text: str, column: str, function: str
) -> None:
    """Since column_transforms.py: log / log10 / ln / sqrt of a positive column is a transform step (numbers:
    tests/pipeline/test_intent_prepared_columns.py)."""
    intent = extract_intent(request_text, gapminder)
    assert [(s.kind, s.columns, s.strategy) for s in intent.preparation] == [
        ("transform", [column], function)
    ]


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        ("correlation between log(x) and lifeExp", "log"),  # x has negative values
        ("average of abs(x)", "abs"),
        ("mean of exp(lifeExp)", "exp"),
        ("what is the mean of pct_change(gdpPercap)", "pct_change"),
        ("mean of the absolute value of x", "absolute value"),
        ("mean of x squared", "squared"),
        ("mean of log-transformed gdpPercap by year", "log-transformed"),
        ("median gdpPercap on a log scale", "on a log scale"),
    ],
)
def test_a_function_applied_to_a_column_is_refused_naming_it(
    gapminder: DatasetSchema, request_text: str, word: str
) -> None:
    with pytest.raises(UnmappableRequestError) as refused:
        extract_intent(request_text, gapminder)
    message = str(refused.value)
    assert f"{word!r} applies a function to the column" in message
    assert "Traceback" not in message


@pytest.mark.parametrize(
    ("request_text", "metric"),
    [
        ("mean of price (USD)", Aggregation(column="price (USD)", func="mean")),
        ("mean of price(USD) by region", Aggregation(column="price (USD)", func="mean")),
        ("average weight (kg)", Aggregation(column="weight (kg)", func="mean")),
        ("average weight(kg)", Aggregation(column="weight (kg)", func="mean")),
        ("average (median column) by region", Aggregation(column="median", func="mean")),
        ("sum of the median column", Aggregation(column="median", func="sum")),
    ],
)
def test_brackets_with_a_unit_or_a_label_stay_answered(
    shop: DatasetSchema, request_text: str, metric: Aggregation
) -> None:
    intent = extract_intent(request_text, shop)
    assert intent.metrics == [metric]


def test_the_plain_correlation_stays_answered(gapminder: DatasetSchema) -> None:
    intent = extract_intent("For 2007, the Pearson correlation between gdpPercap and lifeExp", gapminder)
    assert intent.operation == "correlation"
    assert set(intent.columns) == {"gdpPercap", "lifeExp"}


def test_a_word_with_digits_left_unread_is_named_by_the_accounting(
    gapminder: DatasetSchema, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second net: without the function checks, "pow10" (letters and digits) is still a leftover word."""
    from mcpforge.pipeline.intent import extract
    from mcpforge.pipeline.intent.analysis import value_steps

    monkeypatch.setattr(extract, "column_function", lambda request, resolver: None)
    monkeypatch.setattr(value_steps, "column_function", lambda request, resolver: None)
    with pytest.raises(UnmappableRequestError, match=r"'pow10' \(it names no column"):
        extract_intent("correlation between pow10(gdpPercap) and lifeExp", gapminder)
