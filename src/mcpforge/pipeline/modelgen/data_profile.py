"""A profile of the loaded data for code prompts: each column's type after loading and example values.

The model writes ``compute(df)`` against the DataFrame ``load_csv_data_with_types`` returns, so it is
shown that frame's types (a date column is already datetime64), not the CSV's text. Cell values enter
the prompt only as short, cut, delimiter-free examples: data, never instructions.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from mcpforge.pipeline.validation.test_cases import runtime_roots
from mcpforge.runtime import load_csv_data_with_types

EXAMPLE_VALUES = 6
PROFILE_ROWS = 100_000
"""The profile describes the first rows: types and examples settle there, and a gigabyte file is not
loaded whole into mcpforge's own process for a prompt."""
VALUE_CHARS = 30


@dataclass(frozen=True, kw_only=True)
class DataProfile:
    """The loaded data's columns and the prompt lines that describe them."""

    columns: list[str]
    prompt_lines: str
    distinct: dict[str, int]
    """Distinct non-missing values per column in the profiled rows (a lower bound for the whole file)."""


def _text(value: object) -> str:
    text = str(value).replace("\n", " ").replace("<", "(").replace(">", ")").replace("`", "'")
    return text if len(text) <= VALUE_CHARS else text[: VALUE_CHARS - 3] + "..."


def describe_column(series: pd.Series) -> str:
    """``kind; values`` of one loaded column, e.g. ``integer; 0 to 23`` or ``text; 4 distinct: a, b``."""
    values = series.dropna()
    if pd.api.types.is_bool_dtype(series):
        return "boolean"
    if pd.api.types.is_datetime64_any_dtype(series):
        if values.empty:
            return "datetime64 (empty)"
        return f"datetime64; {values.min():%Y-%m-%d %H:%M} to {values.max():%Y-%m-%d %H:%M}"
    if pd.api.types.is_numeric_dtype(series):
        kind = "integer" if pd.api.types.is_integer_dtype(series) else "float"
        return kind if values.empty else f"{kind}; {_text(values.min())} to {_text(values.max())}"
    counts = values.astype(str).value_counts()
    examples = ", ".join(_text(v) for v in counts.index[:EXAMPLE_VALUES])
    more = ", ..." if len(counts) > EXAMPLE_VALUES else ""
    return f"text; {len(counts)} distinct: {examples}{more}"


def profile_data(path: Path) -> DataProfile:
    """Load the first ``PROFILE_ROWS`` rows of ``path`` as a tool would and describe each column.

    Raises:
        DataError: unreadable data.
    """
    with runtime_roots([path.parent]):
        df = load_csv_data_with_types(str(path), max_rows=PROFILE_ROWS)
    lines = [f"- {column}: {describe_column(df[column])}" for column in df.columns]
    return DataProfile(
        columns=[str(c) for c in df.columns],
        prompt_lines="\n".join(lines),
        distinct={str(column): int(df[column].nunique()) for column in df.columns},
    )
