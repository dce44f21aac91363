"""Columns and category values named in longer or other words than the file writes them (issue 25).

"amount" for ``amt``, "weight" for ``wt`` (usual abbreviations that are no prefix); "consumer price index"
for ``Verbraucherpreisindex``, "federal spending" for ``Bundesausgaben`` (German compounds taken apart by
the glossary); "deaths", "morts", "Todesfälle" for ``Décès`` (a column counting events is named by one
plural word); "diarrhée", "Durchfall", "diarrhoea" for the value ``Diarrhaea``. Each is said back in the
reading; a literal header or value wins; one plain word names a one-word header only when the column
counts events (a false friend: "score" is no French ``note``; German "war" is "was").
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent


def _schema(
    tmp_path_factory: pytest.TempPathFactory, name: str, columns: dict[str, list[object]]
) -> DatasetSchema:
    path = tmp_path_factory.mktemp("other_words") / name
    pd.DataFrame(columns).to_csv(path, index=False)
    return DatasetSchema.from_file(Path(path))


@pytest.fixture(scope="module")
def orders(tmp_path_factory: pytest.TempPathFactory) -> DatasetSchema:
    n = 12
    return _schema(
        tmp_path_factory,
        "orders.csv",
        {
            "region": [("North", "South", "East")[k % 3] for k in range(n)],
            "amt": [10.0 + k for k in range(n)],
            "wt": [1.5 + k % 4 for k in range(n)],
            "order_qty": [k % 5 + 1 for k in range(n)],
        },
    )


@pytest.fixture(scope="module")
def finances(tmp_path_factory: pytest.TempPathFactory) -> DatasetSchema:
    n = 16
    return _schema(
        tmp_path_factory,
        "haushalt.csv",
        {
            "Jahr": [1990 + k for k in range(n)],
            "Verbraucherpreisindex": [100.0 + 2 * k for k in range(n)],
            "Bundesausgaben": [500.0 + 10 * k for k in range(n)],
            "Bundesschulden": [900.0 + 30 * k for k in range(n)],
            "Reales BIP pro Kopf": [30000.0 + 500 * k for k in range(n)],
            "Krieg": [("Golf", "Kosovo", "")[k % 3] for k in range(n)],
            "Gefallene": [k % 3 * 10 for k in range(n)],
        },
    )


@pytest.fixture(scope="module")
def causes(tmp_path_factory: pytest.TempPathFactory) -> DatasetSchema:
    n = 24
    return _schema(
        tmp_path_factory,
        "causes.csv",
        {
            "Mois": [("Jan", "Feb", "Mar")[k // 8] for k in range(n)],
            "Cause": [("Cholera", "Diarrhaea")[k % 2] for k in range(n)],
            "Décès": [k * 3 % 17 for k in range(n)],
        },
    )


def _notes(intent: Intent) -> str:
    return " ".join(intent.notes)


@pytest.mark.parametrize(
    ("request_text", "column"),
    [
        ("average amount by region", "amt"),
        ("mean weight per region", "wt"),
        ("total order quantity", "order_qty"),
    ],
)
def test_a_usual_abbreviation_names_its_column(orders: DatasetSchema, request_text: str, column: str) -> None:
    intent = extract_intent(request_text, orders)
    assert [metric.column for metric in intent.metrics] == [column]


def test_an_abbreviation_is_said_back(orders: DatasetSchema) -> None:
    intent = extract_intent("average amount by region", orders)
    assert "'amount' read as amt (by abbreviation)" in _notes(intent)


@pytest.mark.parametrize(
    ("request_text", "column"),
    [
        ("What's the median consumer price index?", "Verbraucherpreisindex"),
        ("average federal spending", "Bundesausgaben"),
        ("the mean federal debt", "Bundesschulden"),
        ("median real GDP per capita", "Reales BIP pro Kopf"),
        ("la dette fédérale moyenne", "Bundesschulden"),
    ],
)
def test_english_or_french_words_name_a_german_compound(
    finances: DatasetSchema, request_text: str, column: str
) -> None:
    intent = extract_intent(request_text, finances)
    assert [metric.column for metric in intent.metrics] == [column]
    assert "(the header in other words)" in _notes(intent)


def test_battle_deaths_are_the_fallen(finances: DatasetSchema) -> None:
    intent = extract_intent("total battle deaths per Krieg", finances)
    assert intent.group_by == ["Krieg"]
    assert [(metric.column, metric.func) for metric in intent.metrics] == [("Gefallene", "sum")]


def test_german_was_is_no_war(finances: DatasetSchema) -> None:
    with pytest.raises(UnmappableRequestError) as refused:
        extract_intent("Wie hoch war der durchschnittliche Leitzins?", finances)
    assert "Krieg" not in str(refused.value).split("Understood:")[1].split("Available")[0]


@pytest.mark.parametrize(
    "request_text",
    [
        "how many deaths in Feb?",
        "Summe der Todesfälle im Februar",
        "total deaths in Feb",
    ],
)
def test_a_plural_event_noun_names_the_column_counting_it(causes: DatasetSchema, request_text: str) -> None:
    intent = extract_intent(request_text, causes)
    assert [(metric.column, metric.func) for metric in intent.metrics] == [("Décès", "sum")]


@pytest.mark.parametrize(
    "request_text",
    [
        "average deaths from diarrhoea",
        "median deaths from diarrhoea",
        "moyenne des décès par diarrhée",
    ],
)
def test_a_value_in_another_spelling_or_language_is_that_value(
    causes: DatasetSchema, request_text: str
) -> None:
    intent = extract_intent(request_text, causes)
    assert [(f.column, f.value) for f in intent.filters] == [("Cause", "Diarrhaea")]
    assert "read as the value 'Diarrhaea' of 'Cause' (the value in other words)" in _notes(intent)


def test_the_bracketed_value_keeps_its_label_and_the_count_is_the_sum(causes: DatasetSchema) -> None:
    intent = extract_intent(
        "Wie viele Todesfälle durch Durchfall (Diarrhaea) gab es im Februar insgesamt?", causes
    )
    assert [(metric.column, metric.func) for metric in intent.metrics] == [("Décès", "sum")]
    assert ("Cause", "Diarrhaea") in [(f.column, f.value) for f in intent.filters]


def test_a_value_two_columns_hold_in_other_words_is_not_chosen(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    schema = _schema(
        tmp_path_factory,
        "two.csv",
        {
            "first_cause": ["Cholera", "Diarrhaea", "Cholera"],
            "second_cause": ["Diarrhaea", "Cholera", "Cholera"],
            "deaths": [1, 2, 3],
        },
    )
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        extract_intent("total deaths from diarrhée", schema)


def test_a_header_as_said_wins_over_an_abbreviation(tmp_path_factory: pytest.TempPathFactory) -> None:
    schema = _schema(
        tmp_path_factory,
        "both.csv",
        {
            "kind": ["weight", "size", "size"],
            "amt": [1.0, 2.0, 3.0],
            "amount": [4.0, 5.0, 9.0],
            "wt": [1, 2, 4],
        },
    )
    assert [metric.column for metric in extract_intent("average amount", schema).metrics] == ["amount"]
    weighed = extract_intent("average amt for weight rows", schema)
    assert [(f.column, f.value) for f in weighed.filters] == [("kind", "weight")]  # the value, not wt


@pytest.mark.parametrize("request_text", ["average cholera deaths per day", "Mittlere Todesfälle pro Tag"])
def test_events_per_unit_of_time_are_not_read_as_a_table_per_date(
    causes: DatasetSchema, request_text: str
) -> None:
    try:
        intent = extract_intent(request_text, causes)
    except (NeedsClarificationError, UnmappableRequestError):
        return  # asked or refused: never a table of one mean per date for a rate over days
    assert not any(metric.column == "Décès" for metric in intent.metrics)
