"""Sample arguments for the run step: docstring examples first, then defaults and type-based values.

Docstring examples are read with the AST, never executed on the host: ``G = nx.path_graph(5)`` becomes a
call of the ``path_graph`` tool whose result is bound to ``G``; ``nx.shortest_path(G, source=0,
target=4)`` becomes a call of ``shortest_path`` with ``G`` replaced by the handle ``path_graph``
returned. Non-literal arguments of an expression library (``x**2 - 1``) travel as expression strings.
``a = np.array([...])`` binds the list; ``Version.parse("2.0.0").match(">=1.0.0")`` builds the receiver
first; extra positional values of a ``*args`` signature go to its array parameter. Then literal calls in
the README, docs, tests and docstring prose; then values from descriptions and types (sample_values.py).
"""

# ruff: noqa: PLR0912 - one small interpreter of doctest lines
from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import Any

from mcpforge.convert.sample_params import plain_value, plain_values, positional_slots
from mcpforge.convert.sample_values import (
    fits,
    quantity_value,
    typed_value,
)
from mcpforge.convert.select import ToolPlan

MAX_EXAMPLE_SAMPLES = 3


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
    expected: str | None = None  # the output the docstring shows for this call, as written there

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


# ``np.array([...])``, ``numpy.asarray(...)``, ``tuple(...)``: the literal inside is the value (it travels as
# JSON and the tool's adapter builds the array again).
_LITERAL_WRAPPERS = frozenset(
    {"array", "asarray", "asanyarray", "tuple", "list", "float64", "int64", "float"}
)


def _wrapped_literal(node: ast.expr) -> Any:
    if (
        isinstance(node, ast.Call)
        and len(node.args) == 1
        and not node.keywords
        and (
            (isinstance(node.func, ast.Attribute) and node.func.attr in _LITERAL_WRAPPERS)
            or (isinstance(node.func, ast.Name) and node.func.id in _LITERAL_WRAPPERS)
        )
    ):
        try:
            return _json_literal(ast.literal_eval(node.args[0]))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            pass
    raise _NotUsable


_ARITHMETIC = {
    ast.Add: float.__add__,
    ast.Sub: float.__sub__,
    ast.Mult: float.__mul__,
    ast.Div: float.__truediv__,
}


def _number(node: ast.expr) -> float:
    """``42.+(15./60.)``: arithmetic over number literals, folded (nothing else is evaluated)."""
    if (
        isinstance(node, ast.Constant)
        and isinstance(node.value, int | float)
        and not isinstance(node.value, bool)
    ):
        return float(node.value)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_number(node.operand)
    if isinstance(node, ast.BinOp) and type(node.op) in _ARITHMETIC:
        try:
            return float(_ARITHMETIC[type(node.op)](_number(node.left), _number(node.right)))
        except ZeroDivisionError:
            raise _NotUsable from None
    raise _NotUsable


def _literal(node: ast.expr, *, fold: bool = True) -> Any:
    """A doctest value written as a literal, as arithmetic over numbers (``fold``: not for an
    expression library, where ``1/3`` is exact), or as an array constructor over a literal."""
    try:
        return _json_literal(ast.literal_eval(node))
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        pass
    if isinstance(node, ast.BinOp | ast.UnaryOp):
        if not fold:
            raise _NotUsable
        return _number(node)
    return _wrapped_literal(node)


