"""The reading of model-written code: what ``compute(df)`` does, read from its AST, never from the model.

A model can write code that passes every test and still answers another question: it may keep only
``df["location"] == "Urban"`` when the person never said so. So the reading of a model-written tool is
extracted from the code itself (conditions, group keys, aggregations, derived columns, sort, limit), and
every comparison with a category value or a threshold that the request never mentions is an
*assumption* the person must see before the numbers.

The code is only parsed here, never run.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Any

from mcpforge.models import Filter
from mcpforge.pipeline.intent.reading import (
    FUNCTION_WORDS,
    code_span,
    condition_text,
    inline_text,
    join_words,
)

COMPUTE = "compute"
_AGGREGATIONS = {
    "sum": "sum", "mean": "mean", "median": "median", "min": "min", "max": "max", "std": "std",
    "var": "variance", "count": "count", "nunique": "nunique", "quantile": "quantile",
    "cumsum": "running total", "pct_change": "percent change", "value_counts": "count",
    "size": "count", "prod": "product", "first": "first value", "last": "last value",
}  # fmt: skip
_NULL_CHECKS = {"isna": "is null", "isnull": "is null", "notna": "not null", "notnull": "not null"}
_COMPARE = {
    ast.Eq: "==", ast.NotEq: "!=", ast.Gt: ">", ast.GtE: ">=", ast.Lt: "<", ast.LtE: "<=",
    ast.In: "in", ast.NotIn: "not in",
}  # fmt: skip
_FLIPPED = {">": "<", ">=": "<=", "<": ">", "<=": ">="}
_PERIODS = {"D": "day", "W": "week", "M": "month", "Q": "quarter", "Y": "year", "A": "year", "H": "hour"}
_DATE_PARTS = {
    "day_name": "weekday", "weekday": "weekday", "dayofweek": "weekday", "hour": "hour", "month": "month",
    "month_name": "month", "year": "year", "quarter": "quarter",
}  # fmt: skip
_DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})")
_YES_NO = {"yes", "no", "y", "n", "true", "false", "1", "0"}
_NUMBER = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)*)\s*(k|%)?", re.IGNORECASE)


@dataclass(frozen=True, kw_only=True)
class CodeCondition:
    """A comparison the code makes on a column: ``column op value``."""

    column: str
    op: str
    value: Any = None
    literal: bool = True  # the value is a constant written in the code (a category value or threshold)
    part: str | None = None  # a date part compared instead of the column itself: "year" of `date`

    def text(self) -> str:
        """The condition in words, like the reading's filters."""
        prefix = f"the {self.part} of " if self.part else ""
        if self.literal:
            condition = Filter.model_construct(column=self.column, op=self.op, value=self.value)  # type: ignore[arg-type]
            return prefix + condition_text(condition)
        op = {"==": "=", "!=": "≠", ">=": "≥", "<=": "≤"}.get(self.op, self.op)
        return f"{prefix}{code_span(self.column)} {op} {code_span(self.value)}"


