"""Step 3a, select: which public callables become tools, their names, areas, schemas and adapters.

Functions become tools; a class becomes a constructor tool (it returns a handle) plus one tool per
public method (taking that handle). A callable is skipped, with the reason, when it has no signature,
is deprecated, or has a required parameter that cannot cross a JSON boundary; optional parameters that
cannot are simply not exposed (the library's default applies). Ranking follows the library's public
face (:mod:`mcpforge.convert.ranking`: top-level exports, curated namespaces, README, its own examples
and docs; a method ranks with its class), spread over areas so that one big area does not take every
place yet a large headline area is not starved by the long tail of small ones.
"""

from __future__ import annotations

import fnmatch
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from mcpforge.convert import ranking
from mcpforge.convert.adapt import (
    ANY_JSON,
    HANDLE_SCHEMA,
    Adapted,
    Unadaptable,
    adapt_type,
    output_schema,
    varargs_parameter,
    varkw_parameter,
)
from mcpforge.convert.models import Analysis, ApiCallable, SkippedCallable
from mcpforge.convert.readme_options import documented_options, with_documented_options
from mcpforge.convert.ready_made import with_ready_made

MAX_NAME = 60
DEFAULT_MAX_TOOLS = 80
AREA_PENALTY = 0.75
METHOD_PENALTY = 0.5
CONSTRUCTOR_PENALTY = 1.5
FULL_COST_PICKS = 4
# The most spreading over areas and classes takes from a candidate: beyond it, a far more prominent
# callable (``Chord.isMinorTriad``) is never passed over for a small area's tail (``mainTest``).
MAX_SPREAD_COST = 4.0
_VARIADIC = {"VAR_POSITIONAL", "VAR_KEYWORD"}


@dataclass(frozen=True, kw_only=True)
class ToolPlan:
    """One tool to generate."""

    name: str
    area: str
    public_path: str
    kind: str  # function | class | method
    target: str  # "module:attr" to import
    method: str | None
    api: ApiCallable
    params: list[dict[str, Any]]
    input_schema: dict[str, Any]
    output_schema: dict[str, Any]
    returns_handle_of: str | None = None
    score: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)

    def positional(self) -> ToolPlan:
        """The same tool with its arguments passed by position (a fix for callables whose signature
        names parameters that the implementation only takes positionally)."""
        params = [
            {**p, "positional_only": p.get("role") != "self" and not p.get("varkw")} for p in self.params
        ]
        return ToolPlan(**{**self.__dict__, "params": params, "extra": {**self.extra, "positional": True}})

    def runtime_plan(self) -> dict[str, Any]:
        """What ``_runtime.call`` needs."""
        return {"target": self.target, "kind": self.kind, "method": self.method, "params": self.params}


@dataclass(frozen=True, kw_only=True)
class Selection:
    """The plans and the skipped callables."""

    plans: list[ToolPlan]
    skipped: list[SkippedCallable]
    expression_parser: str | None


def _private_class(api: ApiCallable) -> bool:
    """A private class, analysed for a ready-made instance of it (``countries = _CountryLookup()``): its
    methods are tools, the class is not something a user builds."""
    return api.kind == "class" and api.public_path.rsplit(".", 1)[-1].startswith("_")


def _target(public_path: str) -> str:
    module, _, attr = public_path.rpartition(".")
    return f"{module}:{attr}"


def _area(api: ApiCallable, package: str, modules: frozenset[str]) -> str:
    """The subpackage or module below the package (``pvlib.atmosphere``, ``sklearn.metrics._ranking``);
    ``core`` for the package itself and for a home that is no module (``numpy.ndarray`` for its C methods)."""
    home = api.module or api.public_path
    parts = home.split(".")
    deep = len(parts) > 2 or (len(parts) == 2 and home in modules)
    area = parts[1] if deep and parts[0] == package else "core"
    return re.sub(r"\W", "_", area.lstrip("_")) or "core"


def _library_classes(analysis: Analysis) -> dict[str, str]:
    classes: dict[str, str] = {}
    for api in analysis.callables:
        if api.kind == "class":
            classes.setdefault(api.public_path.rsplit(".", 1)[-1].lower(), api.public_path)
    return classes


