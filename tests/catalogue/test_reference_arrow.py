"""The grouping references on big data (Arrow's hash aggregation) give the plain-Python references' answer."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest

from mcpforge.catalogue import frame_to_table, get_operation, tables_match
from mcpforge.catalogue.operations import grouping as grouping_module
from mcpforge.catalogue.reference.arrow import ARROW_ROWS, arrow_groups

FUNCTIONS = ["count", "nunique", "sum", "mean", "min", "max", "std", "pstd"]


def _frame(rows: int = ARROW_ROWS + 5) -> pd.DataFrame:
    """Keys with missing values and a one-row group; metrics with missing values and a group with none."""
    rng = np.random.default_rng(3)
    region = rng.choice(["North", "South", "East", "West"], rows).astype(object)
    region[::97] = None
    region[5] = "Lonely"  # a group of one row: its std is missing, its pstd 0
    amount = np.round(rng.gamma(2.0, 40.0, rows), 2)
    amount[::13] = np.nan
    amount[region == "Lonely"] = 7.5
    store = rng.integers(1, 30, rows)
    empty = np.full(rows, np.nan)  # a metric with no values at all: sum 0, mean missing
    return pd.DataFrame(
        {
            "region": pd.Series(region, dtype="str"),
            "store": store,
            "amount": amount,
            "quantity": rng.integers(1, 20, rows),
            "empty": empty,
        }
    )


def _plain(monkeypatch: pytest.MonkeyPatch, name: str, df: pd.DataFrame, arguments: dict[str, Any]) -> Any:
    monkeypatch.setattr(grouping_module, "ARROW_ROWS", 10**12)  # plain Python whatever the size
    try:
        return frame_to_table(get_operation(name).reference(df, arguments))
    finally:
        monkeypatch.undo()


@pytest.mark.parametrize("keys", [["region"], ["region", "store"]])
def test_group_aggregate_on_big_data_matches_the_plain_python_reference(
    keys: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    df = _frame()
    metrics = [{"column": c, "func": f} for c in ("amount", "quantity", "empty") for f in FUNCTIONS]
    arguments = {"group_by_columns": keys, "metrics": metrics, "top_n": 5, "percent_of_total": True}
    fast = frame_to_table(get_operation("group_aggregate").reference(df, arguments))
    plain = _plain(monkeypatch, "group_aggregate", df, arguments)
    assert arrow_groups(df, keys, metrics) is not None  # the fast path was the one taken
    assert fast["columns"] == plain["columns"]
    assert len(fast["rows"]) == 5
    assert tables_match(fast, plain, rel_tol=1e-9)


@pytest.mark.parametrize("as_percentage", [False, True])
def test_group_count_on_big_data_matches_the_plain_python_reference(
    as_percentage: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    df = _frame()
    arguments = {"group_by_columns": ["region"], "top_n": 3, "as_percentage": as_percentage}
    fast = frame_to_table(get_operation("group_count").reference(df, arguments))
    plain = _plain(monkeypatch, "group_count", df, arguments)
    assert fast == plain
    assert [row[0] for row in fast["rows"]] != [None] * 3


def test_group_count_keeps_missing_keys_as_their_own_group_on_big_data() -> None:
    df = _frame()
    rows = arrow_groups(df, ["region"], [])
    assert rows is not None
    counts = {row[0]: row[1] for row in rows}
    assert counts[None] == int(df["region"].isna().sum())
    assert sum(counts.values()) == len(df)


@pytest.mark.parametrize(
    ("column", "func"),
    [("amount", "median"), ("flag", "sum"), ("when", "max")],
    ids=["median has no exact hash kernel", "boolean metric", "date metric"],
)
def test_what_arrow_would_compute_differently_falls_back_to_plain_python(column: str, func: str) -> None:
    df = _frame(50).assign(flag=lambda d: d["quantity"] > 5, when=pd.Timestamp("2024-01-01"))
    assert arrow_groups(df, ["region"], [{"column": column, "func": func}]) is None


def test_date_keys_fall_back_to_plain_python() -> None:
    df = _frame(50).assign(day=pd.Timestamp("2024-01-01"))
    assert arrow_groups(df, ["day"], []) is None