@dataclass(frozen=True, kw_only=True)
class CodeReading:
    """What the code computes, in the order a reader meets it."""

    conditions: tuple[CodeCondition, ...] = ()
    group_keys: tuple[str, ...] = ()
    aggregations: tuple[tuple[str, str | None], ...] = ()  # (function word, column or None for rows)
    derived: tuple[tuple[str, str], ...] = ()
    sorts: tuple[tuple[str, bool], ...] = ()  # (column, descending)
    first_per: tuple[str, ...] = ()  # drop_duplicates(keys): one row kept per key
    limit: int | None = None

    def sentence(self, *, rows: int | None = None) -> str:
        """The reading of the code as one sentence (``rows``: the rows of the file it was given)."""
        measures = [_aggregation_text(func, column) for func, column in self.aggregations]
        head = join_words(list(dict.fromkeys(measures))) or "The rows of the data"
        parts = [head + (f" per {join_words(list(self.group_keys))}" if self.group_keys else "")]
        if self.derived:
            parts.append("with " + join_words([f"{code_span(n)} = {code_span(e)}" for n, e in self.derived]))
        if self.sorts:
            order = [f"{code_span(c)} ({'highest' if d else 'lowest'} first)" for c, d in self.sorts]
            parts.append("sorted by " + join_words(order))
        if self.first_per:
            parts.append(f"keeping the first row per {join_words([code_span(k) for k in self.first_per])}")
        if self.limit is not None:
            parts.append(f"first {self.limit:,} rows")
        if self.conditions:
            noun = "condition" if len(self.conditions) == 1 else "conditions"
            parts.append(f"using the {noun} " + join_words([c.text() for c in self.conditions]))
        parts.append(f"from the{f' {rows:,}' if rows is not None else ''} rows of the file")
        sentence = ", ".join(parts)
        return sentence[:1].upper() + sentence[1:] + " (read from the model-written code)."

    def assumptions(self, request: str) -> list[str]:
        """The literal comparisons whose value or threshold ``request`` never mentions, in words."""
        return [
            f"The code uses the condition {c.text()}, which your request never mentions: "
            "check that it belongs to your question."
            for c in self.conditions
            if c.literal and not _mentioned(c, request)
        ]


def _aggregation_text(func: str, column: str | None) -> str:
    """``func`` applied to ``column`` (already formatted; None: the rows)."""
    if column is None:
        return "count of rows" if func == "count" else f"{FUNCTION_WORDS.get(func, func)} of rows"
    return f"{FUNCTION_WORDS.get(func, func)} of {column}"


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _numbers(request: str) -> set[float]:
    found: set[float] = set()
    for digits, suffix in _NUMBER.findall(request):
        try:
            number = float(digits.replace(",", ""))
        except ValueError:
            continue
        number *= 1000 if suffix.lower() == "k" else 1
        found |= {number, number / 100}  # "30%" may be written 30 or 0.3 in the code
    return found


def _mentioned(condition: CodeCondition, request: str) -> bool:
    """Whether the request names the condition's value (or, for a yes/no value, its column)."""
    values = condition.value if isinstance(condition.value, list | tuple) else [condition.value]
    words = _words(request)
    return all(_value_mentioned(value, condition.column, words, request) for value in values)


def _value_mentioned(value: Any, column: str, words: list[str], request: str) -> bool:
    if isinstance(value, bool) or str(value).strip().lower() in _YES_NO:
        # "how many patients were readmitted" names the yes/no column, not the value.
        column_words = [w for w in _words(column) if len(w) > 2]
        return any(any(w.startswith(c[:5]) for w in words) for c in column_words)
    if isinstance(value, int | float):
        return any(abs(float(value) - n) < 1e-9 for n in _numbers(request))
    date = _DATE.match(str(value))
    if date is not None:
        # "in 2024" is written as 2024-01-01 <= date < 2025-01-01: a year's bounds are its mention.
        year, starts_year = int(date.group(1)), date.group(2, 3) == ("01", "01")
        numbers = _numbers(request)
        return year in numbers or (starts_year and year - 1 in numbers) or str(value) in request
    wanted = _words(str(value))
    if not wanted:
        return True
    return all(any(w == v or (len(v) > 3 and w.startswith(v[:4])) for w in words) for v in wanted)


