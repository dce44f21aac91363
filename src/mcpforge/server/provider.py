"""The active registry as a FastMCP tool provider.

Every promoted tool becomes a :class:`RegistryTool`: its input schema is the spec's, its output schema
the spec's when that is an object schema, its description the spec's description plus the WHEN / WHAT /
RETURNS / PREREQUISITES sections. Calls run in the sandbox through :class:`ToolInvoker`.

Integrity: a tool whose ``tool.py`` or ``spec.json`` no longer matches the hashes recorded at promotion
is **not listed**, and a call to it (by a client that listed it earlier) is **refused** with an
``isError`` result naming the changed file. Both are logged at error level with the file name, once per
distinct change for listing and on every refused call.

Scale: listings come from the registry's tool index, the hash check reuses a file's hash while its
identity (device, inode, size, mtime, ctime) is unchanged, and the MCP tool objects are built once per
(name, version, hashes), so a listing of ten thousand tools reads no tool file.
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
from mcp_types import Tool as MCPTool
from pydantic import PrivateAttr

from mcpforge.exceptions import MCPForgeError, RegistryError
from mcpforge.models import ToolSpec
from mcpforge.output_contract import output_schema_for
from mcpforge.registry import ActiveTool, Registry
from mcpforge.registry.tool_index import IndexedTool, file_identity
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


class RegistryTool(Tool):
    """A promoted tool, served by calling it in the sandbox."""

    _invoker: ToolInvoker = PrivateAttr()
    _mcp_tool: MCPTool | None = PrivateAttr(default=None)

    def to_mcp_tool(self, **overrides: Any) -> MCPTool:
        """The MCP form, converted once: a registry tool object never changes (a new version, spec or
        code makes a new object), and every page of a listing converts every tool."""
        if overrides and overrides != {"name": self.name}:
            return super().to_mcp_tool(**overrides)
        if self._mcp_tool is None:
            self._mcp_tool = super().to_mcp_tool(**overrides)
        return self._mcp_tool

    @classmethod
    def from_active(cls, active: ActiveTool, invoker: ToolInvoker) -> RegistryTool:
        """The MCP tool for ``active``."""
        tool = cls(
            name=active.name,
            description=tool_description(active.spec),
            parameters=active.spec.input_schema or {"type": "object", "properties": {}},
            output_schema=output_schema_for(active.spec.output_schema),
            meta={"mcpforge": {"version": active.version, "spec_hash": active.spec_hash}},
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


_BULK_LOAD = 64  # more tools than this missing from the cache: load their specs in one query


class RegistryProvider(Provider):
    """Lists the promoted tools whose files still match their hashes; looks tools up by name."""

    def __init__(self, registry: Registry, invoker: ToolInvoker) -> None:
        super().__init__()
        self.registry = registry
        self.invoker = invoker
        self._reported: set[tuple[str, str]] = set()
        self._built: dict[str, tuple[tuple[str, str, str], ActiveTool, RegistryTool]] = {}
        self._hashes_loaded = False
        self._rows: list[IndexedTool] = []
        self._rows_key: str | None = None

    def __repr__(self) -> str:
        return f"RegistryProvider({str(self.registry.root)!r})"

    def _indexed_rows(self) -> list[IndexedTool]:
        """The index rows, read again only when ``active/metadata.json`` was replaced (or a journal is
        pending): every page of a paginated listing asks for the whole list."""
        key = file_identity(self.registry.active_meta_path)
        if key is None or key != self._rows_key or self.registry.pending_journals():
            self._rows = self.registry.indexed_tools()
            self._rows_key = file_identity(self.registry.active_meta_path)
        return self._rows

    def _verified_rows(self) -> list[IndexedTool]:
        try:
            rows = self._indexed_rows()
            if not self._hashes_loaded:
                self.registry.learn_hashes()
                self._hashes_loaded = True
        except (RegistryError, OSError) as exc:
            logger.error("cannot read the active registry: %s", exc)
            return []
        verified: list[IndexedTool] = []
        for row in rows:
            problem = self.registry.integrity(row)
            if problem is None:
                verified.append(row)
            elif (row.name, problem) not in self._reported:
                self._reported.add((row.name, problem))
                logger.error("tool %r not served: %s", row.name, problem)
        return verified

    def _entries(self) -> list[tuple[ActiveTool, RegistryTool]]:
        """(ActiveTool, MCP tool) of every verified tool, built once per name, version and hashes."""
        rows = self._verified_rows()
        keys = {row.name: (row.version, row.spec_hash, row.code_hash) for row in rows}
        missing = [row for row in rows if self._built.get(row.name, ((), None, None))[0] != keys[row.name]]
        if missing:
            if len(missing) > _BULK_LOAD:
                loaded = {tool.name: tool for tool in self.registry.active_tools()}
            else:
                loaded = {}
                for row in missing:
                    tool = self.registry.get_active_tool(row.name)
                    if tool is not None:
                        loaded[row.name] = tool
            for row in missing:
                active = loaded.get(row.name)
                if active is not None:
                    built = RegistryTool.from_active(active, self.invoker)
                    self._built[row.name] = (keys[row.name], active, built)
        for name in set(self._built) - set(keys):
            del self._built[name]
        return [
            (self._built[row.name][1], self._built[row.name][2]) for row in rows if row.name in self._built
        ]

    def verified_tools(self) -> list[ActiveTool]:
        """The promoted tools that pass the hash check (blocking; call from a worker thread)."""
        return [active for active, _ in self._entries()]

    async def _list_tools(self) -> Sequence[Tool]:
        entries = await anyio.to_thread.run_sync(self._entries)
        return [tool for _, tool in entries]

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
        return RegistryTool.from_active(active, self.invoker)