class _Reader:
    def __init__(
        self,
        plan: ToolPlan,
        tools: dict[str, ToolPlan],
        expressions: bool,
        outputs: dict[str, str] | None = None,
    ) -> None:
        self.plan = plan
        self.outputs = outputs or {}
        self.tools = tools
        self.expressions = expressions
        self.literals: dict[str, Any] = {}  # example variables assigned a literal (``seq = "ATGC"``)
        self.made = 0  # receivers built by a call inside the statement
        self.defaulted = False  # an optional argument of the call being read was left at its default
        self.by_short: dict[str, ToolPlan] = {}
        for tool in tools.values():
            short = tool.public_path.rsplit(".", 1)[-1]
            if tool.kind != "method":
                self.by_short.setdefault(short, tool)

    def value(self, node: ast.expr, bound: set[str]) -> Any:
        try:
            return _literal(node, fold=not self.expressions)
        except _NotUsable:
            pass
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

    def tool_for(self, call: ast.Call, bound: set[str]) -> tuple[ToolPlan, dict[str, Any], list[Step]] | None:
        """The tool ``call`` calls, its arguments, and the steps that build its receiver when that is
        itself a call (``Version.parse("2.0.0").match(">=1.0.0")``)."""
        func = call.func
        name = (
            func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
        )
        if name is None:
            return None
        receiver = func.value if isinstance(func, ast.Attribute) else None
        tool: ToolPlan | None = None
        extra: dict[str, Any] = {}
        before: list[Step] = []
        if isinstance(receiver, ast.Call):
            made = self.tool_for(receiver, bound)
            if made is not None and (made[0].returns_handle_of or made[0].kind == "class"):
                self.made += 1
                ref = f"obj{self.made}"
                before = [*made[2], Step(tool=made[0].name, arguments=made[1], bind=ref)]
                receiver = ast.Name(id=ref)
                bound = {*bound, ref}
        if isinstance(receiver, ast.Name) and receiver.id in bound:
            tool = next((t for t in self.tools.values() if t.kind == "method" and t.method == name), None)
            extra = {"handle": {"$ref": receiver.id}}
        if tool is None:
            tool = self.by_short.get(name)
        if tool is None:
            return None
        params = [p for p in tool.params if p.get("role") != "self"]
        fixed, varargs = positional_slots(tool)
        arguments = dict(extra)
        for index, arg in enumerate(call.args):
            if isinstance(arg, ast.Starred):
                raise _NotUsable
            if index < len(fixed):
                self._fill(arguments, fixed[index], arg, bound)
            elif varargs is not None:
                arguments.setdefault(varargs["name"], []).append(self.value(arg, bound))
            else:
                raise _NotUsable
        # A keyword names the library's parameter; the tool's may differ (``handle`` → ``handle_``).
        known = {p["python_name"]: p for p in params} | {p["name"]: p for p in params}
        for keyword in call.keywords:
            if keyword.arg is None or keyword.arg not in known:
                raise _NotUsable
            self._fill(arguments, known[keyword.arg], keyword.value, bound)
        return tool, arguments, before

    def _fill(
        self, arguments: dict[str, Any], param: dict[str, Any], node: ast.expr, bound: set[str]
    ) -> None:
        """``arguments[param]`` from ``node``. An optional parameter passed by name whose value is not
        JSON (``surround = VIEWING_CONDITIONS_CAM16["Average"]``, a library constant) keeps the library's
        default: the rest of the call is still the authors' sample (its shown output no longer applies)."""
        try:
            arguments[param["name"]] = self.value(node, bound)
        except _NotUsable:
            if param.get("required", True) or param.get("positional_only"):
                raise
            self.defaulted = True

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
                elif isinstance(node, ast.Assign):
                    value = node.value  # ``(cA, cD) = pywt.dwt(...)``: a sample, bound to nothing
                elif isinstance(node, ast.Expr):
                    value = node.value
                if value is None:
                    continue
                if target is not None:
                    try:
                        self.literals[target] = _literal(value, fold=not self.expressions)
                        continue
                    except _NotUsable:
                        self.literals.pop(target, None)
                for call in [n for n in ast.walk(value) if isinstance(n, ast.Call)]:
                    self.defaulted = False
                    try:
                        resolved = self.tool_for(call, bound)
                    except _NotUsable:
                        continue
                    if resolved is None:
                        continue
                    tool, arguments, before = resolved
                    if tool.name == self.plan.name:
                        whole = call is value and isinstance(node, ast.Expr) and len(tree.body) == 1
                        whole = whole and not self.defaulted
                        found.append(
                            Sample(
                                source="example",
                                steps=[*steps, *before, Step(tool=tool.name, arguments=arguments)],
                                expected=self.outputs.get(statement) if whole else None,
                            )
                        )
                        if len(found) >= MAX_EXAMPLE_SAMPLES:
                            return found
                    elif call is value and target is not None:
                        steps += [*before, Step(tool=tool.name, arguments=arguments, bind=target)]
                        bound.add(target)
                    break
        return found


