"""A ToolSpec for a hand-written ``tool.py``, read from its signature and docstring.

The file is parsed with ``ast`` and never imported: it is untrusted until validation has run it in the
sandbox. Parameters come from the ``Annotated[T, Field(description=...)]`` signature and their
defaults; the documentation from the WHEN TO USE THIS TOOL / WHAT THIS TOOL DOES / RETURNS /
PREREQUISITES sections of the docstring.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from mcpforge.exceptions import InvalidArgumentError
from mcpforge.models import ToolSpec
from mcpforge.pipeline._signature import ParsedTool, parse_tool_source
from mcpforge.pipeline.spec import spec_from_parsed

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
    return spec_from_parsed(parse_tool_source(source, filename=filename))


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
    return HandwrittenTool(path=path, source=source, parsed=parsed, spec=spec_from_parsed(parsed))
