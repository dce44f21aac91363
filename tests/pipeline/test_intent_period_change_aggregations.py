"""The change of an AGGREGATE between two periods (issue 25): "by how much did the median price change from
2017 to 2018", "how did the maximum duration change between 2017 and 2019 per region", "from the first to
the last year", in English, French, Spanish and German, with the year in an integer column or in a date
column. The aggregation is the one the words name — never another one — and a rest of two aggregations, or
of a unit that no column is measured in, is asked or refused, never read as one of them.
The numbers of each aggregation are checked against pandas in tests/catalogue/test_period_change_combines.py.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.reading import reading_sentence

SHOP = pd.DataFrame({
    "year": [2017, 2017, 2017, 2018, 2018, 2018, 2019, 2019],
    "region": ["North", "South", "North", "South", "North", "South", "North", "South"],
    "price": [10.0, 20.0, 30.0, 40.0, 55.0, 60.0, 70.0, 80.0],
    "duration (minutes)": [95.5, 101.0, 99.0, 97.25, 103.0, 100.5, 98.0, 96.0],
})  # fmt: skip


@pytest.fixture(scope="module", params=["year", "date"])
def shop(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> DatasetSchema:
    """The shop's rows with the year as an integer column, or inside a date column."""
    frame = SHOP.copy()
    if request.param == "date":
        dates = [f"{year}-03-0{i + 1}" for i, year in enumerate(SHOP["year"])]
        frame = frame.drop(columns=["year"]).assign(sold_on=dates)
    path = tmp_path_factory.mktemp(request.param) / "shop.csv"
    frame.to_csv(path, index=False)
    return DatasetSchema.from_file(path)


@pytest.mark.parametrize(
    ("request_text", "combine", "column", "keys"),
    [
        ("By how much did the median price change from 2017 to 2018?", "median", "price", []),
        ("What is the difference in mean price between 2017 and 2019?", "mean", "price", []),
        ("How did the maximum duration change between 2017 and 2019 per region?", "max", "duration (minutes)",
         ["region"]),
        ("By how many minutes did the median duration change from 2017 to 2018?", "median",
         "duration (minutes)", []),
        ("How much did total price grow from 2017 to 2018, in percent?", "sum", "price", []),
        ("¿Cuánto cambió la mediana del precio entre 2017 y 2018?", "median", "price", []),
        ("De combien le prix médian a-t-il augmenté entre 2017 et 2018 ?", "median", "price", []),
        ("Um wie viel ist der mittlere Preis von 2017 auf 2018 gestiegen?", "mean", "price", []),
    ],
)  # fmt: skip
def test_the_change_of_the_named_aggregation_between_two_years(
    shop: DatasetSchema, request_text: str, combine: str, column: str, keys: list[str]
) -> None:
    intent = extract_intent(request_text, shop)
    assert intent.operation == "period_change"
    assert intent.columns == [column]
    assert intent.group_by == keys
    assert intent.options["combine"] == combine
    assert intent.time_column in ("year", "sold_on")
    assert (intent.options["start"], intent.options["end"]) in (("2017", "2018"), ("2017", "2019"))


def test_a_filter_of_the_request_restricts_both_periods(shop: DatasetSchema) -> None:
    intent = extract_intent("By how much did the median price in the North change from 2017 to 2018?", shop)
    assert intent.operation == "period_change" and intent.options["combine"] == "median"
    assert [(f.column, f.value) for f in intent.filters] == [("region", "North")]


def test_the_number_of_rows_is_counted_in_each_period(shop: DatasetSchema) -> None:
    intent = extract_intent("How much did the number of rows change from 2017 to 2018?", shop)
    assert intent.operation == "period_change" and intent.options["combine"] == "count"
    assert intent.columns == [intent.time_column]
    assert "the number of rows" in reading_sentence(intent)


def test_the_first_and_the_last_year_are_the_files_own(shop: DatasetSchema) -> None:
    intent = extract_intent("How did the lowest price change from the first to the last year?", shop)
    assert intent.operation == "period_change" and intent.options["combine"] == "min"
    assert (intent.options["start"], intent.options["end"]) == ("2017", "2019")
    assert any("first and the last year read as 2017 and 2019" in note for note in intent.notes)


