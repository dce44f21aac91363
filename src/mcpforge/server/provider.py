"""The active registry as a FastMCP tool provider.

Every promoted tool becomes a :class:`RegistryTool`: its input schema is the spec's, its output schema
the spec's when that is an object schema, its description the spec's description plus the WHEN / WHAT /
RETURNS / PREREQUISITES sections. Calls run in the sandbox through :class:`ToolInvoker`.

Integrity: a tool whose ``tool.py`` or ``spec.json`` no longer matches the hashes recorded at promotion
is **not listed**, and a call to it (by a client that listed it earlier) is **refused** with an
``isError`` result naming the changed file. Both are logged at error level with the file name, once per
distinct change for listing and on every refused call.

Scale: listings are served by :mod:`mcpforge.server._listing` (pages of the registry's tool index, the
files of each page checked, MCP tool objects built once per name, version and hashes); a call reads
and hashes the tool's own two files, never the registry.
"""

from __future__ import annotations

import base64
import logging
from collections.abc import Sequence
from typing import Any

import anyio.to_thread
from fastmcp.server.providers import Provider
from fastmcp.tools import Tool
from fastmcp.tools.base import ToolResult
from fastmcp.utilities.versions import VersionSpec
from mcp.types import ImageContent, TextContent, ToolAnnotations
from pydantic import PrivateAttr

from mcpforge.exceptions import MCPForgeError, RegistryError
from mcpforge.models import ToolSpec
from mcpforge.output_contract import output_schema_for
from mcpforge.registry import ActiveTool, RegistryBackend
from mcpforge.server._invoke import ToolInvoker

logger = logging.getLogger("mcpforge.server")

# Promoted tools read the files they are given and write nothing the client sees; they reach no network
# (the sandbox has none), so clients may call them without asking the person each time.
DATA_TOOL_ANNOTATIONS = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)


def tool_description(spec: ToolSpec) -> str:
    """The description a client sees: the summary, then the four sections of the docstring format."""
    sections = [
        ("WHEN TO USE THIS TOOL", spec.when_to_use),
        ("WHAT THIS TOOL DOES", spec.what_it_does),
        ("RETURNS", spec.returns),
        ("PREREQUISITES", spec.prerequisites),
    ]
    body = "\n".join(f"{title}: {text.strip()}" for title, text in sections if text.strip())
    return f"{spec.description.strip()}\n\n{body}" if body else spec.description.strip()


def forged_tool_description(spec: ToolSpec) -> str:
    """:func:`tool_description` of a forged tool. Its name and first line speak of the columns of the
    request it was made for (names never change after approval); a ``GENERAL`` line says those columns
    are only defaults and the parameters take any other (issue 28)."""
    text = tool_description(spec)
    defaults = column_defaults(spec)
    if not defaults:
        return text
    general = (
        f"GENERAL: the columns named above are only its defaults ({defaults}); pass other columns, of any "
        "file, to compute the same analysis over them"
    )
    first, _, rest = text.partition("\n\n")
    return f"{first}\n\n{general}\n{rest}" if rest else f"{first}\n\n{general}"


def column_defaults(spec: ToolSpec) -> str:
    """``group_by_columns = ["region"]; metrics = [...]``: the parameters naming columns, with defaults."""
    import json

    properties = (spec.input_schema or {}).get("properties") or {}
    named = [
        f"{name} = {json.dumps(schema['default'], ensure_ascii=False, separators=(', ', ': '))}"
        for name, schema in properties.items()
        if isinstance(schema, dict)
        and schema.get("default") not in (None, [], {})
        and ("column" in name or name in {"metrics", "group_by"})
    ]
    return "; ".join(named)


class RegistryTool(Tool):
    """A promoted tool, served by calling it in the sandbox."""

    _invoker: ToolInvoker = PrivateAttr()

    @classmethod
    def from_active(cls, active: ActiveTool, invoker: ToolInvoker) -> RegistryTool:
        """The MCP tool for ``active``."""
        tool = cls(
            name=active.name,
            description=forged_tool_description(active.spec),
            parameters=active.spec.input_schema or {"type": "object", "properties": {}},
            output_schema=output_schema_for(active.spec.output_schema),
            # The version names the promoted files (a promotion always makes a new one): no hash here, it
            # cost every client a quarter of its time to read each tools/list page (issue 28).
            meta={"mcpforge": {"version": active.version}},
            annotations=DATA_TOOL_ANNOTATIONS,
        )
        tool._invoker = invoker
        return tool

    async def run(self, arguments: dict[str, Any]) -> ToolResult:
        """Run the tool in a worker thread; failures come back as ``isError`` results."""
        try:
            result = await anyio.to_thread.run_sync(self._invoker.call, self.name, dict(arguments))
        except MCPForgeError as exc:
            logger.error("call of %r failed: %s", self.name, exc)
            return ToolResult(content=f"{self.name} failed: {exc}", is_error=True)
        except Exception as exc:  # top level of a tool call: the server must keep serving
            logger.exception("unexpected error while calling %r", self.name)
            return ToolResult(
                content=f"{self.name} failed: unexpected {type(exc).__name__}: {exc}", is_error=True
            )
        if not result.ok:
            return ToolResult(content=result.error or f"{self.name} failed", is_error=True)
        if not result.images:
            return ToolResult(content=result.markdown, structured_content=result.structured)
        images = [
            ImageContent(type="image", data=base64.b64encode(png).decode("ascii"), mime_type="image/png")
            for png in result.images
        ]
        return ToolResult(
            content=[TextContent(type="text", text=result.markdown), *images],
            structured_content=result.structured,
        )


class RegistryProvider(Provider):
    """Looks promoted tools up by name for calls; their listing is :class:`RegistryListing`'s.

    ``tools/list`` is served page by page by :func:`install_listing_handler`, so FastMCP's whole-list
    path (``list_tools``) does not include the registry: at ten thousand tools it would rebuild and
    re-check every tool for each page a client asks for.
    """

    def __init__(self, registry: RegistryBackend, invoker: ToolInvoker) -> None:
        super().__init__()
        self.registry = registry
        self.invoker = invoker

    def __repr__(self) -> str:
        return f"RegistryProvider({self.registry.location!r})"

    def mcp_tool(self, active: ActiveTool) -> RegistryTool:
        """The tool object served for ``active``."""
        return RegistryTool.from_active(active, self.invoker)

    async def _list_tools(self) -> Sequence[Tool]:
        return []

    async def _get_tool(self, name: str, version: VersionSpec | None = None) -> Tool | None:
        # Not verified here on purpose: a changed tool must answer with an isError result naming the
        # file (from ToolInvoker.call), not vanish into "unknown tool".
        try:
            active = await anyio.to_thread.run_sync(self.registry.get_active_tool, name)
        except (RegistryError, OSError) as exc:
            logger.error("cannot read the active registry: %s", exc)
            return None
        if active is None or (version is not None and not version.matches(active.version)):
            return None
        return self.mcp_tool(active)
