"""Samples read from the library's doctest and usage examples.

Docstring examples are read with the AST, never executed on the host: ``G = nx.path_graph(5)`` becomes a
call of the ``path_graph`` tool whose result is bound to ``G``; ``nx.shortest_path(G, source=0,
target=4)`` becomes a call of ``shortest_path`` with ``G`` replaced by the handle ``path_graph``
returned. Non-literal arguments of an expression library (``x**2 - 1``) travel as expression strings.
``a = np.array([...])`` binds the list; ``Version.parse("2.0.0").match(">=1.0.0")`` builds the receiver
first; extra positional values of a ``*args`` signature go to its array parameter. A session's ``_`` is
the value its last expression showed (``parts = urisplit(_)``), and a call of another tool written as an
argument is made first (``urijoin(uriunsplit(parts), ref)``). Then literal calls in the README, docs,
tests and docstring prose; then values from descriptions and types (typed_values.py).
"""

# ruff: noqa: PLR0912 - one small interpreter of doctest lines
from __future__ import annotations

import ast
from typing import Any

from mcpforge.convert.ready_made import INSTANCE_PARAM
from mcpforge.convert.samples.doctest_literals import NotUsable, calls_in, literal, quantity_text
from mcpforge.convert.samples.param_slots import positional_slots
from mcpforge.convert.samples.steps import Sample, Step
from mcpforge.convert.select import ToolPlan

MAX_EXAMPLE_SAMPLES = 3


