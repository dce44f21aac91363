"""``tools/list`` at ten thousand tools: pages built from a cached listing, each page's files checked.

FastMCP's own ``tools/list`` handler asks every provider for the whole tool list, runs it through the
middleware and converts every tool, for *each page* a client asks for; at 10,000 tools that was 0.5 s of
the event loop per page, and the MCP SDK's client lists the first page before each call of a tool it has
not seen listed, so every call paid it. This module serves the registry's tools instead:

* The index rows (name order) are read again only when ``active/metadata.json`` is replaced, which every
  promotion and removal does; the MCP form of a tool is built once per (name, version, spec hash, code
  hash) and only the MCP object is kept.
* Cursors name the last tool of the previous page (not an offset), so a tool hidden or removed between
  two pages shifts nothing.
* Each page checks the files of the tools it returns against their promotion hashes (a ``stat`` each,
  re-hashed when the file's identity changed), so a tampered tool is left out of the very next page:
  the cost is that of one page, not of the registry.
* Each tool's wire form (the dict the SDK would send, for the connection's protocol version) is made
  once per (protocol version, name, version, hashes) by the SDK's own ``serialize_server_result``, and a
  page is spliced from those dicts by :class:`ListingSplice` after the SDK has validated and shaped the
  rest of the answer. The SDK otherwise dumps, validates and dumps again every tool of every page on every
  request (about 15 us a tool, 0.15 s a listing of 10,000 tools on an idle core, several times that
  under load); the wire form of a tool of a given protocol version never changes, so it is checked once.

The server's other tools (``list_available_tools``, the forge tools, approved services) still come
through FastMCP's listing, on the first page.
"""

from __future__ import annotations

import base64
import binascii
import bisect
import json
import logging
import threading
from collections.abc import Awaitable, Callable, Sequence
from contextvars import ContextVar
from typing import Any

import anyio.to_thread
from fastmcp import FastMCP
from fastmcp.server.dependencies import bind_request_context
from fastmcp.tools import Tool
from fastmcp.utilities.json_schema import dereference_refs
from fastmcp.utilities.versions import dedupe_with_versions
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.shared.exceptions import MCPError
from mcp_types import INTERNAL_ERROR, INVALID_PARAMS, ListToolsResult, PaginatedRequestParams
from mcp_types import Tool as MCPTool
from mcp_types.methods import serialize_server_result
from pydantic import ValidationError

from mcpforge.exceptions import RegistryError
from mcpforge.registry import ActiveTool, RegistryBackend
from mcpforge.registry.backend import UNINITIALIZED_REVISION
from mcpforge.registry.tool_index import IndexedTool

logger = logging.getLogger("mcpforge.server")

WireTool = dict[str, Any]
ToolKey = tuple[str, str, str]

# Tools made into wire form at once: pydantic's cost per tool grows several-fold past a few hundred
# (fresh memory for each larger batch), so a first listing builds them a hundred at a time.
_WIRE_BATCH = 100

# The registry tools of the tools/list request being served, in wire form, for ListingSplice to append.
_PAGE_WIRE: ContextVar[list[WireTool] | None] = ContextVar("mcpforge_page_wire", default=None)


def encode_cursor(after: str) -> str:
    """The opaque cursor of the page that follows the tool named ``after``."""
    return base64.urlsafe_b64encode(json.dumps({"after": after}).encode("utf-8")).decode("ascii")


def decode_cursor(cursor: str) -> str:
    """The tool name a cursor continues after.

    Raises:
        MCPError: INVALID_PARAMS when the cursor is not one this server made.
    """
    try:
        data = json.loads(base64.urlsafe_b64decode(cursor.encode("ascii")).decode("utf-8"))
    except (UnicodeError, binascii.Error, json.JSONDecodeError) as exc:
        raise MCPError(code=INVALID_PARAMS, message=f"invalid cursor {cursor!r}") from exc
    after = data.get("after") if isinstance(data, dict) else None
    if not isinstance(after, str):
        raise MCPError(code=INVALID_PARAMS, message=f"invalid cursor {cursor!r}")
    return after


