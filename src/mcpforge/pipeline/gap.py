"""Step 1b: gap detection — reuse a promoted tool when it already does what the Intent asks.

For every active tool the capability overlap of the requirements (Step 1) is computed::

    overlap_score = 0.30 * operation_match + 0.25 * input_compatibility + 0.20 * output_format_match
                  + 0.15 * constraint_match + 0.10 * semantic_similarity

and the best tool is reused when its score reaches :data:`REUSE_THRESHOLD` *and* it can give exactly the
new reading (:func:`same_reading`): the same operation, and a parameter for every argument the reading
sets (aggregation, metric column, group keys, filters, derived columns, top N, grain), so that calling it
with the new arguments computes the new reading and not the one it was made for. The semantic term is a
TF-IDF cosine over the tool's name, description and docs against the request, computed locally.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from mcpforge.catalogue.expressions import derived_argument, derived_pairs
from mcpforge.exceptions import UserError
from mcpforge.models import Intent
from mcpforge.pipeline._similarity import cosine_scores
from mcpforge.registry import ActiveTool, RegistryBackend

REUSE_THRESHOLD = 0.85
WEIGHTS = {
    "operation_match": 0.30,
    "input_compatibility": 0.25,
    "output_format_match": 0.20,
    "constraint_match": 0.15,
    "semantic_similarity": 0.10,
}
_OPERATION_LINE = re.compile(r"^OPERATION\s*=\s*['\"]([a-z_]+)['\"]", re.MULTILINE)
_OPERATION_DOC = re.compile(r"catalogue operation ['\"]([a-z_]+)['\"]")


@dataclass(frozen=True, kw_only=True)
class ToolScore:
    """How well one active tool covers the Intent."""

    tool: str
    overlap_score: float
    operation_match: float
    input_compatibility: float
    output_format_match: float
    constraint_match: float
    semantic_similarity: float
    operation: str | None = None
    arguments: dict[str, Any] = field(default_factory=dict)
    missing: tuple[str, ...] = ()
    exact: bool = False
    mismatch: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form (for ``--json`` and RunArtifacts)."""
        return {
            "tool": self.tool,
            "overlap_score": round(self.overlap_score, 4),
            "operation_match": self.operation_match,
            "input_compatibility": round(self.input_compatibility, 4),
            "output_format_match": self.output_format_match,
            "constraint_match": round(self.constraint_match, 4),
            "semantic_similarity": round(self.semantic_similarity, 4),
            "same_reading": self.exact,
            **({"not_reused_because": self.mismatch} if self.mismatch else {}),
        }


@dataclass(frozen=True, kw_only=True)
class GapDecision:
    """Reuse a promoted tool (with these arguments) or generate a new one."""

    decision: Literal["reuse", "generate"]
    tool: str | None
    scores: list[ToolScore]
    arguments: dict[str, Any] | None = None
    threshold: float = REUSE_THRESHOLD

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly form: decision, tool, arguments and the per-tool scores, best first."""
        return {
            "decision": self.decision,
            "tool": self.tool,
            "threshold": self.threshold,
            "arguments": self.arguments,
            "scores": [score.to_dict() for score in self.scores],
        }


def tool_operation(tool: ActiveTool) -> str | None:
    """The catalogue operation a promoted tool implements (its ``OPERATION`` constant or its docs)."""
    if tool.operation is not None:  # read from the tool index, recorded when the tool was promoted
        return tool.operation
    try:
        source = tool.source()
    except OSError:
        source = ""
    for pattern, text in (
        (_OPERATION_LINE, source),
        (_OPERATION_DOC, source),
        (_OPERATION_DOC, tool.spec.description),
    ):
        match = pattern.search(text)
        if match:
            return match.group(1)
    return None


def _catalogue_arguments(intent: Intent) -> dict[str, Any]:
    """The operation's own arguments as the catalogue renders them (empty when it cannot)."""
    try:
        from mcpforge.catalogue import get_operation

        return dict(get_operation(intent.operation).arguments(intent))
    except (ImportError, UserError):
        return {}