def test_the_reading_says_which_aggregation_is_compared(shop: DatasetSchema) -> None:
    intent = extract_intent("By how much did the median price change from 2017 to 2018?", shop)
    assert "the median of" in reading_sentence(intent)


def test_two_aggregations_are_never_read_as_one_of_them(shop: DatasetSchema) -> None:
    # Without the one-measure guard the change of the median alone (or of the mean) would be answered.
    with pytest.raises(UnmappableRequestError, match="change"):
        extract_intent("By how much did the median and the mean price change from 2017 to 2018?", shop)


def test_no_aggregation_over_several_rows_a_year_is_never_one_chosen(shop: DatasetSchema) -> None:
    # The integer year surely has several rows a year: asked. A date column's distinct dates do not say:
    # one row per period is read, and the tool stops naming the period when it has several.
    try:
        intent = extract_intent("By how much did the price change from 2017 to 2018?", shop)
    except NeedsClarificationError as asked:
        assert "total or the average" in str(asked)
    else:
        assert intent.options["combine"] == "single" and intent.time_column == "sold_on"


def test_a_unit_no_column_is_measured_in_is_never_dropped(shop: DatasetSchema) -> None:
    with pytest.raises((NeedsClarificationError, UnmappableRequestError), match="dollars"):
        extract_intent("By how many dollars did the median duration change from 2017 to 2018?", shop)


def test_a_spread_is_not_a_measure_the_change_combines(shop: DatasetSchema) -> None:
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):
        extract_intent("By how much did the standard deviation of price change from 2017 to 2018?", shop)


RUNS = """date,race,finish (minutes),age
2017-05-01,10k,50.5,30
2017-06-01,10k,48.0,41
2017-07-01,10k,55.25,35
2017-07-02,marathon,250.0,44
2018-05-01,10k,47.0,29
2018-06-01,10k,52.0,50
2018-07-01,marathon,240.5,38
2018-08-01,marathon,235.0,33
"""


@pytest.mark.parametrize(
    ("request_text", "race", "func"),
    [
        ("By how many minutes did the median 10k time change from 2017 to 2018?", "10k", "median"),
        ("By how many minutes did the fastest marathon time change from 2017 to 2018?", "marathon", "min"),
        ("By how many minutes did the average 10k time change between 2017 and 2018?", "10k", "mean"),
    ],
)
def test_the_unit_of_the_change_names_the_measure_its_time_word_restates(
    tmp_path: Path, request_text: str, race: str, func: str
) -> None:
    # "time" alone names the date column that holds the periods; the change counted "in minutes" is of
    # the one column measured in minutes, and the numbers are pandas'.
    path = tmp_path / "runs.csv"
    path.write_text(RUNS, encoding="utf-8")
    intent = extract_intent(request_text, DatasetSchema.from_file(path))
    assert intent.operation == "period_change" and intent.columns == ["finish (minutes)"]
    assert intent.time_column == "date" and intent.options["combine"] == func
    assert any("'minutes' read as the unit of 'finish (minutes)'" in note for note in intent.notes)
    operation = get_operation("period_change")
    arguments = {**operation.render(intent).arguments, "file_path": str(path)}
    reference = operation.reference(pd.read_csv(path), arguments)
    frame = pd.read_csv(path)
    frame = frame[frame["race"] == race]
    by_year = frame.groupby(frame["date"].str[:4])["finish (minutes)"].agg(func)
    assert reference["change"].iloc[0] == pytest.approx(by_year["2018"] - by_year["2017"])
    assert reference["start_value"].iloc[0] == pytest.approx(by_year["2017"])


def test_a_unit_that_names_no_column_leaves_the_time_word_unread(tmp_path: Path) -> None:
    path = tmp_path / "runs.csv"
    path.write_text(RUNS, encoding="utf-8")
    with pytest.raises((NeedsClarificationError, UnmappableRequestError), match="years"):
        extract_intent(
            "By how many years did the median 10k time change from 2017 to 2018?",
            DatasetSchema.from_file(path),
        )


