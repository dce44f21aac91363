"""Change between two periods ("by what percentage did Ireland's gdpPercap grow from 1952 to 2007"): the
reading makes ``period_change``; the tool, run in the sandbox, and its reference give pandas' numbers on
small files written here (one row per period, several rows per period with "total", per group). Near-misses:
one period only, a period the data lacks, several rows per period with no aggregation named, "grow" alone.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from typer.testing import CliRunner

from mcpforge.catalogue import frame_to_table, get_operation, tables_match
from mcpforge.cli.main import app
from mcpforge.config import SandboxConfig
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.reading import reading_sentence
from mcpforge.runtime import configure, load_csv_data_with_types, reset_configuration
from mcpforge.sandbox import ToolCall, ToolCallOutcome, call_tool_batch, get_sandbox

GDP = pd.DataFrame({
    "country": ["Ireland", "Ireland", "Ireland", "Chad", "Chad", "Chad", "Peru", "Peru", "Peru"],
    "year": [1952, 1957, 2007] * 3,
    "gdpPercap": [5210.28, 5599.08, 40675.99, 1178.67, 1308.5, 1704.06, 3758.52, 4245.26, 7408.91],
})  # fmt: skip
SALES = pd.DataFrame({
    "date": ["2024-01-03", "2024-01-20", "2024-02-11", "2024-03-02", "2024-03-15", "2024-03-29",
             "2024-01-09"],
    "region": ["North", "South", "North", "North", "South", "South", "North"],
    "sales": [100.0, 40.0, 70.0, 130.0, 10.0, 50.0, 20.0],
})  # fmt: skip
RESULT = ["start_value", "end_value", "change", "percent_change"]


@pytest.fixture
def folder(tmp_path: Path) -> Any:
    GDP.to_csv(tmp_path / "gdp.csv", index=False)
    SALES.to_csv(tmp_path / "sales.csv", index=False)
    configure(allowed_read_paths=[str(tmp_path)])
    yield tmp_path
    reset_configuration()


def _read(request: str, path: Path) -> Intent:
    intent = extract_intent(request, DatasetSchema.from_file(path))
    assert intent.operation == "period_change", reading_sentence(intent)
    return intent


def _expected(start: pd.Series, end: pd.Series) -> list[list[float]]:
    """Per group (index order): start, end, change and percent change, from pandas."""
    return [[s, e, e - s, (e - s) / s * 100] for s, e in zip(start.tolist(), end.tolist(), strict=True)]


def _run(intent: Intent, path: Path, sandbox_config: SandboxConfig) -> tuple[dict[str, Any], ToolCallOutcome]:
    """The rendered tool's answer in the sandbox, and the reference's table on the same file."""
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
    if not outcome.ok:
        return {}, outcome
    reference = frame_to_table(operation.reference(load_csv_data_with_types(str(path)), arguments))
    assert outcome.structured is not None
    assert tables_match(outcome.structured["result"], reference), (outcome.structured["result"], reference)
    return outcome.structured["result"], outcome


def test_one_row_per_period_for_one_country_matches_pandas(
    folder: Path, sandbox_config: SandboxConfig
) -> None:
    intent = _read("By what percentage did Ireland's gdpPercap grow from 1952 to 2007?", folder / "gdp.csv")
    assert reading_sentence(intent) == (
        "Change in `gdpPercap` from 1952 to 2007 (`year`, one row per period): start value, end value, "
        "change and percent change, over the rows where `country` = Ireland."
    )
    table, _ = _run(intent, folder / "gdp.csv", sandbox_config)
    ireland = GDP[GDP["country"] == "Ireland"].set_index("year")["gdpPercap"]
    expected = _expected(ireland.loc[[1952]], ireland.loc[[2007]])
    assert tables_match(table, {"columns": RESULT, "rows": expected})
    assert table["rows"][0][3] == pytest.approx(680.687, abs=1e-3)


def test_per_group_change_matches_pandas(folder: Path, sandbox_config: SandboxConfig) -> None:
    intent = _read("How did gdpPercap change between 1952 and 2007 for each country?", folder / "gdp.csv")
    assert intent.group_by == ["country"] and intent.options["combine"] == "single"
    table, _ = _run(intent, folder / "gdp.csv", sandbox_config)
    wide = GDP.pivot(index="country", columns="year", values="gdpPercap").sort_index()
    rows = [
        [name, *values] for name, values in zip(wide.index, _expected(wide[1952], wide[2007]), strict=True)
    ]
    assert tables_match(table, {"columns": ["country", *RESULT], "rows": rows})


def test_several_rows_per_period_are_totalled_when_the_request_says_total(
    folder: Path, sandbox_config: SandboxConfig
) -> None:
    path = folder / "sales.csv"
    intent = _read("percentage change in total sales between 2024-01 and 2024-03", path)
    assert intent.options == {"grain": "month", "start": "2024-01", "end": "2024-03", "combine": "sum"}
    table, _ = _run(intent, path, sandbox_config)
    month = pd.to_datetime(SALES["date"]).dt.strftime("%Y-%m")
    totals = SALES.groupby(month)["sales"].sum()
    assert tables_match(
        table, {"columns": RESULT, "rows": _expected(totals[["2024-01"]], totals[["2024-03"]])}
    )
    by_region = _read("How much did the total sales per region grow from 2024-01 to 2024-03?", path)
    table, _ = _run(by_region, path, sandbox_config)
    sums = SALES.assign(month=month).pivot_table(
        index="region", columns="month", values="sales", aggfunc="sum"
    )
    rows = [[r, *v] for r, v in zip(sums.index, _expected(sums["2024-01"], sums["2024-03"]), strict=True)]
    assert tables_match(table, {"columns": ["region", *RESULT], "rows": rows})


def test_a_period_the_data_lacks_and_rows_without_an_aggregation_stop_with_a_clear_error(
    folder: Path, sandbox_config: SandboxConfig
) -> None:
    absent = _read("By what percentage did Ireland's gdpPercap grow from 1952 to 1990?", folder / "gdp.csv")
    _, outcome = _run(absent, folder / "gdp.csv", sandbox_config)
    assert (outcome.ok, outcome.error_type) == (False, "InvalidArgumentError")
    assert "period '1990' (end) is not in column 'year' (present: 1952 to 2007)" in str(outcome.error)
    several = _read("growth of sales between 2024-01 and 2024-03", folder / "sales.csv")
    assert several.options["combine"] == "single"
    _, outcome = _run(several, folder / "sales.csv", sandbox_config)
    assert (outcome.ok, outcome.error_type) == (False, "InvalidArgumentError")
    assert "period '2024-01' has 3 rows; say how to combine them (total or average)" in str(outcome.error)


@pytest.mark.parametrize(
    "request_text",
    [
        "how did gdpPercap grow?",  # a change word without periods
        "growth of gdpPercap in 2007",  # one period only
    ],
)
def test_a_change_without_two_periods_is_asked_or_refused(folder: Path, request_text: str) -> None:
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        extract_intent(request_text, DatasetSchema.from_file(folder / "gdp.csv"))


def test_a_range_of_years_without_a_change_word_stays_a_filter(folder: Path) -> None:
    intent = extract_intent(
        "average gdpPercap from 1952 to 2007", DatasetSchema.from_file(folder / "gdp.csv")
    )
    assert intent.operation != "period_change"


def test_mcpforge_ask_answers_the_growth_end_to_end(
    folder: Path, monkeypatch: pytest.MonkeyPatch, sandbox_config: SandboxConfig
) -> None:
    monkeypatch.chdir(folder)
    monkeypatch.setenv("MCPFORGE_VALIDATION__STRESS_ROWS", "5000")
    monkeypatch.setenv(
        "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK", str(sandbox_config.allow_weak_fallback).lower()
    )
    request = (
        "By what percentage did Ireland's gdpPercap grow from 1952 to 2007? Report it rounded to 1 decimal."
    )
    result = CliRunner().invoke(app, ["ask", request, "--data", "gdp.csv", "--registry", "reg", "--json"])
    data = json.loads(result.stdout)
    assert data["error"] is None and result.exit_code == 0, (data["error"], result.stderr)
    assert data["status"] == "STAGED" and data["intent"]["operation"] == "period_change"
    assert data["result"]["result"]["rows"] == [[5210.3, 40676.0, 35465.7, 680.7]]


def test_a_change_word_that_names_a_column_is_the_column(tmp_path: Path) -> None:
    path = tmp_path / "prices.csv"
    pd.DataFrame({"year": [2019, 2020, 2021], "change": [1.5, -0.5, 2.0]}).to_csv(path, index=False)
    try:
        intent = extract_intent("average change between 2019 and 2021", DatasetSchema.from_file(path))
    except (UnmappableRequestError, NeedsClarificationError):
        return
    assert intent.operation != "period_change"


def test_several_rows_per_period_without_an_aggregation_ask_once_then_use_the_answer(folder: Path) -> None:
    schema = DatasetSchema.from_file(folder / "gdp.csv")
    request = "growth of gdpPercap from 1952 to 2007"
    with pytest.raises(NeedsClarificationError) as asked:
        extract_intent(request, schema)
    assert asked.value.key == "gdpPercap per period"
    assert set(asked.value.choices) == {"total", "average"}
    key = {"gdpPercap per period": "average"}
    intent = extract_intent(request, schema, answers=key, explicit=list(key))
    assert intent.operation == "period_change" and intent.options["combine"] == "mean"
    operation = get_operation("period_change")
    arguments = operation.render(intent).arguments
    table = frame_to_table(operation.reference(load_csv_data_with_types(str(folder / "gdp.csv")), arguments))
    means = GDP.groupby("year")["gdpPercap"].mean()
    assert tables_match(table, {"columns": RESULT, "rows": _expected(means[[1952]], means[[2007]])})
