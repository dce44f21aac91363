"""Running the server over stdio, where every malformed line gets its JSON-RPC error reply, and
stopping any served transport on SIGTERM as cleanly as on Ctrl-C.

FastMCP's own stdio runner reads stdin through the MCP SDK, which drops a line it cannot parse, a
batch, or a request with an unreadable ``id`` without a word (``_jsonrpc_guard.py``). Here the SDK reads
the same lines through a filter that answers those on the SDK's own write stream (so replies never
interleave) and hands on the rest. Stdin is claimed as the SDK claims it: the wire is read from a
private copy, and descriptor 0 is the null device while serving, so nothing else in the process, no
child included, can read a message meant for the server.

SIGTERM's default action ends the process at once: the warm sandbox template's work folder stays in
TMPDIR and the background CodeBLEU worker and its resource tracker are left orphaned. Under
:func:`stopped_by_sigterm` it raises instead, so the server's lifespan closes what it started.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import select
import signal
from collections.abc import AsyncIterator, Iterator
from types import FrameType
from typing import TYPE_CHECKING, Any, cast

import anyio
import anyio.abc
from mcp.server.stdio import stdio_server
from mcp.shared.message import SessionMessage

from mcpforge.server._jsonrpc_guard import error_reply

if TYPE_CHECKING:
    from fastmcp import FastMCP

logger = logging.getLogger("mcpforge.server")

__all__ = ["Terminated", "run_stdio", "stopped_by_sigterm"]

_CHUNK = 1 << 16


class Terminated(BaseException):
    """SIGTERM, raised where the process is, so every ``finally`` and lifespan exit runs on the way out."""


def _terminate(_signum: int, _frame: FrameType | None) -> None:
    raise Terminated


@contextlib.contextmanager
def stopped_by_sigterm() -> Iterator[None]:
    """SIGTERM ends the block as Ctrl-C would, cleaning up on the way; the block then ends normally.

    uvicorn catches SIGTERM while it serves, shuts down, and raises the signal again once it has
    stopped: it reaches :func:`_terminate` then, and the FastMCP lifespan still closes.
    """
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        yield
    except Terminated:
        logger.info("stopped by SIGTERM")
    finally:
        signal.signal(signal.SIGTERM, previous)


async def _wire_lines(wire: int) -> AsyncIterator[str]:
    """The lines read from descriptor ``wire``, waiting on the event loop (not in a thread that would
    hold the process until the client writes again, whatever stops the server)."""
    if not _pollable(wire):  # a file or /dev/null: never blocks, and the loop cannot wait on it
        with os.fdopen(wire, "rb", closefd=False) as stream:
            async for raw in anyio.wrap_file(stream):
                yield raw.decode("utf-8", "replace")
        return
    pending = b""
    while True:
        await anyio.wait_readable(wire)
        chunk = os.read(wire, _CHUNK)  # ready: returns what is there without waiting
        if not chunk:
            break
        pending += chunk
        *lines, pending = pending.split(b"\n")
        for line in lines:
            yield line.decode("utf-8", "replace") + "\n"
    if pending:
        yield pending.decode("utf-8", "replace")


def _pollable(fd: int) -> bool:
    """Whether the event loop can wait on ``fd`` (pipes, sockets, terminals; not files or /dev/null)."""
    poller = select.epoll()
    try:
        poller.register(fd, select.EPOLLIN)
    except OSError:
        return False
    finally:
        poller.close()
    return True


class _CheckedLines:
    """The lines of the wire that are well-formed messages; each malformed one is answered instead."""

    def __init__(self, wire: int) -> None:
        self._wire = wire
        self._write: anyio.abc.ObjectSendStream[SessionMessage] | None = None
        self._ready = anyio.Event()

    def answer_on(self, write: anyio.abc.ObjectSendStream[SessionMessage]) -> None:
        """Send the error replies on ``write``, the SDK's stream to stdout."""
        self._write = write
        self._ready.set()

    async def __aiter__(self) -> AsyncIterator[str]:
        async for line in _wire_lines(self._wire):
            if not line.strip():
                continue  # an empty line is no message (and a parse error for the SDK)
            reply = error_reply(line)
            if reply is None:
                yield line
                continue
            logger.info("answered a malformed JSON-RPC line: %s", reply.error.message)
            await self._ready.wait()
            assert self._write is not None  # set with _ready
            await self._write.send(SessionMessage(reply))


@contextlib.contextmanager
def _claimed_stdin() -> Iterator[int]:
    """The wire (a private copy of descriptor 0) while descriptor 0 reads the null device."""
    wire = fcntl.fcntl(0, fcntl.F_DUPFD_CLOEXEC, 3)
    null = os.open(os.devnull, os.O_RDONLY)
    try:
        os.dup2(null, 0)
    finally:
        os.close(null)
    try:
        yield wire
    finally:
        os.dup2(wire, 0)
        os.close(wire)


async def _serve(server: FastMCP[Any]) -> None:
    # FastMCP has no public hook for the stdio streams: this mirrors ``run_stdio_async`` of FastMCP
    # 4.2 (transport marker, lifespan, low-level run) with the filtered stdin in place of its own.
    from fastmcp.server.context import reset_transport, set_transport

    with _claimed_stdin() as wire:
        lines = _CheckedLines(wire)
        token = set_transport("stdio")
        try:
            async with (
                server._lifespan_manager(),
                stdio_server(stdin=cast("anyio.AsyncFile[str]", lines)) as (read, write),
            ):
                lines.answer_on(write)
                low_level = server._mcp_server
                await low_level.run(read, write, low_level.create_initialization_options())
        finally:
            reset_transport(token)


def run_stdio(server: FastMCP[Any]) -> None:
    """Serve ``server`` over stdin and stdout until stdin ends."""
    anyio.run(_serve, server)
