"""Time the way people write it, in English, French, Spanish and German: a change between two years asked
with the words of those languages ("de combien ... a-t-il augmenté entre 1965 et 1975", "variación
porcentual ... entre 1977 y 1999", "um wie viel ist ... zwischen 1990 und 2000 gestiegen") reads as the
change between the two periods, on small panels written here (entity by year); the tool's numbers are
pandas' numbers. Near-misses stay what they were: a coefficient of variation, a change word without two
years.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from mcpforge.catalogue import frame_to_table, get_operation, tables_match
from mcpforge.config import SandboxConfig
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.reading import reading_sentence
from mcpforge.runtime import configure, load_csv_data_with_types, reset_configuration
from mcpforge.sandbox import ToolCall, call_tool_batch, get_sandbox

PANEL = pd.DataFrame({
    "Pays": ["FRANCE"] * 3 + ["JAPON"] * 3 + ["ESPAGNE"] * 3,
    "Année": [1965, 1970, 1975] * 3,
    "Revenu réel": [2.10, 2.45, 2.80, 1.20, 1.90, 2.30, 1.50, 1.70, 2.05],
})  # fmt: skip
WAGES = pd.DataFrame({
    "Año": [1976, 1976, 1976, 1982, 1982, 1982],
    "Estado": ["Texas", "Ohio", "Utah", "Texas", "Ohio", "Utah"],
    "Tasa de paro": [5.0, 6.0, 4.0, 7.5, 9.0, 5.5],
})  # fmt: skip


@pytest.fixture
def folder(tmp_path: Path) -> Any:
    PANEL.to_csv(tmp_path / "panel.csv", index=False)
    WAGES.to_csv(tmp_path / "paro.csv", index=False)
    configure(allowed_read_paths=[str(tmp_path)])
    yield tmp_path
    reset_configuration()


def _read(request: str, path: Path) -> Intent:
    intent = extract_intent(request, DatasetSchema.from_file(path))
    assert intent.operation == "period_change", reading_sentence(intent)
    return intent


def _table(intent: Intent, path: Path, sandbox_config: SandboxConfig) -> dict[str, Any]:
    """The rendered tool's answer in the sandbox (checked against the reference on the same file)."""
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    arguments = {**rendered.arguments, "file_path": str(path)}
    batch = call_tool_batch(
        get_sandbox(sandbox_config),
        rendered.source,
        [ToolCall(arguments=arguments, call_id="0")],
        read_paths=[path.parent],
        function_name=rendered.function_name,
    )
    assert batch.load_error is None and batch.failure is None, (batch.load_error, batch.failure)
    outcome = batch.outcomes[0]
    assert outcome.ok and outcome.structured is not None, outcome.error
    reference = frame_to_table(operation.reference(load_csv_data_with_types(str(path)), arguments))
    assert tables_match(outcome.structured["result"], reference)
    result: dict[str, Any] = outcome.structured["result"]
    return result


@pytest.mark.parametrize(
    "request_text",
    [
        "Pour le Japon (JAPON), de combien le revenu réel a-t-il augmenté entre 1965 et 1975 ?",
        "De combien le revenu réel de JAPON a-t-il progressé de 1965 à 1975 ?",
        "¿Cuánto cambió el revenu réel de JAPON entre 1965 y 1975?",
        "Variación porcentual del revenu réel de JAPON entre 1965 y 1975",
        "Um wie viel ist Revenu réel für JAPON zwischen 1965 und 1975 gestiegen?",
        "By how much did JAPON's Revenu réel change from 1965 to 1975?",
    ],
)
def test_a_change_for_one_entity_between_two_years_is_the_change_in_each_language(
    folder: Path, request_text: str, sandbox_config: SandboxConfig
) -> None:
    intent = _read(request_text, folder / "panel.csv")
    assert intent.columns == ["Revenu réel"] and intent.time_column == "Année"
    assert [(f.column, f.value) for f in intent.filters] == [("Pays", "JAPON")]
    assert (intent.options["start"], intent.options["end"], intent.options["combine"]) == (
        "1965",
        "1975",
        "single",
    )
    if request_text.startswith("Pour"):  # one run of the tool is enough for the class
        japan = PANEL[PANEL["Pays"] == "JAPON"].set_index("Année")["Revenu réel"]
        start, end = japan[1965], japan[1975]
        table = _table(intent, folder / "panel.csv", sandbox_config)
        assert table["rows"][0] == pytest.approx([start, end, end - start, (end - start) / start * 100])