class DoctestReader:
    def __init__(
        self,
        plan: ToolPlan,
        tools: dict[str, ToolPlan],
        expressions: bool,
        outputs: dict[str, str] | None = None,
        *,
        partial: bool = False,
    ) -> None:
        self.plan = plan
        # ``partial``: a required argument written as something not JSON (``swe.calc_ut(jd, swe.SUN)``)
        # is left out, for the caller to fill; the rest of the call is still the authors'.
        self.partial = partial
        self.outputs = outputs or {}
        self.tools = tools
        self.expressions = expressions
        self.literals: dict[str, Any] = {}  # example variables assigned a literal (``seq = "ATGC"``)
        self.made = 0  # receivers built by a call inside the statement
        self.classes: dict[str, str | None] = {}  # example variable → the class of the object bound to it
        self.defaulted = False  # an optional argument of the call being read was left at its default
        self.nested: list[Step] | None = None  # the calls written as arguments of the call being read
        self.by_short: dict[str, ToolPlan] = {}
        # ``kebab.match(...)``: a method bound to a module-level object, found by that object's name only.
        self.bound: dict[tuple[str, str], ToolPlan] = {}
        for tool in tools.values():
            *_, receiver, short = ["", *tool.public_path.split(".")]
            if tool.api.bound_to is not None and receiver == tool.api.bound_to:
                self.bound[(receiver, short)] = tool
            elif tool.kind != "method":
                self.by_short.setdefault(short, tool)

    def value(self, node: ast.expr, bound: set[str]) -> Any:
        try:
            return literal(node, fold=not self.expressions)
        except NotUsable:
            pass
        if isinstance(node, ast.Name) and (node.id in self.literals or node.id in bound):
            return self.literals.get(node.id, {"$ref": node.id})
        quantity = quantity_text(node)
        if quantity is not None:
            return quantity
        if isinstance(node, (ast.List, ast.Tuple)):
            return [self.value(item, bound) for item in node.elts]
        if self.expressions and not any(isinstance(n, ast.Name) and n.id in bound for n in ast.walk(node)):
            return ast.unparse(node)
        if isinstance(node, ast.Call) and self.nested is not None:
            return self._nested_call(node, bound)
        raise NotUsable

    def _nested_call(self, node: ast.Call, bound: set[str]) -> dict[str, str]:
        """A call of another tool written as an argument (``urijoin(uriunsplit(parts), ref)``): made
        before the call that takes it, its result passed as a reference."""
        assert self.nested is not None
        resolved = self.tool_for(node, bound)
        if resolved is None:
            raise NotUsable
        tool, arguments, before = resolved
        self.made += 1
        ref = f"obj{self.made}"
        self.nested += [*before, Step(tool=tool.name, arguments=arguments, bind=ref)]
        return {"$ref": ref}

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
            methods = [t for t in self.tools.values() if t.kind == "method" and t.method == name]
            # The method of the receiver's own class, when the example built it (``p = inflect.engine()``).
            owner = self.classes.get(receiver.id)
            tool = next(
                (t for t in methods if owner and t.api.owner == owner), methods[0] if methods else None
            )
            extra = {"handle": {"$ref": receiver.id}}
        if tool is None and isinstance(receiver, ast.Name):
            tool = self.bound.get((receiver.id, name))
        if tool is None and isinstance(receiver, ast.Name):
            # ``countries.get('us')``: a method called on a ready-made instance the library exposes.
            tool = next((t for t in self.tools.values() if receiver.id in _ready_made(t, name)), None)
            extra = {INSTANCE_PARAM: receiver.id} if tool is not None else extra
        if tool is None and isinstance(func, ast.Attribute):
            tool = self._qualified(func, bound)
        if tool is None:
            tool = self.by_short.get(name)
        if tool is None:
            return None
        params = [p for p in tool.params if p.get("role") != "self"]
        fixed, varargs = positional_slots(tool)
        arguments = dict(extra)
        outer, self.nested = self.nested, []
        try:
            for index, arg in enumerate(call.args):
                if isinstance(arg, ast.Starred):
                    raise NotUsable
                if index < len(fixed):
                    self._fill(arguments, fixed[index], arg, bound)
                elif varargs is not None:
                    arguments.setdefault(varargs["name"], []).append(self.value(arg, bound))
                else:
                    raise NotUsable
            # A keyword names the library's parameter; the tool's may differ (``handle`` → ``handle_``).
            known = {p["python_name"]: p for p in params} | {p["name"]: p for p in params}
            varkw = next((p for p in params if p.get("varkw")), None)
            for keyword in call.keywords:
                self._keyword(arguments, keyword, known, varkw, bound)
            return tool, arguments, [*before, *self.nested]
        finally:
            self.nested = outer

    def _qualified(self, func: ast.Attribute, bound: set[str]) -> ToolPlan | None:
        """The tool a dotted call names (``hebrew.monthcalendar(5775, 8)`` after ``from convertdate import
        hebrew``): the one whose public path ends with those names. When the dotted part names one of the
        library's modules or classes and no tool is that callable (``julian.monthcalendar`` with only
        ``hebrew.monthcalendar`` served), the call is not usable: a same-named function of another module
        is not it (convertdate: every calendar module has ``monthcalendar``, and the first one took every
        example). ``None`` when the names say nothing of the library (``np.sum``, ``pkg.func``)."""
        names: list[str] = []
        node: ast.expr = func
        while isinstance(node, ast.Attribute):
            names.insert(0, node.attr)
            node = node.value
        if not isinstance(node, ast.Name) or node.id in bound:
            return None
        names.insert(0, node.id)
        # ``np.linalg.norm`` after ``import numpy as np``: the names after an alias still say which.
        for start in range(len(names) - 1):
            dotted = ".".join(names[start:])
            for tool in self.tools.values():
                if tool.kind != "method" and (
                    tool.public_path == dotted or tool.public_path.endswith("." + dotted)
                ):
                    return tool
        home = names[-2]  # the module or class the call names, inside the library's paths
        if any(home in t.public_path.split(".")[1:-1] for t in self.tools.values()):
            raise NotUsable
        return None

    def _keyword(
        self,
        arguments: dict[str, Any],
        keyword: ast.keyword,
        known: dict[str, dict[str, Any]],
        varkw: dict[str, Any] | None,
        bound: set[str],
    ) -> None:
        """``arguments`` with the value ``keyword`` passes, by the parameter it names or, unnamed in the
        tool, into its ``**kwargs`` object (``md(html, strip=['a'])`` on ``markdownify(html, **options)``).
        A value there that is not JSON (``method=hiyapyco.METHOD_MERGE``, a library constant) is left to
        the library's default, like an optional parameter's (``_fill``)."""
        if keyword.arg is not None and keyword.arg not in known and varkw is not None:
            try:
                given = self.value(keyword.value, bound)
            except NotUsable:
                self.defaulted = True
                return
            arguments.setdefault(varkw["name"], {})[keyword.arg] = given
            return
        if keyword.arg is None or keyword.arg not in known:
            raise NotUsable
        self._fill(arguments, known[keyword.arg], keyword.value, bound)

    def _fill(
        self, arguments: dict[str, Any], param: dict[str, Any], node: ast.expr, bound: set[str]
    ) -> None:
        """``arguments[param]`` from ``node``. An optional parameter passed by name whose value is not
        JSON (``surround = VIEWING_CONDITIONS_CAM16["Average"]``, a library constant) keeps the library's
        default: the rest of the call is still the authors' sample (its shown output no longer applies)."""
        try:
            arguments[param["name"]] = self.value(node, bound)
        except NotUsable:
            if (
                self.partial
                and param.get("required", True)
                and param.get("adapter", {}).get("kind") != "handle"
            ):
                self.defaulted = True
                return
            if param.get("required", True) or param.get("positional_only"):
                raise
            self.defaulted = True

    def samples(self, examples: list[str]) -> list[Sample]:
        found: list[Sample] = []
        steps: list[Step] = []
        bound: set[str] = set()
        for statement in examples:
            body = calls_in(statement)
            for node, calls in body:
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
                        self.literals[target] = literal(value, fold=not self.expressions)
                        continue
                    except NotUsable:
                        self.literals.pop(target, None)
                shown = False
                # The calls of ``value`` are those of the whole statement (an assignment's target has none).
                for call in calls:
                    self.defaulted = False
                    try:
                        resolved = self.tool_for(call, bound)
                    except NotUsable:
                        continue
                    if resolved is None:
                        continue
                    tool, arguments, before = resolved
                    if tool.name == self.plan.name:
                        whole = call is value and isinstance(node, ast.Expr) and len(body) == 1
                        whole = whole and not self.defaulted
                        found.append(
                            Sample(
                                source="example",
                                steps=_needed([*steps, *before, Step(tool=tool.name, arguments=arguments)]),
                                expected=self.outputs.get(statement) if whole else None,
                            )
                        )
                        if len(found) >= MAX_EXAMPLE_SAMPLES:
                            return found
                    elif call is value and target is not None:
                        steps += [*before, Step(tool=tool.name, arguments=arguments, bind=target)]
                        bound.add(target)
                        self.classes[target] = tool.returns_handle_of
                    elif _nests_calls(call):
                        continue  # ``f(g(x))`` for ``g``: its own call is read next
                    if call is value and isinstance(node, ast.Expr):
                        # The value a session shows is its ``_`` (``parts = urisplit(_)``).
                        steps += [*before, Step(tool=tool.name, arguments=arguments, bind="_")]
                        bound.add("_")
                        self.classes["_"] = tool.returns_handle_of
                        shown = True
                    break
                if isinstance(node, ast.Expr) and not shown:
                    bound.discard("_")  # ``_`` is now a value this reader did not make
        return found