@pytest.mark.parametrize(
    ("request_text", "combine", "start", "end"),
    [
        ("What is the difference in mean price between North and South?", "mean", "North", "South"),
        ("By how much does the median price differ between the North and the South?", "median", "North",
         "South"),
        ("How did the maximum duration change from South to North?", "max", "South", "North"),
        ("¿Cuál es la diferencia del precio medio entre North y South?", "mean", "North", "South"),
        ("Quelle est la différence de prix moyen entre North et South ?", "mean", "North", "South"),
    ],
)  # fmt: skip
def test_the_difference_between_two_named_groups_is_the_second_minus_the_first(
    shop: DatasetSchema, request_text: str, combine: str, start: str, end: str
) -> None:
    intent = extract_intent(request_text, shop)
    assert intent.operation == "period_change" and intent.time_column == "region"
    assert intent.options == {"grain": "value", "start": start, "end": end, "combine": combine}
    assert not intent.filters and not intent.group_by
    operation = get_operation("period_change")
    frame = SHOP.assign(year=SHOP["year"])
    arguments = {**operation.render(intent).arguments, "file_path": "unused"}
    reference = operation.reference(frame, arguments)
    by_region = SHOP.groupby("region")[intent.columns[0]].agg(combine)
    assert reference["change"].iloc[0] == pytest.approx(by_region[end] - by_region[start])


def test_a_difference_between_groups_without_an_aggregation_is_asked(shop: DatasetSchema) -> None:
    with pytest.raises(NeedsClarificationError, match="total or the average"):
        extract_intent("What is the difference in price between North and South?", shop)


@pytest.mark.parametrize(
    "request_text",
    [
        "Is the difference in mean price between North and South significant?",
        "Is the change in mean price from 2017 to 2018 significant?",
    ],
)
def test_a_difference_a_test_judges_is_never_read_as_a_subtraction(
    shop: DatasetSchema, request_text: str
) -> None:
    # Without the guard the sub-reading leaves "significant" aside and answers a plain difference.
    try:
        intent = extract_intent(request_text, shop)
    except (NeedsClarificationError, UnmappableRequestError):
        return
    assert intent.operation == "statistical_test"


def test_a_column_named_with_a_testing_word_is_still_compared(tmp_path: Path) -> None:
    path = tmp_path / "scores.csv"
    path.write_text("year,school,test score\n2017,A,50\n2017,B,60\n2018,A,55\n2018,B,70\n", encoding="utf-8")
    request = "By how much did the mean test score change from 2017 to 2018?"
    intent = extract_intent(request, DatasetSchema.from_file(path))
    assert intent.operation == "period_change" and intent.columns == ["test score"]


def test_the_reading_of_two_groups_says_which_is_subtracted(shop: DatasetSchema) -> None:
    intent = extract_intent("What is the difference in mean price between North and South?", shop)
    sentence = reading_sentence(intent)
    assert "Difference in the average of `price` between `region` = North and South" in sentence
    assert "South minus North" in sentence


@pytest.mark.parametrize(
    "request_text",
    [
        "How did the number of North rows change from 2017 to 2019?",
        "Step 1: keep the North rows. Step 2: count them per year. Step 3: what is the change in that count "
        "from 2017 to 2019?",
    ],
)
def test_a_count_of_rows_changes_between_two_years(tmp_path: Path, request_text: str) -> None:
    path = tmp_path / "shop.csv"
    SHOP.to_csv(path, index=False)
    intent = extract_intent(request_text, DatasetSchema.from_file(path))
    assert intent.operation == "period_change" and intent.options["combine"] == "count"
    assert intent.columns == ["year"] and not intent.group_by
    assert [(f.column, f.value) for f in intent.filters] == [("region", "North")]
    operation = get_operation("period_change")
    arguments = {**operation.render(intent).arguments, "file_path": str(path)}
    north = SHOP[SHOP["region"] == "North"]
    counts = north.groupby("year").size()
    reference = operation.reference(north, arguments)
    assert reference["change"].iloc[0] == counts[2019] - counts[2017]


def test_the_reading_of_a_count_of_rows_says_rows(shop: DatasetSchema) -> None:
    intent = extract_intent("How much did the number of rows change from 2017 to 2018?", shop)
    assert reading_sentence(intent).startswith("Change in the number of rows from 2017 to 2018")