def test_a_change_per_entity_said_in_french_is_one_change_per_entity(folder: Path) -> None:
    for request_text in (
        "Pour chaque Pays, variation du revenu réel entre 1965 et 1975",
        "Pour chaque Pays, de combien le revenu réel a-t-il baissé de 1965 à 1975 ?",
    ):
        intent = _read(request_text, folder / "panel.csv")
        assert intent.group_by == ["Pays"] and intent.columns == ["Revenu réel"], request_text


def test_the_change_of_an_average_said_in_french_compares_the_two_years_averages(
    folder: Path, sandbox_config: SandboxConfig
) -> None:
    intent = _read(
        "De combien la tasa de paro moyenne a-t-elle progressé entre 1976 et 1982 ?", folder / "paro.csv"
    )
    assert intent.options["combine"] == "mean" and intent.columns == ["Tasa de paro"]
    means = WAGES.groupby("Año")["Tasa de paro"].mean()
    table = _table(intent, folder / "paro.csv", sandbox_config)
    assert table["rows"][0][2] == pytest.approx(means[1982] - means[1976])


@pytest.mark.parametrize(
    ("request_text", "digits"),
    [
        ("Variación porcentual de la tasa de paro de Texas entre 1976 y 1982, redondeada a 1 decimal.", 1),
        ("Variación porcentual de la tasa de paro de Texas entre 1976 y 1982, redondeada a 2 decimales.", 2),
        (
            "By what percentage did Texas's Tasa de paro grow from 1976 to 1982? Round it to 3 decimals.",
            3,
        ),
    ],
)
def test_the_rounding_asked_with_a_change_is_kept(folder: Path, request_text: str, digits: int) -> None:
    intent = _read(request_text, folder / "paro.csv")
    assert intent.method.round_digits == digits
    assert [(f.column, f.value) for f in intent.filters] == [("Estado", "Texas")]


def test_a_coefficient_of_variation_between_two_years_is_no_change(folder: Path) -> None:
    intent = extract_intent(
        "coefficient de variation du revenu réel entre 1965 et 1975",
        DatasetSchema.from_file(folder / "panel.csv"),
    )
    assert intent.operation != "period_change"
    assert [m.func for m in intent.metrics] == ["cv"]


@pytest.mark.parametrize(
    "request_text",
    [
        "De combien le revenu réel a-t-il augmenté ?",  # no two years
        "¿Cuánto aumentó el revenu réel en 1975?",  # one year only
    ],
)
def test_a_change_word_without_two_years_is_not_read_as_a_change(folder: Path, request_text: str) -> None:
    schema = DatasetSchema.from_file(folder / "panel.csv")
    try:
        intent = extract_intent(request_text, schema)
    except (UnmappableRequestError, NeedsClarificationError):
        return
    assert intent.operation != "period_change"


SURVEY = pd.DataFrame({
    "year": [1978] * 4 + [1990] * 4 + [2016] * 4,
    "score": [5, 6, 7, 4, 6, 6, 8, 5, 7, 9, 6, 8],
    "educ": [10, 12, 16, 18, 12, 14, 17, 9, 16, 18, 20, 12],
})  # fmt: skip


@pytest.fixture
def survey(tmp_path: Path) -> Path:
    path = tmp_path / "survey.csv"
    SURVEY.to_csv(path, index=False)
    return path


@pytest.mark.parametrize(
    "request_text",
    [
        "average score in the 2016 survey",
        "mean score for the year 2016 wave",
        "the 2016 values of score: average",
        "promedio de score en la encuesta de 2016",
        "moyenne de score lors de l'enquête de 2016",
        "Durchschnitt von score in der Umfrage von 2016",
    ],
)
def test_a_year_beside_the_occasion_it_dates_restricts_the_year_column(
    survey: Path, request_text: str
) -> None:
    intent = extract_intent(request_text, DatasetSchema.from_file(survey))
    assert [m.func for m in intent.metrics] == ["mean"] and intent.metrics[0].column == "score"
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("year", "==", 2016)]
    assert any("read as the rows of 2016" in note for note in intent.notes)


