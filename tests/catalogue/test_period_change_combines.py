"""``period_change`` combines a period's rows by any aggregation the request names (issue 25): the median,
minimum, maximum or number of values of each period, per group or overall, run in the sandbox and checked
against pandas and against the operation's plain-Python reference."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from mcpforge.catalogue import RenderedTool, frame_to_table, get_operation, tables_match
from mcpforge.models import Intent
from mcpforge.sandbox import ToolCallOutcome

RunBatch = Callable[[RenderedTool, Sequence[dict[str, Any]]], list[ToolCallOutcome]]

# Three races a year; one 2018 time is missing (counted out of "count", skipped by the others).
RACES = """year,race,minutes,sold_on
2017,5k,30.5,2017-05-01
2017,5k,28.0,2017-06-01
2017,half,110.0,2017-05-01
2017,half,98.5,2017-06-01
2017,half,120.25,2017-07-01
2018,5k,27.0,2018-05-01
2018,5k,,2018-06-01
2018,half,104.0,2018-05-01
2018,half,101.0,2018-06-01
2019,half,99.0,2019-05-01
"""


def _expected(df: pd.DataFrame, combine: str, keys: list[str]) -> pd.DataFrame:
    """start, end, change and percent change from 2017 to 2018, computed with pandas."""
    kept = df[df["year"].isin([2017, 2018])]
    grouped = kept.groupby([*keys, "year"])["minutes"]
    values = grouped.count() if combine == "count" else grouped.agg(combine)
    table = values.unstack("year") if keys else values.to_frame().T
    out = pd.DataFrame({k: table.reset_index()[k] for k in keys})
    out["start_value"] = table[2017].to_numpy(dtype=float)
    out["end_value"] = table[2018].to_numpy(dtype=float)
    out["change"] = out["end_value"] - out["start_value"]
    out["percent_change"] = out["change"] / out["start_value"] * 100
    return out


@pytest.mark.parametrize("combine", ["median", "min", "max", "count", "mean"])
@pytest.mark.parametrize("keys", [[], ["race"]])
def test_each_aggregation_of_a_period_matches_pandas_and_the_reference(
    combine: str, keys: list[str], run_batch: RunBatch, data_dir: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    data = data_dir / "races.csv"
    data.write_text(RACES, encoding="utf-8")
    operation = get_operation("period_change")
    intent = Intent(
        request="change",
        operation="period_change",
        columns=["minutes"],
        group_by=keys,
        time_column="year",
        options={"grain": "value", "start": "2017", "end": "2018", "combine": combine},
    )
    rendered = operation.render(intent)
    dated = {**rendered.arguments, "time_column": "sold_on", "grain": "year"}
    calls = [{**rendered.arguments, "file_path": str(data)}, {**dated, "file_path": str(data)}]
    expected = frame_to_table(_expected(pd.read_csv(data), combine, keys))
    for call, outcome in zip(calls, run_batch(rendered, calls), strict=True):
        assert outcome.ok, (outcome.error_type, outcome.error, outcome.error_line)
        assert outcome.structured is not None
        assert tables_match(outcome.structured["result"], expected), (outcome.structured["result"], expected)
        reference = frame_to_table(operation.reference(load(data), call))
        assert tables_match(reference, expected), (reference, expected)


def test_a_number_of_rows_counts_the_time_column_itself_even_when_it_holds_dates(
    run_batch: RunBatch, data_dir: Path
) -> None:
    data = data_dir / "races.csv"
    data.write_text(RACES, encoding="utf-8")
    intent = Intent(
        request="change in the number of races",
        operation="period_change",
        columns=["sold_on"],
        time_column="sold_on",
        options={"grain": "year", "start": "2017", "end": "2019", "combine": "count"},
    )
    rendered = get_operation("period_change").render(intent)
    [outcome] = run_batch(rendered, [{**rendered.arguments, "file_path": str(data)}])
    assert outcome.ok, (outcome.error_type, outcome.error)
    assert outcome.structured is not None
    assert outcome.structured["result"]["rows"] == [[5.0, 1.0, -4.0, -80.0]]
