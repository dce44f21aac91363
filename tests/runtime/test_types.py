"""detect_column_types sorts every column into exactly one kind."""

from __future__ import annotations

import pandas as pd

from mcpforge.runtime import detect_column_types


def test_columns_are_sorted_into_kinds() -> None:
    n = 200
    df = pd.DataFrame(
        {
            "amount": [float(i) for i in range(n)],
            "count": list(range(n)),
            "active": [i % 2 == 0 for i in range(n)],
            "when": pd.date_range("2024-01-01", periods=n, freq="D"),
            "city": [["Oslo", "Rome", "Lima"][i % 3] for i in range(n)],
            "order_id": [f"ORD-{i:05d}" for i in range(n)],
            "comment": [
                f"this is a rather long free-text comment number {i} about the order" for i in range(n)
            ],
        }
    )
    kinds = detect_column_types(df)
    assert {key: kinds[key] for key in kinds if key != "unique_counts"} == {
        "numeric": ["amount", "count"],
        "boolean": ["active"],
        "datetime": ["when"],
        "categorical": ["city"],
        "text": ["comment"],
        "high_cardinality": ["order_id"],
    }
    assert kinds["unique_counts"]["city"] == 3


def test_empty_frame_has_only_empty_lists() -> None:
    kinds = detect_column_types(pd.DataFrame())
    assert all(kinds[key] == [] for key in ("numeric", "categorical", "datetime", "text", "high_cardinality"))
