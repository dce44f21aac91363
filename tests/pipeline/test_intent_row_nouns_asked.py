"""Row nouns the reader used to refuse, and the readings that only looked right (issue 25, R20).

- "sales" is never bound to a column whose name starts with "total" ("total_rooms", ``Total.Bsmt.SF``,
  "Total Population"): that column totals something else; "order_total" still is the money.
- A counted money word ("how many sales", "the three areas with the most sales") over a file with no
  column it could mean is a noun for the rows: asked when a column could count them, answered by rows
  when the person says so; "total sales" stays a sum of money and is refused there.
- A plural written with a capital inside a sentence ("the Ipsos") is a name, never the rows.
- A noun the file's name contradicts ("strikes" over ``birds.csv``, "impactos") is asked, not refused.

Every number is checked against pandas on small files written here.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent.language.spans import written_as_name


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("row_nouns_asked")
    pd.DataFrame({
        "region": ["N", "S", "N", "E", "S", "N"], "total_rooms": [3, 5, 4, 6, 2, 7],
        "price": [100, 200, 150, 300, 120, 180], "rooms": [1, 2, 1, 3, 2, 2],
    }).to_csv(root / "homes_x.csv", index=False)  # fmt: skip
    pd.DataFrame({
        "region": ["N", "S", "N", "E"], "order_total": [10.5, 20.0, 5.5, 7.0],
    }).to_csv(root / "shop_x.csv", index=False)  # fmt: skip
    pollsters = [f"Firm{k:03d}" for k in range(200)] + ["Ipsos"] * 5
    pd.DataFrame({
        "pollster": pollsters, "samplesize": [100 + k for k in range(len(pollsters))],
    }).to_csv(root / "survey_2016.csv", index=False)  # fmt: skip
    states = ["TX", "CA", "CA", "TX", "CA", "NY", "CA", "TX"]
    species = ["GULLS", "HAWKS", "GULLS", "DOVES", "GULLS", "HAWKS", "DOVES", "GULLS"]
    pd.DataFrame({
        "Estado": states, "Especie": species, "Altura": [0, 50, 1200, 30, 0, 2500, 10, 400],
        "Número de motores": [2, 2, 3, 2, 4, 2, 2, 3],
    }).to_csv(root / "birds_es.csv", index=False)  # fmt: skip
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)


@pytest.mark.parametrize(
    "request_text",
    ["total sales per region", "Which region has the highest sales?", "What are the sales by region?"],
)
def test_sales_is_never_a_column_that_totals_something_else(folder: Path, request_text: str) -> None:
    with pytest.raises(UnmappableRequestError, match="sales"):
        read_intent(request_text, folder / "homes_x.csv")


def test_sales_is_still_the_column_ending_in_total(folder: Path) -> None:
    path = folder / "shop_x.csv"
    intent = read_intent("total sales per region", path)
    table = reference_table(intent, path)
    got = {row[0]: float(row[-1]) for row in table["rows"]}
    assert got == pd.read_csv(path).groupby("region")["order_total"].sum().to_dict()


@pytest.mark.parametrize(
    "request_text",
    ["how many sales are there?", "List the two regions with the most sales.", "number of sales per region"],
)
def test_counted_sales_with_no_money_column_are_asked_with_the_rows_as_a_choice(
    folder: Path, request_text: str
) -> None:
    with pytest.raises(NeedsClarificationError) as asked:
        read_intent(request_text, folder / "homes_x.csv")
    assert "rows" in asked.value.choices
    assert "sales" in str(asked.value)


def test_counted_sales_answered_rows_count_the_rows(folder: Path) -> None:
    path = folder / "homes_x.csv"
    frame = pd.read_csv(path)
    intent = read_intent("List the two regions with the most sales.", path, answers={"sales": "rows"})
    table = reference_table(intent, path)
    assert {row[0]: float(row[-1]) for row in table["rows"]} == (
        frame["region"].value_counts().head(2).astype(float).to_dict()
    )
    intent = read_intent("how many sales had a price above 150?", path, answers={"sales": "rows"})
    assert float(reference_table(intent, path)["rows"][0][-1]) == int((frame["price"] > 150).sum())


@pytest.mark.parametrize(
    "request_text",
    ["Total sample size of the Ipsos", "Average samplesize of all Ipsos", "Ipsos: the mean samplesize"],
)
def test_a_plural_written_as_a_name_is_never_the_rows(folder: Path, request_text: str) -> None:
    with pytest.raises(UnmappableRequestError, match="ipsos"):
        read_intent(request_text, folder / "survey_2016.csv")


@pytest.mark.parametrize(
    ("word", "request_text", "named"),
    [
        ("Ipsos", "the mean of the Ipsos polls", True),
        ("Cities", "Cities: how many have a port?", False),  # a sentence starts there
        ("cities", "how many cities. Cities with a port", False),  # written once in small letters
        ("Counties", "1. Counties per state", False),
    ],
)
def test_a_name_is_a_capital_inside_a_sentence_every_time(word: str, request_text: str, named: bool) -> None:
    assert written_as_name(word.lower(), request_text) is named


@pytest.mark.parametrize(
    "request_text",
    [
        "In which year were the most strikes reported?",
        "How many strikes happened in CA?",
        "¿Cuántos impactos hay en el estado CA?",
    ],
)
def test_a_noun_the_file_name_contradicts_is_asked(folder: Path, request_text: str) -> None:
    with pytest.raises(NeedsClarificationError) as asked:
        read_intent(request_text, folder / "birds_es.csv")
    assert "rows" in asked.value.choices


@pytest.mark.parametrize(
    ("request_text", "word"),
    [("How many strikes happened in CA?", "strikes"), ("¿Cuántos impactos hay en el estado CA?", "impactos")],
)
def test_a_noun_the_file_name_contradicts_answered_rows_counts_rows(
    folder: Path, request_text: str, word: str
) -> None:
    path = folder / "birds_es.csv"
    intent = read_intent(request_text, path, answers={word: "rows"})
    in_california = int((pd.read_csv(path)["Estado"] == "CA").sum())
    assert float(reference_table(intent, path)["rows"][0][-1]) == in_california
