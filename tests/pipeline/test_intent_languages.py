"""French, German and Spanish requests, and column names as people write them (languages.py, words.py)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.language.languages import detect_language
from mcpforge.pipeline.intent.words import ColumnResolver, fold, norm, tokenize


def _communes() -> DatasetSchema:
    rng = np.random.default_rng(3)
    n = 300
    frame = pd.DataFrame({
        "Commune": [f"C{i:03d}" for i in range(n)],
        "Région": rng.choice(["Bretagne", "Occitanie", "Normandie"], n),
        "Année": rng.choice([2018, 2019, 2020], n),
        "Population totale": rng.integers(100, 90_000, n),
        "Population active": rng.integers(50, 40_000, n),
        "Part des jeunes (%)": rng.uniform(5, 40, n).round(1),
        "Surface (km²)": rng.uniform(1, 300, n).round(2),
        "Größe": rng.uniform(1, 9, n).round(2),
    })  # fmt: skip
    return DatasetSchema.from_frame(frame, path="communes.csv")


def _autos() -> DatasetSchema:
    rng = np.random.default_rng(5)
    n = 300
    frame = pd.DataFrame({
        "Hersteller": rng.choice(["audi", "vw", "bmw", "seat"], n),
        "Motorgröße (l)": rng.uniform(1, 5, n).round(1),
        "Verbrauch Stadt": rng.uniform(5, 15, n).round(1),
        "Gewicht (kg)": rng.integers(900, 2500, n),
        "Klasse": rng.choice(["kompakt", "suv", "kombi"], n),
    })  # fmt: skip
    return DatasetSchema.from_frame(frame, path="autos.csv")


def _reading(request: str, schema: DatasetSchema) -> dict[str, Any]:
    intent = extract_intent(request, schema)
    return {
        "operation": intent.operation,
        "group_by": intent.group_by,
        "metrics": [(m.func, m.column) for m in intent.metrics],
        "filters": [(f.column, f.op, f.value) for f in intent.filters],
        "top_n": intent.top_n,
    }


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("Größe", "grosse"),
        ("Motorgröße (l)", "motorgrosse l"),
        ("Part des jeunes (%)", "part des jeunes %"),
        ("État", "etat"),
        ("Surface (km²)", "surface km2"),
        ("unit_price", "unit price"),
    ],
)
def test_column_names_are_words_without_accents_or_brackets(name: str, words: str) -> None:
    assert norm(name) == words


def test_requests_are_tokenized_with_accents_folded_not_split() -> None:
    assert tokenize("Größe moyenne par État") == ["grosse", "moyenne", "par", "etat"]
    assert fold("Écart-type") == "ecart-type"


@pytest.mark.parametrize(
    ("phrase", "column"),
    [
        ("Population totale", "Population totale"),
        ("population totale", "Population totale"),
        ("Region", "Région"),
        ("région", "Région"),
        ("Grösse", "Größe"),
        ("Groesse", None),
        ("surface", "Surface (km²)"),
    ],
)
def test_names_match_with_and_without_accents(phrase: str, column: str | None) -> None:
    assert ColumnResolver(schema=_communes()).resolve(phrase, fuzzy=False) == column


def test_a_name_with_a_share_sign_in_brackets_is_matched_whole() -> None:
    tokens = tokenize("mean Part des jeunes (%) by Région")
    assert ColumnResolver(schema=_communes()).match_at(tokens, 1) == ("Part des jeunes (%)", 6)


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("Population totale moyenne par Région", ("fr", "Région", [("mean", "Population totale")])),
        (
            "Somme de la Population active pour chaque Région",
            ("fr", "Région", [("sum", "Population active")]),
        ),
        ("Médiane de Part des jeunes (%) par Région", ("fr", "Région", [("median", "Part des jeunes (%)")])),
        ("Durchschnittliche Motorgröße (l) je Klasse", ("de", "Klasse", [("mean", "Motorgröße (l)")])),
        ("Summe Gewicht (kg) nach Hersteller", ("de", "Hersteller", [("sum", "Gewicht (kg)")])),
        ("Verbrauch Stadt medio por Klasse", ("es", "Klasse", [("mean", "Verbrauch Stadt")])),
    ],
)
def test_grouped_aggregations_are_read_in_french_german_and_spanish(
    request_text: str, expected: tuple[str, str, list[tuple[str, str]]]
) -> None:
    language, group, metrics = expected
    schema = _communes() if language == "fr" else _autos()
    reading = _reading(request_text, schema)
    assert (reading["group_by"], reading["metrics"]) == ([group], metrics)
    assert detect_language(request_text, ColumnResolver(schema=schema)) == language


@pytest.mark.parametrize(
    ("request_text", "filters"),
    [
        (
            "Combien de communes ont une Population totale supérieure à 50 000 ?",
            [("Population totale", ">", 50000)],
        ),
        ("Nombre de lignes où Région = Bretagne", [("Région", "==", "Bretagne")]),
    ],
)
def test_french_counts_with_conditions_are_read(request_text: str, filters: list[Any]) -> None:
    reading = _reading(request_text, _communes())
    assert (reading["metrics"], reading["filters"]) == ([("count", None)], filters)


def test_a_german_count_with_more_than_is_read() -> None:
    reading = _reading("Wie viele Zeilen haben mehr als 2000 Gewicht (kg)?", _autos())
    assert reading["filters"] == [("Gewicht (kg)", ">", 2000)]


def test_a_german_superlative_group_question_is_the_top_group() -> None:
    reading = _reading("Welche Klasse hat den höchsten durchschnittlichen Verbrauch Stadt?", _autos())
    assert (reading["group_by"], reading["metrics"], reading["top_n"]) == (
        ["Klasse"],
        [("mean", "Verbrauch Stadt")],
        1,
    )


def test_the_reading_notes_the_language_it_was_read_from() -> None:
    intent = extract_intent("Population totale moyenne par Région", _communes())
    assert any(note.startswith("read as French") for note in intent.notes)


def test_a_description_before_a_bracketed_name_is_its_label() -> None:
    reading = _reading("Consumo medio (Verbrauch Stadt) por Klasse", _autos())
    assert reading["metrics"] == [("mean", "Verbrauch Stadt")]
    reading = _reading("mean Verbrauch Stadt in Bavaria (Hersteller = bmw)", _autos())
    assert reading["filters"] == [("Hersteller", "==", "bmw")]


@pytest.mark.parametrize(
    "request_text",
    [
        "Taux de chômage moyen par Région",  # no unemployment column: the untranslated word refuses
        "Durchschnittlicher Kraftstoffpreis je Hersteller",
        "Precio medio por Klasse",  # "Precio" names nothing and has no bracketed name after it
    ],
)
def test_an_untranslated_content_word_still_refuses_or_asks(request_text: str) -> None:
    schema = _communes() if "Région" in request_text else _autos()
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        extract_intent(request_text, schema)


@pytest.mark.parametrize(
    "request_text",
    ["mean Population totale by Région", "total Population active per Région", "average Größe by Année"],
)
def test_english_requests_on_foreign_headers_stay_english(request_text: str) -> None:
    assert detect_language(request_text, ColumnResolver(schema=_communes())) == "en"
    assert _reading(request_text, _communes())["metrics"]


@pytest.mark.parametrize(
    ("request_text", "condition"),
    [
        ("Anzahl Zeilen mit Verbrauch Stadt über 7,5", ("Verbrauch Stadt", ">", 7.5)),
        ("Cuántas filas tienen Gewicht (kg) mayor que 1.200?", ("Gewicht (kg)", ">", 1200)),
    ],
)
def test_numbers_are_read_in_the_requests_own_convention(
    request_text: str, condition: tuple[str, str, float]
) -> None:
    assert _reading(request_text, _autos())["filters"] == [condition]


def test_a_column_is_named_by_its_meaning_and_by_its_unit() -> None:
    resolver = ColumnResolver(schema=_autos())
    assert resolver.resolve("stadt verbrauch") == "Verbrauch Stadt"
    assert resolver.resolve("kg") == "Gewicht (kg)"
    assert resolver.resolve("kilograms") == "Gewicht (kg)"
    frame = pd.DataFrame({"price_min": [1.0, 2.0], "price_max": [3.0, 4.0], "temp_max": [5.0, 6.0]})
    resolver = ColumnResolver(schema=DatasetSchema.from_frame(frame))
    assert resolver.resolve("minimum price") == "price_min"
    assert resolver.resolve("maximum temperature") == "temp_max"
    assert resolver.resolve("price") is None  # two columns share the word: no guess
