"""Graceful shutdown of ``serve --http``: on SIGTERM, stop taking work and let the calls in flight finish.

What uvicorn does on SIGTERM (or Ctrl-C): it closes the listening socket (new connections are refused),
closes idle keep-alive connections, waits for the requests in flight up to ``timeout_graceful_shutdown``
(FastMCP passes 2 s; here ``server.shutdown_grace_seconds``, default 30), cancels what is left, runs the
application's shutdown and returns; ``serve`` then exits 0.

Two things stood in the way of "finish the calls in flight":

- sse-starlette (the MCP SDK's SSE responses) ends *every* open SSE stream as soon as uvicorn starts to
  shut down. A tool call's answer travels on the SSE stream of its POST, so the call went on in the
  server while its answer was thrown away. Here that automatic drain is off, and only the streams that
  carry no call are ended: the MCP ``GET`` streams (server notifications), whose ``receive`` reports the
  client gone once draining starts;
- nothing told the application that shutdown had begun: :class:`Drain` chains itself in front of
  uvicorn's signal handlers when the application starts, so ``/readyz`` answers 503 ``shutting down``
  from the first instant, on any connection still open.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from collections.abc import Callable
from types import FrameType
from typing import Any

from starlette.types import Message, Receive

__all__ = ["DEFAULT_GRACE_SECONDS", "Drain"]

logger = logging.getLogger("mcpforge.server")

DEFAULT_GRACE_SECONDS = 30.0
SIGNALS = (signal.SIGTERM, signal.SIGINT)

Handler = Callable[[int, FrameType | None], Any]


class Drain:
    """Whether the server is shutting down, and the means to end idle streams when it does."""

    def __init__(self, grace_seconds: float = DEFAULT_GRACE_SECONDS) -> None:
        """``grace_seconds``: how long calls in flight may take once SIGTERM arrived."""
        self.grace_seconds = grace_seconds
        self.draining = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._event: asyncio.Event | None = None

    def uvicorn_config(self) -> dict[str, Any]:
        """The uvicorn settings of this shutdown."""
        return {"timeout_graceful_shutdown": self.grace_seconds}

    def arm(self) -> None:
        """Watch for SIGTERM/SIGINT: called once the server's event loop runs (application start-up), after
        uvicorn installed its handlers, in front of which this one is chained."""
        from sse_starlette.sse import AppStatus

        # Calls in flight answer on their SSE streams: only GET streams are ended (receive_until_drained).
        AppStatus.disable_automatic_graceful_drain()  # type: ignore[no-untyped-call]
        self._loop = asyncio.get_running_loop()
        self._event = asyncio.Event()
        for sig in SIGNALS:
            previous = signal.getsignal(sig)
            if not callable(previous):
                continue
            try:
                signal.signal(sig, self._chained(previous))
            except ValueError:  # not the main thread (an embedded server): no signals to watch
                return

    def _chained(self, previous: Handler) -> Handler:
        def handler(signum: int, frame: FrameType | None) -> None:
            self.begin()
            previous(signum, frame)

        return handler

    def begin(self) -> None:
        """Start draining (safe from a signal handler): readiness fails and idle streams end."""
        if self.draining:
            return
        self.draining = True
        if self._loop is not None and not self._loop.is_closed():
            self._loop.call_soon_threadsafe(self._started)

    def _started(self) -> None:
        if self._event is not None:
            self._event.set()
        logger.info(
            "shutting down: no new connections; calls in flight may finish within %g s", self.grace_seconds
        )

    def receive_until_drained(self, receive: Receive) -> Receive:
        """``receive`` of a long-lived ``GET`` stream: reports the client gone once draining starts, so the
        stream ends and its connection closes instead of holding the shutdown for the whole grace."""

        async def drained_receive() -> Message:
            event = self._event
            if event is None:
                return await receive()
            if event.is_set():
                return {"type": "http.disconnect"}
            reading = asyncio.ensure_future(receive())
            waiting = asyncio.ensure_future(event.wait())
            try:
                await asyncio.wait({reading, waiting}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                waiting.cancel()
                if not reading.done():
                    reading.cancel()
            if reading.done() and not reading.cancelled():
                return reading.result()
            return {"type": "http.disconnect"}

        return drained_receive