def _params(
    api: ApiCallable, classes: dict[str, str], parser: str | None
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    params: list[dict[str, Any]] = []
    properties: dict[str, Any] = {}
    required: list[str] = []
    # Positional-or-keyword parameters go by position while none before them was left out of the tool:
    # a wrapper with ``*args`` (``def decorator(*args, **kwargs): args[0]...``) shows the wrapped
    # signature yet fails when called by keyword.
    in_order = True
    for index, param in enumerate(api.params):
        spread = (
            varargs_parameter(param.name, param.type, param.doc_type, classes)
            if param.kind == "VAR_POSITIONAL"
            else None
        )
        if spread is not None:
            # ``f(a, *args)``: the values before the spread go by position too.
            params = [{**p, "positional_only": True} for p in params]
            params.append(spread[0])
            properties[param.name] = spread[1]
            continue
        if param.kind == "VAR_KEYWORD" and param.name not in properties:
            # ``render(**context)``: the keywords the signature does not name, as one object.
            varkw, varkw_schema = varkw_parameter(param.name)
            params.append(varkw)
            properties[param.name] = varkw_schema
            continue
        if param.kind in _VARIADIC or (index == 0 and param.name in {"self", "cls"}):
            continue
        optional = bool(param.default.get("present"))
        try:
            adapted = adapt_type(param.type, param.doc_type, classes)
        except Unadaptable as exc:
            if optional:
                in_order = in_order and param.kind == "KEYWORD_ONLY"
                continue
            raise Unadaptable(f"parameter {param.name!r}: {exc}") from exc
        adapter = adapted.adapter
        schema = dict(adapted.schema)
        if adapter["kind"] == "handle" and parser is not None:
            # Expression libraries: a handle id or an expression string, parsed safely.
            adapter, schema = (
                {"kind": "json"},
                {"type": "string", "description": "an expression or a handle id"},
            )
            adapted = Adapted(schema=schema, adapter=adapter)
        description = (param.doc or param.doc_type or "").strip()
        if description:
            schema["description"] = (schema.get("description", "") + " " + description).strip()[:300]
        if optional and param.default.get("json"):
            schema["default"] = param.default.get("value")
        name = param.name if param.name != "handle" else "handle_"
        properties[name] = schema
        if not optional:
            required.append(name)
        plan_param: dict[str, Any] = {
            "name": name,
            "python_name": param.name,
            "adapter": adapter,
            "positional_only": param.kind == "POSITIONAL_ONLY",
            "keyword_only": param.kind == "KEYWORD_ONLY",
            "by_position": in_order and param.kind == "POSITIONAL_OR_KEYWORD",
            "handle_class": adapted.handle_class,
            "required": not optional,
        }
        if optional and param.default.get("json"):
            # What the runtime passes in this slot when a later positional argument is given alone.
            plan_param["default"] = param.default.get("value")
        params.append(plan_param)
    schema_obj: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema_obj["required"] = required
    return params, schema_obj


def select(analysis: Analysis, *, patterns: list[str], max_tools: int, package: str) -> Selection:
    """Choose and adapt up to ``max_tools`` tools (constructors count; ``release`` does not)."""
    parser = "sympy" if package == "sympy" else None
    classes = _library_classes(analysis)
    candidates: list[ToolPlan] = []
    skipped: list[SkippedCallable] = []
    apis: list[ApiCallable] = []
    owner_examples: dict[str, list[str]] = {}
    owner_outputs: dict[str, dict[str, str]] = {}
    for api in analysis.callables:
        apis.append(api)
        apis.extend(api.methods)
        owner_examples[api.public_path] = api.examples
        owner_outputs[api.public_path] = api.example_outputs
    scores = _scores(analysis, apis)
    from mcpforge.convert.samples.readme_examples import code_examples  # samples imports select

    readme_examples, readme_outputs = code_examples(str(analysis.prominence.get("readme", "")))
    options = documented_options(str(analysis.prominence.get("readme", "")))
    instances = {api.public_path: api.instances for api in analysis.callables if api.instances}
    for api in (a for a in apis if not _private_class(a)):
        if patterns and not any(
            fnmatch.fnmatch(api.public_path, p) or fnmatch.fnmatch(api.public_path.rsplit(".", 1)[-1], p)
            for p in patterns
        ):
            continue
        if api.error:
            skipped.append(
                SkippedCallable(public_path=api.public_path, reason=api.error, category="api_inference_error")
            )
            continue
        if api.deprecated:  # the analysis's verdict: the callable itself, not an argument it mentions
            skipped.append(
                SkippedCallable(
                    public_path=api.public_path, reason=f"deprecated: {api.deprecated}", category="deprecated"
                )
            )
            continue
        # ``markdownify(html, **options)``: the options its README documents, as keyword parameters.
        api = with_documented_options(api, options, readme_examples)  # noqa: PLW2901
        try:
            params, schema = _params(api, classes, parser)
        except Unadaptable as exc:
            skipped.append(SkippedCallable(public_path=api.public_path, reason=str(exc)))
            continue
        kind = api.kind
        method = None
        target = _target(api.public_path)
        # A constructor builds its class's objects, and so does a factory (``Class.parse``, a module's
        # ``load(text) -> Settings``).
        returns_handle_of = api.public_path if kind == "class" else api.factory_of
        if kind == "function" and api.owner:
            # ``Class.from_x`` / ``Class.is_valid``: a class or static method, called on the class itself.
            target = f"{_target(api.owner)}.{api.public_path.rsplit('.', 1)[-1]}"
        if kind == "method":
            assert api.owner is not None
            method = api.public_path.rsplit(".", 1)[-1]
            target = _target(api.owner)
            params = [
                {
                    "name": "handle",
                    "python_name": "self",
                    "adapter": {"kind": "handle"},
                    "role": "self",
                    "positional_only": False,
                    "handle_class": api.owner,
                    "required": True,
                },
                *params,
            ]
            schema["properties"] = {"handle": HANDLE_SCHEMA, **schema["properties"]}
            schema["required"] = ["handle", *schema.get("required", [])]
            with_ready_made(params, schema, instances.get(api.owner, {}))
        candidates.append(
            ToolPlan(
                name="",
                area=_area(api, package, frozenset(analysis.modules)),
                public_path=api.public_path,
                kind=kind,
                target=target,
                method=method,
                api=api,
                params=params,
                input_schema=schema,
                output_schema=output_schema(api.returns),
                returns_handle_of=returns_handle_of,
                score=_handle_capped(scores, api.public_path, params),
                extra={
                    "usage_examples": []
                    if kind == "method"
                    else analysis.prominence.get("usage_examples", {}).get(
                        api.public_path.rsplit(".", 1)[-1], []
                    ),
                    "received_examples": analysis.prominence.get("received_examples", {}).get(
                        api.public_path.rsplit(".", 1)[-1], []
                    )
                    if kind == "function"
                    else [],
                    "owner_examples": owner_examples.get(api.owner or "", []),
                    "owner_outputs": owner_outputs.get(api.owner or "", {}),
                    "readme_examples": readme_examples,  # one list shared by every plan
                    "readme_outputs": readme_outputs,
                },
            )
        )
    chosen = _with_constructors(_rank(candidates, max_tools), candidates, max_tools)
    return Selection(plans=_name(chosen, package), skipped=skipped, expression_parser=parser)


def _scores(analysis: Analysis, apis: list[ApiCallable]) -> dict[str, float]:
    """Each callable's prominence (:mod:`mcpforge.convert.ranking`); a method's builds on its class's."""
    popular = ranking.mentions(apis)
    top_level = analysis.prominence.get("top_level", [])
    top_names = frozenset(top_level if isinstance(top_level, list) else [])
    own_roots = frozenset({analysis.package, *(m.split(".")[0] for m in analysis.modules)})
    scores: dict[str, float] = {}
    # The calls of a name (README, docs, tests, docstring examples) belong to the callable the top level
    # exports under it (``numpy.mean``), not to its variants in submodules (``numpy.ma.mean``).
    top_callables = frozenset(
        ranking.short_name(a) for a in apis if a.kind != "method" and a.public_path.count(".") == 1
    )
    for api in apis:
        if api.kind != "method":
            borrowed = ranking.variant_of_top_level(api, top_callables)
            scores[api.public_path] = (
                ranking.base_score(api)
                + (0.0 if borrowed else ranking.readme_and_usage(api, analysis.prominence))
                + (0.0 if borrowed else math.log2(1 + popular.get(ranking.short_name(api), 0)))
                - ranking.off_the_public_face(api, own_roots, top_names)
            )
    signals = ranking.MethodSignals(analysis.callables, analysis.prominence)
    # ``numpy.ndarray.sum`` beside ``numpy.sum``: the same tool twice; the top-level function is the face.
    top_functions = {
        ranking.short_name(a) for a in apis if a.kind == "function" and a.public_path.count(".") == 1
    }
    for api in apis:
        if api.kind == "method":
            scores[api.public_path] = ranking.method_score(api, scores.get(api.owner or "", 0.0), signals) - (
                ranking.OFF_FACE_PENALTY if ranking.short_name(api) in top_functions else 0.0
            )
    for api in apis:
        if api.kind == "class":
            scores[api.public_path] -= CONSTRUCTOR_PENALTY  # a constructor alone answers little
        elif api.factory_of and api.owner:
            scores[api.public_path] -= 1.0
    return scores


def _handle_capped(scores: dict[str, float], path: str, params: list[dict[str, Any]]) -> float:
    """A tool that needs a handle of another class is worth no more than that class's constructor (it
    takes a place of its own, and an obscure class makes the tool obscure too)."""
    caps = [
        scores[p["handle_class"]] + CONSTRUCTOR_PENALTY
        for p in params
        if p.get("handle_class") in scores and p.get("required") and p.get("role") != "self"
    ]
    return min([scores[path], *caps])


def _handles_required(plan: ToolPlan) -> list[str]:
    """The classes whose handles the tool cannot be called without (an optional one has a default)."""
    return [p["handle_class"] for p in plan.params if p.get("handle_class") and p.get("required", True)]


def _with_constructors(chosen: list[ToolPlan], candidates: list[ToolPlan], max_tools: int) -> list[ToolPlan]:
    """Make sure every handle class a chosen tool takes has its constructor tool."""
    needed = {c for plan in chosen for c in _handles_required(plan)}
    have = {plan.returns_handle_of for plan in chosen}
    extra = [c for c in candidates if c.kind == "class" and c.public_path in needed - have]
    extra = sorted(extra, key=lambda c: -c.score)[: max(1, max_tools // 5)]
    if not extra:
        return chosen
    kept = [p for p in chosen if p.kind == "class" or p.public_path in needed] or chosen
    rest = [p for p in chosen if p not in kept]
    return (kept + extra + rest)[: max(max_tools, len(kept) + len(extra))]


def _rank(candidates: list[ToolPlan], max_tools: int) -> list[ToolPlan]:
    """Best first, each further pick from an area already chosen costing a little more, so one big area
    does not crowd out the rest while a prominent callable still beats a weak one from a fresh area.

    The cost grows with the log of the picks an area has had, so in a large library the cap is not spent
    on the long tail of small areas; each further method of one class costs METHOD_PENALTY more, so one
    big class does not take every place."""
    groups: dict[tuple[str, str], list[ToolPlan]] = defaultdict(list)
    for plan in sorted(candidates, key=lambda p: (-p.score, p.public_path)):
        groups[(plan.area, (plan.api.owner or "") if plan.kind == "method" else "")].append(plan)
    in_area: Counter[str] = Counter()
    in_class: Counter[str] = Counter()
    chosen: list[ToolPlan] = []

    def effective(key: tuple[str, str]) -> tuple[float, tuple[str, str]]:
        area, owner = key
        cost = AREA_PENALTY * _group_cost(in_area[area]) + METHOD_PENALTY * in_class[owner]
        return groups[key][0].score - min(cost, MAX_SPREAD_COST), key

    constructors = {c.public_path: c for c in candidates if c.kind == "class"}
    while len(chosen) < max_tools and any(groups.values()):
        key = max((k for k, plans in groups.items() if plans), key=effective)
        plan = groups[key].pop(0)
        if plan in chosen:
            continue
        # A method comes with its class's constructor, which takes its own place under the cap.
        needed = [constructors[c] for c in _handles_required(plan) if c in constructors]
        picked: list[ToolPlan] = []
        for one in [*needed, plan]:
            if one not in chosen and one not in picked:
                picked.append(one)
        if len(chosen) + len(picked) > max_tools:
            continue
        for one in picked:
            chosen.append(one)
            in_area[one.area] += 1
        if key[1]:
            in_class[key[1]] += 1
    return chosen


def _group_cost(taken: int) -> float:
    """What the picks an area already had cost the next one: one AREA_PENALTY each up to FULL_COST_PICKS,
    then only the log of the rest, so a large headline area keeps being chosen over a small area's tail."""
    if taken <= FULL_COST_PICKS:
        return float(taken)
    return FULL_COST_PICKS + math.log2(1 + taken - FULL_COST_PICKS)


def _name(plans: list[ToolPlan], package: str) -> list[ToolPlan]:
    used: set[str] = {"release"}
    named: list[ToolPlan] = []
    for plan in plans:
        parts = plan.public_path.split(".")
        # A method, or one bound to a module-level object (``kebab.match``), is named with its receiver.
        bound_method = plan.api.bound_to is not None and parts[-2] == plan.api.bound_to
        base = f"{parts[-2]}_{parts[-1]}" if plan.kind == "method" or bound_method else parts[-1]
        name = re.sub(r"\W", "_", base)[:MAX_NAME]
        if name in used:
            name = re.sub(r"\W", "_", "_".join(parts[1:]) or base)[:MAX_NAME]
        suffix = 2
        while name in used:
            name = f"{name[: MAX_NAME - 3]}_{suffix}"
            suffix += 1
        used.add(name)
        named.append(ToolPlan(**{**plan.__dict__, "name": name}))
    del package
    return named


__all__ = ["ANY_JSON", "Selection", "ToolPlan", "select"]
