"""Spanish and German requests that refused (issue 25, blind4): a "por" inside a column's own name read as
a ratio, "del fichero" (of the file), "je Alter" on an English ``age`` header, and a share among filtered
rows ("what percentage of the women have degree bachelor") read as a distribution under a condition on
its own column (every share 100%). Each number is checked against pandas; each near-miss asks or refuses.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent.reading import reading_sentence

sys.path.insert(0, str(Path(__file__).parent))
from reference_answers import read_intent, reference_table


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("es_de")
    spanish = [
        {
            "Año": year,
            "Ingresos por hora": round(8.0 + (i * 7 % 13) + (year - 1992) * 0.3 + i / 100, 4),
            "Título": ["bachelor", "highschool", "bachelor"][i % 3],
            "Sexo": ["male", "female"][(i // 2) % 2],
            "Edad": 25 + i % 6,
        }
        for i in range(60)
        for year in (1992, 2004)
    ]
    pd.DataFrame(spanish).to_csv(root / "es.csv", sep=";", index=False, decimal=",")
    english = [
        {
            "year": year,
            "earnings": 9.0 + i % 11,
            "degree": ["bachelor", "highschool"][i % 2],
            "gender": ["male", "female"][(i // 3) % 2],
            "age": 25 + i % 9,
        }
        for i in range(50)
        for year in (1992, 1998)
    ]
    pd.DataFrame(english).to_csv(root / "de.tsv", sep="\t", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _spanish(folder: Path) -> pd.DataFrame:
    return pd.read_csv(folder / "es.csv", sep=";", decimal=",")


def _by_key(table: dict[str, Any]) -> dict[str, float]:
    return {"|".join(str(v) for v in row[:-1]): float(row[-1]) for row in table["rows"]}


def test_a_por_inside_a_columns_own_name_is_the_name_not_a_ratio(folder: Path) -> None:
    path = folder / "es.csv"
    intent = read_intent("ingreso medio por hora según título y año", path)
    expected = _spanish(folder).groupby(["Título", "Año"])["Ingresos por hora"].mean()
    got = _by_key(reference_table(intent, path))
    assert got == pytest.approx({f"{t}|{y}": v for (t, y), v in expected.items()})
    assert reading_sentence(intent).startswith("Mean of `Ingresos por hora` per `Título` and `Año`")
    assert any("read as the name 'Ingresos por hora'" in note for note in intent.notes)


def test_a_per_between_two_different_numeric_columns_still_asks(folder: Path) -> None:
    with pytest.raises(NeedsClarificationError, match="ratio"):
        read_intent("mediana del ingreso por hora por edad", folder / "es.csv")


def test_of_the_file_places_the_question_in_the_data(folder: Path) -> None:
    path = folder / "es.csv"
    intent = read_intent("¿Cuál es el ingreso por hora más alto del fichero?", path)
    table = reference_table(intent, path)
    column = table["columns"].index("Ingresos por hora")
    assert [row[column] for row in table["rows"]] == pytest.approx(
        [_spanish(folder)["Ingresos por hora"].max()]
    )


def test_the_german_word_for_age_names_an_english_age_column(folder: Path) -> None:
    path = folder / "de.tsv"
    intent = read_intent("Anzahl der Beobachtungen je Alter", path)
    expected = pd.read_csv(path, sep="\t").groupby("age").size()
    assert _by_key(reference_table(intent, path)) == {str(a): float(n) for a, n in expected.items()}


def test_older_with_its_umlaut_is_no_age_column(folder: Path) -> None:
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        read_intent(
            "Wie viele Beobachtungen sind älter als 30?", folder / "de.tsv"
        )  # no age filter yet: refuse


@pytest.mark.parametrize(
    ("request_text", "part", "whole"),
    [
        ("What percentage of the women have degree bachelor?", ("degree", "bachelor"), ("gender", "female")),
        (
            "Among the women, what percentage have degree bachelor?",
            ("degree", "bachelor"),
            ("gender", "female"),
        ),
        ("What percentage of bachelor rows are gender female?", ("gender", "female"), ("degree", "bachelor")),
    ],
)
def test_a_share_among_filtered_rows_is_one_number_not_a_distribution_all_one_value(
    folder: Path, request_text: str, part: tuple[str, str], whole: tuple[str, str]
) -> None:
    path = folder / "de.tsv"
    frame = pd.read_csv(path, sep="\t")
    among = frame[frame[whole[0]] == whole[1]]
    intent = read_intent(request_text, path)
    table = reference_table(intent, path)
    assert table["rows"][0][-1] == pytest.approx((among[part[0]] == part[1]).mean() * 100)
    assert f"over the rows where `{whole[0]}` = {whole[1]}" in reading_sentence(intent)


def test_a_spanish_share_among_filtered_rows(folder: Path) -> None:
    path = folder / "es.csv"
    frame = _spanish(folder)
    women = frame[frame["Sexo"] == "female"]
    intent = read_intent("¿Qué porcentaje de las filas female tiene título bachelor?", path)
    assert reference_table(intent, path)["rows"][0][-1] == pytest.approx(
        (women["Título"] == "bachelor").mean() * 100
    )


def test_a_share_whose_part_is_not_said_still_refuses(folder: Path) -> None:
    with pytest.raises(UnmappableRequestError, match="several conditions"):
        read_intent("What percentage of rows with degree bachelor are female?", folder / "de.tsv")
