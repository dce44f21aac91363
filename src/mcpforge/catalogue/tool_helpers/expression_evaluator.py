"""The vectorized evaluator of derived columns, copied into the tools that compute them.

The code below the ``INLINE`` marker is copied verbatim into a tool, after the parser it evaluates
(``expression_parser``). Nothing is ever passed to ``eval``.
"""

from typing import Any

import numpy as np
import pandas as pd

from mcpforge.catalogue.tool_helpers.common import _is_numeric
from mcpforge.catalogue.tool_helpers.expression_parser import _ExprNode, _ExprParser
from mcpforge.exceptions import DataError
from mcpforge.runtime import require_columns

# ---- INLINE ----
_EXPR_BINARY: dict[str, Any] = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a / b,
    "//": lambda a, b: a // b,
    "%": lambda a, b: a % b,
    "**": lambda a, b: a**b,
}
_EXPR_CALLS: dict[str, Any] = {
    "abs": np.abs,
    "round": lambda x, digits=0: np.round(x, int(digits)),
    "min": lambda *xs: _expr_extreme(xs, np.minimum),
    "max": lambda *xs: _expr_extreme(xs, np.maximum),
}


def _expr_extreme(values: tuple[Any, ...], pick: Any) -> Any:
    result = values[0]
    for value in values[1:]:
        result = pick(result, value)
    return result


def _expr_compute(node: _ExprNode, df: pd.DataFrame) -> Any:
    """Evaluate a parsed expression over the columns of ``df`` (whole columns at once)."""
    kind = node[0]
    if kind == "num":
        return node[1]
    if kind == "col":
        require_columns(df, [node[1]])
        column = df[node[1]]
        if not _is_numeric(column):
            raise DataError(f"column {node[1]!r} is not numeric; it cannot be used in an expression")
        return column.astype("float64")
    if kind == "neg":
        return -_expr_compute(node[1], df)
    if kind == "call":
        return _EXPR_CALLS[node[1]](*[_expr_compute(arg, df) for arg in node[2]])
    with np.errstate(all="ignore"):
        return _EXPR_BINARY[node[1]](_expr_compute(node[2], df), _expr_compute(node[3], df))


def _apply_derived(df: pd.DataFrame, derived: dict[str, str] | None) -> pd.DataFrame:
    """Add each derived column in order (later ones may use earlier ones); x/0 gives a missing value."""
    for name, expression in (derived or {}).items():
        try:
            values = _expr_compute(_ExprParser(str(expression)).parse(), df)
        except ZeroDivisionError:
            values = np.nan
        series = pd.Series(values, index=df.index, dtype="float64")
        df = df.assign(**{str(name): series.replace([np.inf, -np.inf], np.nan)})
    return df
