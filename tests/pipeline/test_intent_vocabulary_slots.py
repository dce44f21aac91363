"""A word of the reading's vocabulary in a column's place is never "a column the dataset lacks" (issue 25).

Grammar ("did", "those", "des"), analysis and ranking words ("median", "most", "minus"), a method's words
("the z-score rule") and politeness or scope phrases ("por favor", "por separado") that land where a column
name was expected used to refuse the request as naming data the file does not have. They go to the word
accounting instead: used, said back as not used, or refused naming the real reason. A noun the file lacks
("elevation", "airport", "torque", "altura") is still refused as missing data. Numbers are checked
against pandas on small files.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent.vocabulary_slots import vocabulary_word
from mcpforge.pipeline.intent.words import ColumnResolver
from mcpforge.pipeline.schema import DatasetSchema

MISSING = "names columns the dataset does not have"
N = 40


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("vocabulary_slots")
    frames = {
        "shops.csv": pd.DataFrame({
            "shop": [f"S{k % 7}" for k in range(N)],
            "city": [["Lyon", "Graz", "Cork", "Oslo"][k % 4] for k in range(N)],
            "price": [round(10 + (k * 7 % 13) * 1.5 + (k == 5) * 300, 2) for k in range(N)],
            "weight": [round(1 + (k * 5 % 11) * 0.3, 2) for k in range(N)],
            "year": [2010 + k % 3 for k in range(N)],
        }),
        "leute.csv": pd.DataFrame({
            "Alter": [18 + (k * 11) % 40 for k in range(N)],
            "Geschlecht": ["Frau" if k % 3 else "Mann" for k in range(N)],
            "Einkommen": [1000 + 37 * (k * 5 % 17) for k in range(N)],
        }),
        "bevoelkerung.csv": pd.DataFrame({
            "Land": [["Ost", "West", "Nord"][k % 3] for k in range(N)],
            "Bevölkerung (Tausend)": [100 + (k * 13) % 29 for k in range(N)],
            "Einkommen": [1000 + 37 * (k * 5 % 17) for k in range(N)],
        }),
        "poblacion.csv": pd.DataFrame({
            "Estado": [["Norte", "Sur"][k % 2] for k in range(N)],
            "Población (millones)": [round(1 + (k * 7 % 11) * 0.5, 1) for k in range(N)],
        }),
        "personas.csv": pd.DataFrame({
            "Edad": [18 + (k * 7) % 40 for k in range(N)],
            "Sexo": ["mujer" if k % 3 else "hombre" for k in range(N)],
            "Salario": [900 + 37 * (k * 5 % 17) for k in range(N)],
        }),
    }  # fmt: skip
    for name, frame in frames.items():
        frame.to_csv(root / name, index=False)
    return {name: root / name for name in frames}


def _refusal(request: str, path: Path) -> str:
    with pytest.raises(UnmappableRequestError) as refused:
        read_intent(request, path)
    return str(refused.value)


@pytest.mark.parametrize(
    ("request_text", "file"),
    [
        ("By how much did price grow between the shops?", "shops.csv"),  # "did": grammar
        ("mean price by most", "shops.csv"),  # a ranking word
        ("total weight per million", "shops.csv"),  # a magnitude
        ("What is the average top speed per city?", "shops.csv"),  # "top": the noun after it is missing
        ("Median des Alters bei Frauen?", "leute.csv"),  # a German article, in a request read as English
        ("Edad media por sexo, por favor.", "personas.csv"),  # politeness after "por"
        ("Median price over the years", "shops.csv"),  # a span, not a comparison with a missing column
        ("Median von Einkommen über alle Jahre", "leute.csv"),  # "über alle": the same, in German
        ("What is the peak of the smoothed series of price?", "shops.csv"),  # a method's word
        ("Salario medio por sexo, calculado fila por fila", "personas.csv"),  # the rows, in Spanish
        ("mean price per ligne", "shops.csv"),  # the rows, in French
    ],
)
def test_vocabulary_in_a_column_slot_is_never_claimed_as_missing_data(
    files: dict[str, Path], request_text: str, file: str
) -> None:
    try:
        read_intent(request_text, files[file])
    except UnmappableRequestError as refused:
        assert MISSING not in str(refused)


@pytest.mark.parametrize(
    ("request_text", "file", "word"),
    [
        ("average elevation of the shops", "shops.csv", "elevation"),
        ("number of orders per airport", "shops.csv", "airport"),
        ("average torque for each city", "shops.csv", "torque"),
        ("Total profit per city.", "shops.csv", "profit"),
        ("average price by county", "shops.csv", "county"),
        ("Durchschnittliche Körpergröße pro Geschlecht", "leute.csv", "korpergrosse"),
        ("Altura media por sexo", "personas.csv", "altura"),
    ],
)
def test_a_noun_the_file_lacks_is_still_refused_as_missing_data(
    files: dict[str, Path], request_text: str, file: str, word: str
) -> None:
    refusal = _refusal(request_text, files[file])
    assert MISSING in refusal
    assert repr(word) in refusal


def test_over_before_a_number_is_still_a_bound(files: dict[str, Path]) -> None:
    intent = read_intent("How many rows have price over 20?", files["shops.csv"])
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("price", ">", 20)]


def test_distinct_values_of_one_column_count_its_values(files: dict[str, Path]) -> None:
    intent = read_intent("How many distinct values does Geschlecht take?", files["leute.csv"])
    assert intent.operation == "distinct_count"
    assert intent.columns == ["Geschlecht"]
    assert pd.read_csv(files["leute.csv"])["Geschlecht"].nunique() == 2  # what the operation counts


@pytest.mark.parametrize(
    "request_text",
    [
        "How many rows are outliers in price by the z-score rule |z| > 3?",
        "Count the outliers of weight by the IQR rule.",
    ],
)
def test_an_outlier_rule_named_after_by_is_the_method_not_a_group(
    files: dict[str, Path], request_text: str
) -> None:
    intent = read_intent(request_text, files["shops.csv"])
    assert intent.operation == "outliers"
    assert not intent.group_by


def test_separately_after_a_grouping_is_said_back_as_not_used(files: dict[str, Path]) -> None:
    intent = read_intent("Salario medio por sexo, por separado.", files["personas.csv"])
    assert intent.group_by == ["Sexo"]
    assert [(m.column, m.func) for m in intent.metrics] == [("Salario", "mean")]
    assert "separado" in intent.unused_words


@pytest.mark.parametrize(
    ("word", "known"),
    [("did", True), ("those", True), ("median", True), ("minus", True), ("spearman", True), ("des", True),
     ("million", True), ("fila", True), ("smoothed", True),
     ("elevation", False), ("airport", False), ("oldest", False), ("price", False),
     ("sr above years", False)],
)  # fmt: skip
def test_vocabulary_word_knows_grammar_analysis_and_method_words_but_no_data_noun(
    files: dict[str, Path], word: str, known: bool
) -> None:
    resolver = ColumnResolver(schema=DatasetSchema.from_file(files["leute.csv"]))
    assert vocabulary_word(word, f"the {word}", resolver) is known


_UNIT_HEADERS = {"bevoelkerung.csv": "Bevölkerung (Tausend)", "poblacion.csv": "Población (millones)"}


@pytest.mark.parametrize(
    ("request_text", "file", "group"),
    [
        ("Median der Bevölkerung", "bevoelkerung.csv", None),
        ("Durchschnittliche Bevölkerung pro Land", "bevoelkerung.csv", "Land"),
        ("mean population per Land", "bevoelkerung.csv", "Land"),
        ("Población media por estado", "poblacion.csv", "Estado"),
        ("¿Cuál es la población media?", "poblacion.csv", None),
    ],
)
def test_a_header_with_a_unit_in_brackets_is_named_by_its_noun_in_any_language(
    files: dict[str, Path], monkeypatch: pytest.MonkeyPatch, request_text: str, file: str, group: str | None
) -> None:
    monkeypatch.chdir(files[file].parent)  # the reference reads the file as the person gave it
    column = _UNIT_HEADERS[file]
    intent = read_intent(request_text, Path(file))
    assert [m.column for m in intent.metrics] == [column]
    frame = pd.read_csv(files[file])
    table = reference_table(intent, Path(file))
    func = intent.metrics[0].func
    if group is None:
        assert intent.group_by == []
        assert float(table["rows"][0][-1]) == pytest.approx(frame[column].agg(func))
    else:
        assert intent.group_by == [group]
        got = {row[0]: float(row[-1]) for row in table["rows"]}
        assert got == pytest.approx(frame.groupby(group)[column].agg(func).to_dict())


def test_a_population_the_file_lacks_is_still_refused(files: dict[str, Path]) -> None:
    refusal = _refusal("Población media por sexo", files["personas.csv"])
    assert MISSING in refusal and "'population'" in refusal
