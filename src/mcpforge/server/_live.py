"""Live updates: notice when the active set changes and tell every connected client.

Clients of both protocol eras are served. Handshake-era (2025-11-25) connections get
``notifications/tools/list_changed`` on their standalone channel; 2026-07-28 clients get a
``ToolsListChanged`` event on the subscription bus, delivered on their ``subscriptions/listen`` stream
(FastMCP 4.1 does not register a listen handler itself, so :func:`install_listen_handler` does).
"""

from __future__ import annotations

import logging
import os
import weakref
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
from fastmcp import FastMCP
from mcp.server.connection import Connection
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.subscriptions import InMemorySubscriptionBus, ListenHandler, ToolsListChanged
from mcp_types import SubscriptionsListenRequestParams

from mcpforge.exceptions import DiskFullError, RegistryError
from mcpforge.registry import Registry

logger = logging.getLogger("mcpforge.server")


class ConnectionTracker:
    """Low-level server middleware that remembers every live connection it has seen a request on."""

    def __init__(self) -> None:
        self.connections: weakref.WeakSet[Connection] = weakref.WeakSet()

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext) -> HandlerResult:
        # ServerSession keeps its Connection private; the SDK offers no public list of connections.
        connection = getattr(ctx.session, "_connection", None)
        if isinstance(connection, Connection):
            self.connections.add(connection)
        return await call_next(ctx)

    async def notify_tools_changed(self) -> int:
        """Send ``tools/list_changed`` on every connection; returns how many were tried.

        ``Connection.notify`` never raises; on 2026-07-28 connections it drops the notification (those
        clients hear about changes through the subscription bus instead).
        """
        connections = list(self.connections)
        for connection in connections:
            await connection.send_tool_list_changed()
        return len(connections)


def install_listen_handler(server: FastMCP[Any], bus: InMemorySubscriptionBus) -> ListenHandler:
    """Serve ``subscriptions/listen`` (2026-07-28) from ``bus`` on ``server``."""
    handler = ListenHandler(bus)
    # FastMCP exposes no hook for this request; the low-level server does.
    server._mcp_server.add_request_handler("subscriptions/listen", SubscriptionsListenRequestParams, handler)
    return handler


def install_tracker(server: FastMCP[Any]) -> ConnectionTracker:
    """Add a ConnectionTracker as the outermost low-level middleware of ``server``."""
    tracker = ConnectionTracker()
    server._mcp_server.middleware.insert(0, tracker)
    return tracker


def _files_fingerprint(registry: Registry) -> tuple[tuple[str, int, int], ...]:
    """(path, mtime, size) of every active tool file: a tool edited in place changes this."""
    entries: list[tuple[str, int, int]] = []
    try:
        tool_dirs = sorted(os.scandir(registry.tools_dir), key=lambda entry: entry.name)
    except OSError:
        return ()
    for tool_dir in tool_dirs:
        for file_name in ("tool.py", "spec.json"):
            try:
                info = (Path(tool_dir.path) / file_name).stat()
            except OSError:
                continue
            entries.append((f"{tool_dir.name}/{file_name}", info.st_mtime_ns, info.st_size))
    from mcpforge.registry.services import metadata_path

    try:  # approved converted services: a review that promotes one rewrites this file
        info = metadata_path(registry).stat()
        entries.append(("services/metadata.json", info.st_mtime_ns, info.st_size))
    except OSError:
        pass
    return tuple(entries)


class RevisionWatcher:
    """Polls the registry and announces changes of the served tool list."""

    def __init__(
        self, registry: Registry, tracker: ConnectionTracker, bus: InMemorySubscriptionBus, *, interval: float
    ) -> None:
        self.registry = registry
        self.tracker = tracker
        self.bus = bus
        self.interval = interval
        self.changes = 0

    def fingerprint(self) -> tuple[str, tuple[tuple[str, int, int], ...]]:
        """The active revision and the tool files' stat data (blocking); also rewrites metrics.json
        when tool calls were recorded since the last poll."""
        try:
            self.registry.refresh_metrics_if_stale()
        except (RegistryError, DiskFullError) as exc:
            logger.warning("cannot refresh metrics.json: %s", exc)
        return self.registry.active_revision(), _files_fingerprint(self.registry)

    async def _current(self) -> tuple[str, tuple[tuple[str, int, int], ...]] | None:
        try:
            return await anyio.to_thread.run_sync(self.fingerprint)
        except (RegistryError, OSError) as exc:
            logger.warning("cannot poll the registry: %s", exc)
            return None

    async def announce(self) -> None:
        """Tell every client that the tool list changed."""
        self.changes += 1
        sent = await self.tracker.notify_tools_changed()
        await self.bus.publish(ToolsListChanged())
        logger.info("active tools changed; notified %d connection(s) and the subscription bus", sent)

    async def baseline(self) -> tuple[str, tuple[tuple[str, int, int], ...]] | None:
        """The state to compare later polls against; take it before serving the first request.

        An approval or promotion interrupted by a crash is finished first, so ``serve`` starts on a
        complete registry.
        """
        try:
            await anyio.to_thread.run_sync(self.registry.settle)
        except (RegistryError, DiskFullError) as exc:
            logger.error("cannot finish an interrupted approval: %s", exc)
        return await self._current()

    async def run(self, last: tuple[str, tuple[tuple[str, int, int], ...]] | None) -> None:
        """Poll forever from ``last`` (a :meth:`baseline`), announcing each change; cancel to stop."""
        while True:
            await anyio.sleep(self.interval)
            current = await self._current()
            if current is not None and current != last:
                last = current
                await self.announce()