# ---------------------------------------------------------------------------------------------- reading
def read_compute(source: str, *, function: str = COMPUTE) -> CodeReading | None:
    """The reading of ``function`` in ``source`` (None when the source does not parse or lacks it)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    target = next((n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name == function), None)
    if target is None:
        return None
    return _Reader(target).read()


@dataclass(kw_only=True)
class _Found:
    """What one pass has found so far (a builder, so not frozen)."""

    conditions: list[CodeCondition] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)
    aggregations: list[tuple[str, str | None]] = field(default_factory=list)
    derived: list[tuple[str, str]] = field(default_factory=list)
    sorts: list[tuple[str, bool]] = field(default_factory=list)
    first_per: list[str] = field(default_factory=list)
    limit: int | None = None

    def reading(self) -> CodeReading:
        return CodeReading(
            conditions=tuple(dict.fromkeys(self.conditions)),
            group_keys=tuple(dict.fromkeys(self.keys)),
            aggregations=tuple(dict.fromkeys(self.aggregations)),
            derived=tuple(dict.fromkeys(self.derived)),
            sorts=tuple(dict.fromkeys(self.sorts)),
            first_per=tuple(dict.fromkeys(self.first_per)),
            limit=self.limit,
        )


class _Reader:
    """One pass over the function's AST, in source order."""

    def __init__(self, function: ast.FunctionDef) -> None:
        self.function = function
        self.frame = function.args.args[0].arg if function.args.args else "df"
        self.assigned: dict[str, ast.expr] = {}
        for node in ast.walk(function):
            if (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
            ):
                self.assigned.setdefault(node.targets[0].id, node.value)

    def read(self) -> CodeReading:
        in_lambda = {
            id(inner)
            for node in ast.walk(self.function)
            if isinstance(node, ast.Lambda)
            for inner in ast.walk(node.body)
        }
        nodes = sorted(
            (
                n
                for n in ast.walk(self.function)
                if isinstance(n, ast.expr | ast.stmt) and id(n) not in in_lambda
            ),
            key=lambda n: (n.lineno, n.col_offset),
        )
        found = _Found()
        for node in nodes:
            if isinstance(node, ast.Compare):
                found.conditions += self._compare(node)
            elif isinstance(node, ast.Assign):
                found.derived += self._assigned_column(node)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                found.conditions += self._method_condition(node)
                self._shape_call(node, node.func.attr, found)
                self._order_call(node, node.func.attr, found)
            elif (
                isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice) and _is_iloc_slice(node)
            ):
                found.limit = _int(node.slice.upper) if node.slice.upper is not None else found.limit
        return found.reading()

    def _shape_call(self, node: ast.Call, name: str, found: _Found) -> None:
        """Group keys, aggregations and derived columns of one method call."""
        assert isinstance(node.func, ast.Attribute)
        if name == "groupby" and node.args:
            found.keys += self._keys(node.args[0])
        elif name == "value_counts":
            column = self._column(node.func.value)
            found.keys += [code_span(column)] if column else []
            found.aggregations.append(("count", None))
        elif name in _AGGREGATIONS:
            found.aggregations.append((_AGGREGATIONS[name], self._column_of(node.func.value, name)))
        elif name in ("agg", "aggregate"):
            found.aggregations += self._agg(node)
        elif name == "assign":
            found.derived += [(kw.arg, ast.unparse(kw.value)) for kw in node.keywords if kw.arg]
        elif name == "pivot_table":
            for key in ("index", "columns"):
                found.keys += [code_span(k) for k in _strings(_keyword(node, key))]
            func = _strings(_keyword(node, "aggfunc")) or ["mean"]
            values = _strings(_keyword(node, "values"))
            found.aggregations += [(_AGGREGATIONS.get(func[0], func[0]), code_span(v)) for v in values]
        elif name == "resample" and node.args:
            rule = _strings(node.args[0])
            on = _strings(_keyword(node, "on"))
            grain = _PERIODS.get(rule[0][:1].upper(), rule[0]) if rule else "period"
            found.keys.append(f"{grain} of {code_span(on[0])}" if on else grain)

    def _order_call(self, node: ast.Call, name: str, found: _Found) -> None:
        """Sort, limit and first-row-per-key of one method call."""
        args = node.args
        if name == "sort_values":
            found.sorts += self._sorts(node)
        elif name in ("nlargest", "nsmallest"):
            found.limit = _int(args[0]) if args else found.limit
            found.sorts += [(c, name == "nlargest") for c in (_strings(args[1]) if len(args) > 1 else [])]
        elif name == "head":
            found.limit = _int(args[0]) if args else 5
        elif name == "drop_duplicates":
            found.first_per += _strings(args[0]) if args else _strings(_keyword(node, "subset"))

    # -- columns
    def _column(self, node: ast.expr) -> str | None:
        """The data column ``node`` reads: ``x["col"]``, ``df.col``, or a name assigned from one."""
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            return node.slice.value if isinstance(node.slice.value, str) else None
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            return node.attr if node.value.id == self.frame else None
        if isinstance(node, ast.Name) and node.id in self.assigned:
            value = self.assigned[node.id]
            return self._column(value) if value is not node else None
        return None

    def _keys(self, node: ast.expr) -> list[str]:
        if isinstance(node, ast.List | ast.Tuple):
            return [key for item in node.elts for key in self._keys(item)]
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [code_span(node.value)]
        resolved = self.assigned.get(node.id) if isinstance(node, ast.Name) else node
        if resolved is None:
            return [code_span(ast.unparse(node))]
        period = _date_grouping(resolved)
        column = _first_column(resolved, self)
        if period and column:
            return [f"{period} of {code_span(column)}"]
        return [code_span(column)] if column else [code_span(ast.unparse(node))]

    def _column_of(self, receiver: ast.expr, method: str) -> str | None:
        """The column an aggregation method is applied to (None: rows, e.g. ``groupby(...).size()``)."""
        if method in ("size",):
            return None
        column = self._column(receiver)
        if column is not None:
            return code_span(column)
        if isinstance(receiver, ast.Subscript) and isinstance(receiver.slice, ast.List):
            names = _strings(receiver.slice)
            return join_words([code_span(n) for n in names]) if names else None
        if _is_groupby(receiver):
            assert isinstance(receiver, ast.Call) and isinstance(receiver.func, ast.Attribute)
            grouped = receiver.func.value
            if isinstance(grouped, ast.Name) and grouped.id == self.frame:
                return None
            inner = self.assigned.get(grouped.id, grouped) if isinstance(grouped, ast.Name) else grouped
            column = self._column(inner)
            return code_span(column if column is not None else ast.unparse(inner))
        return None if method == "count" else code_span(ast.unparse(receiver))

    def _agg(self, node: ast.Call) -> list[tuple[str, str | None]]:
        column = self._column_of(node.func.value, "agg") if isinstance(node.func, ast.Attribute) else None
        found: list[tuple[str, str | None]] = []
        for arg in node.args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.append((_AGGREGATIONS.get(arg.value, arg.value), column))
            elif isinstance(arg, ast.List):
                found += [(_AGGREGATIONS.get(s, s), column) for s in _strings(arg)]
            elif isinstance(arg, ast.Lambda):
                found.append((f"“{inline_text(ast.unparse(arg.body))}”", column))
        for keyword in node.keywords:
            if isinstance(keyword.value, ast.Tuple) and len(keyword.value.elts) == 2:
                source, func = (_strings(e) for e in keyword.value.elts)
                if source and func:
                    found.append((_AGGREGATIONS.get(func[0], func[0]), code_span(source[0])))
        return found

    def _sorts(self, node: ast.Call) -> list[tuple[str, bool]]:
        by = node.args[0] if node.args else _keyword(node, "by")
        columns = _strings(by) if by is not None else []
        ascending = _keyword(node, "ascending")
        flags: list[Any] = [True] * len(columns)
        if isinstance(ascending, ast.Constant):
            flags = [ascending.value] * len(columns)
        elif isinstance(ascending, ast.List | ast.Tuple):
            flags = [e.value if isinstance(e, ast.Constant) else True for e in ascending.elts]
        # The first key is the order; the others only break ties.
        return [(c, not bool(a)) for c, a in zip(columns, flags, strict=False)][:1]

    def _assigned_column(self, node: ast.Assign) -> list[tuple[str, str]]:
        target = node.targets[0] if len(node.targets) == 1 else None
        slice_ = target.slice if isinstance(target, ast.Subscript) else None
        if isinstance(slice_, ast.Constant) and isinstance(slice_.value, str):
            return [(slice_.value, ast.unparse(node.value))]
        return []

    # -- conditions
    def _compare(self, node: ast.Compare) -> list[CodeCondition]:
        found: list[CodeCondition] = []
        left = node.left
        for op_node, right in zip(node.ops, node.comparators, strict=True):
            op = _COMPARE.get(type(op_node))
            if op is not None:
                found += self._pair(left, op, right)
            left = right
        return found

    def _target(self, node: ast.expr) -> tuple[str | None, str | None]:
        """(column, date part) compared: ``x["d"]`` → (d, None), ``x["d"].dt.year`` → (d, year)."""
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "dt"
            and node.attr in _DATE_PARTS
        ):
            return self._column(node.value.value), _DATE_PARTS[node.attr]
        return self._column(node), None

    def _pair(self, left: ast.expr, op: str, right: ast.expr) -> list[CodeCondition]:
        column, part = self._target(left)
        if column is None and op in _FLIPPED | {"==": "==", "!=": "!="}:
            (column, part), left, right = self._target(right), right, left
            op = _FLIPPED.get(op, op)
        if column is None:
            return []
        value = _literal(right)
        if value is _NOT_LITERAL:
            return [CodeCondition(column=column, op=op, value=ast.unparse(right), literal=False, part=part)]
        return [CodeCondition(column=column, op=op, value=value, part=part)]

    def _method_condition(self, node: ast.Call) -> list[CodeCondition]:
        assert isinstance(node.func, ast.Attribute)
        name, receiver = node.func.attr, node.func.value
        if name in _NULL_CHECKS:
            column = self._column(receiver)
            return [CodeCondition(column=column, op=_NULL_CHECKS[name])] if column else []
        if name == "contains" and isinstance(receiver, ast.Attribute) and receiver.attr == "str":
            column = self._column(receiver.value)
            value = _literal(node.args[0]) if node.args else _NOT_LITERAL
            if column and value is not _NOT_LITERAL:
                return [CodeCondition(column=column, op="contains", value=value)]
        if name in ("isin", "between"):
            column = self._column(receiver)
            values = [_literal(a) for a in node.args[:2]] if name == "between" else None
            if name == "isin" and node.args:
                values_in = _literal(node.args[0])
                if column and values_in is not _NOT_LITERAL:
                    return [CodeCondition(column=column, op="in", value=tuple(values_in))]
            if column and values and len(values) == 2 and _NOT_LITERAL not in values:
                return [CodeCondition(column=column, op="between", value=tuple(values))]
        return []


