"""Words that change the numbers and that a finished reading had silently lost (issue 25: a wrong answer that
looks validated is the worst outcome). Each request here gave a wrong number before: "weighted" dropped next
to a ``weight`` column, "yes" dropped after a yes/no column's name (the pairs of two columns counted), and
"the highest <numeric column>" answered with its most frequent value. Numbers are checked against pandas.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import UnmappableRequestError


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("dropped")
    rows = [
        {
            "state": state,
            "year": year,
            "price": 1.5 + (3 * k + 7 * j) % 11,
            "weight": 1 + (k + j) % 3,
            # repeated small values: the most frequent one is not the largest
            "robos": [10, 10, 10, 40, 20][(k + j) % 5],
            "law": "yes" if (k + j) % 3 == 0 else "no",
        }
        for k, state in enumerate("ABCDE")
        for j, year in enumerate(range(1995, 2003))
    ]
    frame = pd.DataFrame(rows)
    frame.to_csv(root / "states.csv", index=False)
    spanish = frame.rename(
        columns={
            "state": "Estado",
            "year": "Año",
            "price": "Precio",
            "weight": "Peso",
            "robos": "Tasa de robos",
            "law": "Ley de portación de armas",
        }
    )
    spanish.to_csv(root / "estados.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _scalar(request: str, path: Path) -> float:
    table: dict[str, Any] = reference_table(read_intent(request, path), path)
    return float(table["rows"][0][-1])


@pytest.mark.parametrize(
    "request_text",
    [
        "weighted mean of price",
        "the weighted average price per state",
        "mean price, weighted",
        "moyenne pondérée du price",
    ],
)
def test_a_weight_word_the_reading_does_not_use_refuses(folder: Path, request_text: str) -> None:
    with pytest.raises(UnmappableRequestError, match=r"weight|pond"):
        read_intent(request_text, folder / "states.csv")


def test_weights_named_give_the_weighted_mean(folder: Path) -> None:
    frame = pd.read_csv(folder / "states.csv")
    expected = (frame["price"] * frame["weight"]).sum() / frame["weight"].sum()
    assert _scalar("mean of price weighted by weight", folder / "states.csv") == pytest.approx(expected)


@pytest.mark.parametrize(
    "request_text",
    [
        "in how many Estado was Ley de portación de armas yes in 1999",
        "in how many Estado was Ley de portación de armas no in 1999",
    ],
)
def test_a_yes_no_value_after_its_column_is_never_dropped(folder: Path, request_text: str) -> None:
    with pytest.raises(UnmappableRequestError, match="reads as a condition"):
        read_intent(request_text, folder / "estados.csv")


def test_the_yes_no_condition_written_out_is_answered(folder: Path) -> None:
    frame = pd.read_csv(folder / "estados.csv")
    chosen = frame[(frame["Año"] == 1999) & (frame["Ley de portación de armas"] == "yes")]
    request = "in how many Estado was Ley de portación de armas equal to yes in 1999"
    assert _scalar(request, folder / "estados.csv") == chosen["Estado"].nunique()


@pytest.mark.parametrize(
    ("request_text", "path", "column", "func"),
    [
        ("what is the highest robos in 2002?", "states.csv", "robos", "max"),
        ("¿Cuál es la Tasa de robos más alta en 2002?", "estados.csv", "Tasa de robos", "max"),
    ],
)
def test_the_highest_value_of_a_numeric_column_is_its_maximum(
    folder: Path, request_text: str, path: str, column: str, func: str
) -> None:
    frame = pd.read_csv(folder / path)
    year = "year" if "year" in frame else "Año"
    chosen = frame.loc[frame[year] == 2002, column]
    assert chosen.mode().iloc[0] != chosen.max()  # the old reading (most frequent value) differs
    intent = read_intent(request_text, folder / path)
    assert intent.operation == "aggregate"
    assert any("not its most frequent" in note for note in intent.notes)
    assert _scalar(request_text, folder / path) == pytest.approx(getattr(chosen, func)())


def test_a_year_keeps_its_count_reading(folder: Path) -> None:
    intent = read_intent("which year had the most rows", folder / "states.csv")
    assert intent.operation == "group_count"
    assert intent.group_by == ["year"]


def test_a_value_that_is_also_a_word_after_its_column_is_never_dropped(folder: Path) -> None:
    with pytest.raises(UnmappableRequestError, match="reads as a condition"):
        read_intent("mean price where state is A and state is B", folder / "states.csv")


def test_a_value_kept_as_a_rates_condition_is_used(folder: Path) -> None:
    frame = pd.read_csv(folder / "states.csv")
    request = "What share of the rows have the law (law = yes)? Give a percentage."
    assert _scalar(request, folder / "states.csv") == pytest.approx(100 * (frame["law"] == "yes").mean())


def test_a_describing_word_never_picks_between_a_name_and_its_longer_sibling(tmp_path: Path) -> None:
    path = tmp_path / "taxes.csv"
    pd.DataFrame({"year": [1990, 1990, 1991], "tax": [1.0, 2.0, 3.0], "taxs": [1.5, 2.5, 3.5]}).to_csv(path)
    with pytest.raises(UnmappableRequestError):
        read_intent("What was the average cigarette tax in 1990?", path)
