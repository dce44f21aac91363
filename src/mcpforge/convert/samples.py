"""Sample arguments for the run step: docstring examples first, then defaults and type-based values.

Docstring examples are read with the AST, never executed on the host: ``G = nx.path_graph(5)`` becomes a
call of the ``path_graph`` tool whose result is bound to ``G``; ``nx.shortest_path(G, source=0,
target=4)`` becomes a call of ``shortest_path`` with ``G`` replaced by the handle ``path_graph``
returned. Non-literal arguments of an expression library (``x**2 - 1``) travel as expression strings.
"""

# ruff: noqa: PLR0911, PLR0912 - one small interpreter of doctest lines
from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any

from mcpforge.convert.select import ToolPlan

MAX_EXAMPLE_SAMPLES = 3
_NAME_INTS = {"n", "k", "m", "p", "q", "i", "j", "size", "order", "degree", "dim", "num", "count"}


@dataclass(frozen=True, kw_only=True)
class Step:
    """One tool call; ``bind`` names the variable its result is bound to."""

    tool: str
    arguments: dict[str, Any]
    bind: str | None = None


@dataclass(frozen=True, kw_only=True)
class Sample:
    """Calls to make, the last one being the tool under test."""

    source: str
    steps: list[Step] = field(default_factory=list)

    @property
    def final(self) -> Step:
        return self.steps[-1]


class _NotUsable(Exception):  # noqa: N818 - control flow inside the interpreter
    pass


def _json_literal(value: Any) -> Any:
    """A doctest literal as JSON (sets and tuples as lists); Ellipsis, bytes and the like are unusable."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, complex):
        return {"real": value.real, "imag": value.imag}
    if isinstance(value, list | tuple | set | frozenset):
        return [_json_literal(item) for item in value]
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return {k: _json_literal(v) for k, v in value.items()}
    raise _NotUsable


def _unit_text(node: ast.expr) -> str | None:
    """``units('m/s')`` / ``units.Quantity`` style unit references → the unit text."""
    if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name in {"units", "Unit", "ureg"} and isinstance(node.args[0].value, str):
            return node.args[0].value
    if (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id in {"units", "ureg", "u"}
    ):
        return node.attr
    return None


def _quantity_text(node: ast.expr) -> str | None:
    """``10 * units('m/s')``, ``units.Quantity(10, 'm/s')`` (pint, as in metpy's examples) → ``"10 m/s"``."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        for number, unit in ((node.left, node.right), (node.right, node.left)):
            text = _unit_text(unit)
            if (
                text is not None
                and isinstance(number, ast.Constant)
                and isinstance(number.value, int | float)
            ):
                return f"{number.value} {text}"
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "Quantity"
        and len(node.args) == 2
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[1], ast.Constant)
    ):
        return f"{node.args[0].value!s} {node.args[1].value!s}"
    return None