def keyword_pool(tools: dict[str, ToolPlan]) -> dict[str, Any]:
    """Literal arguments the library's doctests pass, by parameter name (``unit='mi'``, ``ndigits=2``,
    and positional strings and arrays by the parameter they fill: ``dwt(x, 'db1')`` gives ``wavelet``):
    what its authors consider an ordinary value of that parameter."""
    pool: dict[str, Any] = {}
    seen: set[str] = set()
    by_short = {t.public_path.rsplit(".", 1)[-1]: t for t in tools.values() if t.kind != "method"}
    for tool in tools.values():
        for statement in [*tool.api.examples, *tool.extra.get("owner_examples", [])]:
            if statement in seen:
                continue
            seen.add(statement)
            try:
                tree = ast.parse(statement)
            except SyntaxError:
                continue
            for call in (n for n in ast.walk(tree) if isinstance(n, ast.Call)):
                func = call.func
                callee = by_short.get(
                    func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                )
                names = [p["name"] for p in (positional_slots(callee)[0] if callee else [])]
                for name, arg in zip(names, call.args, strict=False):
                    # A name the library knows (``'db1'``) or an array of the right shape (``[[2, 2]]``); a
                    # positional number says little (``f(2)`` with ``x``: a symbol, in sympy).
                    try:
                        value = _literal(arg, fold=False)
                    except _NotUsable:
                        continue
                    if name not in pool and isinstance(value, str | list | dict):
                        pool[name] = value
                for keyword in call.keywords:
                    if keyword.arg is None or keyword.arg in pool:
                        continue
                    try:
                        pool[keyword.arg] = _json_literal(ast.literal_eval(keyword.value))
                    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError, _NotUsable):
                        continue
    for tool in tools.values():
        # Then the default another callable of the library declares for a parameter of that name.
        for param in tool.api.params:
            default = param.default
            if default.get("present") and default.get("json") and default.get("value") is not None:
                pool.setdefault(param.name, default["value"])
    return pool


