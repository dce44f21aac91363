"""A month or weekday named in words is a condition (said back) or a refusal naming it, never a dropped word.

"total deaths in December" over a month column of ``Jan`` ... ``Dec`` once answered over every row: the
month name was neither a value of the column nor reported as unused (issue 25).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.config import SandboxConfig
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.runtime import configure, reset_configuration

_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
_GERMAN = ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"]
_FRENCH = ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]
_DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def _frame(months: list[str], year: int = 1849, years: int = 1) -> pd.DataFrame:
    """Two rows a month over ``years`` years: month name, weekday, a date and a whole-number count."""
    rows = []
    for y in range(year, year + years):
        for m, name in enumerate(months, start=1):
            for day in (3, 17):
                date = pd.Timestamp(y, m, day)
                rows.append({"Mois": name, "Jour": _DAYS[date.day_of_week], "Date": date.date().isoformat(),
                             "Deaths": m * 10 + day + (y - year)})  # fmt: skip
    return pd.DataFrame(rows)


@pytest.fixture
def folder(tmp_path: Path) -> Any:
    _frame(_SHORT).to_csv(tmp_path / "short.csv", index=False)
    _frame(_GERMAN).to_csv(tmp_path / "german.csv", index=False)
    _frame(_FRENCH).to_excel(tmp_path / "french.xlsx", index=False)
    _frame(_SHORT).drop(columns=["Mois"]).to_csv(tmp_path / "dated.csv", index=False)
    _frame(_SHORT, years=2).drop(columns=["Mois", "Jour"]).to_csv(tmp_path / "years.csv", index=False)
    numbered = _frame(_SHORT).drop(columns=["Date"])
    numbered["month"] = numbered.pop("Mois").map({n: k for k, n in enumerate(_SHORT, start=1)})
    numbered.to_csv(tmp_path / "numbered.csv", index=False)
    configure(allowed_read_paths=[str(tmp_path)])
    yield tmp_path
    reset_configuration()


@pytest.mark.parametrize(
    ("request_text", "file", "value"),
    [
        ("What is the total Deaths in December?", "short.csv", "Dec"),
        ("Total Deaths en décembre", "short.csv", "Dec"),
        ("Summe der Deaths im Dezember", "german.csv", "Dez"),
        ("mean Deaths in March", "german.csv", "Mär"),
        ("total Deaths in diciembre", "french.xlsx", "déc."),
        ("How many rows in August?", "french.xlsx", "août"),
        ("What were the total Deaths in May?", "short.csv", "May"),
    ],
)
def test_a_month_name_is_the_value_of_the_month_column(
    folder: Path, request_text: str, file: str, value: str
) -> None:
    intent = extract_intent(request_text, DatasetSchema.from_file(folder / file))
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("Mois", "==", value)]
    assert any(repr(value) in note for note in intent.notes), intent.notes


def test_a_month_name_over_an_integer_month_column_is_its_number(folder: Path) -> None:
    intent = extract_intent("total Deaths in October", DatasetSchema.from_file(folder / "numbered.csv"))
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("month", "==", 10)]


def test_a_month_name_over_dates_of_one_year_is_that_month_of_the_dates(folder: Path) -> None:
    intent = extract_intent("total Deaths im Februar", DatasetSchema.from_file(folder / "dated.csv"))
    assert [(f.column, f.op, f.value) for f in intent.filters] == [
        ("Date", ">=", "1849-02-01"),
        ("Date", "<", "1849-03-01"),
    ]
    assert any("1849-02" in note for note in intent.notes), intent.notes


@pytest.mark.parametrize(
    "request_text",
    [
        "total Deaths in December",
        "average Deaths en juillet",
        "mean Deaths on Mondays",
        "total Deaths in Q4",
        "mean Deaths in H1",
    ],
)
def test_a_month_or_weekday_the_data_cannot_restrict_to_is_refused_naming_it(
    folder: Path, request_text: str
) -> None:
    schema = DatasetSchema.from_file(folder / "years.csv")  # dates over 2 years, no month or weekday column
    with pytest.raises(UnmappableRequestError) as refused:
        extract_intent(request_text, schema)
    assert "does not restrict to" in str(refused.value)


@pytest.mark.parametrize(
    ("request_text", "value"),
    [
        ("total Deaths on Mondays", "Mon"),
        ("Summe Deaths am Freitag", "Fri"),
        ("total Deaths le dimanche", "Sun"),
    ],
)
def test_a_weekday_name_is_the_value_of_the_weekday_column(
    folder: Path, request_text: str, value: str
) -> None:
    intent = extract_intent(request_text, DatasetSchema.from_file(folder / "short.csv"))
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("Jour", "==", value)]


def test_two_months_are_not_read_as_one(folder: Path) -> None:
    """ "from January to March" is a range: this reader never writes it as two equalities."""
    schema = DatasetSchema.from_file(folder / "short.csv")
    try:
        intent = extract_intent("total Deaths from January to March", schema)
    except UnmappableRequestError:
        return
    assert not any(f.op == "==" and f.column == "Mois" for f in intent.filters), intent.filters


@pytest.mark.parametrize(
    ("request_text", "file", "month"),
    [
        ("What is the total Deaths in December?", "short.csv", 12),
        ("Quel est le total des Deaths en décembre ?", "french.xlsx", 12),
        ("Summe der Deaths im Februar", "dated.csv", 2),
    ],
)
def test_mcpforge_ask_totals_the_named_month_as_pandas_does(  # noqa: PLR0917 - fixtures and parameters
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    sandbox_config: SandboxConfig,
    request_text: str,
    file: str,
    month: int,
) -> None:
    monkeypatch.chdir(folder)
    monkeypatch.setenv("MCPFORGE_VALIDATION__STRESS_ROWS", "2000")
    monkeypatch.setenv(
        "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK", str(sandbox_config.allow_weak_fallback).lower()
    )
    frame = _frame(_SHORT)
    expected = int(frame.loc[pd.to_datetime(frame["Date"]).dt.month == month, "Deaths"].sum())
    args = ["ask", request_text, "--data", file, "--registry", "reg", "--json", "--no-review"]
    result = CliRunner().invoke(app, args)
    data = json.loads(result.stdout)
    assert data["error"] is None and result.exit_code == 0, (data["error"], result.stderr)
    assert data["result"]["result"]["rows"] == [[expected]]
    assert data["result"]["rows_matched"] == 2


def test_a_quarter_code_that_is_a_value_of_the_file_stays_that_value(tmp_path: Path) -> None:
    frame = pd.DataFrame({"Quarter": ["Q1", "Q2", "Q3", "Q4"] * 2, "Sales": [1, 2, 3, 4, 5, 6, 7, 8]})
    frame.to_csv(tmp_path / "quarters.csv", index=False)
    intent = extract_intent("total Sales in Q4", DatasetSchema.from_file(tmp_path / "quarters.csv"))
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("Quarter", "==", "Q4")]


@pytest.mark.parametrize(
    ("request_text", "file", "value"),
    [("total Deaths in Dec", "french.xlsx", "déc."), ("mean Deaths in Sep", "german.csv", "Sep")],
)
def test_an_abbreviated_month_after_a_preposition_is_the_month_column_value(
    folder: Path, request_text: str, file: str, value: str
) -> None:
    intent = extract_intent(request_text, DatasetSchema.from_file(folder / file))
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("Mois", "==", value)]
