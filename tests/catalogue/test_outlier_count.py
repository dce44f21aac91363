"""The outliers tool answers "how many outliers" with the count and the bounds, in step with its reference."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pandas as pd

from mcpforge.catalogue import RenderedTool, frame_to_table, get_operation, tables_match
from mcpforge.models import Intent
from mcpforge.sandbox import ToolCallOutcome

RunBatch = Callable[[RenderedTool, Sequence[dict[str, Any]]], list[ToolCallOutcome]]

READINGS = "reading\n" + "\n".join(["10", "11", "12", "11", "10", "13", "12", "11", "95", "", "-40"]) + "\n"


def test_a_counted_outlier_rule_gives_one_row_with_the_count_like_its_reference(
    run_batch: RunBatch, data_dir: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    path = data_dir / "readings.csv"
    path.write_text(READINGS, encoding="utf-8")
    rendered = get_operation("outliers").render(
        Intent(request="how many outliers", operation="outliers", columns=["reading"],
               options={"method": "iqr", "threshold": 1.5, "count": True})
    )  # fmt: skip
    calls: list[dict[str, Any]] = [
        {"file_path": str(path)},
        {"file_path": str(path), "method": "zscore", "threshold": 1.0},
        {"file_path": str(path), "filters": [{"column": "reading", "op": ">", "value": 1000}]},
    ]
    counts = []
    for call, outcome in zip(calls, run_batch(rendered, calls), strict=True):
        arguments = {**rendered.arguments, **call}
        assert outcome.ok, (call, outcome.error)
        assert outcome.structured is not None
        expected = frame_to_table(get_operation("outliers").reference(load(path), arguments))
        assert tables_match(outcome.structured["result"], expected), (outcome.structured["result"], expected)
        assert outcome.structured["result"]["columns"] == [
            "column",
            "outlier_count",
            "lower_bound",
            "upper_bound",
        ]
        counts.append(outcome.structured["result"]["rows"][0][1])
    assert counts == [2, 2, 0]  # 95 and -40 by both rules; no row left after the filter: none


def test_without_count_the_outlier_rows_are_listed() -> None:
    rendered = get_operation("outliers").render(
        Intent(request="r", operation="outliers", columns=["reading"], options={"method": "zscore"})
    )
    assert rendered.arguments["count_only"] is False
