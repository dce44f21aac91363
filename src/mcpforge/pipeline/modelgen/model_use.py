"""What a model's answer uses, read from its code's syntax tree or from the template it chose.

The accounting gate compares this with the words of the request: the columns the code reads, the
conditions it applies (with their values), the numbers it writes, the aggregations it computes, its
group keys and the kinds of operation it performs (an inequality, a negation, a ranking, a division,
arithmetic). The code is only parsed, never run.
"""

from __future__ import annotations

import ast
import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass

from mcpforge.models import Intent
from mcpforge.pipeline.modelgen.code_reading import read_compute
from mcpforge.pipeline.modelgen.compute_tool import used_columns
from mcpforge.pipeline.modelgen.partial_reading import Condition

_NUMBER = re.compile(r"\d+(?:\.\d+)?")
_INEQUALITY = (ast.Gt, ast.GtE, ast.Lt, ast.LtE)
_NEGATION = (ast.NotEq, ast.NotIn, ast.IsNot)
_RANKING = {
    "sort_values",
    "nlargest",
    "nsmallest",
    "idxmax",
    "idxmin",
    "max",
    "min",
    "rank",
    "argmax",
    "argmin",
}
_CHANGE = {"diff", "pct_change", "cumsum", "cumprod", "shift"}
_GROUPING = {"groupby", "pivot_table", "pivot", "crosstab", "resample"}
_CLOSE = 0.85
_COUNTING = {"count", "size", "len", "nunique", "value_counts", "sum", "shape", "unique"}
# The calls and names that compute each aggregation of the accounting.
FUNC_EVIDENCE: dict[str, frozenset[str]] = {
    "count": frozenset(_COUNTING),
    "nunique": frozenset({"nunique", "unique", "drop_duplicates", "len", "value_counts"}),
    "sum": frozenset({"sum", "cumsum"}),
    "mean": frozenset({"mean", "average"}),
    "median": frozenset({"median", "quantile", "percentile"}),
    "std": frozenset({"std", "stdev", "pstdev"}),
    "pstd": frozenset({"std", "pstdev"}),
    "cv": frozenset({"std", "stdev", "variation"}),
    "var": frozenset({"var", "variance", "pvariance"}),
    "pvar": frozenset({"var", "pvariance"}),
    "min": frozenset({"min", "idxmin", "nsmallest", "sort_values", "argmin"}),
    "max": frozenset({"max", "idxmax", "nlargest", "sort_values", "argmax"}),
}


@dataclass(frozen=True, kw_only=True)
class ModelUse:
    """What the model's answer computes, in the accounting's terms."""

    columns: frozenset[str] = frozenset()
    conditions: tuple[Condition, ...] = ()
    calls: frozenset[str] = frozenset()  # names of the functions and methods called, and agg strings
    numbers: frozenset[float] = frozenset()
    group_keys: frozenset[str] = frozenset()
    operators: frozenset[str] = frozenset()  # inequality, negation, either, rank, divide, arithmetic
    names: str = ""  # every identifier and string of the code, lowercased (method names: "kendall")
    unknown_columns: frozenset[str] = frozenset()  # x["name"] read, not in the data nor assigned by the code

    def computes(self, func: str) -> bool:
        """Whether the answer computes the aggregation ``func`` (count, sum, mean, ...)."""
        return bool(self.calls & FUNC_EVIDENCE.get(func, frozenset({func})))


def _numbers(tree: ast.AST) -> set[float]:
    found: set[float] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
            if not isinstance(node.value, bool):
                found.add(abs(float(node.value)))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found |= {float(n) for n in _NUMBER.findall(node.value)}  # "2012-01-01", "2008"
    return found


def _call_name(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return node.func.id if isinstance(node.func, ast.Name) else None


def _strings(node: ast.AST) -> set[str]:
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def _operators(tree: ast.AST, calls: set[str]) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            found |= {"inequality" for op in node.ops if isinstance(op, _INEQUALITY)}
            found |= {"negation" for op in node.ops if isinstance(op, _NEGATION)}
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Invert | ast.Not):
            found.add("negation")
        elif isinstance(node, ast.BinOp):
            found.add("arithmetic")
            found |= {"divide"} if isinstance(node.op, ast.Div | ast.FloorDiv | ast.Mult) else set()
            found |= {"either"} if isinstance(node.op, ast.BitOr) else set()
        elif isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            found.add("either")
        elif isinstance(node, ast.keyword) and node.arg == "normalize":
            found.add("divide")
    found |= {"inequality"} if calls & {"between", "clip", "cut", "qcut"} else set()
    found |= {"negation"} if calls & {"isna", "isnull", "notna", "notnull", "dropna"} else set()
    found |= {"either"} if "isin" in calls else set()
    found |= {"rank"} if calls & _RANKING else set()
    found |= {"arithmetic", "divide"} if calls & _CHANGE else set()
    found |= {"divide"} if "mean" in calls else set()  # the mean of a yes/no condition is its share
    return found