def test_a_count_in_one_survey_keeps_its_other_condition(survey: Path) -> None:
    intent = extract_intent(
        "how many respondents in the 2016 survey had more than 16 educ?", DatasetSchema.from_file(survey)
    )
    found = {(f.column, f.op, f.value) for f in intent.filters}
    assert found == {("year", "==", 2016), ("educ", ">", 16)}
    assert ((SURVEY["year"] == 2016) & (SURVEY["educ"] > 16)).sum() == 2  # what that reading counts


def test_the_surveys_of_a_range_of_years_are_the_years_between(survey: Path) -> None:
    intent = extract_intent(
        "promedio de score en las encuestas de 1978 a 1990", DatasetSchema.from_file(survey)
    )
    assert {(f.column, f.op, f.value) for f in intent.filters} == {("year", ">=", 1978), ("year", "<=", 1990)}


@pytest.mark.parametrize(
    "request_text",
    [
        "How much did the mean score change between the 1978 survey and the 2016 one?",
        "¿Cuánto cambió el score medio entre la encuesta de 1978 y la de 2016?",
        "De combien le score moyen a-t-il augmenté entre l'enquête de 1978 et celle de 2016 ?",
    ],
)
def test_a_change_between_two_surveys_is_the_change_between_their_years(
    survey: Path, request_text: str
) -> None:
    intent = _read(request_text, survey)
    assert intent.columns == ["score"] and intent.options["combine"] == "mean"
    assert (intent.options["start"], intent.options["end"]) == ("1978", "2016")


def test_a_year_the_file_does_not_hold_or_an_occasion_that_is_a_column_is_left_as_written(
    tmp_path: Path,
) -> None:
    path = tmp_path / "waves.csv"
    SURVEY.assign(wave=["a", "b"] * 6).to_csv(path, index=False)
    schema = DatasetSchema.from_file(path)
    for request_text in ("average score in the 2016 wave", "average score of the 1950 values"):
        try:
            intent = extract_intent(request_text, schema)
        except (UnmappableRequestError, NeedsClarificationError):
            continue
        assert not any(f.column == "year" for f in intent.filters), request_text


STOPS = pd.DataFrame({
    "stamp": ["2017-01-01T23:48:46Z", "2017-01-02T00:52:36Z", "2017-01-02T02:16:32Z", "2017-01-06T23:05:00Z",
              "2017-01-06T22:15:10Z", "2017-01-07T01:00:00Z"],
    "kind": ["traffic", "traffic", "suspicious", "traffic", "suspicious", "traffic"],
})  # fmt: skip


@pytest.mark.parametrize(
    ("request_text", "grain"),
    [
        ("Using the timestamps exactly as given (UTC), which day of the week had the most stops?", "weekday"),
        ("which weekday had the most stops (UTC)?", "weekday"),
        ("number of stops per hour of the day in UTC", "hour"),
        ("Taking the times as recorded, how many stops per hour of the day?", "hour"),
    ],
)
def test_a_time_zone_said_about_utc_times_is_said_back_and_changes_no_number(
    tmp_path: Path, request_text: str, grain: str
) -> None:
    path = tmp_path / "stops.csv"
    STOPS.to_csv(path, index=False)
    intent = extract_intent(request_text, DatasetSchema.from_file(path))
    assert (intent.time_column, intent.time_grain) == ("stamp", grain)
    assert "times as the file writes them (UTC), as asked" in intent.notes


def test_the_hours_of_utc_times_are_the_utc_clock(tmp_path: Path, sandbox_config: SandboxConfig) -> None:
    path = tmp_path / "stops.csv"
    STOPS.to_csv(path, index=False)
    configure(allowed_read_paths=[str(tmp_path)])
    try:
        intent = extract_intent("number of stops per hour of the day (UTC)", DatasetSchema.from_file(path))
        table = _table(intent, path, sandbox_config)
    finally:
        reset_configuration()
    hours = STOPS["stamp"].str[11:13].astype(int).value_counts()
    assert {int(row[0]): row[1] for row in table["rows"]} == hours.to_dict()


