"""Small words of German, Spanish and French requests (issue 25).

Pronouns and verbs that only ask for the answer ("zeig mir", "dime", "donne-moi") name nothing and change
no number; the sheet named as a place ("en la hoja", "im Blatt", "dans la feuille") is the whole data of a
workbook (over a CSV the same words may be the leaf, so they are refused by name);
comparisons written as phrases ("por encima de", "au-dessus de", "unterhalb von") are > / < on the number
after them; "de mayor a menor", "du plus petit au plus grand", "absteigend" set the order of a ranking.
Counts are checked against pandas on a small frame of our own.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent


@pytest.fixture(scope="module")
def wages(tmp_path_factory: pytest.TempPathFactory) -> Path:
    frame = pd.DataFrame(
        {
            "zona": ["norte", "sur", "norte", "este", "sur", "oeste"] * 4,
            "lohn": [12.5, 30.0, 18.0, 44.0, 7.5, 25.0] * 4,
            "gruppe": list(range(24)),
        }
    )
    path = tmp_path_factory.mktemp("small_words") / "wages.csv"
    frame.to_csv(path, index=False)
    return path


def _read(request: str, path: Path):  # type: ignore[no-untyped-def]
    return extract_intent(request, DatasetSchema.from_file(path))


@pytest.mark.parametrize(
    "request_text",
    [
        "Zeig mir bitte den Durchschnitt von lohn je zona.",
        "Nenn mir den mittleren lohn je zona.",
        "Gib uns den mittleren lohn pro zona.",
        "Dime el lohn medio por zona.",
        "Muéstrame el lohn medio por zona.",
        "Enséñanos el lohn medio por zona.",
        "Donne-moi le lohn moyen par zona.",
        "Montrez-nous le lohn moyen par zona.",
        "Indique-moi le lohn moyen par zona.",
    ],
)
def test_pronouns_and_asking_verbs_change_nothing(wages: Path, request_text: str) -> None:
    intent = _read(request_text, wages)
    assert intent.operation == "group_aggregate"
    assert intent.group_by == ["zona"]
    assert [(m.column, m.func) for m in intent.metrics] == [("lohn", "mean")]
    assert intent.filters == []


@pytest.mark.parametrize(
    "request_text",
    [
        "¿Cuántas zona distintas hay en la hoja?",
        "¿Cuántas zona distintas hay en esta hoja?",
        "Combien de zona distinctes dans la feuille ?",
        "Wie viele verschiedene zona gibt es im Blatt?",
    ],
)
def test_the_sheet_of_a_workbook_named_as_a_place_is_the_whole_data(wages: Path, request_text: str) -> None:
    workbook = wages.with_suffix(".xlsx")
    pd.read_csv(wages).to_excel(workbook, index=False)
    intent = _read(request_text, workbook)
    assert intent.operation == "distinct_count"
    assert intent.columns == ["zona"]
    assert intent.filters == []


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        ("¿Cuántas zona distintas hay en la hoja?", "hoja"),
        ("Combien de zona distinctes dans la feuille ?", "feuille"),
        ("Wie viele verschiedene zona gibt es im Blatt?", "blatt"),
    ],
)
def test_the_sheet_over_a_plain_file_may_be_a_leaf_and_is_refused_by_name(
    wages: Path, request_text: str, word: str
) -> None:
    with pytest.raises(UnmappableRequestError, match=word):
        _read(request_text, wages)


@pytest.mark.parametrize(
    ("request_text", "op", "value"),
    [
        ("¿Cuántos registros tienen un lohn por encima de 20?", ">", 20),
        ("¿Cuántos registros tienen un lohn por encima del 20?", ">", 20),
        ("¿Cuántas filas tienen un lohn por debajo de 15?", "<", 15),
        ("Combien de lignes ont un lohn au-dessus de 20 ?", ">", 20),
        ("Combien de lignes ont un lohn en dessous de 15 ?", "<", 15),
        ("Combien de lignes ont un lohn au-delà de 20 ?", ">", 20),
        ("Wie viele Zeilen haben einen lohn oberhalb von 20?", ">", 20),
        ("Wie viele Zeilen haben einen lohn unterhalb von 15?", "<", 15),
    ],
)
def test_comparison_phrases_compare_the_number_after_them(
    wages: Path, request_text: str, op: str, value: int
) -> None:
    intent = _read(request_text, wages)
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("lohn", op, value)]
    lohn = pd.read_csv(wages)["lohn"]
    expected = int((lohn > value).sum() if op == ">" else (lohn < value).sum())
    assert expected not in {0, len(lohn)}  # the filter must matter on this frame


@pytest.mark.parametrize(
    ("request_text", "descending"),
    [
        ("El lohn medio por zona, de mayor a menor.", True),
        ("El lohn medio por zona, de menor a mayor.", False),
        ("El lohn medio por zona en orden ascendente.", False),
        ("Le lohn moyen par zona, du plus petit au plus grand.", False),
        ("Le lohn moyen par zona, par ordre croissant.", False),
        ("Le lohn moyen par zona, par ordre décroissant.", True),
        ("Der mittlere lohn je zona, aufsteigend.", False),
        ("Der mittlere lohn je zona, absteigend.", True),
        ("Der mittlere lohn je zona, vom niedrigsten zum höchsten.", False),
    ],
)
def test_order_phrases_set_the_order_of_the_ranking(wages: Path, request_text: str, descending: bool) -> None:
    intent = _read(request_text, wages)
    assert intent.group_by == ["zona"]
    assert [(m.column, m.func) for m in intent.metrics] == [("lohn", "mean")]
    assert intent.sort_descending is descending


@pytest.mark.parametrize(
    "request_text",
    [
        "Las dos zona con el lohn medio más alto, de mayor a menor.",
        "Die zwei zona mit dem höchsten mittleren lohn, absteigend.",
        "Les deux zona avec le lohn moyen le plus élevé, du plus grand au plus petit.",
    ],
)
def test_descending_beside_a_top_ranking_keeps_the_top(wages: Path, request_text: str) -> None:
    intent = _read(request_text, wages)
    assert intent.top_n == 2
    assert intent.sort_descending is True


@pytest.mark.parametrize(
    "request_text",
    [
        "Nenn mir die drei häufigsten zona, nach Anzahl der Zeilen absteigend.",
        "Welche sind die drei häufigsten zona?",
    ],
)
def test_german_most_common_ranks_the_values_by_their_rows(wages: Path, request_text: str) -> None:
    intent = _read(request_text, wages)
    assert intent.operation == "group_count"
    assert intent.group_by == ["zona"]
    assert intent.top_n == 3
