"""French requests over French headers (issue 25, blind4): a name of several words written in a sentence's
small letters ("le taux de chômage") with a lowercase State code ``de`` in the file, "des" read as that
code, "a-t-il été" and "a enregistré" (tense and recording verbs), "année par année" (per year), "les plus
peuplés" (ranked by Population), "avec et sans <yes/no column>" (one answer per value). Each number is
checked against pandas; each near-miss must still refuse.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError

STATES = ["al", "ca", "de", "fl", "ny", "pa", "tx"]
LAW = "Loi sur l'alcootest préliminaire"


@pytest.fixture(scope="module")
def path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("french_headers")
    rows = [
        {
            "État": s,
            "Année": y,
            "Taux de chômage": round(4.0 + (k * 7 + y * 3) % 11 * 0.35, 2),
            "Taxe sur la bière": round(0.2 + (k * 5 + y) % 9 * 0.05, 3),
            "Population": 1_000_000 * (k + 1) + 37_000 * (y - 1982) + 11_000 * ((k * y) % 7),
            "Décès routiers": 300 + 97 * k + 13 * ((k + y) % 5),
            "Décès routiers de nuit": 40 + 11 * k + 5 * ((k * 3 + y) % 4),
            LAW: "yes" if (k + y) % 3 == 0 else "no",
        }
        for k, s in enumerate(STATES)
        for y in range(1982, 1986)
    ]
    file = root / "deces.csv"
    pd.DataFrame(rows).to_csv(file, index=False)
    return file


@pytest.fixture(autouse=True)
def _in_the_data_folder(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(path.parent)  # the reference loader reads only under the working directory


def _frame(path: Path) -> pd.DataFrame:
    return pd.read_csv(path, keep_default_na=False)


def _by_key(table: dict[str, Any]) -> dict[str, float]:
    return {str(row[0]): float(row[-1]) for row in table["rows"]}


def _answer(request: str, path: Path) -> dict[str, float]:
    intent = read_intent(request, path)
    assert not intent.filters, intent.filters  # no State "de" read from "des" or "taux de chômage"
    return _by_key(reference_table(intent, path))


def test_a_total_per_year_whose_des_is_no_state_code(path: Path) -> None:
    expected = _frame(path).groupby("Année")["Décès routiers"].sum()
    got = _answer("Total des décès routiers par année", path)
    assert got == pytest.approx({str(y): v for y, v in expected.items()})


def test_a_name_in_small_letters_keeps_its_de_and_is_never_a_state(path: Path) -> None:
    expected = _frame(path).groupby("Année")["Taux de chômage"].mean()
    for request in ("Moyenne du taux de chômage par année", "the average taux de chômage per année"):
        assert _answer(request, path) == pytest.approx({str(y): v for y, v in expected.items()})


def test_in_which_year_was_it_highest_with_an_inverted_auxiliary(path: Path) -> None:
    means = _frame(path).groupby("Année")["Taux de chômage"].mean().sort_values(ascending=False)
    got = _answer("En quelle année le taux de chômage moyen a-t-il été le plus élevé ?", path)
    assert list(got) == [str(means.index[0])]
    assert list(got.values()) == pytest.approx([means.iloc[0]])


def test_a_verb_of_recording_asks_which_state_had_the_most(path: Path) -> None:
    frame = _frame(path)
    year = frame[frame["Année"] == 1984].set_index("État")["Décès routiers"].sort_values(ascending=False)
    intent = read_intent("Quel État a enregistré le plus de décès routiers en 1984 ?", path)
    assert [f.value for f in intent.filters] == [1984]
    got = _by_key(reference_table(intent, path))
    assert list(got) == [year.index[0]]
    assert list(got.values()) == pytest.approx([year.iloc[0]])


@pytest.mark.parametrize(
    "request_text", ["taxe sur la bière médiane, année par année", "median Taxe sur la bière, year by year"]
)
def test_a_grouping_word_said_twice_is_one_grouping(path: Path, request_text: str) -> None:
    expected = _frame(path).groupby("Année")["Taxe sur la bière"].median()
    assert _answer(request_text, path) == pytest.approx({str(y): v for y, v in expected.items()})


@pytest.mark.parametrize(
    ("request_text", "count", "descending"),
    [
        ("Les cinq États les plus peuplés en 1985", 5, True),
        ("les trois États les moins peuplés en 1985", 3, False),
    ],
)
def test_the_most_populous_rank_by_population(
    path: Path, request_text: str, count: int, descending: bool
) -> None:
    frame = _frame(path)
    year = frame[frame["Année"] == 1985].set_index("État")["Population"].sort_values(ascending=not descending)
    intent = read_intent(request_text, path)
    assert any("Population" in note for note in intent.notes)  # the reading says what it ranked by
    got = _by_key(reference_table(intent, path))
    assert list(got) == list(year.index[:count])
    assert list(got.values()) == pytest.approx(list(year.iloc[:count]))


def test_with_and_without_a_yes_no_column_is_one_answer_per_value(path: Path) -> None:
    expected = _frame(path).groupby(LAW)["Décès routiers de nuit"].mean()
    got = _answer("Moyenne des décès routiers de nuit, avec et sans loi sur l'alcootest préliminaire", path)
    assert len(got) == 2  # yes and no (loaded as booleans)
    assert sorted(got.values()) == pytest.approx(sorted(expected.values))


@pytest.mark.parametrize(
    "request_text",
    [
        "the 5 most populous États in 1985",  # before its noun: not rewritten (it could read another column)
        "Moyenne des décès routiers en été",  # "été" alone is the season: no such column
        "Moyenne des décès routiers de nuit avec et sans État",  # État is no yes/no column
        "Moyenne des décès routiers de nuit sans loi sur l'alcootest préliminaire",  # "without" alone
    ],
)
def test_near_misses_still_ask_or_refuse(path: Path, request_text: str) -> None:
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        read_intent(request_text, path)