class _Reader:
    def __init__(self, plan: ToolPlan, tools: dict[str, ToolPlan], expressions: bool) -> None:
        self.plan = plan
        self.tools = tools
        self.expressions = expressions
        self.literals: dict[str, Any] = {}  # example variables assigned a literal (``seq = "ATGC"``)
        self.by_short: dict[str, ToolPlan] = {}
        for tool in tools.values():
            short = tool.public_path.rsplit(".", 1)[-1]
            if tool.kind != "method":
                self.by_short.setdefault(short, tool)

    def value(self, node: ast.expr, bound: set[str]) -> Any:
        try:
            literal = ast.literal_eval(node)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            pass
        else:
            return _json_literal(literal)
        if isinstance(node, ast.Name) and node.id in self.literals:
            return self.literals[node.id]
        if isinstance(node, ast.Name) and node.id in bound:
            return {"$ref": node.id}
        quantity = _quantity_text(node)
        if quantity is not None:
            return quantity
        if isinstance(node, (ast.List, ast.Tuple)):
            return [self.value(item, bound) for item in node.elts]
        if self.expressions and not any(isinstance(n, ast.Name) and n.id in bound for n in ast.walk(node)):
            return ast.unparse(node)
        raise _NotUsable

    def tool_for(self, call: ast.Call, bound: set[str]) -> tuple[ToolPlan, dict[str, Any]] | None:
        func = call.func
        name = (
            func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
        )
        if name is None:
            return None
        receiver = func.value if isinstance(func, ast.Attribute) else None
        tool: ToolPlan | None = None
        extra: dict[str, Any] = {}
        if isinstance(receiver, ast.Name) and receiver.id in bound:
            tool = next((t for t in self.tools.values() if t.kind == "method" and t.method == name), None)
            extra = {"handle": {"$ref": receiver.id}}
        if tool is None:
            tool = self.by_short.get(name)
        if tool is None:
            return None
        params = [p for p in tool.params if p.get("role") != "self"]
        arguments = dict(extra)
        for index, arg in enumerate(call.args):
            if isinstance(arg, ast.Starred) or index >= len(params):
                raise _NotUsable
            arguments[params[index]["name"]] = self.value(arg, bound)
        known = {p["name"] for p in params} | {p["python_name"] for p in params}
        for keyword in call.keywords:
            if keyword.arg is None or keyword.arg not in known:
                raise _NotUsable
            arguments[keyword.arg] = self.value(keyword.value, bound)
        return tool, arguments

    def samples(self, examples: list[str]) -> list[Sample]:
        found: list[Sample] = []
        steps: list[Step] = []
        bound: set[str] = set()
        for statement in examples:
            try:
                tree = ast.parse(statement)
            except SyntaxError:
                continue
            for node in tree.body:
                target: str | None = None
                value: ast.expr | None = None
                if (
                    isinstance(node, ast.Assign)
                    and len(node.targets) == 1
                    and isinstance(node.targets[0], ast.Name)
                ):
                    target, value = node.targets[0].id, node.value
                elif isinstance(node, ast.Expr):
                    value = node.value
                if value is None:
                    continue
                if target is not None:
                    try:
                        self.literals[target] = _json_literal(ast.literal_eval(value))
                        continue
                    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError, _NotUsable):
                        self.literals.pop(target, None)
                for call in [n for n in ast.walk(value) if isinstance(n, ast.Call)]:
                    try:
                        resolved = self.tool_for(call, bound)
                    except _NotUsable:
                        continue
                    if resolved is None:
                        continue
                    tool, arguments = resolved
                    if tool.name == self.plan.name:
                        found.append(
                            Sample(
                                source="example", steps=[*steps, Step(tool=tool.name, arguments=arguments)]
                            )
                        )
                        if len(found) >= MAX_EXAMPLE_SAMPLES:
                            return found
                    elif call is value and target is not None:
                        steps.append(Step(tool=tool.name, arguments=arguments, bind=target))
                        bound.add(target)
                    break
        return found


def _typed_value(name: str, schema: dict[str, Any], expressions: bool) -> Any:
    if schema.get("enum"):
        return schema["enum"][0]
    if "default" in schema:
        return schema["default"]
    kinds = schema.get("type")
    if isinstance(kinds, list):
        kinds = kinds[0]
    if kinds is None and "anyOf" in schema:
        return _typed_value(name, schema["anyOf"][0], expressions)
    if kinds == "integer":
        return 3 if name.lower() in _NAME_INTS else 2
    if kinds == "number":
        return 0.5
    if kinds == "boolean":
        return True
    if kinds == "string":
        return "x**2 - 1" if expressions else "a"
    if kinds == "array":
        return [1.0, 2.0, 3.0, 4.0]
    if kinds == "object":
        return {}
    return "x" if expressions else 1.0


def samples_for(plan: ToolPlan, tools: dict[str, ToolPlan], *, expressions: bool) -> list[Sample]:
    """Ordered candidate samples for ``plan``: examples, then defaults with type-based required values."""
    # A method's examples often live in its class's docstring (``c = Counter(5)``, ``c.increment(2)``).
    examples = [*plan.api.examples, *plan.extra.get("owner_examples", [])]
    found = _Reader(plan, tools, expressions).samples(examples)
    steps: list[Step] = []
    arguments: dict[str, Any] = {}
    properties = plan.input_schema.get("properties", {})
    for param in plan.params:
        if not param.get("required"):
            continue
        if param["adapter"].get("kind") == "handle":
            maker = next(
                (t for t in tools.values() if t.returns_handle_of == param.get("handle_class")), None
            )
            if maker is None:
                return found
            many = bool(param["adapter"].get("many"))
            refs = [f"_{param['name']}{i}" for i in range(2 if many else 1)]
            steps.extend(Step(tool=maker.name, arguments={}, bind=ref) for ref in refs)
            arguments[param["name"]] = [{"$ref": ref} for ref in refs] if many else {"$ref": refs[0]}
        else:
            arguments[param["name"]] = _typed_value(
                param["name"], properties.get(param["name"], {}), expressions
            )
    found.append(Sample(source="types", steps=[*steps, Step(tool=plan.name, arguments=arguments)]))
    alternative = {
        k: (
            1
            if v == 2
            else "x"
            if v == "x**2 - 1"
            else [[1.0, 2.0], [3.0, 4.0]]
            if isinstance(v, list) and v and not isinstance(v[0], dict)
            else v
        )
        for k, v in arguments.items()
    }
    if alternative != arguments:
        found.append(Sample(source="types", steps=[*steps, Step(tool=plan.name, arguments=alternative)]))
    return found
