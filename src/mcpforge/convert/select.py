"""Step 3a, select: which public callables become tools, their names, areas, schemas and adapters.

Functions become tools; a class becomes a constructor tool (it returns a handle) plus one tool per
public method (taking that handle). A callable is skipped, with the reason, when it has no signature,
is deprecated, or has a required parameter that cannot cross a JSON boundary; optional parameters that
cannot are simply not exposed (the library's default applies). Ranking prefers what a caller can use
and the run step can prove: top-level exports, docstring examples, documented parameters.
"""

from __future__ import annotations

import builtins
import fnmatch
import math
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from mcpforge.convert.adapt import ANY_JSON, HANDLE_SCHEMA, Adapted, Unadaptable, adapt_type, output_schema
from mcpforge.convert.models import Analysis, ApiCallable, SkippedCallable

MAX_NAME = 60
DEFAULT_MAX_TOOLS = 80
AREA_PENALTY = 0.75
_BUILTINS = frozenset(dir(builtins))
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
        params = [{**p, "positional_only": p.get("role") != "self"} for p in self.params]
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


def _target(public_path: str) -> str:
    module, _, attr = public_path.rpartition(".")
    return f"{module}:{attr}"


def _area(api: ApiCallable, package: str) -> str:
    parts = (api.module or api.public_path).split(".")
    area = parts[1] if len(parts) > 2 and parts[0] == package else "core"
    return re.sub(r"\W", "_", area.lstrip("_")) or "core"


def _library_classes(analysis: Analysis) -> dict[str, str]:
    classes: dict[str, str] = {}
    for api in analysis.callables:
        if api.kind == "class":
            classes.setdefault(api.public_path.rsplit(".", 1)[-1].lower(), api.public_path)
    return classes


def _is_deprecated(api: ApiCallable) -> bool:
    head = (api.summary + " " + api.doc[:400]).lower()
    return "deprecated" in head or ".. deprecated" in api.doc


