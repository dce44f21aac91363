"""Headers in German, French or Spanish named in English words, through a bilingual dictionary (issue 25).

"What is the standard deviation of personal income?" over a French file whose column is ``Revenu
personnel`` was refused ('personal' names no column): the glossary knows "revenu" but not "personnel".
With FreeDict's dictionaries installed, each header word is read as its translations; a run of request
words that fills a header's words one to one names that column, and the reading says so. A rare sense
never names a one-word header alone ("house" is a sense of ``Geschlecht``), English headers are never
translated, and two columns that fit are asked about.

The dictionaries here are small FreeDict files in dictd's format written by the test (the parser reads
the same format as Debian's packages); one test reads the installed ones when they are there.
"""

from __future__ import annotations

import gzip
import json
import os
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.lexicon import freedict, store
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.names import dictionary_names
from mcpforge.runtime import load_csv_data_with_types

# (headword line, translation lines...) per entry; the headword's language is the file name's first part.
DICTIONARIES = {
    "freedict-fra-eng": [
        ("revenu /ipa/ <n, masc>", "income, return"),
        ("personnel /ipa/ <adj>", "own, personal"),
        ("ville /ipa/ <n, fem>", "city, town"),
        ("sexe /ipa/ <n, masc>", "1. sex", "2. penis"),
        ("âge /ipa/ <n, masc>", "age"),
        ("année /ipa/ <n, fem>", "1. year"),
        ("vitesse /ipa/ <n, fem>", "speed, velocity"),
        ("allure /ipa/ <n, fem>", "speed, pace"),
        ("hauteur /ipa/ <n, fem>", "height"),
        ("taille /ipa/ <n, fem>", "height, size"),
        ("familial /ipa/ <adj>", "family"),
        ("poids /ipa/ <n, masc>", "weight"),
        ("courir /ipa/ <v>", "to run"),
        ("sous /ipa/ <prep>", "under, below"),
    ],
    "freedict-deu-eng": [
        ("Geschlecht /ipa/ <neut, n, sg>", " [ling.] gender <n>"),
        ("Geschlecht /ipa/ <neut, n, sg>", "house <n>", "   Synonym: {Familie}"),
        ("Geschlecht /ipa/ <neut, n, sg>", " [soc.] gender <n>"),
        ("Alter /ipa/ <n>", " [ugs.] dude <n>"),
        ("Alter /ipa/ <neut, n, sg>", "age <n>"),
        ("Alter /ipa/ <neut, n, sg>", "ages"),
        ("Gewicht /ipa/ <neut, n, sg>", "weight <n>", '      "Gewicht pro …"  - weight per …'),
        ("Einkommen /ipa/ <neut, n, sg>", " [fin.] income <n>, paycheck <n> [Am.]"),
        ("persönlich /ipa/ <adj>", "personal <adj>pers.,  /ipa/"),
        ("Stadt /ipa/ <fem, n, sg>", "city <n>, town <n>"),
        ("Jahr /ipa/ <neut, n, sg>", "year <n>"),
    ],
    "freedict-eng-fra": [
        ("income /ipa/", "1. produit, recette", "2. rente, revenu"),
        ("personal /ipa/", "1. personnel", "2. propre"),
        ("speed /ipa/", "1. hâte, rapidité", "2. allure, vitesse"),
        ("height /ipa/", "1. altitude, hauteur"),
        ("house /ipa/", "maison"),
        ("city /ipa/", "cité, ville"),
        ("weight /ipa/", "poids"),
        ("age /ipa/", "âge"),
        ("sex /ipa/", "sexe"),
        ("year /ipa/", "an, année"),
        ("gender /ipa/", "genre"),
        ("size /ipa/", "taille"),
        ("under /ipa/", "sous"),
    ],
}