def _group_keys(tree: ast.AST, columns: Sequence[str]) -> set[str]:
    keys: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _call_name(node) in _GROUPING:
            keys |= _strings(ast.Tuple(elts=[*node.args, *(k.value for k in node.keywords)]))
        elif isinstance(node, ast.Call) and _call_name(node) == "value_counts":
            assert isinstance(node.func, ast.Attribute)
            keys |= _strings(node.func.value)
    return keys & set(columns)


def from_code(source: str, columns: Sequence[str]) -> ModelUse | None:
    """What ``compute(df)`` in ``source`` uses (None: the code does not parse or has no ``compute``)."""
    reading = read_compute(source)
    if reading is None:
        return None
    tree = ast.parse(source)
    calls = {
        name for node in ast.walk(tree) if isinstance(node, ast.Call) for name in [_call_name(node)] if name
    }
    calls |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == "shape"}
    strings = _strings(tree)
    calls |= {s for s in strings if s in FUNC_EVIDENCE or s in {"size", "nunique"}}  # agg("mean")
    attributes = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    named = set(used_columns(source, columns)) | (attributes & set(columns))
    identifiers = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | attributes | strings
    assigned = {name for name, _ in reading.derived} | _keywords(tree)
    read = {
        n.slice.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Subscript)
        and isinstance(n.slice, ast.Constant)
        and isinstance(n.slice.value, str)
    }
    return ModelUse(
        columns=frozenset(named),
        conditions=tuple(
            Condition(column=c.column, op=c.op, value=c.value if c.literal else None, part=c.part)
            for c in reading.conditions
        ),
        calls=frozenset(calls),
        numbers=frozenset(_numbers(tree)),
        group_keys=frozenset(_group_keys(tree, columns)),
        operators=frozenset(_operators(tree, calls)),
        names=" ".join(sorted(identifiers)).lower(),
        unknown_columns=frozenset((read | _misspelt(strings, columns)) - set(columns) - assigned),
    )


def _misspelt(strings: set[str], columns: Sequence[str]) -> set[str]:
    """``"wether"`` beside the column ``weather``: a column name the code misspells (validation fails it)."""
    known = set(columns)
    return {s for s in strings - known if difflib.get_close_matches(s, columns, n=1, cutoff=_CLOSE)}


def _keywords(tree: ast.AST) -> set[str]:
    """Names the code gives to columns it makes: ``reset_index(name=...)``, ``agg(n=...)``, ``rename``."""
    found = {k.arg for n in ast.walk(tree) if isinstance(n, ast.Call) for k in n.keywords if k.arg}
    makers = {"reset_index", "rename", "to_frame", "DataFrame", "agg", "aggregate", "assign"}
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _call_name(n) in makers]
    parts = [part for n in calls for part in [*n.args, *(k.value for k in n.keywords)]]  # not the receiver
    return found | {s for part in parts for s in _strings(part)}


_COUNTING_OPS = {"group_count", "value_distribution", "crosstab", "distinct_count", "missing_values"}
_SHARE_OPS = {"value_distribution", "percentiles"}


def from_intent(intent: Intent) -> ModelUse:
    """What a catalogue template computes for the model's chosen intent."""
    named = {*intent.group_by, *intent.columns, *(m.column for m in intent.metrics if m.column)}
    named |= {f.column for f in intent.filters} | ({intent.time_column} if intent.time_column else set())
    calls = {m.func for m in intent.metrics} | ({"count"} if intent.operation in _COUNTING_OPS else set())
    numbers: set[float] = set()
    for item in [*(f.value for f in intent.filters), intent.top_n, *intent.options.values()]:
        for value in item if isinstance(item, list | tuple) else [item]:
            if isinstance(value, int | float) and not isinstance(value, bool):
                numbers.add(abs(float(value)))
            elif isinstance(value, str):
                numbers |= {float(n) for n in _NUMBER.findall(value)}
    ops = {f.op for f in intent.filters}
    operators = {"inequality"} if ops & {">", ">=", "<", "<=", "between"} else set()
    operators |= {"negation"} if ops & {"!=", "not in", "is null", "not null"} else set()
    operators |= {"either"} if "in" in ops else set()
    operators |= {"rank"} if intent.top_n is not None or "top" in intent.operation else set()
    operators |= {"divide"} if intent.as_percentage or intent.operation in _SHARE_OPS else set()
    operators |= {"arithmetic"} if intent.derived else set()
    return ModelUse(
        columns=frozenset(n for n in named if n),
        conditions=tuple(Condition(column=f.column, op=f.op, value=f.value) for f in intent.filters),
        calls=frozenset(calls),
        numbers=frozenset(numbers),
        group_keys=frozenset(intent.group_by),
        operators=frozenset(operators),
        names=f"{intent.operation} {' '.join(str(v) for v in intent.options.values())}".lower(),
    )
