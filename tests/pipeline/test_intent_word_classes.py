"""Words that cannot name data stop blocking complete readings, per language (issue 25, blind6).

A leftover verb form, preposition or file noun of a French, German or Spanish request ("le fichier
contient-il", "qui vivent dans le Sud", "beim Alter"), or an English verb of being recorded ("were
measured"), names nothing: the reading answers and names it as not used. A verb that can change the numbers
(a change, an exclusion), a verb of where the rows are without its place, and an unknown noun still block.
Each number is checked against pandas on a small file.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent.language.word_classes import names_no_data
from mcpforge.pipeline.intent.reading import reading_sentence

N = 60


def _frame() -> pd.DataFrame:
    return pd.DataFrame([
        {
            "Identifiant": 100 + k // 3,
            "Année": 1976 + k % 3,
            "Sud": "yes" if k % 4 == 1 else "no",
            "Salaire": round(5.5 + (k * 7 % 13) * 0.4 + (k % 3) * 0.3, 2),
            "Alter": 18 + (k * 11) % 40,
            "Geschlecht": "Female" if k % 5 < 2 else "Male",
            "Region": "Sur" if k % 3 == 0 else "Norte",
            "Salario": 900 + 37 * (k * 5 % 17),
            "species": ["Adelie", "Gentoo", "Chinstrap"][k % 3],
            "year": 2007 + k % 3,
        }
        for k in range(N)
    ])  # fmt: skip


@pytest.fixture(scope="module")
def path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    file = tmp_path_factory.mktemp("word_classes") / "panel.csv"
    _frame().to_csv(file, index=False)
    return file


@pytest.fixture(autouse=True)
def _in_the_data_folder(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(path.parent)  # the reference loader reads only under the working directory


def _scalar(request: str, path: Path) -> tuple[float, list[str]]:
    intent = read_intent(request, path)
    table = reference_table(intent, path)
    assert len(table["rows"]) == 1, table
    return float(table["rows"][0][-1]), intent.unused_words


# -- French


def test_french_file_noun_and_turned_round_verb_are_not_used(path: Path) -> None:
    value, unused = _scalar("Combien d'individus distincts (Identifiant) le fichier contient-il ?", path)
    assert value == _frame()["Identifiant"].nunique()
    assert {"fichier", "contient-il"} <= set(unused)


def test_french_polite_question_turned_round_is_not_used(path: Path) -> None:
    """ "Pourriez-vous me donner": "could you" turned round, asked politely; nothing to the numbers."""
    value, unused = _scalar("Pourriez-vous me donner le salaire moyen ?", path)
    assert value == pytest.approx(_frame()["Salaire"].mean())
    assert "pourriez-vous" in unused


@pytest.mark.parametrize(
    "request_text",
    ["Combien de lignes compte le jeu de données ?", "¿Cuántas filas tiene el conjunto de datos?"],
)
def test_the_file_named_in_several_words_is_not_used(path: Path, request_text: str) -> None:
    value, unused = _scalar(request_text, path)
    assert value == N
    assert {"jeu", "conjunto"} & set(unused)


def test_french_verb_of_place_with_its_place_is_not_used(path: Path) -> None:
    df = _frame()
    value, unused = _scalar("Médiane du salaire chez les personnes qui vivent dans le Sud", path)
    assert value == pytest.approx(df.loc[df["Sud"] == "yes", "Salaire"].median())
    assert {"chez", "vivent"} <= set(unused)
    assert "vivent" in reading_sentence(
        read_intent("Salaire moyen des personnes qui vivent dans le Sud", path)
    )


@pytest.mark.parametrize(
    "request_text",
    [
        "De combien le salaire moyen a-t-il progressé entre 1976 et 1978 ?",  # a change
        "Salaire moyen des personnes qui vivent",  # a verb of place without its place picks rows
        "Salaire moyen des personnes qui ne vivent pas dans le Sud",  # turned round by a negation
        "Salaire moyen en écartant le Sud",  # an exclusion
        "Salaire moyen des personnes qui vivent dans le Sud par diplôme",  # an unknown noun
    ],
)
def test_french_words_that_can_change_the_numbers_still_block(path: Path, request_text: str) -> None:
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        read_intent(request_text, path)


# -- German


def test_german_contraction_is_not_used(path: Path) -> None:
    df = _frame()
    value, unused = _scalar("Durchschnitt des Alters beim Geschlecht Female", path)
    assert value == pytest.approx(df.loc[df["Geschlecht"] == "Female", "Alter"].mean())
    assert "beim" in unused


@pytest.mark.parametrize(
    "request_text",
    [
        "Um wie viel ist der Durchschnitt des Alters zwischen 1976 und 1978 gestiegen?",  # a change
        "Durchschnitt des Alters beim Geschlecht Female pro Beruf",  # an unknown noun
    ],
)
def test_german_words_that_can_change_the_numbers_still_block(path: Path, request_text: str) -> None:
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        read_intent(request_text, path)


def test_german_verb_of_place_has_its_place_before_it(path: Path) -> None:
    df = _frame()
    value, unused = _scalar("Durchschnitt des Alters der Personen, die in der Region Sur leben", path)
    assert value == pytest.approx(df.loc[df["Region"] == "Sur", "Alter"].mean())
    assert "leben" in unused
    assert not names_no_data("leben", "Durchschnitt des Alters der Personen in Sur, die leben", "de")


def test_german_capitalised_word_is_a_noun() -> None:
    assert names_no_data("leben", "Wie viele Personen leben in der Stadt?", "de")
    assert not names_no_data("leben", "Wie viele Personen im Leben in der Stadt?", "de")


# -- Spanish


def test_spanish_verb_of_place_with_its_place_is_not_used(path: Path) -> None:
    df = _frame()
    value, unused = _scalar("Salario medio de las personas que viven en el Sur", path)
    assert value == pytest.approx(df.loc[df["Region"] == "Sur", "Salario"].mean())
    assert "viven" in unused


@pytest.mark.parametrize(
    "request_text",
    [
        "¿Cuánto aumentó el salario medio entre 1976 y 1978?",  # a change
        "Salario medio de las personas que viven en el Sur por profesión",  # an unknown noun
    ],
)
def test_spanish_words_that_can_change_the_numbers_still_block(path: Path, request_text: str) -> None:
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        read_intent(request_text, path)


# -- English


def test_english_verb_of_being_recorded_is_not_used(path: Path) -> None:
    value, unused = _scalar("How many rows were recorded in year 2008?", path)
    assert value == (_frame()["year"] == 2008).sum()
    assert "recorded" in unused


def test_english_participle_that_picks_rows_still_blocks(path: Path) -> None:
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        read_intent("How many rows were refunded in year 2008?", path)


@pytest.mark.parametrize(
    ("word", "request_text", "language"),
    [
        ("mesure", "Salaire moyen par mesure", "fr"),  # a grouping key
        ("mesure", "Salaire moyen selon la mesure", "fr"),  # after a determiner: a noun
        ("reste", "Salaire moyen du Sud contre le reste", "fr"),  # "the rest": the other rows
        ("ete", "Salaire moyen en été", "fr"),  # summer, not a form of "être"
        ("trabajo", "Salario medio de las personas con trabajo en el Sur", "es"),  # a job, not "I work"
        ("vivent", "Salaire moyen des personnes qui vivent seules", "fr"),  # a verb of place with no place
    ],
)
def test_nouns_and_verbs_without_their_place_are_not_let_through(
    word: str, request_text: str, language: str
) -> None:
    assert not names_no_data(word, request_text, language)