PEOPLE = pd.DataFrame({
    "city": ["Lyon", "Lyon", "Nice", "Nice", "Nice", "Brest"],
    "sex": ["F", "M", "F", "M", "F", "M"],
    "age": [34, 51, 28, 45, 62, 39],
    "personal": [31000.0, 42000.0, 25500.0, 38000.0, 29000.0, 35000.0],
    "family": [52000.0, 61000.0, 40000.0, 70500.0, 45000.0, 58000.0],
    "speed": [11.5, 13.0, 9.5, 12.0, 8.0, 10.5],
})  # fmt: skip
HEADERS = {
    "fr": ["Ville", "Sexe", "Âge", "Revenu personnel", "Revenu familial", "Vitesse"],
    "de": ["Stadt", "Geschlecht", "Alter", "Persönliches Einkommen", "Gesamtes Familieneinkommen", "Tempo"],
    "en": ["City", "Sex", "Age", "Personal income", "Family income", "Speed"],
}


def write_dictionary(folder: Path, name: str, entries: list[tuple[str, ...]]) -> None:
    """A dictd dictionary as FreeDict ships it: the entries' text gzip-packed, an index of offsets."""
    text, index = b"", []
    for entry in entries:
        body = ("\n".join(entry) + "\n").encode()
        headword = entry[0].split(" /")[0]
        index.append(f"{headword}\t{_b64(len(text))}\t{_b64(len(body))}\n")
        text += body
    (folder / f"{name}.index").write_text("".join(sorted(index)), encoding="utf-8")
    with gzip.open(folder / f"{name}.dict.dz", "wb") as packed:
        packed.write(text)


def _b64(number: int) -> str:
    digits = ""
    while True:
        digits = freedict._DIGITS[number % 64] + digits
        number //= 64
        if not number:
            return digits


def _forget() -> None:
    for cached in (store._connection, store.glosses, store.languages_of):
        cached.cache_clear()
    dictionary_names.dictionary_keys.cache_clear()
    dictionary_names.header_language.cache_clear()


