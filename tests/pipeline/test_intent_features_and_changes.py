"""Features defined in words, changes and time (issue 25): a per-row quantity then averaged ("A divided by
B for each car, averaged"), "the combined X of the firms", "which day was the windiest", "Of the rows
under C, what percentage are V", "percentage change of X between two years". Each number is checked
against pandas on a small file written here; near-misses must still ask or refuse.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError

FIRMS = ["GM", "US Steel", "GE", "Chrysler"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("features")
    cars = [
        {
            "Name": f"car{i}",
            "Horsepower": None if i % 9 == 0 else 60 + (i * 37) % 170,
            "Weight_in_lbs": 1600 + (i * 113) % 3400,
            "Origin": ["USA", "Europe", "Japan"][i % 3],
            "MPG Autobahn": 18 + (i * 7) % 22,
            "MPG Stadt": 11 + (i * 5) % 17,
            "Klasse": ["suv", "kompakt", "mittel"][(i * 2) % 3],
        }
        for i in range(40)
    ]
    pd.DataFrame(cars).to_csv(root / "cars.csv", index=False)
    penguins = [
        {
            "species": ["Adelie", "Gentoo", "Chinstrap"][i % 3],
            "bill_length_mm": 32 + (i * 13) % 27 + 0.5,
            "bill_depth_mm": 13 + (i * 7) % 8 + 0.25,
        }
        for i in range(30)
    ]
    pd.DataFrame(penguins).to_csv(root / "penguins.csv", index=False)
    firms = [
        {"firm": f, "year": y, "invest": round(10 + (k * 37 + y * 13) % 97 * 1.5, 1)}
        for k, f in enumerate(FIRMS)
        for y in range(1935, 1955)
    ]
    pd.DataFrame(firms).to_csv(root / "firms.csv", index=False)
    weather = [
        {"date": f"2012-{m:02d}-{d:02d}", "wind": round(1 + ((m * 31 + d) * 7) % 83 / 10, 1), "temp": d % 9}
        for m in range(1, 4)
        for d in range(1, 29)
    ]
    pd.DataFrame(weather).to_csv(root / "weather.csv", index=False)
    hourly = [{"date": f"2012-01-{d:02d}", "wind": float(d % 5 + h)} for d in range(1, 11) for h in range(3)]
    pd.DataFrame(hourly).to_csv(root / "hourly.csv", index=False)
    diamonds = [
        {"cut": ["Ideal", "Good", "Premium"][(i * 5) % 3], "price": 300 + (i * 97) % 2000} for i in range(90)
    ]
    pd.DataFrame(diamonds).to_csv(root / "diamonds.csv", index=False)
    states = [
        {"state": s, "year": y, "rate": round(100 + k * 40 + (y - 1977) * (3 - k) * 1.7, 2)}
        for k, s in enumerate(["California", "Texas", "Ohio"])
        for y in range(1977, 2000)
    ]
    pd.DataFrame(states).to_csv(root / "states.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)


def _scalar(request: str, file: str) -> float:
    intent = read_intent(request, Path(file))
    return float(reference_table(intent, Path(file))["rows"][0][-1])


def _by_key(request: str, file: str) -> dict[str, float]:
    intent = read_intent(request, Path(file))
    table = reference_table(intent, Path(file))
    return {str(row[0]): float(row[-1]) for row in table["rows"]}


@pytest.mark.parametrize(
    "request_text",
    [
        "Horsepower divided by Weight_in_lbs for each car, averaged",
        "Power-to-weight: Horsepower divided by Weight_in_lbs for each car, averaged "
        "(skip cars without Horsepower).",
        "Mean of Horsepower divided by Weight_in_lbs, computed per car.",
        "For each row with Horsepower > 0, compute Horsepower divided by Weight_in_lbs (the power ratio), "
        "then average it over those rows.",
    ],
)
def test_a_per_row_ratio_then_averaged(request_text: str) -> None:
    frame = pd.read_csv("cars.csv")
    expected = (frame["Horsepower"] / frame["Weight_in_lbs"]).mean()
    assert _scalar(request_text, "cars.csv") == pytest.approx(expected)


def test_a_per_row_difference_of_two_word_names_averaged() -> None:
    frame = pd.read_csv("cars.csv")
    expected = (frame["MPG Autobahn"] - frame["MPG Stadt"]).mean()
    assert _scalar("MPG Autobahn minus MPG Stadt, averaged over all cars", "cars.csv") == pytest.approx(
        expected
    )


def test_a_per_row_ratio_averaged_within_groups() -> None:
    frame = pd.read_csv("cars.csv")
    expected = (frame["MPG Autobahn"] / frame["MPG Stadt"]).groupby(frame["Klasse"]).mean()
    got = _by_key("The ratio MPG Autobahn / MPG Stadt for each car, averaged within each Klasse.", "cars.csv")
    assert got == pytest.approx(expected.to_dict())
    penguins = pd.read_csv("penguins.csv")
    expected = (penguins["bill_length_mm"] / penguins["bill_depth_mm"]).groupby(penguins["species"]).mean()
    request = "The ratio of bill_length_mm to bill_depth_mm per penguin, averaged by species."
    assert _by_key(request, "penguins.csv") == pytest.approx(expected.to_dict())


def test_a_ratio_without_its_row_still_asks_or_refuses() -> None:
    # per-row ratio averaged or the ratio of the totals: not said
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):
        read_intent("Horsepower divided by Weight_in_lbs, averaged", Path("cars.csv"))
    # "per Origin" names groups (several rows each), not the rows
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):
        read_intent("Horsepower divided by Weight_in_lbs per Origin, averaged", Path("cars.csv"))


def test_the_combined_measure_of_the_entities_is_their_total() -> None:
    frame = pd.read_csv("firms.csv")
    totals = frame.groupby("year")["invest"].sum()
    intent = read_intent("In which year was the combined invest of the firms highest?", Path("firms.csv"))
    table = reference_table(intent, Path("firms.csv"))
    assert [int(table["rows"][0][0])] == [int(totals.idxmax())]
    assert float(table["rows"][0][-1]) == pytest.approx(totals.max())
    expected = frame[frame["year"] == 1950]["invest"].sum()
    assert _scalar("What was the combined invest of all firms in 1950?", "firms.csv") == pytest.approx(
        expected
    )


def test_the_day_of_a_superlative_made_from_a_column_name() -> None:
    frame = pd.read_csv("weather.csv")
    intent = read_intent("Which day was the windiest?", Path("weather.csv"))
    table = reference_table(intent, Path("weather.csv"))
    header = table["columns"]
    row = table["rows"][0]
    assert str(row[header.index("date")])[:10] == frame.loc[frame["wind"].idxmax(), "date"]
    assert float(row[header.index("wind")]) == pytest.approx(frame["wind"].max())
    with pytest.raises(UnmappableRequestError):  # several rows a day: the day's wind is not named
        read_intent("Which day was the windiest?", Path("hourly.csv"))


def test_the_of_clause_is_the_whole_of_a_share() -> None:
    frame = pd.read_csv("diamonds.csv")
    cheap = frame[frame["price"] < 1000]
    expected = (cheap["cut"] == "Ideal").mean() * 100
    request = "Of the diamonds priced under 1000, what percentage are Ideal cut?"
    assert _scalar(request, "diamonds.csv") == pytest.approx(expected)
    ideal = frame[frame["cut"] == "Ideal"]
    expected = (ideal["price"] < 1000).mean() * 100
    assert _scalar(
        "Of the Ideal diamonds, what percentage cost under 1000?", "diamonds.csv"
    ) == pytest.approx(expected)


def test_percentage_change_of_one_entity_between_two_years() -> None:
    frame = pd.read_csv("states.csv")
    rates = frame[frame["state"] == "California"].set_index("year")["rate"]
    expected = (rates[1999] / rates[1977] - 1) * 100
    intent = read_intent("percentage change of rate of California between 1977 and 1999", Path("states.csv"))
    assert intent.operation == "period_change"
    table = reference_table(intent, Path("states.csv"))
    header = [str(name).lower() for name in table["columns"]]
    percent = next(i for i, name in enumerate(header) if "pct" in name or "percent" in name)
    assert float(table["rows"][0][percent]) == pytest.approx(expected)


def test_rows_removed_where_any_listed_column_is_a_value() -> None:
    frame = pd.read_csv("cars.csv")
    kept = frame[(frame["MPG Stadt"] != 11) & (frame["MPG Autobahn"] != 18)]
    assert len(kept) < len(frame)
    request = "After removing rows where MPG Stadt or MPG Autobahn is 11, what is the average Weight_in_lbs?"
    expected = frame[(frame["MPG Stadt"] != 11) & (frame["MPG Autobahn"] != 11)]["Weight_in_lbs"].mean()
    assert _scalar(request, "cars.csv") == pytest.approx(expected)
    request = "average Weight_in_lbs after dropping cars where MPG Stadt or MPG Autobahn is 18"
    mask = (frame["MPG Stadt"] != 18) & (frame["MPG Autobahn"] != 18)
    assert _scalar(request, "cars.csv") == pytest.approx(frame[mask]["Weight_in_lbs"].mean())
    both = "After removing rows where MPG Stadt and MPG Autobahn are 18, what is the average Weight_in_lbs?"
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):  # both at once: not a list kept
        read_intent(both, Path("cars.csv"))
    gaps = "average Weight_in_lbs after dropping cars where MPG Stadt or Horsepower is 18"
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):  # Horsepower has gaps: not read
        read_intent(gaps, Path("cars.csv"))


DEFINED = "Define bill ratio as bill_length_mm divided by bill_depth_mm. "


@pytest.mark.parametrize(
    ("request_text", "func"),
    [
        (DEFINED + "What is the mean of this ratio?", "mean"),
        (
            "Define ratio per bill as bill_length_mm / bill_depth_mm. Give the mean of this per-bill ratio",
            "mean",
        ),
        ("bill ratio = bill_length_mm / bill_depth_mm. What is the median of the new ratio?", "median"),
    ],
)
def test_a_defined_feature_pointed_at_in_other_words(request_text: str, func: str) -> None:
    frame = pd.read_csv("penguins.csv")
    expected = (frame["bill_length_mm"] / frame["bill_depth_mm"]).agg(func)
    assert _scalar(request_text, "penguins.csv") == pytest.approx(expected)


def test_a_pointing_word_before_another_column_is_not_the_feature() -> None:
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):
        read_intent(DEFINED + "What is the mean of this species?", Path("penguins.csv"))


def test_days_removed_with_zero_of_a_measure() -> None:
    frame = pd.read_csv("weather.csv")
    frame.loc[::4, "temp"] = 0
    frame.to_csv("weather_zero.csv", index=False)
    expected = frame[frame["temp"] != 0]["wind"].median()
    request = "After removing days with zero temp, what is the median wind?"
    assert _scalar(request, "weather_zero.csv") == pytest.approx(expected)
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):  # several rows a day: not rows
        read_intent("After removing days with zero wind, what is the median wind?", Path("hourly.csv"))


def test_a_ranking_word_is_no_superlative_of_a_column_named_like_it() -> None:
    pd.DataFrame(
        [{"date": f"2020-01-{d:02d}", "high": 10 + d % 7, "low": d % 5} for d in range(1, 29)]
    ).to_csv("stock.csv", index=False)
    for request in ("Which day was the lowest?", "Which day was the highest?"):  # of which measure?
        with pytest.raises((NeedsClarificationError, UnmappableRequestError)):
            read_intent(request, Path("stock.csv"))