def _has_ref(schema: Any) -> bool:
    # On the JSON text: a walk of the dicts was a sixth of building 10,000 tools. A property *named*
    # "$ref" only costs a needless (harmless) dereference.
    text = json.dumps(schema)
    return '"$ref"' in text or '"$defs"' in text


class RegistryListing:
    """The registry's verified tools in MCP form, a page at a time (blocking; call from a worker thread).

    Args:
        registry: the registry whose active tools are listed.
        to_mcp: builds the MCP form of one active tool (the same object a call runs).
        page_size: registry tools per page.
    """

    def __init__(
        self, registry: RegistryBackend, to_mcp: Callable[[ActiveTool], Tool], *, page_size: int
    ) -> None:
        self.registry = registry
        self.to_mcp = to_mcp
        self.page_size = page_size
        self._lock = threading.Lock()
        self._rows: list[IndexedTool] = []
        self._names: list[str] = []
        self._rows_key: str | None = None
        self._hashes_loaded = False
        self._built: dict[str, tuple[ToolKey, MCPTool]] = {}
        self._wire: dict[str, dict[str, tuple[ToolKey, WireTool]]] = {}  # version -> name -> (key, form)
        self._reported: set[tuple[str, str]] = set()

    def rows(self) -> list[IndexedTool]:
        """The index rows in name order (see :meth:`snapshot`).

        Raises:
            RegistryError: the registry cannot be read.
        """
        return self.snapshot()[0]

    def snapshot(self) -> tuple[list[IndexedTool], list[str]]:
        """The index rows in name order and their names, read again only when the registry's active
        revision changed (every promotion and removal changes it) or an interrupted act is pending.

        Raises:
            RegistryError: the registry cannot be read.
        """
        key = self.registry.active_revision()
        with self._lock:
            if key == UNINITIALIZED_REVISION or key != self._rows_key or self.registry.pending_journals():
                rows = self.registry.indexed_tools()
                if not self._hashes_loaded:
                    self.registry.learn_hashes()
                    self._hashes_loaded = True
                self._rows, self._names = rows, [row.name for row in rows]
                self._rows_key = self.registry.active_revision()
                current = {row.name for row in rows}
                caches: list[dict[str, Any]] = [self._built, *self._wire.values()]
                for cache in caches:
                    for name in [name for name in cache if name not in current]:
                        del cache[name]
            return self._rows, self._names

    def verified(self, row: IndexedTool) -> bool:
        """Whether the tool's files still match their promotion hashes (logged once per change when not)."""
        problem = self.registry.integrity(row)
        if problem is None:
            return True
        if (row.name, problem) not in self._reported:
            self._reported.add((row.name, problem))
            logger.error("tool %r not served: %s", row.name, problem)
        return False

    def verified_rows(self) -> list[IndexedTool]:
        """Every row whose files match their hashes (the whole registry: for ``list_available_tools``)."""
        try:
            rows = self.rows()
        except (RegistryError, OSError) as exc:
            logger.error("cannot read the active registry: %s", exc)
            return []
        return [row for row in rows if self.verified(row)]

    def page(self, after: str | None) -> tuple[list[MCPTool], str | None]:
        """The verified tools named after ``after`` (up to a page), and the cursor of the next page."""
        rows, next_cursor = self.page_rows(after)
        return self._mcp_tools(rows), next_cursor

    def wire_page(
        self, after: str | None, protocol_version: str, *, leave_out: frozenset[str] = frozenset()
    ) -> tuple[list[WireTool], str | None]:
        """:meth:`page` in wire form for ``protocol_version`` (tools named in ``leave_out`` left out).

        Raises:
            MCPError: INTERNAL_ERROR when a tool's MCP form fails the SDK's check (logged).
        """
        rows, next_cursor = self.page_rows(after)
        kept = [row for row in rows if row.name not in leave_out]
        return self.wire_tools(kept, protocol_version), next_cursor

    def wire_tools(self, rows: Sequence[IndexedTool], protocol_version: str) -> list[WireTool]:
        """The wire form of each row's tool for ``protocol_version``, made once per version and key."""
        keys = {row.name: _key(row) for row in rows}
        with self._lock:
            cached = self._wire.setdefault(protocol_version, {})
            missing = [row for row in rows if cached.get(row.name, ((), None))[0] != keys[row.name]]
        for start in range(0, len(missing), _WIRE_BATCH):
            tools = self._mcp_tools(missing[start : start + _WIRE_BATCH])
            dumped = ListToolsResult(tools=tools).model_dump(by_alias=True, mode="json", exclude_none=True)
            try:
                # The check and shape the SDK gives every tools/list answer of this protocol version.
                wire = serialize_server_result("tools/list", protocol_version, dumped)["tools"]
            except (ValidationError, ValueError, KeyError) as exc:
                logger.exception("the MCP form of a registry tool is invalid for %s", protocol_version)
                raise MCPError(code=INTERNAL_ERROR, message="Handler returned an invalid result") from exc
            with self._lock:
                for tool in wire:
                    cached[tool["name"]] = (keys[tool["name"]], tool)
        with self._lock:
            return [
                cached[row.name][1]
                for row in rows
                if row.name in cached and cached[row.name][0] == keys[row.name]
            ]

    def page_rows(self, after: str | None) -> tuple[list[IndexedTool], str | None]:
        """The verified rows named after ``after`` (up to a page), and the cursor of the next page."""
        try:
            rows, names = self.snapshot()
        except (RegistryError, OSError) as exc:
            logger.error("cannot read the active registry: %s", exc)
            return [], None
        start = 0 if after is None else bisect.bisect_right(names, after)
        chosen: list[IndexedTool] = []
        index = start
        while index < len(rows) and len(chosen) < self.page_size:
            if self.verified(rows[index]):
                chosen.append(rows[index])
            index += 1
        more = index < len(rows)
        return chosen, encode_cursor(rows[index - 1].name) if more and index > 0 else None

    def input_schema(self, name: str) -> dict[str, Any] | None:
        """The input schema of the registry tool ``name`` as listed (None: not a served registry tool)."""
        try:
            rows, names = self.snapshot()
        except (RegistryError, OSError):
            return None
        index = bisect.bisect_left(names, name)
        if index == len(names) or names[index] != name or not self.verified(rows[index]):
            return None
        tools = self._mcp_tools([rows[index]])
        return dict(tools[0].input_schema) if tools else None

    def _mcp_tools(self, rows: Sequence[IndexedTool]) -> list[MCPTool]:
        keys = {row.name: _key(row) for row in rows}
        with self._lock:
            missing = [row for row in rows if self._built.get(row.name, ((), None))[0] != keys[row.name]]
        if missing:
            built = self._build(missing)
            with self._lock:
                for name, tool in built.items():
                    self._built[name] = (keys[name], tool)
        with self._lock:
            return [
                self._built[row.name][1]
                for row in rows
                if row.name in self._built and self._built[row.name][0] == keys[row.name]
            ]

    def _build(self, rows: Sequence[IndexedTool]) -> dict[str, MCPTool]:
        actives = self.registry.active_tools_named([row.name for row in rows])
        return {active.name: self._mcp_form(active) for active in actives}

    def _mcp_form(self, active: ActiveTool) -> MCPTool:
        tool = self.to_mcp(active)
        # FastMCP's own listing inlines $ref for clients that cannot follow them; so does this one.
        updates: dict[str, Any] = {}
        if _has_ref(tool.parameters):
            updates["parameters"] = dereference_refs(tool.parameters)
        if tool.output_schema is not None and _has_ref(tool.output_schema):
            updates["output_schema"] = dereference_refs(tool.output_schema)
        if updates:
            tool = tool.model_copy(update=updates)
        # Its own _meta only: FastMCP's (``{"fastmcp": {"tags": []}}``) says nothing of these tools.
        mcp_tool: MCPTool = tool.to_mcp_tool(name=tool.name, _meta=tool.meta)
        return mcp_tool


