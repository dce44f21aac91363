"""The mcpforge MCP server: promoted tools, ``list_available_tools``, the forge tools, live updates.

``build_server`` returns a FastMCP server; run it with ``server.run()`` (stdio) or
``server.run(transport="http", host=..., port=...)`` (streamable HTTP). Tools may read only files under
the allowed roots: ``allowed_read_paths`` (``--allow-read``) plus ``security.allowed_read_paths`` from the
configuration. With no root configured every path argument is refused, rather than defaulting to the
working directory, which for a desktop MCP client can be ``/``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
from fastmcp import FastMCP
from fastmcp.server.auth import AuthProvider
from fastmcp.tools.base import ToolResult
from mcp.server.request_state import RequestStateSecurity
from mcp.server.subscriptions import InMemorySubscriptionBus
from mcp.types import ToolAnnotations

from mcpforge.config import MCPForgeConfig
from mcpforge.registry import RegistryBackend
from mcpforge.registry.tool_index import IndexedTool
from mcpforge.server._auth import RoleGate
from mcpforge.server._invoke import ToolInvoker
from mcpforge.server._listing import RegistryListing, install_listing_handler
from mcpforge.server._live import install_listen_handler, install_tracker
from mcpforge.server._replicas import LegacyElicitationGuard, watcher_class
from mcpforge.server.provider import RegistryProvider
from mcpforge.server.serve_status import StatusFile

logger = logging.getLogger("mcpforge.server")

SERVER_NAME = "mcpforge"
INSTRUCTIONS = (
    "Data-analysis tools approved by a person and served from the mcpforge registry. Call "
    "list_available_tools to see them with versions. File arguments must lie under the allowed read "
    "directories of this server."
)
FORGE_INSTRUCTIONS = (
    " When no tool fits, forge_request generates, validates and stages one on the person's data; it is "
    "registered only after the person approves it in their client (review_candidate asks them)."
)
LIST_TOOLS_OUTPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "count": {"type": "integer"},
        "tools": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "version": {"type": "string"},
                    "description": {"type": "string"},
                    "promoted_at": {"type": "string"},
                },
                "required": ["name", "version", "description"],
            },
        },
    },
    "required": ["count", "tools"],
}


# Registry tools per tools/list page. Pages are cheap to serve (cached wire forms, two stats per tool),
# so the size is set by the client: the MCP SDK client validates every tool of a page several times, and
# its cost per tool grew several-fold past a few hundred tools a page (fresh memory for each larger
# answer), while each page costs it a round trip. Measured at 10,000 tools (issue 28): client CPU 1.0-1.3 s
# at 100 to 200 a page, 1.4-1.6 s at 250, 1.7-2.0 s at 1,000; server CPU 0.41 s at 100, 0.3 s at 150. It
# also lists the first page again before each call of a tool it has not seen listed, and FastMCP's client
# stops at 250 pages (37,500 tools at this size).
LIST_PAGE_SIZE = 150


def allowed_roots(config: MCPForgeConfig, extra: Sequence[str | Path] = ()) -> tuple[Path, ...]:
    """Resolved, de-duplicated read roots from flags and configuration."""
    roots: list[Path] = []
    for raw in [*extra, *config.security.allowed_read_paths]:
        root = Path(os.path.realpath(Path(raw).expanduser()))
        if root not in roots:
            roots.append(root)
    return tuple(roots)


def available_tools_result(tools: Sequence[IndexedTool]) -> ToolResult:
    """Markdown and structured listing of ``tools`` (requirements 7.2)."""
    rows = [
        {"name": t.name, "version": t.version, "description": t.description, "promoted_at": t.promoted_at}
        for t in tools
    ]
    if rows:
        import pandas as pd  # here, not at the top: a server that is never asked for this needs no pandas

        from mcpforge.runtime import format_markdown_table

        table = format_markdown_table(
            pd.DataFrame(rows, columns=["name", "version", "description"]), max_rows=1000
        )
        text = f"## Available tools ({len(rows)})\n\n{table}"
    else:
        text = "## Available tools (0)\n\nNo tool has been promoted yet."
    return ToolResult(content=text, structured_content={"count": len(rows), "tools": rows})


def build_server(
    registry: RegistryBackend,
    config: MCPForgeConfig,
    *,
    allowed_read_paths: Sequence[str | Path] = (),
    poll_interval: float = 0.5,
    name: str = SERVER_NAME,
    forge_tools: bool = True,
    service: str | None = None,
    list_page_size: int = LIST_PAGE_SIZE,
    warm_start: bool = False,
    auth: AuthProvider | None = None,
    stateless: bool = False,
    request_state_security: RequestStateSecurity | None = None,
) -> FastMCP[Any]:
    """A FastMCP server serving the promoted tools of ``registry``.

    Args:
        registry: the registry whose active tools are served (its index is read again whenever a
            promotion or removal replaced ``active/metadata.json``, so they show without a restart).
        config: configuration (sandbox, limits, ``security.allowed_read_paths``).
        allowed_read_paths: extra directories tools may read (``--allow-read``).
        poll_interval: seconds between checks of the registry for changes.
        name: the server name announced to clients.
        forge_tools: also serve the forge itself (``forge_request``, ``inspect_candidate``,
            ``list_candidates``, ``review_candidate``); approval still needs the person's answer
            through elicitation.
        service: serve only this approved converted service (no forged tools, no forge tools).
        list_page_size: registry tools per ``tools/list`` page.
        warm_start: start the warm sandbox template in the background when the server starts, so the
            first call does not wait for it (``mcpforge serve``; tests leave it to the first call).
        auth: the bearer-token verifier of an HTTP server (:class:`mcpforge.server._auth.TokenTable`).
            With one, every HTTP request needs a token and the forge tools need the roles of
            :data:`mcpforge.server._auth.TOOL_ROLES`; without one (stdio, loopback HTTP without tokens)
            the caller is the local user, with every role.
        stateless: served as one of several stateless replicas (``serve --http --stateless``):
            handshake-era elicitation is refused (see :mod:`mcpforge.server._replicas`).
        request_state_security: how input-required rounds' state is sealed; replicas pass one with
            the key they share (None: a key of this process only).
    """
    roots = allowed_roots(config, allowed_read_paths)
    # The server of ``mcpforge serve`` (the one that starts its template at once) tells ``doctor``.
    status_file = StatusFile(registry.root) if warm_start else None
    invoker = ToolInvoker(registry=registry, config=config, roots=roots, status_file=status_file)
    provider = RegistryProvider(registry, invoker)
    listing = RegistryListing(registry, provider.mcp_tool, page_size=list_page_size)
    from mcpforge.server.services import ServiceBounds, ServiceProvider, ServiceRunner

    bounds = ServiceBounds(
        max_result_bytes=config.sandbox.service_max_result_bytes,
        call_timeout_seconds=config.sandbox.service_call_timeout_seconds,
    )
    service_runner = ServiceRunner(config, roots, bounds=bounds)
    service_provider = ServiceProvider(registry, service_runner, only=service)
    providers: list[Any] = [service_provider] if service is not None else [provider, service_provider]
    forge_tools = forge_tools and service is None
    bus = InMemorySubscriptionBus()
    holder: dict[str, Any] = {}

    @asynccontextmanager
    async def lifespan(_server: FastMCP[Any]) -> AsyncIterator[dict[str, Any]]:
        watcher = watcher_class(registry)(registry, holder["tracker"], bus, interval=poll_interval)
        holder["watcher"] = watcher
        # A plain task, not a task group: FastMCP may enter and leave the lifespan in different
        # tasks (HTTP session manager, in-memory transport), which a task group forbids.
        # The baseline is taken before the first request is served, so an edit made right after a
        # client connects is still announced (for registries past FILES_PER_POLL files: once the scan
        # has recorded the file; listings and calls check the files themselves either way).
        await watcher.baseline()
        if warm_start and service is None:
            threading.Thread(target=invoker.warm_up, name="warm-start", daemon=True).start()
        if "learn_schemas" in holder:
            await holder["learn_schemas"]()
        task = asyncio.get_running_loop().create_task(watcher.run(), name="mcpforge-registry-watcher")
        try:
            yield {"watcher": watcher}
        finally:
            holder["listen"].close()
            await anyio.to_thread.run_sync(service_runner.close)
            await anyio.to_thread.run_sync(invoker.close)
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    instructions = INSTRUCTIONS + (FORGE_INSTRUCTIONS if forge_tools else "")
    server: FastMCP[Any] = FastMCP(
        name,
        instructions=instructions,
        providers=providers,
        lifespan=lifespan,
        # Pages keep one list answer small; tools/list itself is served by install_listing_handler.
        list_page_size=list_page_size,
        auth=auth,
        middleware=[
            RoleGate(auth_required=auth is not None),
            *([LegacyElicitationGuard()] if stateless else []),
        ],
        request_state_security=request_state_security,
    )
    if service is None:
        holder["learn_schemas"] = install_listing_handler(server, listing)
    holder["tracker"] = install_tracker(server)
    holder["listen"] = install_listen_handler(server, bus)

    async def list_available_tools() -> ToolResult:
        """List the tools this server offers, with versions and descriptions.

        WHEN TO USE THIS TOOL: to see which approved analysis tools exist before choosing one.
        WHAT THIS TOOL DOES: reads the active registry (only tools whose files match their hashes).
        RETURNS: a markdown table of name, version and description, and the same as structured data.
        PREREQUISITES: none.
        """
        return available_tools_result(await anyio.to_thread.run_sync(listing.verified_rows))

    if service is None:
        server.tool(
            list_available_tools, name="list_available_tools", output_schema=LIST_TOOLS_OUTPUT_SCHEMA,
            annotations=ToolAnnotations(read_only_hint=True, open_world_hint=False),
        )  # fmt: skip
    if forge_tools:
        from mcpforge.server.forge_tools import register_forge_tools

        register_forge_tools(server, registry, config, roots, auth_required=auth is not None)
    if not roots:
        logger.warning("no allowed read directory: tools cannot read files (use --allow-read DIR)")
    return server