def _required_arguments(
    plan: ToolPlan, expressions: bool, pool: dict[str, Any]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Type/doc-based values for the plain required parameters; the handle parameters still to fill."""
    arguments: dict[str, Any] = {}
    handles: list[dict[str, Any]] = []
    properties = plan.input_schema.get("properties", {})
    docs = {p.name: (p.doc, p.doc_type) for p in plan.api.params}
    for param in plan.params:
        if not param.get("required"):
            continue
        if param["adapter"].get("kind") == "handle":
            handles.append(param)
            continue
        doc, doc_type = docs.get(param.get("python_name", param["name"]), ("", ""))
        if param["adapter"].get("kind") == "quantity" and not fits(
            pool.get(param["name"]), {"type": "string"}
        ):
            arguments[param["name"]] = quantity_value(f"{doc_type} {doc}")
            continue
        arguments[param["name"]] = typed_value(
            param["name"],
            properties.get(param["name"], {}),
            expressions,
            doc=doc,
            doc_type=doc_type,
            pool=pool,
        )
    return arguments, handles


def _maker_preludes(
    handle_class: str | None,
    tools: dict[str, ToolPlan],
    expressions: bool,
    pool: dict[str, Any],
    prefix: str,
) -> list[list[Step]]:
    """Ways to build an object of ``handle_class``: the calls of its constructor's (or a ``from_*``
    factory's) own doctest examples, then the constructor with doc/type-based required arguments; the
    last step binds ``prefix``."""
    makers = [t for t in tools.values() if t.returns_handle_of == handle_class]
    makers.sort(key=lambda t: (t.kind != "class", t.name))
    preludes: list[list[Step]] = []
    for maker in makers[:3]:
        outputs = {**maker.api.example_outputs, **maker.extra.get("owner_outputs", {})}
        reader = _Reader(maker, tools, expressions, outputs)
        written = reader.samples([*maker.api.examples, *maker.extra.get("owner_examples", [])])[:2]
        written += _Reader(maker, tools, expressions).samples(maker.extra.get("usage_examples", []))[:2]
        for sample in written:
            *before, last = sample.steps
            if all(not s.bind or not s.bind.startswith("_") for s in before):
                preludes.append([*before, Step(tool=last.tool, arguments=last.arguments, bind=prefix)])
        arguments, handles = _required_arguments(maker, expressions, pool)
        # ``Template(source: str | nodes.Template)``: an object-or-name parameter takes its plain value.
        plain = plain_values(maker, handles, pool, guess=True)
        if plain is not None:
            preludes.append([Step(tool=maker.name, arguments={**arguments, **plain}, bind=prefix)])
    unique: list[list[Step]] = []
    for prelude in preludes:
        if prelude not in unique:
            unique.append(prelude)
    return unique[:3]


def _alternative(arguments: dict[str, Any]) -> dict[str, Any]:
    return {
        k: (
            1
            if v == 2 and not isinstance(v, bool)
            else "x"
            if v == "x**2 - 1"
            else [[1.0, 2.0], [3.0, 4.0]]
            if isinstance(v, list) and v and not isinstance(v[0], dict | list | str)
            else v
        )
        for k, v in arguments.items()
    }


def samples_for(plan: ToolPlan, tools: dict[str, ToolPlan], *, expressions: bool) -> list[Sample]:
    """Ordered candidate samples for ``plan``: its doctest examples (with the output they show), then
    values from its documentation and types, a method's object built by its constructor's own sample."""
    # A method's examples often live in its class's docstring (``c = Counter(5)``, ``c.increment(2)``).
    examples = [*plan.api.examples, *plan.extra.get("owner_examples", [])]
    outputs = {**plan.extra.get("owner_outputs", {}), **plan.api.example_outputs}
    found = _Reader(plan, tools, expressions, outputs).samples(examples)
    # Then literal calls of it in the README, docs, examples and tests of the library.
    usage = _Reader(plan, tools, expressions).samples(plan.extra.get("usage_examples", []))
    found += [s for s in usage if s not in found][:MAX_EXAMPLE_SAMPLES]
    pool = keyword_pool(tools)
    arguments, handles = _required_arguments(plan, expressions, pool)
    properties = plan.input_schema.get("properties", {})
    docs = {p.name: f"{p.doc_type} {p.doc}" for p in plan.api.params}
    plain = plain_values(plan, handles, pool, guess=False)
    if handles and plain is not None:
        # What the library documents for the object (a formula, a name) before an object built blind.
        found.append(Sample(source="types", steps=[Step(tool=plan.name, arguments={**arguments, **plain})]))
    preludes: list[list[Step]] = [[]]
    for param in handles:
        many = bool(param["adapter"].get("many"))
        refs = [f"_{param['name']}{i}" for i in range(2 if many else 1)]
        options = _maker_preludes(param.get("handle_class"), tools, expressions, pool, refs[0])
        if not options:
            value = plain_value(
                param, properties.get(param["name"], {}), pool, docs.get(param["python_name"], "")
            )
            if value is None:
                return found
            arguments[param["name"]] = value  # "Wavelet object or name": the name, as its authors write it
            continue
        extended: list[list[Step]] = []
        for prelude in preludes:
            for option in options:
                steps = [*prelude, *option]
                for ref in refs[1:]:
                    last = option[-1]
                    steps += [*option[:-1], Step(tool=last.tool, arguments=last.arguments, bind=ref)]
                extended.append(steps)
        preludes = extended[:3]
        arguments[param["name"]] = [{"$ref": ref} for ref in refs] if many else {"$ref": refs[0]}
    for prelude in preludes:
        found.append(Sample(source="types", steps=[*prelude, Step(tool=plan.name, arguments=arguments)]))
    alternative = _alternative(arguments)
    if alternative != arguments:
        found.append(
            Sample(source="types", steps=[*preludes[0], Step(tool=plan.name, arguments=alternative)])
        )
    return found


_typed_value = typed_value  # the name the earlier tests use
__all__ = ["Sample", "Step", "keyword_pool", "quantity_value", "samples_for", "typed_value"]