def _params(
    api: ApiCallable, classes: dict[str, str], parser: str | None
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    params: list[dict[str, Any]] = []
    properties: dict[str, Any] = {}
    required: list[str] = []
    for index, param in enumerate(api.params):
        if param.kind in _VARIADIC or (index == 0 and param.name in {"self", "cls"}):
            continue
        optional = bool(param.default.get("present"))
        try:
            adapted = adapt_type(param.type, param.doc_type, classes)
        except Unadaptable as exc:
            if optional:
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
        params.append(
            {
                "name": name,
                "python_name": param.name,
                "adapter": adapter,
                "positional_only": param.kind == "POSITIONAL_ONLY",
                "handle_class": adapted.handle_class,
                "required": not optional,
            }
        )
    schema_obj: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        schema_obj["required"] = required
    return params, schema_obj


# Names that configure, fetch, document or are private: rarely what a library is used *for*.
_PUSH_DOWN = re.compile(
    r"^(_|main$|cli$|cli_|run_cli|set_|seed|use_|enable_|disable_|register|unregister|activate|deactivate|configure|reset_|clear_"
    r"|get_data_?dir|doc_|docstring|copy_doc|add_doc|deprecat|warn|download|fetch|http|urlopen|request_)"
    r"|(_dirs?|_url|_urls|_uri|_cache|_doc|_docstring|_docs|_home)$|url|http|deprecated",
    re.IGNORECASE,
)


def _prominence(api: ApiCallable, prominence: dict[str, Any]) -> float:
    """What the library itself shows first: top-level exports and ``__all__``, the README (earlier is
    better), and how often its own examples, docs and tests call the name."""
    if not prominence:
        return 0.0
    short = api.public_path.rsplit(".", 1)[-1]
    weight = 0.4 if api.kind == "method" else 1.0  # a method name is shared by many classes
    score = 0.0
    if api.kind != "method" and short in set(prominence.get("top_level", [])):
        score += 1.5
    rank = prominence.get("readme_rank", {}).get(short)
    if rank is not None:
        score += weight * (2.0 + 2.0 / (1.0 + rank / 4.0))
        score += weight * min(2.0, math.log2(1 + prominence.get("readme_calls", {}).get(short, 0)))
    usage = prominence.get("usage_calls", {}).get(short, 0)
    score += weight * min(4.0, 0.8 * math.log2(1 + usage))
    return score


def _pushed_down(api: ApiCallable) -> bool:
    short = api.public_path.rsplit(".", 1)[-1]
    return bool(_PUSH_DOWN.search(short))


def _score(api: ApiCallable, package: str) -> float:
    # ``pkg.api.name`` is the library's own curated surface (statsmodels.api, ...): as good as top level.
    depth = api.public_path.replace(".api.", ".").count(".")
    score = 3.0 if depth == 1 else (1.5 if depth == 2 else 0.0)
    score += 2.0 if api.examples else 0.0
    score += 1.0 if api.doc else -2.0
    score += (
        0.5
        * sum(1 for p in api.params if p.doc_type or p.type.get("kind") != "any")
        / max(len(api.params), 1)
    )
    score -= 0.3 * sum(1 for p in api.params if not p.default.get("present"))
    if api.public_path.split(".")[-1].startswith(
        (
            "test",
            "show",
            "plot",
            "print",
            "download",
            "fetch",
            "save",
            "draw",
            "write",
            "read",
            "load",
            "init",
            "interactive",
        )
    ):
        score -= 5.0
    if _pushed_down(api):
        score -= 4.0
    return score


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
    for api in apis:
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
        if _is_deprecated(api):
            skipped.append(
                SkippedCallable(public_path=api.public_path, reason="deprecated", category="deprecated")
            )
            continue
        try:
            params, schema = _params(api, classes, parser)
        except Unadaptable as exc:
            skipped.append(SkippedCallable(public_path=api.public_path, reason=str(exc)))
            continue
        kind = api.kind
        method = None
        target = _target(api.public_path)
        returns_handle_of = None
        if kind == "class":
            returns_handle_of = api.public_path
        if kind == "function" and api.owner:
            # ``Class.from_x`` / ``Class.is_valid``: a class or static method, called on the class itself.
            target = f"{_target(api.owner)}.{api.public_path.rsplit('.', 1)[-1]}"
            returns_handle_of = api.factory_of
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
        candidates.append(
            ToolPlan(
                name="",
                area=_area(api, package),
                public_path=api.public_path,
                kind=kind,
                target=target,
                method=method,
                api=api,
                params=params,
                input_schema=schema,
                output_schema=output_schema(api.returns),
                returns_handle_of=returns_handle_of,
                score=_score(api, package)
                + _prominence(api, analysis.prominence)
                - (1.5 if kind == "class" else 0.0)
                - (1.0 if api.factory_of else 0.0)
                - (1.0 if kind == "method" else 0.0),
                extra={
                    "usage_examples": []
                    if kind == "method"
                    else analysis.prominence.get("usage_examples", {}).get(
                        api.public_path.rsplit(".", 1)[-1], []
                    ),
                    "owner_examples": owner_examples.get(api.owner or "", []),
                    "owner_outputs": owner_outputs.get(api.owner or "", {}),
                },
            )
        )
    mentions = _mentions(apis)
    candidates = [
        ToolPlan(
            **{
                **c.__dict__,
                # A method name ("doit", "add_edge") is shared by many classes: no popularity from it.
                "score": c.score
                + (
                    0.0
                    if c.kind == "method"
                    else math.log2(1 + mentions.get(c.public_path.rsplit(".", 1)[-1], 0))
                ),
            }
        )
        for c in candidates
    ]
    chosen = _with_constructors(_rank(candidates, max_tools), candidates, max_tools)
    return Selection(plans=_name(chosen, package), skipped=skipped, expression_parser=parser)


def _mentions(apis: list[ApiCallable]) -> Counter[str]:
    """In how many docstrings each name is called in an example or listed under See Also: a popularity
    signal that needs no usage data (prose words such as "mean" or "value" do not count)."""
    words: Counter[str] = Counter()
    for api in apis:
        # Calls on numpy / pandas / matplotlib / math in the examples are not calls of this library.
        found = set(
            re.findall(
                r"(?<!np\.)(?<!plt\.)(?<!pd\.)(?<!math\.)(?<!numpy\.)\b([A-Za-z_][A-Za-z0-9_]{2,})\(",
                "\n".join(api.examples),
            )
        )
        see_also = re.search(
            r"See Also\s*\n\s*[-=]+\s*\n(.*?)(?:\n\s*\n\S[^\n]*\n\s*[-=]{3,}|\Z)", api.doc, re.S
        )
        if see_also:
            found |= set(re.findall(r"([A-Za-z_][A-Za-z0-9_]{2,})", see_also.group(1)))
        found |= set(re.findall(r":(?:func|meth|class):`~?(?:[\w.]+\.)?(\w+)`", api.doc))
        words.update(found - _BUILTINS)
    return words


def _with_constructors(chosen: list[ToolPlan], candidates: list[ToolPlan], max_tools: int) -> list[ToolPlan]:
    """Make sure every handle class a chosen tool takes has its constructor tool."""
    needed = {p.get("handle_class") for plan in chosen for p in plan.params if p.get("handle_class")}
    have = {plan.returns_handle_of for plan in chosen}
    extra = [c for c in candidates if c.kind == "class" and c.public_path in needed - have]
    extra = sorted(extra, key=lambda c: -c.score)[: max(1, max_tools // 5)]
    if not extra:
        return chosen
    kept = [p for p in chosen if p.kind == "class" or p.public_path in needed] or chosen
    rest = [p for p in chosen if p not in kept]
    return (kept + extra + rest)[: max(max_tools, len(kept) + len(extra))]


def _rank(candidates: list[ToolPlan], max_tools: int) -> list[ToolPlan]:
    """Best first, each further pick from an area already chosen costing AREA_PENALTY, so one big area does
    not crowd out the rest while a very popular callable still beats a weak one from a fresh area."""
    by_area: dict[str, list[ToolPlan]] = defaultdict(list)
    for plan in sorted(candidates, key=lambda p: (-p.score, p.public_path)):
        by_area[plan.area].append(plan)
    taken: Counter[str] = Counter()
    chosen: list[ToolPlan] = []
    while len(chosen) < max_tools and any(by_area.values()):
        area = max(
            (a for a, plans in by_area.items() if plans),
            key=lambda a: (by_area[a][0].score - AREA_PENALTY * taken[a], a),
        )
        chosen.append(by_area[area].pop(0))
        taken[area] += 1
    return chosen


def _name(plans: list[ToolPlan], package: str) -> list[ToolPlan]:
    used: set[str] = {"release"}
    named: list[ToolPlan] = []
    for plan in plans:
        parts = plan.public_path.split(".")
        base = parts[-1] if plan.kind != "method" else f"{parts[-2]}_{parts[-1]}"
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
