"""Sample arguments for the run step: docstring examples first, then defaults and type-based values.

Docstring examples are read with the AST, never executed on the host: ``G = nx.path_graph(5)`` becomes a
call of the ``path_graph`` tool whose result is bound to ``G``; ``nx.shortest_path(G, source=0,
target=4)`` becomes a call of ``shortest_path`` with ``G`` replaced by the handle ``path_graph``
returned. Non-literal arguments of an expression library (``x**2 - 1``) travel as expression strings.
"""

# ruff: noqa: PLR0911, PLR0912 - one small interpreter of doctest lines
from __future__ import annotations

import ast
import re
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
                        whole = call is value and target is None and len(tree.body) == 1
                        found.append(
                            Sample(
                                source="example",
                                steps=[*steps, Step(tool=tool.name, arguments=arguments)],
                                expected=self.outputs.get(statement) if whole else None,
                            )
                        )
                        if len(found) >= MAX_EXAMPLE_SAMPLES:
                            return found
                    elif call is value and target is not None:
                        steps.append(Step(tool=tool.name, arguments=arguments, bind=target))
                        bound.add(target)
                    break
        return found


# Parameter names common across libraries, and a value of the kind they usually mean (the first
# whole-word match wins). Numbers are ordinary magnitudes, not edge cases such as 0 or 1.
_NAMED_NUMBERS: list[tuple[str, float]] = [
    (r"lat|latitude|lat\d", 45.0),
    (r"lon|lng|long|longitude|lon\d|lng\d", 4.0),
    (r"rate|interest", 0.05),
    (r"prob|probability|p|alpha|fraction|frac", 0.5),
    (r"temp|temperature|kelvin", 300.0),
    (r"pressure", 101325.0),
    (r"year|years", 2020),
    (r"month", 6),
    (r"day", 15),
    (r"hour", 12),
    (r"angle|degrees|deg|theta|phi|azimuth|bearing|direction", 30.0),
    (r"distance|dist|length|radius|size|width|height", 10.0),
    (r"seconds|secs|duration|delta|time", 90.0),
    (r"amount|value|quantity|price|cost|pv|fv|principal", 1234.5),
]
_NAMED_STRINGS: list[tuple[str, str]] = [
    (r"text|string|s|sentence|message|msg|content|word|words|phrase|title", "hello world"),
    (r"version|ver", "1.2.3"),
    (r"date|day|start|end|since|until", "2020-01-01"),
    (r"locale", "en_US"),
    (r"lang|language", "en"),
    (r"currency", "USD"),
    (r"formula", "H2O"),
    (r"name|label|key", "example"),
    (r"expr|expression|query", "a"),
    (r"sep|separator|delimiter", ","),
]
_NAMED_PAIRS: list[tuple[str, bool]] = [(r"point|coords?|coordinates?|location|latlon|lonlat|position", True)]
_NAMED_ARRAYS: list[tuple[str, bool]] = [(r"arr|array|values|data|xs|ys|samples|vector|vec|signal", True)]
_QUOTED = re.compile(r"""(?<![\w])['"`]{1,2}([^'"`\s][^'"`]{0,20})['"`]{1,2}""")
_TUPLE_OF = re.compile(r"\((\s*[A-Za-z_][\w ]*(?:,\s*[A-Za-z_][\w ]*){1,5})\)")


def _name_match(name: str, table: list[tuple[str, Any]]) -> Any:
    lowered = name.lower()
    parts = [lowered, *re.split(r"[_\d]+", lowered)]
    for pattern, value in table:
        if any(re.fullmatch(pattern, part) for part in parts if part):
            return value
    return None


_COUNT_NAME = re.compile(r"^(n|num|number|count|index|idx)_|_(number|num|count|index|idx|no)$")


def _number_for(name: str, integer: bool) -> int | float:
    if _COUNT_NAME.search(name.lower()):
        return 3  # a count, an index or a small ordinal (``zone_number``, ``n_terms``, ``nper``)
    if integer:
        if name.lower() in _NAME_INTS:
            return 3
        found = _name_match(name, _NAMED_NUMBERS)
        return int(found) if isinstance(found, int) else 2
    found = _name_match(name, _NAMED_NUMBERS)
    return float(found) if found is not None else 0.5


def _tuple_value(doc: str) -> list[Any] | None:
    """``tuple of (latitude, longitude)`` / ``(x, y) pair`` in a parameter's description → a list with one
    value per named member."""
    match = _TUPLE_OF.search(doc)
    if not match or not re.search(r"tuple|pair|point|coordinates?|\(\s*\w+\s*,", doc, re.IGNORECASE):
        return None
    members = [m.strip().split()[-1] for m in match.group(1).split(",")]
    return [_number_for(m, integer=False) for m in members]


