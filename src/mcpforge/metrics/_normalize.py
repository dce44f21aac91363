"""Output normalization for functional correctness: two outputs match when they hold the same answer.

Whitespace, row order, column order (when the names match), number formatting (``"1,234.50"`` equals
``1234.5``) and missing-value spellings do not matter; numbers are equal within a relative tolerance of
1e-6 and an absolute tolerance of 1e-9. Tables are compared as tables whatever they arrive as: a pandas
DataFrame or Series, the footer table ``{"columns": [...], "rows": [[...]]}`` (or a whole footer, whose
``result`` is compared), a list of records, a dict of scalars (a one-row table), a markdown pipe table or
a tool's markdown output with its footer.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from mcpforge.footer import parse_output_footer

REL_TOL = 1e-6
ABS_TOL = 1e-9

Cell = None | bool | int | float | str

_MISSING = frozenset({"", "nan", "none", "null", "<na>", "nat", "n/a", "na", "-"})
# A mantissa is required: "E0001" is an identifier, not 0 * 10**1.
_NUMBER = re.compile(r"[+-]?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?")
_DATETIME = re.compile(r"\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?")
_SPACE = re.compile(r"\s+")
_TABLE_SEPARATOR = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?$")
_PIPE_SPLIT = re.compile(r"(?<!\\)\|")
_MAX_GREEDY_ROWS = 5000


@dataclass(frozen=True, kw_only=True)
class Table:
    """A table reduced to column names and rows of normalized cells."""

    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


@dataclass(frozen=True, kw_only=True)
class Text:
    """Free text with whitespace collapsed."""

    text: str


Normalized = Table | Text | Cell | tuple[Any, ...]


def _datetime_text(value: _dt.date) -> str:
    if isinstance(value, _dt.datetime):
        if value.time() == _dt.time(0) and value.tzinfo is None:
            return value.date().isoformat()
        return value.isoformat()
    return value.isoformat()


def _number_from_text(text: str) -> int | float | None:
    if not any(char.isdigit() for char in text) or not _NUMBER.fullmatch(text):
        return None
    plain = text.replace(",", "")
    if "." in plain or "e" in plain or "E" in plain:
        return float(plain)
    return int(plain)


def _is_missing(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, float):
        return math.isnan(value)
    if type(value).__module__.startswith("pandas"):
        import pandas as pd

        return value is pd.NA or value is pd.NaT
    return False


def normalize_cell(value: Any) -> Cell:  # noqa: PLR0911 - one return per kind of value
    """One cell: None for every missing spelling, bools, ints, floats, or whitespace-collapsed text."""
    if _is_missing(value):
        return None
    if isinstance(value, bool | int | float):
        return value
    if isinstance(value, Decimal):
        return normalize_cell(float(value))
    if isinstance(value, _dt.date):
        return _datetime_text(value)
    if isinstance(value, str):
        return _text_cell(value)
    item = getattr(value, "item", None)  # numpy scalars
    if callable(item) and type(value).__module__ == "numpy":
        return normalize_cell(item())
    return _text_cell(str(value))


def _text_cell(raw: str) -> Cell:
    text = _SPACE.sub(" ", raw.strip())
    # Markdown emphasis and code spans are presentation, not content.
    for mark in ("**", "`", "__"):
        if len(text) > 2 * len(mark) and text.startswith(mark) and text.endswith(mark):
            text = text[len(mark) : -len(mark)].strip()
    lowered = text.lower()
    if lowered in _MISSING:
        return None
    if lowered in {"true", "false"}:
        return lowered == "true"
    number = _number_from_text(text)
    if number is not None:
        return normalize_cell(number)
    if _DATETIME.fullmatch(text):
        try:
            return _datetime_text(_dt.datetime.fromisoformat(text))
        except ValueError:
            return text
    return text


def _column_name(name: object) -> str:
    if isinstance(name, tuple):
        name = " ".join(str(part) for part in name if str(part))
    return _SPACE.sub(" ", str(name).strip()).casefold()


def _table(columns: Sequence[object], rows: Sequence[Sequence[Any]]) -> Table:
    width = max([len(columns), *(len(row) for row in rows)]) if rows or columns else 0
    names = [_column_name(column) for column in columns]
    names += [str(index) for index in range(len(names), width)]
    cells = tuple(tuple(normalize_cell(cell) for cell in row) + (None,) * (width - len(row)) for row in rows)
    return Table(columns=tuple(names), rows=cells)


def _pandas_table(value: Any) -> Table:
    import pandas as pd

    frame = (
        value.to_frame(value.name if value.name is not None else "value")
        if isinstance(value, pd.Series)
        else value
    )
    index = frame.index
    default_index = (
        isinstance(index, pd.RangeIndex) and index.start == 0 and index.step == 1 and index.name is None
    )
    if not default_index:
        frame = frame.reset_index()
    rows = [list(row) for row in frame.itertuples(index=False, name=None)]
    return _table(list(frame.columns), rows)


def _markdown_table(text: str) -> Table | None:
    lines = [line.strip() for line in text.splitlines()]
    for index in range(len(lines) - 1):
        header, separator = lines[index], lines[index + 1]
        if "|" in header and _TABLE_SEPARATOR.match(separator):
            rows = []
            for line in lines[index + 2 :]:
                if "|" not in line:
                    break
                rows.append(_pipe_cells(line))
            return _table(_pipe_cells(header), rows)
    return None


def _pipe_cells(line: str) -> list[str]:
    body = line.strip()
    body = body.removeprefix("|")
    if body.endswith("|") and not body.endswith("\\|"):
        body = body[:-1]
    return [cell.replace("\\|", "|").strip() for cell in _PIPE_SPLIT.split(body)]


def _is_scalar(value: Any) -> bool:
    if isinstance(value, Mapping | list | tuple | set | frozenset):
        return False
    dimensions = getattr(value, "ndim", None)  # numpy scalars have ndim 0, arrays and frames more
    return dimensions is None or dimensions == 0


def _mapping(value: Mapping[Any, Any]) -> Normalized:
    if "result" in value and ({"operation", "rows_processed"} & set(value)):
        return normalize_output(value["result"])
    if "columns" in value and "rows" in value and isinstance(value["rows"], list):
        return _table(list(value["columns"]), [list(row) for row in value["rows"]])
    if all(_is_scalar(item) for item in value.values()):
        keys = sorted(value, key=_column_name)
        return _table(keys, [[value[key] for key in keys]])
    lists = list(value.values())
    if lists and all(isinstance(item, list) for item in lists) and len({len(item) for item in lists}) == 1:
        return _table(list(value), [list(row) for row in zip(*lists, strict=True)])
    return tuple(
        sorted(((_column_name(key), normalize_output(item)) for key, item in value.items()), key=repr)
    )


def _sequence(value: Sequence[Any]) -> Normalized:
    items = list(value)
    if not items:
        return Table(columns=(), rows=())
    if all(isinstance(item, Mapping) for item in items):
        columns: dict[str, None] = {}
        for record in items:
            columns.update(dict.fromkeys(record))
        return _table(list(columns), [[record.get(column) for column in columns] for record in items])
    if all(isinstance(item, list | tuple) for item in items):
        return _table([], [list(item) for item in items])
    if all(_is_scalar(item) for item in items):
        return _table(["value"], [[item] for item in items])
    return tuple(normalize_output(item) for item in items)


def normalize_output(value: Any) -> Normalized:  # noqa: PLR0911 - one return per kind of output
    """Reduce a tool or reference output to a comparable form (see the module docstring)."""
    module = type(value).__module__
    if module.startswith("pandas") and (hasattr(value, "itertuples") or hasattr(value, "to_frame")):
        return _pandas_table(value)
    if module == "numpy" and hasattr(value, "tolist"):
        return normalize_output(value.tolist())
    if isinstance(value, Mapping):
        return _mapping(value)
    if isinstance(value, list | tuple):
        return _sequence(value)
    if isinstance(value, set | frozenset):
        return _sequence(sorted(value, key=repr))
    if isinstance(value, str):
        footer = parse_output_footer(value)
        if footer is not None:
            return normalize_output(footer)
        table = _markdown_table(value)
        if table is not None:
            return table
        cell = _text_cell(value)
        return Text(text=cell) if isinstance(cell, str) else cell
    return normalize_cell(value)


def cells_equal(left: Cell, right: Cell, *, rel_tol: float = REL_TOL, abs_tol: float = ABS_TOL) -> bool:
    """Equal cells; numbers within tolerance, bools only equal bools."""
    if left is None or right is None:
        return left is None and right is None
    if isinstance(left, bool) or isinstance(right, bool):
        return type(left) is type(right) and left == right
    if isinstance(left, int | float) and isinstance(right, int | float):
        if isinstance(left, int) and isinstance(right, int):
            return left == right
        return math.isclose(float(left), float(right), rel_tol=rel_tol, abs_tol=abs_tol)
    return left == right


def _sort_key(row: tuple[Cell, ...]) -> tuple[tuple[int, Any], ...]:
    key: list[tuple[int, Any]] = []
    for cell in row:
        if cell is None:
            key.append((0, 0))
        elif isinstance(cell, bool):
            key.append((1, int(cell)))
        elif isinstance(cell, int | float):
            # Rounded so values equal within tolerance usually sort alike; ties fall back to matching.
            key.append((2, float(f"{float(cell):.6g}")))
        else:
            key.append((3, cell))
    return tuple(key)


def _rows_equal(left: tuple[Cell, ...], right: tuple[Cell, ...], rel_tol: float, abs_tol: float) -> bool:
    return len(left) == len(right) and all(
        cells_equal(a, b, rel_tol=rel_tol, abs_tol=abs_tol) for a, b in zip(left, right, strict=True)
    )


def tables_equal(  # noqa: PLR0911 - early exits read best here
    left: Table, right: Table, *, rel_tol: float = REL_TOL, abs_tol: float = ABS_TOL
) -> bool:
    """Same rows in any order; columns in any order when both tables name the same columns."""
    if len(left.rows) != len(right.rows):
        return False
    if not left.rows and (not left.columns or not right.columns):
        return True
    right_rows = right.rows
    if left.columns != right.columns:
        same_names = sorted(left.columns) == sorted(right.columns)
        if not same_names or len(set(left.columns)) != len(left.columns):
            return False
        order = [right.columns.index(name) for name in left.columns]
        right_rows = tuple(tuple(row[index] for index in order) for row in right.rows)
    ordered_left = sorted(left.rows, key=_sort_key)
    ordered_right = sorted(right_rows, key=_sort_key)
    if all(_rows_equal(a, b, rel_tol, abs_tol) for a, b in zip(ordered_left, ordered_right, strict=True)):
        return True
    if len(ordered_left) > _MAX_GREEDY_ROWS:
        return False
    remaining = list(ordered_right)
    for row in ordered_left:
        match = next(
            (i for i, other in enumerate(remaining) if _rows_equal(row, other, rel_tol, abs_tol)), None
        )
        if match is None:
            return False
        remaining.pop(match)
    return True


def _table_vs_value(table: Table, other: Normalized, rel_tol: float, abs_tol: float) -> bool:
    if isinstance(other, Table | Text | tuple) or len(table.rows) != 1 or len(table.columns) != 1:
        return False
    return cells_equal(table.rows[0][0], other, rel_tol=rel_tol, abs_tol=abs_tol)


def normalized_equal(  # noqa: PLR0911 - one return per pair of kinds
    left: Normalized, right: Normalized, *, rel_tol: float = REL_TOL, abs_tol: float = ABS_TOL
) -> bool:
    """Equality of two normalized outputs (a scalar also equals a one-cell table holding it)."""
    if isinstance(left, Table) and isinstance(right, Table):
        return tables_equal(left, right, rel_tol=rel_tol, abs_tol=abs_tol)
    if isinstance(left, Table):
        return _table_vs_value(left, right, rel_tol, abs_tol)
    if isinstance(right, Table):
        return _table_vs_value(right, left, rel_tol, abs_tol)
    if isinstance(left, Text) or isinstance(right, Text):
        return left == right
    if isinstance(left, tuple) or isinstance(right, tuple):
        if not (isinstance(left, tuple) and isinstance(right, tuple)) or len(left) != len(right):
            return False
        return all(
            normalized_equal(a, b, rel_tol=rel_tol, abs_tol=abs_tol) for a, b in zip(left, right, strict=True)
        )
    return cells_equal(left, right, rel_tol=rel_tol, abs_tol=abs_tol)


def outputs_match(left: Any, right: Any, *, rel_tol: float = REL_TOL, abs_tol: float = ABS_TOL) -> bool:
    """True when two outputs hold the same answer after normalization (see the module docstring)."""
    return normalized_equal(normalize_output(left), normalize_output(right), rel_tol=rel_tol, abs_tol=abs_tol)
