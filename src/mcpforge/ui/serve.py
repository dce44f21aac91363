"""Running the review page: a loopback socket, a fresh token, uvicorn in the foreground or a thread."""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import uvicorn

from mcpforge.ui._security import Guard
from mcpforge.ui.app import ReviewApp

if TYPE_CHECKING:
    from mcpforge.config import MCPForgeConfig
    from mcpforge.registry import RegistryBackend
    from mcpforge.server._auth import TokenTable

HOST = "127.0.0.1"


@dataclass(kw_only=True)
class UIServer:
    """A bound review page: its URL (with the token) and the uvicorn server behind it."""

    guard: Guard
    sock: socket.socket
    server: uvicorn.Server
    _thread: threading.Thread | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        """What the person opens: the page with its token, once (with team identities: the sign-in)."""
        if self.guard.team:
            return f"http://{HOST}:{self.guard.port}/signin"
        return f"http://{HOST}:{self.guard.port}/?token={self.guard.token}"

    def run(self) -> None:
        """Serve in the foreground until interrupted."""
        self.server.run(sockets=[self.sock])

    def start(self, timeout: float = 30.0) -> None:
        """Serve in a background thread (tests, embedding) once uvicorn has started; ``stop`` ends it.

        Raises:
            TimeoutError: uvicorn did not start within ``timeout`` seconds.
        """
        self._thread = threading.Thread(target=self.run, name="mcpforge-ui", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self.server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise TimeoutError(f"the review page did not start within {timeout:.0f}s")
            time.sleep(0.01)

    def stop(self, timeout: float = 10.0) -> None:
        """Ask uvicorn to exit and wait for the thread."""
        self.server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout)
        self.sock.close()


def serve_ui(
    registry: RegistryBackend, config: MCPForgeConfig, *, port: int = 0, tokens: TokenTable | None = None
) -> UIServer:
    """Bind the page to 127.0.0.1 (``port`` 0 picks a free one) with a fresh token; not yet serving.

    With ``tokens`` (the bearer tokens of ``serve --http``) people sign in as their identities instead.

    Raises:
        OSError: the port cannot be bound.
    """
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((HOST, port))
    sock.listen(64)  # listening before uvicorn starts: an early browser waits instead of being refused
    guard = Guard.new(sock.getsockname()[1], tokens)
    app = ReviewApp(registry, config, guard).starlette()
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    return UIServer(guard=guard, sock=sock, server=server)