def test_a_zone_the_times_do_not_carry_or_a_reading_without_time_is_refused(tmp_path: Path) -> None:
    (tmp_path / "paris").mkdir()
    path = tmp_path / "paris" / "stops.csv"
    STOPS.assign(stamp=STOPS["stamp"].str.replace("Z", "+02:00")).to_csv(path, index=False)
    with pytest.raises(UnmappableRequestError, match="not honoured"):
        extract_intent("which weekday had the most stops (UTC)?", DatasetSchema.from_file(path))
    utc = tmp_path / "stops.csv"
    STOPS.to_csv(utc, index=False)
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        extract_intent("how many stops per kind (UTC)?", DatasetSchema.from_file(utc))


@pytest.mark.parametrize(
    ("request_text", "descending"),
    [
        ("Using the timestamps as given (UTC), which day of the week had the most stops?", True),
        ("which weekday had the most stops?", True),
        ("which hour of the day had the fewest stops?", False),
    ],
)
def test_which_part_of_the_time_ranks_first_is_the_top_part_computed_by_the_tool(
    tmp_path: Path, request_text: str, descending: bool, sandbox_config: SandboxConfig
) -> None:
    path = tmp_path / "stops.csv"
    STOPS.to_csv(path, index=False)
    configure(allowed_read_paths=[str(tmp_path)])
    try:
        intent = extract_intent(request_text, DatasetSchema.from_file(path))
        assert (intent.top_n, intent.sort_descending) == (1, descending)
        table = _table(intent, path, sandbox_config)
    finally:
        reset_configuration()
    stamps = pd.to_datetime(STOPS["stamp"]).dt.tz_localize(None)
    if intent.time_grain == "hour":  # fewest: hours 0, 1, 2 and 22 tie at one; the earliest first
        assert table["rows"] == [[0, 1]]
    else:  # Monday 2, Friday 2 (22:15 and 23:05), Sunday 1, Saturday 1: the tie goes to Monday
        counts = stamps.dt.day_name().value_counts()
        assert table["rows"] == [["Monday", int(counts["Monday"])]]


WIDE = pd.DataFrame({
    "lw": [5.1, 5.6, 6.0, 5.8], "lw80": [5.9, 6.3, 6.1, 6.6], "mrt80": ["yes", "no", "yes", "yes"],
    "gdp_1990": [1.0, 2.0, 3.0, 4.0], "gdp_2000": [2.0, 2.5, 3.5, 5.0], "iq": [100, 110, 95, 120],
})  # fmt: skip


@pytest.mark.parametrize(
    ("request_text", "column"),
    [
        ("average lw in 1980", "lw80"),
        ("mean of the 1980 lw", "lw80"),
        ("mean lw in 1980 (lw80)", "lw80"),
        ("average gdp in 2000", "gdp_2000"),
        ("promedio de gdp en 1990", "gdp_1990"),
    ],
)
def test_a_year_on_a_wide_file_names_the_column_of_that_year(
    tmp_path: Path, request_text: str, column: str
) -> None:
    path = tmp_path / "wide.csv"
    WIDE.to_csv(path, index=False)
    intent = extract_intent(request_text, DatasetSchema.from_file(path))
    assert [(m.column, m.func) for m in intent.metrics] == [(column, "mean")]
    assert not intent.filters


def test_a_year_said_with_the_column_that_carries_it_is_that_column(tmp_path: Path) -> None:
    path = tmp_path / "wide.csv"
    WIDE.to_csv(path, index=False)
    intent = extract_intent("how many rows have mrt80 = yes in 1980?", DatasetSchema.from_file(path))
    assert [(f.column, f.value) for f in intent.filters] == [("mrt80", "yes")]
    assert any("read as the year of 'mrt80'" in note for note in intent.notes)


def test_a_year_no_column_carries_stays_unused_and_refuses(tmp_path: Path) -> None:
    path = tmp_path / "wide.csv"
    WIDE.to_csv(path, index=False)
    with pytest.raises(UnmappableRequestError, match="1975"):
        extract_intent("average lw in 1975", DatasetSchema.from_file(path))