def _array_like(schema: dict[str, Any], doc_type: str) -> bool:
    options = schema.get("anyOf", [schema])
    kinds: set[str] = set()
    for option in options:
        kind = option.get("type") if isinstance(option, dict) else None
        kinds |= set(kind) if isinstance(kind, list) else {kind} if isinstance(kind, str) else set()
    if re.search(r"\bscalar\b|\bfloat\b|\bint\b", doc_type, re.IGNORECASE):
        return False  # "scalar or array_like": one number first (the alternative sample tries a list)
    return "array" in kinds and ("number" in kinds or "array_like" in doc_type or "ndarray" in doc_type)


def _fits(value: Any, schema: dict[str, Any]) -> bool:
    """Whether ``value`` has one of the JSON types ``schema`` allows (no type: anything)."""
    options = schema.get("anyOf", [schema])
    kinds: set[str] = set()
    for option in options:
        kind = option.get("type") if isinstance(option, dict) else None
        if kind is None:
            return True
        kinds |= set(kind) if isinstance(kind, list) else {kind}
    checks = {
        "integer": isinstance(value, int) and not isinstance(value, bool),
        "number": isinstance(value, int | float) and not isinstance(value, bool),
        "string": isinstance(value, str),
        "boolean": isinstance(value, bool),
        "array": isinstance(value, list),
        "object": isinstance(value, dict),
        "null": value is None,
    }
    return any(checks.get(kind, False) for kind in kinds)


def _typed_value(
    name: str,
    schema: dict[str, Any],
    expressions: bool,
    *,
    doc: str = "",
    doc_type: str = "",
    pool: dict[str, Any] | None = None,
) -> Any:
    """A value for a required parameter: what the library's own examples pass under that name, else
    what its description shows (a quoted value, a ``(lat, lon)`` tuple), else one from its type and
    name."""
    if schema.get("enum"):
        return schema["enum"][0]
    if "default" in schema:
        return schema["default"]
    if pool and name in pool and _fits(pool[name], schema):
        return pool[name]
    text = f"{doc_type} {doc}"
    pair = _tuple_value(text)
    if pair is None and not schema and _name_match(name, _NAMED_PAIRS):
        pair = [45.0, 4.0]
    if pair is not None:
        # A second point (``point2``, ``end``) a little away from the first: a distance of 0 proves little.
        shift = float(sum(int(d) for d in re.findall(r"\d", name)[-1:]) or 1) - 1.0
        return [v + shift if isinstance(v, float) else v for v in pair]
    if _array_like(schema, doc_type) or (not schema and _name_match(name, _NAMED_ARRAYS)):
        return [1.0, 2.0, 3.0, 4.0]
    kinds = schema.get("type")
    if isinstance(kinds, list):
        kinds = kinds[0]
    if kinds is None and "anyOf" in schema:
        return _typed_value(name, schema["anyOf"][0], expressions, doc=doc, doc_type=doc_type)
    if kinds == "integer":
        return _number_for(name, integer=True)
    if kinds == "number":
        return _number_for(name, integer=False)
    if kinds == "boolean":
        return True
    if kinds == "string":
        if expressions:
            return "x**2 - 1"
        quoted = _QUOTED.search(doc)
        if quoted and not re.search(r"default", doc[max(0, quoted.start() - 20) : quoted.start()], re.I):
            return quoted.group(1)
        named = _name_match(name, _NAMED_STRINGS)
        return named if named is not None else "a"
    if kinds == "array":
        if re.search(r"\b(str|string|text|word|name)s?\b", text, re.IGNORECASE):
            return ["alpha", "beta", "gamma"]
        return [1.0, 2.0, 3.0, 4.0]
    if kinds == "object":
        return {}
    if expressions:
        return "x"
    if re.search(r"\b(str|string|text)\b", text, re.IGNORECASE):
        named = _name_match(name, _NAMED_STRINGS)
        return named if named is not None else "hello world"
    if _COUNT_NAME.search(name.lower()):
        return 3
    named_number = _name_match(name, _NAMED_NUMBERS)
    if named_number is not None:
        return float(named_number)
    named = _name_match(name, _NAMED_STRINGS)
    return named if named is not None else 1.0


def keyword_pool(tools: dict[str, ToolPlan]) -> dict[str, Any]:
    """Literal keyword arguments the library's doctests pass, by parameter name (``unit='mi'``,
    ``ndigits=2``): what its authors consider an ordinary value of that parameter."""
    pool: dict[str, Any] = {}
    seen: set[str] = set()
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
        arguments[param["name"]] = _typed_value(
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
        for sample in reader.samples([*maker.api.examples, *maker.extra.get("owner_examples", [])])[:2]:
            *before, last = sample.steps
            if all(not s.bind or not s.bind.startswith("_") for s in before):
                preludes.append([*before, Step(tool=last.tool, arguments=last.arguments, bind=prefix)])
        arguments, handles = _required_arguments(maker, expressions, pool)
        if not handles:
            preludes.append([Step(tool=maker.name, arguments=arguments, bind=prefix)])
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
    preludes: list[list[Step]] = [[]]
    for param in handles:
        many = bool(param["adapter"].get("many"))
        refs = [f"_{param['name']}{i}" for i in range(2 if many else 1)]
        options = _maker_preludes(param.get("handle_class"), tools, expressions, pool, refs[0])
        if not options:
            return found
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
