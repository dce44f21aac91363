"""Helpers copied into every generated tool (filters, column checks, the result table, the response).

Generated tools may import only the runtime allowlist, so they cannot import this module; the code
below the ``INLINE`` marker is copied verbatim into each ``tool.py`` (and into its ``helpers.py``). It
is a real module so that ruff and mypy check it once here, where it is written.
"""

from typing import Any

import pandas as pd

from mcpforge.exceptions import DataError, InvalidArgumentError
from mcpforge.runtime import format_markdown_table, output_footer, require_columns

# ---- INLINE ----
_FILTER_OPS = ("==", "!=", ">", ">=", "<", "<=", "in", "not in", "contains", "between", "is null", "not null")
_TRUE_WORDS = ("true", "1", "yes", "y", "t")
_FOOTER_MAX_ROWS = 5000


def _is_numeric(series: Any) -> bool:
    """Integers, floats and booleans (nullable ones included); checked by dtype kind, not pandas.api."""
    return bool(series.dtype.kind in "iufb")


def _is_datetime(series: Any) -> bool:
    """datetime64 columns, with or without a time zone."""
    return bool(series.dtype.kind == "M")


def _coerce_value(series: pd.Series, value: Any) -> Any:
    """Turn a filter value (JSON: str, number, bool) into the type of the column it is compared with."""
    if value is None:
        return None
    if series.dtype.kind == "b":
        return str(value).strip().lower() in _TRUE_WORDS
    if _is_numeric(series):
        try:
            return float(value)
        except (TypeError, ValueError):
            raise InvalidArgumentError(
                f"filter value {value!r} is not a number", argument="filters"
            ) from None
    if _is_datetime(series):
        try:
            return pd.Timestamp(str(value))
        except ValueError:
            raise InvalidArgumentError(f"filter value {value!r} is not a date", argument="filters") from None
    return str(value)


def _filter_mask(series: pd.Series, op: str, value: Any) -> pd.Series:
    """Boolean mask of ``series op value``; a missing cell matches only ``is null``."""
    if op in ("is null", "not null"):
        return series.isna() if op == "is null" else series.notna()
    if op in ("in", "not in"):
        items = value if isinstance(value, list | tuple) else [value]
        mask = series.isin([_coerce_value(series, item) for item in items])
        mask = ~mask if op == "not in" else mask
    elif op == "contains":
        mask = series.astype("string").str.contains(str(value), case=False, regex=False)
    elif op == "between":
        if not isinstance(value, list | tuple) or len(value) != 2:
            raise InvalidArgumentError(f"'between' needs [low, high], got {value!r}", argument="filters")
        mask = series.between(_coerce_value(series, value[0]), _coerce_value(series, value[1]))
    else:
        compare = {
            "==": series.eq,
            "!=": series.ne,
            ">": series.gt,
            ">=": series.ge,
            "<": series.lt,
            "<=": series.le,
        }
        mask = compare[op](_coerce_value(series, value))
    return mask.fillna(False).astype(bool) & series.notna()


def _apply_filters(df: pd.DataFrame, filters: list[dict[str, Any]] | None) -> pd.DataFrame:
    """Keep the rows that match every filter ``{"column", "op", "value"}`` (no eval, no query)."""
    for item in filters or []:
        column, op = str(item.get("column")), str(item.get("op", "=="))
        if op not in _FILTER_OPS:
            raise InvalidArgumentError(
                f"unknown filter operator {op!r}; use one of {_FILTER_OPS}", argument="filters"
            )
        require_columns(df, [column])
        df = df[_filter_mask(df[column], op, item.get("value"))]
    return df


def _source_columns(
    needed: list[str], filters: list[dict[str, Any]] | None, derived: dict[str, str]
) -> list[str]:
    """Columns that must be in the file: those the tool reads, minus the ones it derives itself."""
    wanted = [*needed, *(str(item.get("column")) for item in filters or [])]
    return [column for column in dict.fromkeys(wanted) if column not in derived]


def _require_numeric(df: pd.DataFrame, columns: list[str]) -> None:
    """Refuse columns that are not numeric (booleans count as numbers)."""
    require_columns(df, columns)
    bad = [column for column in columns if not _is_numeric(df[column])]
    if bad:
        raise DataError(f"column(s) {', '.join(repr(col) for col in bad)} must be numeric")


def _cell(value: Any) -> Any:
    """One result cell as a JSON-friendly Python value (missing → None, timestamps → ISO text)."""
    if value is None or (not isinstance(value, list | tuple | dict) and bool(pd.isna(value))):
        return None
    if isinstance(value, pd.Timestamp):
        return value.isoformat()
    return value.item() if hasattr(value, "item") else value


def _table(result: pd.DataFrame) -> dict[str, Any]:
    """The result frame as ``{"columns": [...], "rows": [[...], ...]}``."""
    rows = [
        [_cell(value) for value in row] for row in result.astype(object).itertuples(index=False, name=None)
    ]
    return {"columns": [str(column) for column in result.columns], "rows": rows}


def _respond(
    operation: str,
    title: str,
    result: pd.DataFrame,
    counts: tuple[int, int],
    *,
    notes: list[str],
    extra: dict[str, Any] | None = None,
) -> str:
    """Markdown (title, table, notes) ending with the machine-readable footer."""
    rows_processed, rows_matched = counts
    table = format_markdown_table(result, max_rows=100) if len(result) else "_No rows match._"
    lines = [f"## {title}", "", table, ""]
    lines += [f"- {note}" for note in [f"{rows_matched:,} of {rows_processed:,} rows used", *notes]]
    # The footer must stay small enough to travel (sandbox output caps): very long tables are cut.
    footer = {
        "operation": operation,
        "result": _table(result.head(_FOOTER_MAX_ROWS)),
        "result_rows": len(result),
        "result_truncated": len(result) > _FOOTER_MAX_ROWS,
        "rows_processed": rows_processed,
        "rows_matched": rows_matched,
        "notes": notes,
        **(extra or {}),
    }
    return "\n".join([*lines, "", output_footer(footer)])
