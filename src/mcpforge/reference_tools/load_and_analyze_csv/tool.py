"""Reference tool: load a CSV file and describe it (requirements 11.1, re-created)."""

from __future__ import annotations

from typing import Annotated, Any

import pandas as pd
from pydantic import Field

from mcpforge.runtime import (
    NOTES_ATTR,
    detect_column_types,
    format_markdown_table,
    load_csv_data_with_types,
    mcp,
    output_footer,
)

_PERCENTILES = (0.25, 0.5, 0.75)


def _kind_of(column: str, kinds: dict[str, Any]) -> str:
    for kind in ("numeric", "boolean", "datetime", "categorical", "text", "high_cardinality"):
        if column in kinds[kind]:
            return kind
    return "other"


def _column_overview(df: pd.DataFrame, kinds: dict[str, Any]) -> pd.DataFrame:
    rows = len(df)
    missing = df.isna().sum()
    return pd.DataFrame(
        {
            "column": [str(c) for c in df.columns],
            "dtype": [str(df[c].dtype) for c in df.columns],
            "kind": [_kind_of(str(c), kinds) for c in df.columns],
            "non_null": [int(rows - missing[c]) for c in df.columns],
            "missing": [int(missing[c]) for c in df.columns],
            "missing_pct": [round(100.0 * int(missing[c]) / rows, 2) if rows else 0.0 for c in df.columns],
            "unique": [int(kinds["unique_counts"][str(c)]) for c in df.columns],
        }
    )


def _numeric_summary(df: pd.DataFrame, columns: list[str]) -> dict[str, dict[str, float | None]]:
    summary: dict[str, dict[str, float | None]] = {}
    for column in columns:
        values = df[column].dropna().astype("float64")
        if values.empty:
            summary[column] = {"count": 0.0, "mean": None, "std": None, "min": None, "max": None}
            continue
        stats: dict[str, float | None] = {
            "count": float(values.count()),
            "mean": float(values.mean()),
            "std": float(values.std()) if len(values) > 1 else None,
            "min": float(values.min()),
        }
        for q in _PERCENTILES:
            stats[f"{int(q * 100)}%"] = float(values.quantile(q))
        stats["max"] = float(values.max())
        summary[column] = stats
    return summary


def _top_values(df: pd.DataFrame, columns: list[str], limit: int) -> dict[str, list[list[Any]]]:
    top: dict[str, list[list[Any]]] = {}
    for column in columns:
        counts = df[column].value_counts(dropna=True).head(limit)
        top[column] = [[str(value), int(count)] for value, count in counts.items()]
    return top


@mcp.tool()
def load_and_analyze_csv(
    file_path: Annotated[str, Field(description="Path to the CSV file to analyse")],
    max_categories: Annotated[
        int, Field(description="Most frequent values shown per categorical column", ge=1, le=100)
    ] = 5,
    auto_expand_json: Annotated[
        bool, Field(description="Expand columns holding JSON objects into column.key columns")
    ] = True,
) -> str:
    """Load a CSV file and describe its shape, column types, numeric summary, top values and gaps.

    WHEN TO USE THIS TOOL: first, on any CSV file you have not seen before, to learn its columns and
    types before asking for a specific analysis.
    WHAT THIS TOOL DOES: loads the file (delimiter, encoding and types detected), classifies every column
    (numeric, boolean, datetime, categorical, text, high cardinality), summarises numeric columns, lists
    the most frequent values of categorical columns, and counts missing values.
    RETURNS: markdown with an overview, a column table, a numeric summary, top values and missing values,
    ending with a JSON footer holding the same facts (path, rows, columns, column kinds, summaries).
    PREREQUISITES: the file must sit under an allowed read directory; the first row must be the header.
    """
    df = load_csv_data_with_types(file_path, auto_expand_json=auto_expand_json)
    kinds = detect_column_types(df)
    rows, cols = df.shape
    overview = _column_overview(df, kinds)
    numeric = _numeric_summary(df, kinds["numeric"])
    top = _top_values(df, kinds["categorical"], max_categories)
    missing_counts = df.isna().sum()
    missing = {str(c): int(n) for c, n in missing_counts.items() if int(n) > 0}
    notes = list(df.attrs.get(NOTES_ATTR, []))

    parts = [
        f"## Dataset overview: `{file_path}`",
        "",
        f"- **Rows:** {rows:,}",
        f"- **Columns:** {cols:,}",
        f"- **Numeric:** {len(kinds['numeric'])} · **Categorical:** {len(kinds['categorical'])} · "
        f"**Datetime:** {len(kinds['datetime'])} · **Text:** {len(kinds['text'])} · "
        f"**High cardinality:** {len(kinds['high_cardinality'])} · **Boolean:** {len(kinds['boolean'])}",
        "",
        "### Columns",
        "",
        format_markdown_table(overview, max_rows=200),
    ]
    if numeric:
        table = pd.DataFrame.from_dict(numeric, orient="index")
        table.index.name = "column"
        parts += ["", "### Numeric summary", "", format_markdown_table(table, max_rows=200)]
    if top:
        parts += ["", f"### Top values (up to {max_categories} per categorical column)", ""]
        for column, values in top.items():
            shown = ", ".join(f"{value} ({count:,})" for value, count in values)
            parts.append(f"- **{column}**: {shown}")
    parts += ["", "### Missing values", ""]
    if missing:
        for column, count in missing.items():
            parts.append(f"- **{column}**: {count:,} ({100.0 * count / rows:.1f}%)")
    else:
        parts.append("No missing values.")
    if notes:
        parts += ["", "### Notes", ""] + [f"- {note}" for note in notes]

    footer = {
        "operation": "load_and_analyze_csv",
        "path": file_path,
        "rows": rows,
        "columns": cols,
        "column_names": [str(c) for c in df.columns],
        "numeric_columns": kinds["numeric"],
        "categorical_columns": kinds["categorical"],
        "datetime_columns": kinds["datetime"],
        "text_columns": kinds["text"],
        "high_cardinality_columns": kinds["high_cardinality"],
        "boolean_columns": kinds["boolean"],
        "numeric_summary": numeric,
        "top_values": top,
        "missing_values": missing,
        "rows_processed": rows,
        "result": {
            "columns": list(overview.columns),
            "rows": [list(row) for row in overview.itertuples(index=False, name=None)],
        },
        "notes": notes,
    }
    parts += ["", output_footer(footer)]
    return "\n".join(parts)
