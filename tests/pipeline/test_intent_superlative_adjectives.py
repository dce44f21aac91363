"""Issue 25, class 5: superlative adjectives that name a measure and a direction ("the oldest", "the
heaviest", "the fastest", "der älteste", "le plus âgé", "el más joven").

The adjective is read over the one numeric column of its dimension (an age, a weight, a price, a length,
a height, a time or a speed): as the row or group that has the extreme ("who is the youngest runner"),
or as the extreme value itself when the value is asked ("how old is the oldest runner", "the fastest
half time in each year", "the cheapest ride per city"). "fastest" is the lowest of a time and the highest
of a speed; a bare number (an hour of the day, a period called ``time``) is neither. Two columns that fit
are one question; none is a refusal naming the word. Numbers are checked against pandas.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("superlative_adjectives")
    runs = [
        {
            "Date": f"{2019 + k % 2}-0{1 + k % 9}-1{k % 10}",
            "Course": "half" if k % 3 else "full",
            "Prénom": f"R{k}",
            "Âge": 18 + (k * 7) % 53,
            "Ville": ["Lyon", "Nice", "Metz"][k % 3],
            "Sexe": "F" if k % 4 else "M",
            "Temps (minutes)": 80.0 + (k * 13) % 97 + (0 if k % 3 else 120),
            "Dossard": 1000 - k,  # a number larger than any age: max(Dossard) is never the answer
        }
        for k in range(36)
    ]
    pd.DataFrame(runs).to_csv(root / "runners.csv", index=False)
    rides = [
        {
            "rider": f"P{k}",
            "city": ["Oslo", "Bergen"][k % 2],
            "hour": (k * 5) % 24,  # an hour of the day: no speed, no duration
            "speed_kmh": 12.0 + (k * 11) % 23,
            "fare": 3.0 + (k * 3) % 17,
            "bike_weight_kg": 9.0 + (k * 7) % 13,
        }
        for k in range(30)
    ]
    pd.DataFrame(rides).to_csv(root / "rides.csv", index=False)
    trips = [
        {"code": f"T{k}", "duration_min": 5.0 + (k * 7) % 40, "avg_speed_kmh": 10.0 + (k * 3) % 20,
         "time": k % 6}
        for k in range(24)
    ]  # fmt: skip
    pd.DataFrame(trips).to_csv(root / "trips.csv", index=False)
    periods = [{"id": f"I{k}", "time": k % 6, "value": 2.0 * k} for k in range(12)]
    pd.DataFrame(periods).to_csv(root / "periods.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _scalar(table: dict[str, Any]) -> float:
    return float(table["rows"][0][-1])


def _by_key(table: dict[str, Any]) -> dict[str, float]:
    return {str(row[0]): float(row[-1]) for row in table["rows"]}


@pytest.mark.parametrize(
    ("text", "largest"),
    [
        ("How old is the oldest runner?", True),
        ("What is the age of the youngest participant?", False),
        ("Wie alt ist der älteste Teilnehmer?", True),
        ("Quel est l'âge du coureur le plus âgé ?", True),
        ("¿Qué edad tiene el corredor más joven?", False),
        ("youngest and oldest age in the data set?", None),
    ],
)
def test_the_age_of_the_oldest_is_the_maximum_of_the_age_column(
    folder: Path, text: str, largest: bool | None
) -> None:
    path = folder / "runners.csv"
    ages = pd.read_csv(path)["Âge"]
    intent = read_intent(text, path)
    assert intent.operation == "aggregate"
    assert [m.column for m in intent.metrics] == ["Âge"] * len(intent.metrics)
    table = reference_table(intent, path)
    if largest is None:  # both extremes, one answer
        assert [float(v) for v in table["rows"][0]] == [ages.min(), ages.max()]
    else:
        assert _scalar(table) == (ages.max() if largest else ages.min())


def test_the_fastest_time_is_the_lowest_time_in_each_year(folder: Path) -> None:
    path = folder / "runners.csv"
    frame = pd.read_csv(path)
    half = frame[frame["Course"] == "half"]
    expected = half.groupby(half["Date"].str[:4])["Temps (minutes)"].min()
    intent = read_intent("What was the fastest half time in each year?", path)
    got = {key[:4]: value for key, value in _by_key(reference_table(intent, path)).items()}
    assert got == expected.to_dict()
    slowest = read_intent("¿Cuál fue el tiempo más lento?", path)  # "slowest" is no misspelt "lowest"
    assert _scalar(reference_table(slowest, path)) == frame["Temps (minutes)"].max()
    french = read_intent("Quel est le temps le plus rapide ?", path)
    assert _scalar(reference_table(french, path)) == frame["Temps (minutes)"].min()


def test_the_fastest_over_a_speed_is_the_highest_speed(folder: Path) -> None:
    path = folder / "rides.csv"  # an hour column too: "fastest" never reads the hour of the day
    frame = pd.read_csv(path)
    intent = read_intent("the fastest ride per city", path)
    assert [(m.column, m.func) for m in intent.metrics] == [("speed_kmh", "max")]
    assert _by_key(reference_table(intent, path)) == frame.groupby("city")["speed_kmh"].max().to_dict()


def test_the_youngest_row_is_the_row_with_the_lowest_age(folder: Path) -> None:
    path = folder / "runners.csv"
    frame = pd.read_csv(path)
    intent = read_intent("What is the Prénom of the youngest runner?", path)
    assert intent.operation == "top_n_rows"
    assert intent.top_n == 1
    assert not intent.sort_descending
    assert set(intent.columns) == {"Âge", "Prénom"}
    table = reference_table(intent, path)
    assert float(table["rows"][0][table["columns"].index("Âge")]) == frame["Âge"].min()


def test_the_cheapest_and_heaviest_take_the_price_and_weight_columns(folder: Path) -> None:
    path = folder / "rides.csv"
    frame = pd.read_csv(path)
    cheapest = read_intent("the cheapest ride in each city", path)
    assert _by_key(reference_table(cheapest, path)) == frame.groupby("city")["fare"].min().to_dict()
    heavy = read_intent("How heavy is the heaviest bike?", path)
    assert _scalar(reference_table(heavy, path)) == frame["bike_weight_kg"].max()


def test_a_time_and_a_speed_that_both_fit_are_asked(folder: Path) -> None:
    path = folder / "trips.csv"
    with pytest.raises(
        NeedsClarificationError, match="'fastest' ranks by which speed or time column"
    ) as asked:
        read_intent("What was the fastest trip?", path)
    assert "duration_min" in str(asked.value)
    assert "avg_speed_kmh" in str(asked.value)
    assert "'time'" not in str(asked.value)  # a bare period number is no duration
    for answer, descending in (("duration_min", False), ("avg_speed_kmh", True)):
        intent = read_intent("What was the fastest trip?", path, answers={"fastest": answer})
        assert (intent.operation, intent.columns[0], intent.top_n) == ("top_n_rows", answer, 1)
        assert intent.sort_descending is descending  # the shortest time, the highest speed


@pytest.mark.parametrize(
    ("file", "text"),
    [
        ("periods.csv", "What was the fastest period?"),  # ``time`` is a period, not a duration
        ("rides.csv", "How old is the oldest rider?"),  # no age column
        ("periods.csv", "Who is the tallest?"),
    ],
)
def test_no_column_of_the_dimension_is_a_refusal(folder: Path, file: str, text: str) -> None:
    with pytest.raises(UnmappableRequestError) as refused:
        read_intent(text, folder / file)
    assert not refused.value.understood.get("metrics")  # no column taken for the word


def test_a_comparison_and_arithmetic_are_no_superlative(folder: Path) -> None:
    path = folder / "runners.csv"
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        read_intent("¿Cuántos corredores son más jóvenes que 30?", path)  # a bound, not the extreme
    intent = read_intent("Quel est l'âge moyen ?", path)
    assert [(m.column, m.func) for m in intent.metrics] == [("Âge", "mean")]


@pytest.mark.parametrize(
    "text",
    [
        "How old is the youngest woman?",
        "the oldest man",
        "How old is the youngest female runner?",
        "Wie alt ist die jüngste Läuferin?",
        "Quel est l'âge de la coureuse la plus âgée ?",
        "¿Qué edad tiene la corredora más joven?",
    ],
)
def test_a_noun_of_one_sex_is_never_read_as_any_row(folder: Path, text: str) -> None:
    """The youngest woman is not the youngest runner: without a filter on the sex the reading refuses."""
    try:
        intent = read_intent(text, folder / "runners.csv")
    except (UnmappableRequestError, NeedsClarificationError):
        return
    assert any(f.column == "Sexe" for f in intent.filters)


def test_a_number_of_rows_ranks_rows_and_per_group_it_refuses(folder: Path) -> None:
    path = folder / "rides.csv"
    frame = pd.read_csv(path)
    intent = read_intent("the 3 heaviest rides", path)
    assert (intent.operation, intent.top_n, intent.sort_descending) == ("top_n_rows", 3, True)
    table = reference_table(intent, path)
    got = sorted(float(row[table["columns"].index("bike_weight_kg")]) for row in table["rows"])
    assert got == sorted(frame["bike_weight_kg"].nlargest(3).tolist())
    with pytest.raises(UnmappableRequestError, match="first rows of every group"):
        read_intent("the 5 cheapest rides per city", path)  # never the 5 cities ranked by a mean


def test_which_period_had_the_fastest_time_is_not_a_period_ranked_by_a_mean(folder: Path) -> None:
    path = folder / "runners.csv"
    try:
        intent = read_intent("Which year had the fastest time?", path)
    except (UnmappableRequestError, NeedsClarificationError):
        return
    assert all(m.func != "mean" for m in intent.metrics)
