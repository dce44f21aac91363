# ruff: noqa: E501 - one request per entry reads better than wrapped strings
"""Words that say again what the reading computes pass and are named as not used; content words still refuse.

Two invented files: weather stations (one row per station and year) and incidents (one row per incident).
Each class of restating word (language/restating_words.py) is tried in several phrasings; each has its
negative beside it, a request where the same word would change the numbers and must still refuse.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, DatasetSchema]:
    folder = tmp_path_factory.mktemp("restating")
    n = 60
    stations = pd.DataFrame({
        "station": [f"S{i % 6}" for i in range(n)],
        "region": ["north", "south", "coast"] * (n // 3),
        "year": [2010 + i % 4 for i in range(n)],
        "temp": [10 + (i * 7) % 11 for i in range(n)],
        "rainfall": [400.0 if i == 7 else float(20 + (i * 13) % 50) for i in range(n)],
    })  # fmt: skip
    incidents = pd.DataFrame({
        "district": ["east", "west", "central"] * 20,
        "kind": ["fire", "flood", "theft", "fire"] * 15,
        "year": [2018 + i % 3 for i in range(60)],
        "damage": [(i * 13) % 97 for i in range(60)],
    })  # fmt: skip
    stations.to_csv(folder / "stations.csv", index=False)
    incidents.to_csv(folder / "incidents.csv", index=False)
    return {
        "stations": DatasetSchema.from_file(folder / "stations.csv"),
        "incidents": DatasetSchema.from_file(folder / "incidents.csv"),
    }


def _read(files: dict[str, DatasetSchema], name: str, request: str) -> Intent:
    return extract_intent(request, files[name])


def _refused(files: dict[str, DatasetSchema], name: str, request: str) -> str:
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)) as caught:
        extract_intent(request, files[name])
    return str(caught.value)


# -- a verb of variation beside a dispersion the reading measures --------------------------------------


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        (
            "For each region, compute the standard deviation of rainfall; report the region where rainfall varied the most.",
            "varied",
        ),
        ("Standard deviation of temp per station: where does temp vary the most?", "vary"),
        ("Variance of rainfall by region - which region's rainfall fluctuates the most?", "fluctuates"),
        ("Für jede region die Standardabweichung von rainfall: wo schwankt rainfall am meisten?", "schwankt"),
        ("Écart-type de rainfall par region : où rainfall varie-t-il le plus ?", "varie-t-il"),
    ],
)
def test_a_verb_of_variation_beside_a_standard_deviation_is_named_not_used(
    files: dict[str, DatasetSchema], request_text: str, word: str
) -> None:
    intent = _read(files, "stations", request_text)
    assert intent.metrics[0].func in {"std", "var"}
    assert word in intent.unused_words


@pytest.mark.parametrize(
    "request_text",
    [
        "For each region, compute the mean rainfall; report the region where rainfall varied the most.",
        "Which region's rainfall varies the most?",  # a mean ranked: the variation is never computed
        "Which region's rainfall varied the most?",
        "Total rainfall by region: which region's rainfall fluctuated the most?",
        "Mittlere rainfall je region: wo schwankt rainfall am meisten?",
    ],
)
def test_a_verb_of_variation_beside_a_mean_or_total_still_refuses(
    files: dict[str, DatasetSchema], request_text: str
) -> None:
    message = _refused(files, "stations", request_text)
    assert any(word in message for word in ("varied", "varies", "fluctuated", "schwankt"))


# -- a participle of recording before the noun of what is counted ----------------------------------------


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        ("Top 2 districts by number of reported incidents", "reported"),
        ("How many recorded incidents are there per district?", "recorded"),
        ("Count the documented incidents by kind", "documented"),
    ],
)
def test_a_recording_participle_before_the_counted_rows_is_named_not_used(
    files: dict[str, DatasetSchema], request_text: str, word: str
) -> None:
    intent = _read(files, "incidents", request_text)
    assert intent.operation == "group_count"
    assert word in intent.unused_words


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        ("How many registered incidents are there per district?", "registered"),  # may pick rows
        ("How many confirmed incidents are there per district?", "confirmed"),
        ("How many listed incidents are there per district?", "listed"),
        ("Mean damage of the reported incidents", "reported"),  # not a count of the rows
    ],
)
def test_other_participles_before_the_rows_still_refuse(
    files: dict[str, DatasetSchema], request_text: str, word: str
) -> None:
    assert word in _refused(files, "incidents", request_text)


# -- an acronym of words the request spells out ----------------------------------------------------------


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        ("Mean annual rainfall (MAR) per region, where MAR is the rainfall column", "mar"),
        ("Average temp per region; call it the regional temperature average (RTA).", "rta"),
    ],
)
def test_an_acronym_spelled_out_in_the_request_is_not_a_stranger(
    files: dict[str, DatasetSchema], request_text: str, word: str
) -> None:
    intent = _read(files, "stations", request_text)
    assert intent.operation == "group_aggregate"
    assert word in intent.unused_words


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        ("Mean rainfall of the NYC stations", "nyc"),  # capitals, but spelled out nowhere
        ("Mean rainfall per region for the wet season (mar)", "mar"),  # not written as an acronym
    ],
)
def test_capitals_not_spelled_out_still_refuse(
    files: dict[str, DatasetSchema], request_text: str, word: str
) -> None:
    assert word in _refused(files, "stations", request_text).lower()


# -- content words in the same places still refuse -------------------------------------------------------


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        ("Mean rainfall of the Nordic stations, separately per region", "nordic"),
        ("How many reported arson incidents are there per district?", "arson"),
        ("Number of suspicious-person incidents per district", "suspicious-person"),
        ("Average damage of married incidents, for each district separately", "married"),
    ],
)
def test_a_content_word_beside_a_restating_one_still_refuses(
    files: dict[str, DatasetSchema], request_text: str, word: str
) -> None:
    name = "stations" if "rainfall" in request_text else "incidents"
    assert word in _refused(files, name, request_text)


def test_a_restating_word_that_is_data_in_the_file_is_used_or_refused(tmp_path: Path) -> None:
    """In a file whose status column holds "reported" and "unreported", "reported incidents" picks rows."""
    frame = pd.DataFrame({
        "district": ["east", "west"] * 10,
        "status": ["reported", "unreported", "reported", "reported"] * 5,
    })  # fmt: skip
    frame.to_csv(tmp_path / "cases.csv", index=False)
    schema = DatasetSchema.from_file(tmp_path / "cases.csv")
    try:
        intent = extract_intent("How many reported incidents are there per district?", schema)
    except (UnmappableRequestError, NeedsClarificationError):
        return
    assert "reported" not in intent.unused_words
    assert any(f.column == "status" for f in intent.filters)
