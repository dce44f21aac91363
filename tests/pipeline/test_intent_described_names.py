"""Column names as people split or describe them (issue 25, class 5; blind5).

A describing word before a one-word name ("household income" for ``income``) is read with the name and
said in the reading; a word that turns one figure into another ("net income") gets one question; a word
before a time column ("survey year") is asked about when it would refuse. A statistic written inside a
multi-word name ("la tasa media de homicidios") is the statistic of that whole name, and a number written
inside a name ("presos por 100.000 habitantes") is a word of the name. Numbers are checked against pandas
on a small real file; each near-miss must still ask or refuse.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("described")
    survey = [
        {
            "firm": f"firm {k % 4}",
            "gender": "female" if k % 3 else "male",
            "state": ["Bayern", "Berlin", "Hessen"][k % 3],
            "year": 1998 + k % 4,
            "income": 20000.0 + 1375.5 * ((k * 7) % 23),
            "size": 1 + (k * 5) % 4,
            "value": 100.0 + 9.25 * ((k * 11) % 17),
        }
        for k in range(48)
    ]
    pd.DataFrame(survey).to_csv(root / "gsoep.csv", index=False)
    crime = [
        {
            "Estado": estado,
            "Año": year,
            "Tasa de homicidios": round(2.0 + ((k * 13 + year) % 17) * 0.7, 2),
            "Tasa de robos": round(50.0 + ((k * 29 + year) % 31) * 9.5, 2),
            "Presos por 100.000 habitantes": 80 + (k * 37 + year * 3) % 400,
        }
        for k, estado in enumerate(["Alabama", "Alaska", "Arizona", "Ohio", "Texas"])
        for year in range(1995, 2001)
    ]
    pd.DataFrame(crime).to_csv(root / "crimen.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _numbers(request: str, path: Path, answers: dict[str, str] | None = None) -> dict[str, float]:
    table = reference_table(read_intent(request, path, answers), path)
    return {str(row[0]) if len(row) > 1 else "": float(row[-1]) for row in table["rows"]}


def _same(got: dict[str, float], want: dict[str, float]) -> bool:
    return got.keys() == want.keys() and all(math.isclose(got[k], want[k]) for k in want)


def test_a_describing_word_before_a_one_word_name_is_read_with_it_and_said(folder: Path) -> None:
    path = folder / "gsoep.csv"
    frame = pd.read_csv(path)
    intent = read_intent("Mean household income?", path)
    assert "'household' read as part of the name 'income'" in intent.notes
    assert _same(_numbers("Mean household income?", path), {"": frame["income"].mean()})
    by_firm = frame.groupby("firm")["value"].median()
    assert _same(_numbers("per firm, median market value", path), {str(k): v for k, v in by_firm.items()})
    female = frame.loc[frame["gender"] == "female", "income"].mean()
    assert _same(_numbers("Mean household income of female people?", path), {"": female})


def test_highest_and_lowest_of_a_described_name(folder: Path) -> None:
    path = folder / "gsoep.csv"
    intent = read_intent("Give me the highest and the lowest household income in this data.", path)
    assert [(m.column, m.func) for m in intent.metrics] == [("income", "max"), ("income", "min")]


def test_a_word_that_changes_the_figure_is_asked_and_the_answer_is_used(folder: Path) -> None:
    path = folder / "gsoep.csv"
    with pytest.raises(NeedsClarificationError) as asked:
        read_intent("Mean net income?", path)
    assert asked.value.key == "net income"
    assert set(asked.value.choices) == {"income", "none"}
    answered = _numbers("Mean net income?", path, {"net income": "income"})
    assert _same(answered, {"": pd.read_csv(path)["income"].mean()})
    with pytest.raises(UnmappableRequestError):
        read_intent("Mean net income?", path, {"net income": "none"})


def test_a_word_before_a_time_column_is_asked_when_it_would_refuse(folder: Path) -> None:
    path = folder / "gsoep.csv"
    frame = pd.read_csv(path)
    with pytest.raises(NeedsClarificationError) as asked:
        read_intent("Mean household income in fiscal year 2000?", path)
    assert asked.value.key == "fiscal year"  # "survey year" is the row's own year (observed_times)
    got = _numbers("Mean household income in fiscal year 1999?", path, {"fiscal year": "year"})
    assert _same(got, {"": frame.loc[frame["year"] == 1999, "income"].mean()})


@pytest.mark.parametrize(
    "request_text",
    [
        "Mean female income?",  # a value of gender: a filter or a refusal, never a plain mean
        "Mean income by birth year",  # a time the file does not have
        "Mean real income?",  # a figure after prices: asked
        "Mean household income in fiscal year 2000?",  # asked, never the calendar year silently
    ],
)
def test_a_describing_word_that_may_change_the_numbers_never_passes_silently(
    request_text: str, folder: Path
) -> None:
    path = folder / "gsoep.csv"
    try:
        intent = read_intent(request_text, path)
    except (NeedsClarificationError, UnmappableRequestError):
        return
    assert any(f.column == "gender" and f.value == "female" for f in intent.filters), intent


def test_a_statistic_inside_a_spanish_name_is_the_statistic_of_the_whole_name(folder: Path) -> None:
    path = folder / "crimen.csv"
    frame = pd.read_csv(path)
    got = _numbers("¿Cuál fue la tasa media de homicidios en 1999?", path)
    assert _same(got, {"": frame.loc[frame["Año"] == 1999, "Tasa de homicidios"].mean()})
    intent = read_intent("¿Qué año tuvo la tasa media de robos más alta?", path)
    assert intent.group_by == ["Año"] and intent.top_n == 1
    assert [(m.column, m.func) for m in intent.metrics] == [("Tasa de robos", "mean")]
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):
        read_intent("¿Cuál fue la tasa media en 1999?", path)  # no whole name: still ambiguous


def test_a_number_inside_a_name_is_a_word_of_the_name(folder: Path) -> None:
    path = folder / "crimen.csv"
    frame = pd.read_csv(path)
    medians: Any = frame.groupby("Año")["Presos por 100.000 habitantes"].median()
    want = {str(k): float(v) for k, v in medians.items()}
    assert _same(_numbers("Mediana de presos por 100.000 habitantes para cada año", path), want)
    assert _same(_numbers("Mediana de presos por 100000 habitantes para cada año", path), want)
    intent = read_intent("¿Cuántas filas tienen presos por 100.000 habitantes mayor que 300?", path)
    assert [(f.column, f.op, f.value) for f in intent.filters] == [
        ("Presos por 100.000 habitantes", ">", 300)
    ]
