"""A ToolSpec for a hand-written ``tool.py``, read from its signature and docstring.

The file is parsed with ``ast`` and never imported: it is untrusted until validation has run it in the
sandbox. Parameters come from the ``Annotated[T, Field(description=...)]`` signature and their
defaults; the documentation from the WHEN TO USE THIS TOOL / WHAT THIS TOOL DOES / RETURNS /
PREREQUISITES sections of the docstring.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcpforge.exceptions import InvalidArgumentError
from mcpforge.models import ToolSpec
from mcpforge.pipeline._signature import ParsedTool, parse_tool_source
from mcpforge.pipeline.spec import FOOTER_OUTPUT_SCHEMA, spec_from_parsed

MAX_TOOL_FILE_BYTES = 512 * 1024


@dataclass(frozen=True, kw_only=True)
class HandwrittenTool:
    """A hand-written tool file and the spec derived from it."""

    path: Path
    source: str
    parsed: ParsedTool
    spec: ToolSpec


def spec_from_source(source: str, *, filename: str = "tool.py") -> ToolSpec:
    """The ToolSpec of the one ``@mcp.tool()`` function in ``source``.

    Raises:
        InvalidArgumentError: no single tool function, a syntax error, or a non-JSON parameter type.
    """
    parsed = parse_tool_source(source, filename=filename)
    return spec_from_parsed(parsed, output_schema=footer_output_schema(source, parsed.function_name))


def _footer_dicts(source: str, function_name: str) -> list[ast.expr | None]:
    """The argument of every ``output_footer`` call in the tool function (a name resolved to the dict
    literal assigned to it, when it is assigned exactly once)."""
    tree = ast.parse(source)
    function = next(
        (node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name == function_name),
        tree,
    )
    assigned: dict[str, list[ast.expr]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            assigned.setdefault(node.targets[0].id, []).append(node.value)
    found: list[ast.expr | None] = []
    for node in ast.walk(function):
        if not isinstance(node, ast.Call) or "output_footer" not in {
            getattr(node.func, "id", None),
            getattr(node.func, "attr", None),
        }:
            continue
        argument = node.args[0] if node.args else None
        if isinstance(argument, ast.Name) and len(assigned.get(argument.id, [])) == 1:
            argument = assigned[argument.id][0]
        found.append(argument)
    return found


def footer_output_schema(source: str, function_name: str) -> dict[str, Any]:
    """The output schema a hand-written tool declares through the footers it returns.

    Every ``output_footer({...})`` call with a literal dict names its keys: the keys present in every
    call are required, the others optional, and the usual footer keys (``operation``, ``result``,
    ``rows_processed``) keep their usual types. A footer built from a variable declares only "an
    object"; a tool with no footer declares no structured output (an empty schema), so the server
    checks nothing the tool never promised.
    """
    arguments = _footer_dicts(source, function_name)
    if not arguments:
        return {}
    key_sets: list[list[str]] = []
    for argument in arguments:
        if not isinstance(argument, ast.Dict) or not all(
            isinstance(key, ast.Constant) and isinstance(key.value, str) for key in argument.keys
        ):
            return {"type": "object", "properties": {}}
        key_sets.append([str(key.value) for key in argument.keys if isinstance(key, ast.Constant)])
    known = FOOTER_OUTPUT_SCHEMA["properties"]
    names = list(dict.fromkeys(key for keys in key_sets for key in keys))
    required = [name for name in names if all(name in keys for keys in key_sets)]
    return {
        "type": "object",
        "properties": {name: dict(known.get(name, {})) for name in names},
        "required": required,
    }


def load_handwritten_tool(path: Path) -> HandwrittenTool:
    """Read ``path`` (UTF-8 text) and derive its spec.

    Raises:
        InvalidArgumentError: the file is missing, too big, not UTF-8, or not a tool module.
    """
    if not path.is_file():
        raise InvalidArgumentError(
            f"tool file {str(path)!r} does not exist or is not a file", argument="path"
        )
    if path.stat().st_size > MAX_TOOL_FILE_BYTES:
        raise InvalidArgumentError(
            f"tool file {str(path)!r} is larger than {MAX_TOOL_FILE_BYTES // 1024} KiB", argument="path"
        )
    try:
        source = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidArgumentError(f"tool file {str(path)!r} is not UTF-8 text", argument="path") from exc
    parsed = parse_tool_source(source, filename=path.name)
    spec = spec_from_parsed(parsed, output_schema=footer_output_schema(source, parsed.function_name))
    return HandwrittenTool(path=path, source=source, parsed=parsed, spec=spec)
