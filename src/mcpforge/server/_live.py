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
from typing import Any

import anyio
import anyio.to_thread
from fastmcp import FastMCP
from mcp.server.connection import Connection
from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.subscriptions import InMemorySubscriptionBus, ListenHandler, ToolsListChanged
from mcp_types import SubscriptionsListenRequestParams

from mcpforge.exceptions import DiskFullError, RegistryError
from mcpforge.registry import FileStore, RegistryBackend

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


# Files stat-ed per poll at most. Stat-ing all 20,000 files of 10,000 tools took 0.1-0.3 s of a core
# on every poll (every 0.5 s); in slices of 500 a full pass takes 40 polls (20 s) there, and a registry
# of up to 250 tools is still checked whole on every poll. With warm calls (~15 ms each) a slice of
# 2,000 was 8 % of the server's CPU under load. Listings and calls never wait for a pass: each
# tools/list page checks the files of the tools it returns (server/_listing.py) and each call hashes
# the bytes it runs, so this only decides when clients are told.
FILES_PER_POLL = 500
_UNSEEN = (-1, -1, -1, -1)


def _stat_key(path: str) -> tuple[int, int, int, int] | None:
    try:
        info = os.stat(path)  # noqa: PTH116 - str paths: this runs for every tool file
    except OSError:
        return None
    return (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


class ToolFileScan:
    """Stat data of every active tool file (and the services metadata), refreshed a slice per poll.

    Only a file registry has tool files a person can edit in place; another backend keeps tool code in
    its database, where a change is a new active revision.
    """

    def __init__(self, registry: FileStore, *, per_poll: int = FILES_PER_POLL) -> None:
        self.registry = registry
        self.per_poll = per_poll
        self._paths: list[str] = []
        self._services = ""
        self._seen: dict[str, tuple[int, int, int, int] | None] = {}
        self._next = 0

    def relist(self) -> None:
        """List the tool files again (after the active set changed); what was seen of a file that is
        still listed is kept, so a file edited meanwhile is still reported by :meth:`step`."""
        from mcpforge.registry.file.services import metadata_path

        paths: list[str] = []
        try:
            tool_dirs = sorted(entry.path for entry in os.scandir(self.registry.tools_dir))
        except OSError:
            tool_dirs = []
        for tool_dir in tool_dirs:
            paths.extend((f"{tool_dir}/tool.py", f"{tool_dir}/spec.json"))
        # Approved converted services: a review that promotes one rewrites this file (checked each poll).
        self._services = str(metadata_path(self.registry))
        self._paths = paths
        listed = {*paths, self._services}
        self._seen = {path: key for path, key in self._seen.items() if path in listed}
        self._next = 0

    def step(self) -> bool:
        """Stat the next slice of files; whether one of them changed since it was last seen (a file
        seen for the first time is recorded, not reported)."""
        end = min(self._next + self.per_poll, len(self._paths))
        changed = False
        for path in [self._services, *self._paths[self._next : end]]:
            key = _stat_key(path)
            before = self._seen.get(path, _UNSEEN)
            changed = changed or before not in (_UNSEEN, key)
            self._seen[path] = key
        self._next = 0 if end >= len(self._paths) else end
        return changed


class RevisionWatcher:
    """Polls the registry and announces changes of the served tool list."""

    def __init__(
        self,
        registry: RegistryBackend,
        tracker: ConnectionTracker,
        bus: InMemorySubscriptionBus,
        *,
        interval: float,
    ) -> None:
        self.registry = registry
        self.tracker = tracker
        self.bus = bus
        self.interval = interval
        self.changes = 0
        self.files = ToolFileScan(registry) if isinstance(registry, FileStore) else None
        self._revision: str | None = None

    def poll(self) -> bool:
        """Whether the served list changed since the last poll (blocking): a promotion or removal, or a
        tool file edited in place. Also rewrites metrics.json when tool calls were recorded since."""
        try:
            self.registry.refresh_metrics_if_stale()
        except (RegistryError, DiskFullError) as exc:
            logger.warning("cannot refresh metrics.json: %s", exc)
        revision = self.registry.active_revision()
        if revision != self._revision:
            self._revision = revision
            if self.files is not None:
                self.files.relist()
                self.files.step()
            return True
        return self.files is not None and self.files.step()

    async def _poll(self) -> bool:
        try:
            return await anyio.to_thread.run_sync(self.poll)
        except (RegistryError, OSError) as exc:
            logger.warning("cannot poll the registry: %s", exc)
            return False

    async def announce(self) -> None:
        """Tell every client that the tool list changed."""
        self.changes += 1
        sent = await self.tracker.notify_tools_changed()
        await self.bus.publish(ToolsListChanged())
        logger.info("active tools changed; notified %d connection(s) and the subscription bus", sent)

    async def baseline(self) -> None:
        """Take the state later polls are compared with; call before serving the first request.

        An approval or promotion interrupted by a crash is finished first, so ``serve`` starts on a
        complete registry. The first slice of tool files is recorded here (all of them up to
        ``FILES_PER_POLL``), the rest over the next polls.
        """
        try:
            await anyio.to_thread.run_sync(self.registry.settle)
        except (RegistryError, DiskFullError) as exc:
            logger.error("cannot finish an interrupted approval: %s", exc)
        await self._poll()

    async def run(self) -> None:
        """Poll forever after :meth:`baseline`, announcing each change; cancel to stop."""
        while True:
            await anyio.sleep(self.interval)
            if await self._poll():
                await self.announce()