def _nests_calls(call: ast.Call) -> bool:
    return any(isinstance(node, ast.Call) for arg in [*call.args, *call.keywords] for node in ast.walk(arg))


def _refs(value: Any) -> set[str]:
    if isinstance(value, dict):
        if set(value) == {"$ref"}:
            return {str(value["$ref"])}
        return {ref for item in value.values() for ref in _refs(item)}
    if isinstance(value, list):
        return {ref for item in value for ref in _refs(item)}
    return set()


def _needed(steps: list[Step]) -> list[Step]:
    """The steps the last one needs, in order: those binding a name it (or a needed step) uses, the
    latest binding of each (``jd = julday(2007, 3, 3)`` ... ``jd = julday(2008, 3, 21)``); other
    statements of the example are left out (a failing preparation would sink the sample)."""
    wanted = _refs(steps[-1].arguments)
    kept: list[Step] = [steps[-1]]
    for step in reversed(steps[:-1]):
        if step.bind in wanted:
            wanted.discard(step.bind)
            wanted |= _refs(step.arguments)
            kept.append(step)
    return kept[::-1]


def _ready_made(tool: ToolPlan, method: str) -> dict[str, str]:
    """The ready-made instances ``tool`` takes, when it is the method ``method`` (else none)."""
    if tool.kind != "method" or tool.method != method:
        return {}
    param = next((p for p in tool.params if p.get("role") == "instance"), None)
    return dict(param["adapter"].get("instances", {})) if param is not None else {}
