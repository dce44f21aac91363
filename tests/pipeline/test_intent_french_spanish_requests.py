"""French and Spanish requests (issue 25, classes 1 and 6): restriction phrases ("pour l'année 87 uniquement",
"en ne gardant que", "solo para"), distinct counts of a column named in the plural with its accent ("comtés
différents" over ``Comté``), a description before a bracketed column ("la tasa de desempleo (unrate)"),
"valeur"/"valor", outliers and strict comparisons in French, and a premise stated before its question.

Each number is checked against pandas on a small file written here; each near-miss must still ask or refuse.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent.language.languages import read_language
from mcpforge.pipeline.intent.language.premises import set_aside_premise
from mcpforge.pipeline.intent.words import ColumnResolver
from mcpforge.pipeline.schema import DatasetSchema

STATES = ["AL", "AZ", "CA", "FL", "OR", "TX"]
REGIONS = {1: "central", 2: "west", 0: "other"}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("french_spanish")
    crime = []
    for c in range(1, 61, 2):  # 30 counties, three years each; county 7's arrest probability stands out
        for a in (81, 82, 87):
            crime.append(
                {
                    "Comté": c,
                    "Année": a,
                    "Taux de criminalité": round(0.01 + ((c * 37 + a * 11) % 97) / 1000, 6),
                    "Densité": round(0.2 + ((c * 13 + a) % 41) / 10, 3),
                    "Probabilité d'arrestation": 9.0 if (c, a) == (7, 87) else round(0.2 + (c % 9) / 50, 4),
                    "Probabilité de condamnation": round(0.3 + ((c * 7 + a) % 23) / 15, 4),
                    "Peine moyenne (jours)": round(8 + ((c + a) % 11) / 3, 3),
                    "Région": REGIONS[c % 3],
                }
            )
    frame = pd.DataFrame(crime)
    frame.to_csv(root / "crime_fr.csv", sep=";", index=False, encoding="cp1252", decimal=",")
    frame.to_csv(root / "crime_ref.csv", index=False)  # the same numbers, for pandas
    rows = [
        {
            "state": s,
            "year": y,
            "packpc": 100.0 + 9 * k - 2.5 * (y - 1985) + (k * y) % 5,
            "unrate": 5.0 + (k * 3 + y) % 7 * 0.4,
            "mrall": 1.5 + ((k + 2) * (y - 1980)) % 11 * 0.1,
            "sexo": "mujer" if (k + y) % 2 else "hombre",
        }
        for k, s in enumerate(STATES)
        for y in range(1984, 1989)
    ]
    pd.DataFrame(rows).to_csv(root / "fatality.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _crime(folder: Path) -> pd.DataFrame:
    return pd.read_csv(folder / "crime_ref.csv")


def _by_key(table: dict[str, Any]) -> dict[str, float]:
    return {str(row[0]): float(row[-1]) for row in table["rows"]}


def _scalar(table: dict[str, Any], column: str | None = None) -> float:
    """The one number of a one-row table (``column``: the cell of that column)."""
    at = table["columns"].index(column) if column else -1
    return float(table["rows"][0][at])


# -- 1. restriction phrases ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "request_text",
    [
        "Pour l'année 87 uniquement, quelle est la moyenne de la densité ?",
        "En ne gardant que l'année 87, quelle est la densité moyenne ?",
        "En se limitant à l'année 87, quelle est la densité moyenne ?",
        "Quelle est la densité moyenne, en ne conservant que l'année 87 ?",
    ],
)
def test_a_french_restriction_phrase_is_the_filter_it_names(folder: Path, request_text: str) -> None:
    path = folder / "crime_fr.csv"
    frame = _crime(folder)
    expected = frame.loc[frame["Année"] == 87, "Densité"].mean()
    intent = read_intent(request_text, path)
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("Année", "==", 87)]
    assert _scalar(reference_table(intent, path)) == pytest.approx(expected)


def test_the_restricted_correlation_and_group_means_match_pandas(folder: Path) -> None:
    path = folder / "crime_fr.csv"
    frame = _crime(folder)
    one = frame[frame["Année"] == 87]
    request = (
        "Pour l'année 87 uniquement, quelle est la corrélation de Spearman entre la densité et le taux de "
        "criminalité ?"
    )
    table = reference_table(read_intent(request, path), path)
    expected = one["Densité"].corr(one["Taux de criminalité"], method="spearman")
    assert _scalar(table, "correlation") == pytest.approx(expected)
    request = "En ne gardant que l'année 87, quelle est la peine moyenne (jours) moyenne par région ?"
    intent = read_intent(request, path)
    expected = one.groupby("Région")["Peine moyenne (jours)"].mean()
    assert _by_key(reference_table(intent, path)) == pytest.approx(dict(expected.items()))
    assert [m.column for m in intent.metrics] == ["Peine moyenne (jours)"]  # the name's own bracket


@pytest.mark.parametrize(
    "request_text",
    [
        "Solo para el año 1985, ¿cuál es la media de unrate?",
        "Quedándose con el año 1985, ¿cuál es la media de unrate?",
        "¿Cuál es la media de unrate, limitándose al año 1985?",
    ],
)
def test_a_spanish_restriction_phrase_is_the_filter_it_names(folder: Path, request_text: str) -> None:
    path = folder / "fatality.csv"
    frame = pd.read_csv(path)
    intent = read_intent(request_text, path)
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("year", "==", 1985)]
    assert _scalar(reference_table(intent, path)) == pytest.approx(
        frame.loc[frame["year"] == 1985, "unrate"].mean()
    )


def test_keeping_rows_without_only_restricts_nothing(folder: Path) -> None:
    schema = DatasetSchema.from_file(folder / "crime_fr.csv")
    kept = read_language("Densité moyenne en gardant les valeurs manquantes", schema).text
    assert "only" not in kept  # "en gardant" alone keeps rows; it takes none away


def test_a_restriction_word_without_a_condition_never_passes(folder: Path) -> None:
    with pytest.raises(UnmappableRequestError, match="restriction"):
        read_intent("Uniquement : quelle est la densité moyenne ?", folder / "crime_fr.csv")
    with pytest.raises(UnmappableRequestError, match="restriction"):
        read_intent("¿Cuál es solamente la media de unrate?", folder / "fatality.csv")


# -- 2. distinct counts of a column named in the plural -----------------------------------------------------
def test_different_counties_count_the_distinct_values_of_the_accented_column(folder: Path) -> None:
    path = folder / "crime_fr.csv"
    frame = _crime(folder)
    for request, column in (
        ("Combien de comtés différents y a-t-il dans le fichier ?", "Comté"),
        ("Combien de régions distinctes y a-t-il ?", "Région"),
    ):
        intent = read_intent(request, path)
        assert intent.operation == "distinct_count"
        assert _scalar(reference_table(intent, path)) == frame[column].nunique()
    path = folder / "fatality.csv"
    frame = pd.read_csv(path)
    for request, column in (
        ("¿Cuántos estados distintos hay?", "state"),
        ("¿Cuántos años distintos hay?", "year"),  # "años" put in English: "distinct" still before it
        ("Combien d'années différentes y a-t-il ?", "year"),
    ):
        intent = read_intent(request, path)
        assert intent.operation == "distinct_count"
        assert _scalar(reference_table(intent, path)) == frame[column].nunique()


def test_counties_without_a_distinct_word_still_ask_rows_or_distinct(folder: Path) -> None:
    counties = read_intent("Combien de comtés y a-t-il ?", folder / "crime_fr.csv")  # county x year: distinct
    assert _scalar(reference_table(counties, folder / "crime_fr.csv")) == _crime(folder)["Comté"].nunique()
    with pytest.raises(NeedsClarificationError, match="rows or distinct"):  # state-year rows: which count?
        read_intent("¿Cuántos estados tienen un packpc mayor que 120?", folder / "fatality.csv")
    path = folder / "fatality.csv"  # one year kept: each state on one row at most, distinct = rows
    kept = read_intent("¿Cuántos estados tienen un packpc mayor que 120 en 1985?", path)
    frame = pd.read_csv(path)
    want = frame.loc[(frame["packpc"] > 120) & (frame["year"] == 1985), "state"].nunique()
    assert _scalar(reference_table(kept, path)) == want


def test_are_there_is_no_misspelt_value(folder: Path) -> None:
    """'there' is close to the value 'other' of Région, but it is grammar, never a condition."""
    path = folder / "crime_fr.csv"
    intent = read_intent("How many distinct Région are there?", path)
    assert _scalar(reference_table(intent, path)) == _crime(folder)["Région"].nunique()


# -- 3. a description before a bracketed column -------------------------------------------------------------
@pytest.mark.parametrize(
    "request_text",
    [
        "¿Cuál es la tasa de desempleo (unrate) media por año?",
        "¿Cuál es la tasa media de desempleo (unrate) por año?",
        "Quel est le taux de chômage (unrate) moyen par année ?",
        "Quel est le taux moyen de chômage (unrate) par année ?",
    ],
)
def test_a_foreign_description_before_a_bracketed_column_is_its_label(
    folder: Path, request_text: str
) -> None:
    path = folder / "fatality.csv"
    expected = pd.read_csv(path).groupby("year")["unrate"].mean()
    intent = read_intent(request_text, path)
    assert _by_key(reference_table(intent, path)) == pytest.approx({str(y): v for y, v in expected.items()})
    assert any("as the label of (unrate)" in note for note in intent.notes)


def test_a_bracket_that_is_no_single_column_labels_nothing(folder: Path) -> None:
    schema = DatasetSchema.from_file(folder / "fatality.csv")
    translated = read_language("¿Cuál es la tasa de desempleo (unrate y mrall) media por año?", schema)
    assert "tasa" in translated.text  # the words stay, for the word check
    with pytest.raises(UnmappableRequestError):
        read_intent("¿Cuál es la tasa de desempleo (paro) media por año?", folder / "fatality.csv")


def test_a_label_word_that_is_a_form_of_a_value_is_a_condition_not_a_label(folder: Path) -> None:
    """ "de las mujeres" beside the value ``mujer``: never dropped as part of the label."""
    path = folder / "fatality.csv"
    with pytest.raises(UnmappableRequestError, match="tasa"):  # the label stops at the value: asked back
        read_intent("¿Cuál es la tasa de desempleo de las mujeres (unrate) media por año?", path)
    frame = pd.read_csv(path)
    expected = frame[frame["sexo"] == "mujer"].groupby("year")["unrate"].mean()
    intent = read_intent("¿Cuál es la tasa de desempleo (unrate) media de las mujeres por año?", path)
    assert [(f.column, f.value) for f in intent.filters] == [("sexo", "mujer")]
    assert _by_key(reference_table(intent, path)) == pytest.approx({str(y): v for y, v in expected.items()})


# -- 4. valeur / valor, outliers, strict comparisons, a premise ---------------------------------------------
def test_the_maximum_and_minimum_value_in_spanish(folder: Path) -> None:
    path = folder / "fatality.csv"
    frame = pd.read_csv(path)
    intent = read_intent("¿Cuáles son el valor máximo y el mínimo de mrall?", path)
    assert [(m.func, m.column) for m in intent.metrics] == [("max", "mrall"), ("min", "mrall")]
    row = reference_table(intent, path)["rows"][0]
    assert [float(v) for v in row] == pytest.approx([frame["mrall"].max(), frame["mrall"].min()])


def test_french_outliers_by_the_z_rule_count_as_scipy_does(folder: Path) -> None:
    path = folder / "crime_fr.csv"
    values = _crime(folder)["Probabilité d'arrestation"]
    expected = int((((values - values.mean()) / values.std()).abs() > 3).sum())
    request = (
        "Combien de valeurs aberrantes compte la probabilité d'arrestation, une valeur aberrante étant une "
        "valeur avec |z| > 3 ?"
    )
    intent = read_intent(request, path)
    assert intent.operation == "outliers"
    assert intent.columns == ["Probabilité d'arrestation"]
    assert (intent.options["method"], intent.options["threshold"]) == ("zscore", 3.0)
    table = reference_table(intent, path)
    assert expected >= 1
    assert _scalar(table, "outlier_count") == expected


@pytest.mark.parametrize(
    "request_text",
    [
        "combien d'observations ont une probabilité de condamnation strictement supérieure à 1 ?",
        "Une probabilité ne devrait pas dépasser 1 : combien d'observations ont une probabilité de "
        "condamnation strictement supérieure à 1 ?",
        "how many rows have a Probabilité de condamnation strictly greater than 1?",
    ],
)
def test_strictly_above_is_above_and_a_premise_is_context(folder: Path, request_text: str) -> None:
    path = folder / "crime_fr.csv"
    expected = int((_crime(folder)["Probabilité de condamnation"] > 1).sum())
    intent = read_intent(request_text, path)
    assert [(f.op, f.value) for f in intent.filters] == [(">", 1)]
    assert _scalar(reference_table(intent, path)) == expected
    assert any("strictly" in note for note in intent.notes)


def test_an_english_premise_on_english_names_is_context_too(folder: Path) -> None:
    path = folder / "fatality.csv"
    frame = pd.read_csv(path)
    intent = read_intent("Unrate values should never exceed 7: how many rows have an unrate above 7?", path)
    assert _scalar(reference_table(intent, path)) == int((frame["unrate"] > 7).sum())
    assert any("should never exceed 7" in word for word in intent.unused_words)  # said in the reading


def test_a_premise_of_a_sign_needs_the_question_to_check_a_sign(folder: Path) -> None:
    resolver = ColumnResolver(schema=DatasetSchema.from_file(folder / "fatality.csv"))
    kept = "Unrate values must be positive: what is the mean unrate?"
    assert set_aside_premise(kept, resolver) == (kept, None)  # it may mean the positive ones only
    text, premise = set_aside_premise(
        "Unrate values must be positive: how many rows have unrate below 0?", resolver
    )
    assert (text, premise) == ("how many rows have unrate below 0?", "Unrate values must be positive")


def test_a_premise_with_its_own_condition_or_number_is_never_set_aside(folder: Path) -> None:
    path = folder / "crime_fr.csv"
    with pytest.raises(UnmappableRequestError, match="'1'"):  # the question checks 2, not the premise's 1
        read_intent(
            "Une probabilité ne devrait pas dépasser 1 : combien d'observations ont une probabilité de "
            "condamnation supérieure à 2 ?",
            path,
        )
    with pytest.raises(UnmappableRequestError):  # "pour la région west" is a condition, not context
        read_intent(
            "Une probabilité ne devrait pas dépasser 1 pour la région west : combien d'observations ont une "
            "probabilité de condamnation supérieure à 1 ?",
            path,
        )
    with pytest.raises(UnmappableRequestError):  # no modal: a statement of fact, not a rule of the data
        read_intent(
            "La probabilité dépasse 1 : combien d'observations ont une probabilité de condamnation "
            "supérieure à 1 ?",
            path,
        )