@pytest.fixture
def lexicon(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The test's small dictionaries, and a lexicon built from them in the test's folder."""
    dictionaries = tmp_path / "dictd"
    dictionaries.mkdir()
    for name, entries in DICTIONARIES.items():
        write_dictionary(dictionaries, name, entries)
    monkeypatch.setenv("MCPFORGE_DICT_DIR", str(dictionaries))
    monkeypatch.setenv("MCPFORGE_LEXICON_DIR", str(tmp_path / "lexicon"))
    _forget()
    yield dictionaries
    _forget()


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for language, names in HEADERS.items():
        PEOPLE.set_axis(names, axis=1).to_csv(tmp_path / f"{language}.csv", index=False)
    monkeypatch.chdir(tmp_path)  # the reference loader reads only under the working directory
    return tmp_path


def _answer(request: str, language: str) -> tuple[list[list[object]], list[str]]:
    path = Path(f"{language}.csv")
    intent = extract_intent(request, DatasetSchema.from_file(path))
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    table = frame_to_table(operation.reference(load_csv_data_with_types(str(path)), rendered.arguments))
    return table["rows"], intent.notes


# -- the dictionaries as read


def test_translations_leave_out_tags_numbers_verbs_and_colloquial_senses(lexicon: Path) -> None:
    read = dict(freedict.entries(lexicon / "freedict-deu-eng"))  # the last entry of a headword wins here
    assert read["Einkommen"] == ["income", "paycheck"]
    assert read["persönlich"] == ["personal"]
    assert read["Gewicht"] == ["weight"]  # the example line is not a translation
    every = {(head, tuple(found)) for head, found in freedict.entries(lexicon / "freedict-deu-eng")}
    assert ("Alter", ()) in every  # "[ugs.] dude" is no sense a header has
    french = dict(freedict.entries(lexicon / "freedict-fra-eng"))
    assert french["sexe"] == ["sex", "penis"]  # "1. sex" / "2. penis"
    assert french["courir"] == [] and french["sous"] == []  # a verb or a preposition names no column


def test_a_word_of_grammar_has_no_sense_from_either_side(lexicon: Path) -> None:
    assert store.glosses("fr", "sous") == {}  # "under" → "sous" of the English side is dropped too
    assert store.glosses("fr", "taille") == {"height": 2, "size": 3}  # both sides say size


def test_the_usual_sense_scores_higher_than_a_rare_one(lexicon: Path) -> None:
    found = store.glosses("de", "geschlecht")
    assert found["gender"] > found["house"]
    assert store.glosses("fr", "revenu")["income"] == 3  # the French entry (2) and the English one (1)
    assert store.languages_of("income") == frozenset({"en"})


def test_the_lexicon_is_built_once_and_rebuilt_for_other_dictionaries(lexicon: Path) -> None:
    first = store.lexicon_path()
    assert first is not None and store.available() and first.exists()
    inode = first.stat().st_ino
    _forget()
    assert store.available() and first.stat().st_ino == inode  # opened, not built again
    write_dictionary(lexicon, "freedict-spa-eng", [("altura /ipa/", "height")])
    assert store.lexicon_path() != first
    _forget()
    assert store.glosses("es", "altura") == {"height": 2}
    with sqlite3.connect(first) as db:  # the older one was left whole, never half-rewritten
        assert db.execute("SELECT count(*) FROM glosses").fetchone()[0] > 0
    week_old = time.time() - 8 * 24 * 3600
    os.utime(first, (week_old, week_old))
    write_dictionary(lexicon, "freedict-spa-eng", [("altura /ipa/", "height, altitude")])
    _forget()
    assert store.available() and not first.exists()  # unused for a week: removed by the next build


def test_no_dictionary_means_no_lexicon(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MCPFORGE_DICT_DIR", str(tmp_path / "none"))
    _forget()
    try:
        assert store.lexicon_path() is None and not store.available()
        assert dictionary_names.header_language(tuple(HEADERS["fr"])) is None
    finally:
        _forget()


# -- requests


def test_english_words_name_french_headers_and_the_numbers_are_pandas(lexicon: Path, data: Path) -> None:
    rows, notes = _answer("What is the standard deviation of personal income?", "fr")
    assert rows[0][-1] == pytest.approx(PEOPLE["personal"].std())
    assert any("'personal income' read as the column 'Revenu personnel'" in note for note in notes)
    rows, _ = _answer("mean family income per city", "fr")
    assert {row[0]: row[-1] for row in rows} == pytest.approx(
        PEOPLE.groupby("city")["family"].mean().to_dict()
    )


def test_one_english_word_names_a_one_word_header_by_its_usual_sense(lexicon: Path, data: Path) -> None:
    rows, notes = _answer("What is the median speed?", "fr")
    assert rows[0][-1] == pytest.approx(PEOPLE["speed"].median())
    assert any("'speed' read as the column 'Vitesse'" in note for note in notes)


def test_german_inflection_and_a_leading_total_left_unsaid(lexicon: Path, data: Path) -> None:
    rows, _ = _answer("average personal income", "de")
    assert rows[0][-1] == pytest.approx(PEOPLE["personal"].mean())
    rows, notes = _answer("What is the highest family income?", "de")  # Gesamtes Familieneinkommen
    assert rows[0][-1] == pytest.approx(PEOPLE["family"].max())
    assert any("'Gesamtes Familieneinkommen'" in note for note in notes)


def test_a_rare_sense_never_names_a_column_alone(lexicon: Path, data: Path) -> None:
    schema = DatasetSchema.from_file(data / "de.csv")
    with pytest.raises(UnmappableRequestError, match="house"):
        extract_intent("number of rows per house", schema)  # "house" is a rare sense of Geschlecht
    intent = extract_intent("number of rows per gender", schema)
    assert intent.group_by == ["Geschlecht"]


def test_english_headers_are_never_translated(lexicon: Path, data: Path) -> None:
    assert dictionary_names.header_language(tuple(HEADERS["en"])) is None
    assert dictionary_names.header_language(tuple(HEADERS["fr"])) == "fr"
    assert dictionary_names.header_language(tuple(HEADERS["de"])) == "de"


def test_two_headers_that_fit_are_asked_about(lexicon: Path, tmp_path: Path) -> None:
    frame = pd.DataFrame(
        {"Ville": ["a", "b"], "Vitesse": [1.0, 2.0], "Allure": [3.0, 4.0], "Poids": [5.0, 6.0]}
    )
    frame.to_csv(tmp_path / "two.csv", index=False)
    with pytest.raises(NeedsClarificationError, match="Vitesse") as asked:
        extract_intent("mean speed per city", DatasetSchema.from_file(tmp_path / "two.csv"))
    assert "Allure" in str(asked.value)


def test_without_dictionaries_the_reading_is_what_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    PEOPLE.set_axis(HEADERS["fr"], axis=1).to_csv(tmp_path / "fr.csv", index=False)
    monkeypatch.setenv("MCPFORGE_DICT_DIR", str(tmp_path / "none"))
    _forget()
    try:
        with pytest.raises(UnmappableRequestError, match="personal"):
            extract_intent(
                "What is the standard deviation of personal income?",
                DatasetSchema.from_file(tmp_path / "fr.csv"),
            )
    finally:
        _forget()


@pytest.mark.skipif(
    not Path(freedict.DICTIONARY_DIR, "freedict-spa-eng.index").is_file()
    or "MCPFORGE_DICT_DIR" in os.environ,
    reason="Debian's dict-freedict-spa-eng is not installed (scripts/install-system-deps.sh installs it)",
)
def test_the_installed_dictionaries_read_spanish_headers(tmp_path: Path) -> None:
    frame = pd.DataFrame(
        {"Especie": ["a", "b", "a"], "Altura": [100.0, 250.0, 40.0], "Velocidad": [80.0, 120.0, 95.0]}
    )
    frame.to_csv(tmp_path / "aves.csv", index=False)
    _forget()
    try:
        intent = extract_intent(
            "average speed for each Especie", DatasetSchema.from_file(tmp_path / "aves.csv")
        )
        assert [m.column for m in intent.metrics] == ["Velocidad"]
    finally:
        _forget()


def test_a_header_named_by_part_of_its_words(
    lexicon: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    PEOPLE.set_axis(HEADERS["fr"], axis=1).drop(columns="Revenu familial").to_csv(
        tmp_path / "one.csv", index=False
    )
    monkeypatch.chdir(tmp_path)
    rows, notes = _answer("mean income per city", "one")
    assert {row[0]: row[-1] for row in rows} == pytest.approx(
        PEOPLE.groupby("city")["personal"].mean().to_dict()
    )
    assert any("'income' read as the column 'Revenu personnel'" in note for note in notes)


def test_part_of_two_headers_is_asked_and_a_count_is_never_a_part(lexicon: Path, data: Path) -> None:
    schema = DatasetSchema.from_file(data / "fr.csv")
    with pytest.raises(NeedsClarificationError, match="Revenu familial"):
        extract_intent("mean income per city", schema)
    intent = extract_intent("number of rows per city", schema)  # "number" names no header by a part
    assert intent.group_by == ["Ville"]
    assert intent.operation == "group_count" and not intent.columns


def test_a_part_must_hold_the_header_head_noun(lexicon: Path, tmp_path: Path) -> None:
    """ "car" is a part of ``Fahrzeugklasse`` (vehicle + class) but not its head: "for each car" is per
    row, never per class (it made a right answer of the dev set a refusal before the head rule)."""
    frame = pd.DataFrame({"Fahrzeugklasse": ["suv", "compact"], "Gewicht": [2.0, 1.2], "Stadt": ["a", "b"]})
    frame.to_csv(tmp_path / "autos.csv", index=False)
    schema = DatasetSchema.from_file(tmp_path / "autos.csv")
    try:
        intent = extract_intent("mean Gewicht for each car", schema)
    except (UnmappableRequestError, NeedsClarificationError):
        return
    assert "Fahrzeugklasse" not in intent.group_by


def test_a_german_name_said_with_other_endings_and_as_one_compound(lexicon: Path, data: Path) -> None:
    """ "des persönlichen Gesamteinkommens" names ``Gesamtes persönliches Einkommen``: the adjective with
    another ending, the total and the income said as one compound word (both words inflected)."""
    frame = PEOPLE.set_axis(HEADERS["de"], axis=1).rename(
        columns={"Persönliches Einkommen": "Gesamtes persönliches Einkommen"}
    )
    frame.to_csv(data / "de2.csv", index=False)
    rows, notes = _answer("Median des persönlichen Gesamteinkommens je Stadt", "de2")
    assert {row[0]: row[-1] for row in rows} == pytest.approx(
        PEOPLE.groupby("city")["personal"].median().to_dict()
    )
    assert any("'persönlichen Gesamteinkommens' read as the column" in note for note in notes)


def test_a_method_in_brackets_after_the_name_does_not_stop_it(lexicon: Path, data: Path) -> None:
    """A bracket after the words may give the column's own name ("Ventas totales (sales)"); "(Pearson)"
    names the method, and the words before it still name ``Revenu personnel``."""
    intent = extract_intent(
        "Correlate age with personal income (Pearson), 3 decimals.", DatasetSchema.from_file(data / "fr.csv")
    )
    assert intent.operation == "correlation"
    assert set(intent.columns) == {"Âge", "Revenu personnel"}


def test_doctor_says_whether_the_lexicon_is_there(lexicon: Path, tmp_path: Path) -> None:
    registry = tmp_path / "registry"
    env = {**os.environ, "MCPFORGE_DICT_DIR": str(lexicon), "MCPFORGE_LEXICON_DIR": str(tmp_path / "lexicon")}
    mcpforge = [sys.executable, "-m", "mcpforge"]
    subprocess.run([*mcpforge, "init", "--registry", str(registry)], env=env, check=True, capture_output=True)
    doctor = [*mcpforge, "doctor", "--registry", str(registry)]
    said = json.loads(
        subprocess.run([*doctor, "--json"], env=env, capture_output=True, text=True, check=False).stdout
    )
    assert said["lexicon"]["languages"] == ["de", "fr"] and said["lexicon"]["built"] is False
    env["MCPFORGE_DICT_DIR"] = str(tmp_path / "none")
    text = subprocess.run(doctor, env=env, capture_output=True, text=True, check=False).stdout
    assert "lexicon: no FreeDict dictionaries" in text and "apt-get install dict-freedict-deu-eng" in text


def test_a_damaged_lexicon_or_a_cache_it_cannot_write_reads_as_without_one(
    lexicon: Path, data: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lexicon that cannot be built (a cache folder it may not write) or read (a damaged file) is not
    used: the request is read as without dictionaries, never failed for it."""
    schema = DatasetSchema.from_file(data / "fr.csv")
    request = "What is the standard deviation of personal income?"
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file where the lexicon's folder should be")
    monkeypatch.setenv("MCPFORGE_LEXICON_DIR", str(blocked / "lexicon"))
    _forget()
    assert not store.available()
    with pytest.raises(UnmappableRequestError, match="personal"):
        extract_intent(request, schema)
    monkeypatch.setenv("MCPFORGE_LEXICON_DIR", str(tmp_path / "damaged"))
    _forget()
    path = store.lexicon_path()
    assert path is not None
    path.parent.mkdir()
    path.write_bytes(b"not a database" * 100)
    assert not store.available()
    with pytest.raises(UnmappableRequestError, match="personal"):
        extract_intent(request, schema)
    assert list(path.parent.glob("*.partial")) == []
