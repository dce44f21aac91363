"""format_markdown_table renders pipe tables with tidy numbers and a truncation note."""

from __future__ import annotations

import math

import pandas as pd

from mcpforge.runtime import format_markdown_table


def test_table_formats_numbers_missing_values_and_pipes() -> None:
    df = pd.DataFrame({"name": ["a|b", None], "n": [3, 4], "x": [1.0, math.pi], "y": [float("nan"), 2.5]})
    assert format_markdown_table(df) == (
        "| name | n | x | y |\n| --- | --- | --- | --- |\n| a\\|b | 3 | 1 |  |\n|  | 4 | 3.1416 | 2.5 |"
    )


def test_long_tables_are_truncated_with_a_note() -> None:
    table = format_markdown_table(pd.DataFrame({"i": range(250)}), max_rows=100)
    lines = table.splitlines()
    assert lines[-1] == "_Showing the first 100 of 250 rows._"
    assert sum(1 for line in lines if line.startswith("| ")) == 102


def test_named_index_becomes_a_column() -> None:
    df = pd.DataFrame({"city": ["Oslo", "Rome"], "n": [2, 5]}).set_index("city")
    assert format_markdown_table(df).splitlines()[0] == "| city | n |"