def _key(row: IndexedTool) -> ToolKey:
    return (row.version, row.spec_hash, row.code_hash)


class ListingSplice:
    """Low-level server middleware: appends the registry tools of a ``tools/list`` page, already in wire
    form (see :meth:`RegistryListing.wire_tools`), to the answer the SDK has checked and shaped, which
    holds the server's other tools and the cursor. The innermost middleware, so every other one sees the
    whole answer."""

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        if ctx.method != "tools/list":
            return await call_next(ctx)
        wire: list[WireTool] = []
        token = _PAGE_WIRE.set(wire)
        try:
            result = await call_next(ctx)
        finally:
            _PAGE_WIRE.reset(token)
        if wire:
            if not isinstance(result, dict) or not isinstance(result.get("tools"), list):
                raise MCPError(code=INTERNAL_ERROR, message="tools/list answer without a tools list")
            result["tools"] = [*result["tools"], *wire]
        return result


def install_listing_handler(server: FastMCP[Any], listing: RegistryListing) -> Callable[[], Awaitable[None]]:
    """Serve ``tools/list`` on ``server`` from ``listing`` (the registry's tools) after the server's
    other tools, which FastMCP lists on the first page; answer the transport's schema lookups too.

    Returns the coroutine function that learns the schemas of the server's own tools (the lifespan
    awaits it, once every tool is registered).
    """
    others_schemas: dict[str, dict[str, Any]] = {}

    async def learn_other_schemas() -> None:
        listed = dedupe_with_versions(list(await server.list_tools()), lambda t: t.name)
        others_schemas.update(
            {tool.name: dict(tool.to_mcp_tool(name=tool.name).input_schema) for tool in listed}
        )

    async def list_tools(
        ctx: ServerRequestContext[Any, Any], params: PaginatedRequestParams
    ) -> ListToolsResult:
        after = decode_cursor(params.cursor) if params.cursor else None
        with bind_request_context(ctx):
            others: list[MCPTool] = []
            if after is None:
                listed = dedupe_with_versions(list(await server.list_tools()), lambda t: t.name)
                others = [tool.to_mcp_tool(name=tool.name) for tool in listed]
                others_schemas.update({tool.name: dict(tool.input_schema) for tool in others})
        taken = frozenset(tool.name for tool in others)
        wire = _PAGE_WIRE.get()
        if wire is None:  # not through ListingSplice: the MCP objects, checked by the SDK as they go
            tools, next_cursor = await anyio.to_thread.run_sync(listing.page, after)
            return ListToolsResult(
                tools=[*others, *(tool for tool in tools if tool.name not in taken)], next_cursor=next_cursor
            )
        version = ctx.protocol_version
        page, next_cursor = await anyio.to_thread.run_sync(
            lambda: listing.wire_page(after, version, leave_out=taken)
        )
        wire.extend(page)
        return ListToolsResult(tools=others, next_cursor=next_cursor)

    def input_schema(name: str) -> dict[str, Any] | None:
        # Without this lookup the streamable-HTTP transport pages through the whole tools/list on every
        # tools/call to find one schema (for its Mcp-Param header check): 100 pages at 10,000 tools.
        # The server's own tools are learned from the first page of any listing (``list_tools`` above).
        return others_schemas.get(name) or listing.input_schema(name)

    # FastMCP offers no hook for a paged listing of a provider; the low-level server replaces the
    # handler for a method by design (``Server.add_request_handler``) and takes a schema lookup.
    server._mcp_server.add_request_handler("tools/list", PaginatedRequestParams, list_tools)
    server._mcp_server.get_tool_input_schema = input_schema
    server._mcp_server.middleware.append(ListingSplice())
    return learn_other_schemas
