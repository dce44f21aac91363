"""Three wrong answers of blind6 (issue 25), each fixed as a class:

- a count word written short ("nb de", "n° de", "no. of", "# of") read as a count, never as a row listing;
- a share of two conditions written as one noun phrase ("la part des femmes mariées") refused: the part and
  the whole are not said;
- a statistic the reading does not compute ("then compute the overall mean") and a fill per group ("the
  median of the same state") refused instead of answered as something else.

Numbers are checked against pandas on small files written here; near-misses must still be answered.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema
from mcpforge.pipeline.intent.rows.count_abbreviations import spell_count_abbreviations, unread_count_word
from mcpforge.pipeline.intent.words import ColumnResolver


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("blind6_wrong")
    people = pd.DataFrame(
        {
            "Marié": ["yes" if (k * 7) % 5 < 3 else "no" for k in range(60)],
            "Sexe": ["female" if (k * 3) % 7 < 3 else "male" for k in range(60)],
            "Salaire": [400 + (k * 37) % 300 for k in range(60)],
        }
    )
    people.to_csv(root / "gens.tsv", sep="\t", index=False)
    states = ["AK", "CA", "NY", "TX"]
    belts = pd.DataFrame(
        {
            "state": [s for s in states for _ in range(6)],
            "year": [1990 + y for _ in states for y in range(6)],
            "seatbelt": [
                None if (k % 6 in (1, 4) and s != "TX") else round(0.3 + ((k * 13) % 17) / 40, 4)
                for s in states
                for k in range(6)
            ],
        }
    )
    belts.to_csv(root / "belts.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _one_number(request: str, path: Path) -> float:
    table = reference_table(read_intent(request, path), path)
    assert len(table["rows"]) == 1, table
    return float(table["rows"][0][-1])


@pytest.mark.parametrize(
    "request_text",
    [
        "nb de lignes avec Marié = no et Sexe = female",
        "nbre de lignes avec Marié = no et Sexe = female",
        "n° de lignes avec Marié = no et Sexe = female",
        "no. of rows with Marié = no and Sexe = female",
        "# of rows with Marié = no and Sexe = female",
    ],
)
def test_a_short_count_word_is_a_count(folder: Path, request_text: str) -> None:
    people = pd.read_csv(folder / "gens.tsv", sep="\t")
    expected = int(((people["Marié"] == "no") & (people["Sexe"] == "female")).sum())
    intent = read_intent(request_text, folder / "gens.tsv")
    assert intent.operation == "aggregate"
    assert any("(a count)" in note for note in intent.notes)
    assert _one_number(request_text, folder / "gens.tsv") == expected


def test_without_a_count_word_the_rows_are_listed(folder: Path) -> None:
    intent = read_intent("lignes avec Marié = no et Sexe = female", folder / "gens.tsv")
    assert intent.operation == "filter_rows"


def test_a_column_named_like_a_short_count_stays_that_column(folder: Path) -> None:
    resolver = ColumnResolver(schema=DatasetSchema.from_file(folder / "gens.tsv"))
    text, notes = spell_count_abbreviations("nb de lignes, # 5, Marié = no", resolver)
    assert text.startswith("nombre de lignes") and "# 5" in text and "Marié = no" in text
    assert notes == ["'nb' read as 'nombre' (a count)"]
    frame = pd.DataFrame({"nb": [1, 2], "Count": [3, 4]})
    frame.to_csv(folder / "nb.csv", index=False)
    named = ColumnResolver(schema=DatasetSchema.from_file(folder / "nb.csv"))
    assert spell_count_abbreviations("nb de 2", named) == ("nb de 2", [])
    assert unread_count_word("filter_rows", "rows where Count > 3", named) is None
    assert unread_count_word("filter_rows", "the number of rows where nb > 1", named) == "number of"
    assert unread_count_word("aggregate", "the number of rows where nb > 1", named) is None


@pytest.mark.parametrize(
    "request_text",
    ["Quelle est la part des femmes mariées ?", "Quel est le pourcentage des femmes mariées ?"],
)
def test_a_share_of_an_adjective_and_a_noun_does_not_say_the_whole(folder: Path, request_text: str) -> None:
    with pytest.raises(UnmappableRequestError, match="which condition is the part"):
        read_intent(request_text, folder / "gens.tsv")


def test_a_share_whose_whole_is_said_is_answered(folder: Path) -> None:
    people = pd.read_csv(folder / "gens.tsv", sep="\t")
    women = people[people["Sexe"] == "female"]
    expected = 100 * (women["Marié"] == "yes").mean()
    number = _one_number("Quelle est la part des femmes qui sont mariées ?", folder / "gens.tsv")
    assert number == pytest.approx(expected)


SEATBELT = (
    "Impute missing seatbelt values with the median seatbelt of the same state (a state with no value at all"
    " stays missing), then compute the overall mean seatbelt. Round to 4 decimals."
)


@pytest.mark.parametrize(
    ("request_text", "said"),
    [
        (SEATBELT, "of the same state"),
        ("Fill missing seatbelt with the median per state, then compute the mean seatbelt.", "per state"),
        (
            "Fill missing seatbelt with the state median, then compute the mean seatbelt.",
            "'mean' of 'seatbelt'",
        ),
    ],
)
def test_a_fill_per_group_or_a_dropped_statistic_is_refused(
    folder: Path, request_text: str, said: str
) -> None:
    with pytest.raises(UnmappableRequestError, match=said):
        read_intent(request_text, folder / "belts.csv")


def test_a_fill_over_the_whole_column_then_a_mean_is_answered(folder: Path) -> None:
    belts = pd.read_csv(folder / "belts.csv")
    filled = belts["seatbelt"].fillna(belts["seatbelt"].median())
    request = "Impute missing seatbelt values with the median, then compute the overall mean seatbelt."
    request += " Round to 4 decimals."
    assert _one_number(request, folder / "belts.csv") == pytest.approx(round(filled.mean(), 4))
    per_state = "Fill missing seatbelt with the median, then compute the mean seatbelt per state."
    table = reference_table(read_intent(per_state, folder / "belts.csv"), folder / "belts.csv")
    expected = filled.groupby(belts["state"]).mean()
    assert {row[0]: row[-1] for row in table["rows"]} == pytest.approx(expected.to_dict())