def _generic_arguments(intent: Intent) -> dict[str, Any]:
    """Intent fields under the parameter names tools commonly use (fallback and extra coverage)."""
    metrics = [m.model_dump(mode="json") for m in intent.metrics]
    values: dict[str, Any] = {
        "filters": [f.model_dump(mode="json") for f in intent.filters],
        "group_by": intent.group_by,
        "group_by_columns": intent.group_by,
        "columns": intent.columns,
        "column": intent.columns[0] if intent.columns else None,
        "metrics": metrics,
        "aggregations": metrics,
        "time_column": intent.time_column,
        "time_grain": intent.time_grain,
        "top_n": intent.top_n,
        "sort_descending": intent.sort_descending,
        "descending": intent.sort_descending,
        "as_percentage": intent.as_percentage,
        "sheet": intent.sheet,
        "table": intent.table,
        **intent.options,
    }
    # Neutral values: a reused tool never keeps the filters / derived columns of the request it was made for.
    values["derived_columns"] = derived_argument({d.name: d.expression for d in intent.derived})
    return {key: value for key, value in values.items() if value is not None}


def _parameters(tool: ActiveTool) -> dict[str, dict[str, Any]]:
    params = {str(p.get("name")): p for p in tool.spec.parameters if p.get("name")}
    if not params:
        properties = tool.spec.input_schema.get("properties", {})
        required = set(tool.spec.input_schema.get("required", []))
        params = {name: {"name": name, "required": name in required} for name in properties}
    return params


def _constraints(intent: Intent) -> dict[str, tuple[str, ...]]:
    """Each constraint of the Intent and the tool parameters that can express it."""
    needed: dict[str, tuple[str, ...]] = {}
    if intent.filters:
        needed["filters"] = ("filters",)
    if intent.derived:
        needed["derived"] = ("derived_columns",)
    for part in ("sheet", "table"):
        if getattr(intent, part) is not None:
            needed[part] = (part,)
    if intent.top_n is not None:
        needed["top_n"] = ("top_n", "n", "limit")
    if intent.as_percentage:
        needed["as_percentage"] = ("as_percentage", "percentage", "normalize", "include_percent")
    if intent.time_grain:
        needed["time_grain"] = ("time_grain", "grain", "freq", "part")
    return needed


_NAME_FUNCS = {"sum": "sum", "total": "sum", "mean": "mean", "average": "mean", "avg": "mean",
               "median": "median", "min": "min", "minimum": "min", "max": "max", "maximum": "max",
               "std": "std", "nunique": "nunique", "distinct": "nunique"}  # fmt: skip


def _name_says(tool_name: str, intent: Intent) -> str | None:
    """``sum_amount_by_category`` for a median: the name would tell the person the wrong reading."""
    if not intent.metrics:
        return None
    head = tool_name.split("_by_", maxsplit=1)[0].split("_")
    named = {_NAME_FUNCS[word] for word in head if word in _NAME_FUNCS}
    wanted = {m.func for m in intent.metrics}
    if named and named != wanted:
        return f"its name says {', '.join(sorted(named))}, the request asks for {', '.join(sorted(wanted))}"
    return None


_OFF_BY_DEFAULT = frozenset({"percent_of_total", "as_percentage"})


def _neutral(name: str, value: Any) -> bool:
    """An argument whose value asks for nothing, so a tool without that parameter computes the same."""
    if value is None or (isinstance(value, list | dict) and not value):
        return True
    return value is False and name in _OFF_BY_DEFAULT


def same_reading(
    operation: str | None, parameters: set[str], intent: Intent, *, tool_name: str = ""
) -> str | None:
    """Why a tool of ``operation`` with ``parameters`` cannot compute exactly ``intent`` (None: it can).

    Kept apart from how tools are loaded, so an index of tools can call it with what it stores.
    """
    if operation != intent.operation:
        computes = operation or "an unknown operation"
        return f"it computes {computes!r}, the request asks for {intent.operation!r}"
    arguments = _catalogue_arguments(intent)
    # A parameter the tool lacks is fine when the reading leaves it neutral (an older tool without
    # `percent_of_total` computes exactly a reading that does not ask for percentages).
    needed = {name for name, value in arguments.items() if not _neutral(name, value)}
    if not arguments and intent.operation != "aggregate":
        return "the request's arguments cannot be rendered for this operation"
    missing = sorted(needed - parameters)
    if missing:
        return f"it has no parameter for {', '.join(missing)}, so it would keep the values it was made for"
    for constraint, names in _constraints(intent).items():
        if not any(name in parameters for name in names):
            return f"it cannot express the request's {constraint}"
    return _name_says(tool_name, intent)