_NOT_LITERAL: Any = object()


def _literal(node: ast.expr) -> Any:
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return _NOT_LITERAL
    if isinstance(value, set | frozenset | list):
        return tuple(value)
    return value if isinstance(value, str | int | float | bool | tuple) else _NOT_LITERAL


def _int(node: ast.expr | None) -> int | None:
    value = _literal(node) if node is not None else _NOT_LITERAL
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _strings(node: ast.expr | None) -> list[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.List | ast.Tuple):
        return [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    return []


def _keyword(node: ast.Call, name: str) -> ast.expr | None:
    return next((k.value for k in node.keywords if k.arg == name), None)


def _is_groupby(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "groupby"


def _is_iloc_slice(node: ast.Subscript) -> bool:
    return (
        isinstance(node.value, ast.Attribute)
        and node.value.attr in ("iloc", "loc")
        and isinstance(node.slice, ast.Slice)
        and node.slice.lower is None
    )


def _date_grouping(node: ast.expr) -> str | None:
    """``month`` for ``x.dt.to_period("M")``, ``weekday`` for ``x.dt.day_name()``."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute):
            if inner.func.attr == "to_period" and inner.args:
                code = _strings(inner.args[0])
                return _PERIODS.get(code[0][:1].upper(), code[0]) if code else "period"
            if inner.func.attr in _DATE_PARTS:
                return _DATE_PARTS[inner.func.attr]
        if (
            isinstance(inner, ast.Attribute)
            and isinstance(inner.value, ast.Attribute)
            and inner.value.attr == "dt"
            and inner.attr in _DATE_PARTS
        ):
            return _DATE_PARTS[inner.attr]
    return None


def _first_column(node: ast.expr, reader: _Reader) -> str | None:
    for inner in ast.walk(node):
        if isinstance(inner, ast.expr):
            column = reader._column(inner)
            if column is not None:
                return column
    return None
