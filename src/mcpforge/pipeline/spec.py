"""Step 2: the ToolSpec, the contract a tool is written against (and checked against afterwards)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from mcpforge.exceptions import InvalidArgumentError
from mcpforge.models import ChartSpec, Intent, ToolSpec

if TYPE_CHECKING:
    from mcpforge.pipeline._signature import ParsedTool
    from mcpforge.registry import RegistryBackend

# SEP-986 allows 1-128 characters of [A-Za-z0-9_.-]; mcpforge keeps to snake_case, which every client
# and every function-calling API accepts.
TOOL_NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,63}$")
MAX_NAME_LENGTH = 64

# What a data tool's footer (and so its MCP structured content) holds.
FOOTER_OUTPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "operation": {"type": "string", "description": "what the tool computed"},
        "result": {
            "description": "the main table as columns and rows, or a mapping of scalar results",
            "anyOf": [
                {
                    "type": "object",
                    "properties": {
                        "columns": {"type": "array", "items": {"type": "string"}},
                        "rows": {"type": "array", "items": {"type": "array"}},
                    },
                    "required": ["columns", "rows"],
                },
                {"type": "object"},
            ],
        },
        "rows_processed": {"type": "integer", "description": "input rows the tool read"},
    },
    "required": ["result"],
}


def to_snake_case(text: str) -> str:
    """A valid tool name from free text: lower case, underscores, starting with a letter."""
    name = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")
    if not name or not name[0].isalpha():
        name = f"tool_{name}".rstrip("_")
    return name[:MAX_NAME_LENGTH].rstrip("_")


def check_tool_name(name: str) -> None:
    """Raise InvalidArgumentError unless ``name`` is a snake_case MCP tool name (SEP-986 subset)."""
    if not TOOL_NAME_RE.match(name):
        raise InvalidArgumentError(
            f"tool name {name!r} is not valid: use 1-64 characters of lower-case letters, digits and "
            "underscores, starting with a letter",
            argument="tool_name",
        )


def spec_from_parsed(parsed: ParsedTool, *, output_schema: dict[str, Any] | None = None) -> ToolSpec:
    """A ToolSpec read from a tool's signature and docstring (sections missing stay empty)."""
    sections = parsed.sections
    return ToolSpec(
        tool_name=parsed.function_name,
        description=parsed.description or sections.get("what_it_does", ""),
        input_schema=parsed.input_schema(),
        output_schema=output_schema if output_schema is not None else dict(FOOTER_OUTPUT_SCHEMA),
        parameters=[p.as_spec_entry() for p in parsed.parameters],
        return_type=parsed.return_annotation or "",
        when_to_use=sections.get("when_to_use", ""),
        what_it_does=sections.get("what_it_does", ""),
        returns=sections.get("returns", ""),
        prerequisites=sections.get("prerequisites", ""),
    )


def default_assumptions(intent: Intent) -> list[str]:
    """Assumptions a person should know about when reading a result computed for ``intent``."""
    used = [*intent.group_by, *intent.columns, *(m.column for m in intent.metrics if m.column)]
    if intent.time_column:
        used.append(intent.time_column)
    used += [f.column for f in intent.filters]
    names = list(dict.fromkeys(used))
    assumptions = []
    if names:
        assumptions.append("Columns " + ", ".join(repr(name) for name in names) + " exist in the dataset")
    if intent.group_by:
        assumptions.append("Rows with an empty value in a grouping column form their own group (shown blank)")
    if intent.time_column:
        assumptions.append(f"Column {intent.time_column!r} holds dates or times that can be parsed")
    assumptions += intent.notes
    return assumptions


def default_limitations(intent: Intent) -> list[str]:
    """Limitations implied by ``intent`` (top-N cuts, filters) that the result does not show by itself."""
    limitations = []
    if intent.top_n:
        limitations.append(f"Output limited to the top {intent.top_n} rows")
    if intent.filters:
        limitations.append("Only rows matching the filters are counted")
    limitations.append("Reads one data file; what it reads of it must fit in the sandbox memory")
    return limitations


def finalize_spec(spec: ToolSpec, intent: Intent | None = None, *, tool_name: str | None = None) -> ToolSpec:
    """The spec a catalogue template produced, checked, with the intent's assumptions and limitations added.

    Raises:
        InvalidArgumentError: the name is not a valid MCP tool name.
    """
    updates: dict[str, Any] = {}
    if tool_name is not None and tool_name != spec.tool_name:
        updates["tool_name"] = tool_name
    if intent is not None and intent.chart is not None:
        updates["chart"] = ChartSpec(kind=intent.chart, title=intent.request.strip()[:120])
    if intent is not None:
        updates["assumptions"] = list(dict.fromkeys([*default_assumptions(intent), *spec.assumptions]))
        updates["limitations"] = list(dict.fromkeys([*spec.limitations, *default_limitations(intent)]))
    final = spec.model_copy(update=updates) if updates else spec
    check_tool_name(final.tool_name)
    return final


def unique_tool_name(base: str, registry: RegistryBackend, spec: ToolSpec | None = None) -> str:
    """``base``, or ``base_2``, ``base_3``... when an active tool of that name does something else.

    A name whose active tool has the same parameters (the same contract, perhaps other defaults) is kept:
    the registry turns it into a new version of that tool.
    """
    taken = {tool.name: tool for tool in registry.active_tools()}
    candidate, index = base, 1
    while candidate in taken:
        existing = taken[candidate].spec
        if spec is not None and _same_contract(existing, spec):
            return candidate
        index += 1
        suffix = f"_{index}"
        candidate = base[: MAX_NAME_LENGTH - len(suffix)] + suffix
    return candidate


def _same_contract(left: ToolSpec, right: ToolSpec) -> bool:
    def shape(spec: ToolSpec) -> list[tuple[str, str]]:
        return [(str(p.get("name")), str(p.get("type"))) for p in spec.parameters]

    return shape(left) == shape(right) and left.description == right.description