def _score_tool(tool: ActiveTool, intent: Intent, semantic: float, data_source: str) -> ToolScore:
    operation = tool_operation(tool)
    operation_match = 1.0 if operation == intent.operation else 0.0
    params = _parameters(tool)
    mismatch = same_reading(operation, set(params), intent, tool_name=tool.name)
    available = {**_generic_arguments(intent), **_catalogue_arguments(intent)}
    available["file_path"] = data_source
    arguments = {name: available[name] for name in params if name in available}
    if "derived_columns" in arguments:
        # A tool approved before the list form declares a {name: expression} map; give it that.
        schema = tool.spec.input_schema.get("properties", {}).get("derived_columns")
        pairs = derived_pairs(arguments["derived_columns"])
        arguments["derived_columns"] = derived_argument(pairs, schema)
    required = [name for name, p in params.items() if p.get("required")]
    missing = tuple(name for name in required if name not in arguments)
    input_compatibility = 1.0 if not required else (len(required) - len(missing)) / len(required)
    output_format_match = (
        1.0 if tool.spec.return_type in {"str", "string"} and intent.output_format != "csv" else 0.5
    )
    needed = _constraints(intent)
    supported = [key for key, names in needed.items() if any(n in params for n in names)]
    constraint_match = 1.0 if not needed else len(supported) / len(needed)
    overlap = (
        WEIGHTS["operation_match"] * operation_match
        + WEIGHTS["input_compatibility"] * input_compatibility
        + WEIGHTS["output_format_match"] * output_format_match
        + WEIGHTS["constraint_match"] * constraint_match
        + WEIGHTS["semantic_similarity"] * semantic
    )
    return ToolScore(
        tool=tool.name,
        overlap_score=overlap,
        operation_match=operation_match,
        input_compatibility=input_compatibility,
        output_format_match=output_format_match,
        constraint_match=constraint_match,
        semantic_similarity=semantic,
        operation=operation,
        arguments=arguments,
        missing=missing,
        exact=mismatch is None,
        mismatch=mismatch,
    )


def _document(tool: ActiveTool) -> str:
    spec = tool.spec
    params = " ".join(f"{p.get('name', '')} {p.get('description', '')}" for p in spec.parameters)
    return " ".join(
        [spec.tool_name, spec.description, spec.when_to_use, spec.what_it_does, spec.returns, params]
    )


def _query(intent: Intent) -> str:
    columns = [*intent.group_by, *intent.columns, *(m.column or "" for m in intent.metrics)]
    words = [intent.request, intent.operation, *columns, *(m.func for m in intent.metrics)]
    return " ".join(words)


def _reusable_tools(intent: Intent, registry: RegistryBackend | None) -> list[ActiveTool]:
    """The active tools that could be reused, from the registry's tool index (no tool file is read).

    Only tools of the Intent's operation: without ``operation_match`` a score is at most 0.70, below
    :data:`REUSE_THRESHOLD`, so the others can never be chosen; with ten thousand tools, scoring only
    these keeps gap detection within milliseconds.
    """
    if registry is None or not registry.is_initialized():
        return []
    if 1.0 - WEIGHTS["operation_match"] >= REUSE_THRESHOLD:
        return registry.active_tools()  # the weights changed: every tool could be reused
    return registry.active_tools(operation=intent.operation)


def detect_gap(
    intent: Intent, registry: RegistryBackend | None = None, *, tools: Sequence[ActiveTool] | None = None
) -> GapDecision:
    """Score every active tool against ``intent`` and decide: reuse the best one or generate.

    Args:
        intent: the parsed request (its ``data_source`` becomes the reused tool's ``file_path``).
        registry: the registry whose active tools are candidates for reuse.
        tools: the active tools to consider instead of ``registry.active_tools()``.
    """
    if tools is None:
        tools = _reusable_tools(intent, registry)
    if not tools:
        return GapDecision(decision="generate", tool=None, scores=[])
    semantic = cosine_scores(_query(intent), [_document(tool) for tool in tools])
    scores = [
        _score_tool(tool, intent, sim, intent.data_source or "")
        for tool, sim in zip(tools, semantic, strict=True)
    ]
    scores.sort(key=lambda score: (-score.overlap_score, score.tool))
    best = scores[0]
    if best.overlap_score >= REUSE_THRESHOLD and not best.missing and best.exact:
        return GapDecision(decision="reuse", tool=best.tool, scores=scores, arguments=best.arguments)
    return GapDecision(decision="generate", tool=None, scores=scores)
