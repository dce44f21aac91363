"""A converted service running in the sandbox, driven by the real MCP SDK client over its pipes.

The service process is a sandboxed child (the library's environment mounted read-only, no network);
the MCP ``ClientSession`` talks JSON-RPC over the child's stdin/stdout. :class:`ServiceSession` wraps
that async session in a blocking portal (an event loop in a thread of its own), so the convert steps and
the server's worker threads can call it synchronously. A call that outlives its timeout kills the child
(a library stuck in C code cannot be interrupted otherwise); the next call starts a fresh one.

Sizes are bounded twice: the service runtime refuses a result whose JSON is over ``max_result_bytes``
(it answers an ``isError`` result saying so), and this side reads at most ``max_message_bytes`` per
message from the pipe, so a service that ignores its runtime is killed (the call answers that it sent
too much) before its message fills the server's memory or holds the GIL while being parsed. Parsing
happens in this session's own portal thread, never on the server's event loop.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from contextlib import AbstractContextManager, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import anyio.to_thread
import mcp_types as types
from anyio.from_thread import BlockingPortal, start_blocking_portal
from mcp.client.session import ClientSession
from mcp.shared.exceptions import MCPError
from mcp.shared.message import SessionMessage

from mcpforge.config import SandboxConfig
from mcpforge.convert import _service_runtime
from mcpforge.convert.analyse import service_limits
from mcpforge.exceptions import SandboxError
from mcpforge.sandbox import RunningSandbox, SandboxRequest, get_sandbox

logger = logging.getLogger("mcpforge.convert")
# The runtime's own default (the service refuses a larger result), so both sides agree.
DEFAULT_MAX_RESULT_BYTES = _service_runtime.DEFAULT_MAX_RESULT_BYTES
# What ``mcpforge serve`` gives one call of a service before killing (and later restarting) it.
DEFAULT_CALL_TIMEOUT_SECONDS = 120.0
# Room on the wire around a result at the limit: the (clipped) text copy and the JSON-RPC envelope.
MESSAGE_MARGIN_BYTES = 1024 * 1024
# How long a service whose connection closed gets to be reaped before the next call restarts it.
_REAP_SECONDS = 2.0

_LAUNCHER = """
import json, os, site, sys
cfg = json.load(open("launch.json", encoding="utf-8"))
sys.path.insert(0, os.getcwd())
import fastmcp, jsonschema, mcp  # the server stack first, from mcpforge's environment
for directory in reversed(cfg["site_dirs"]):
    site.addsitedir(directory)
    if directory in sys.path:
        sys.path.remove(directory)
    sys.path.insert(0, directory)
os.environ["MCPFORGE_ALLOWED_ROOTS"] = os.pathsep.join(cfg["allowed_roots"])
os.environ["MCPFORGE_MAX_RESULT_BYTES"] = str(cfg["max_result_bytes"])
import importlib
importlib.import_module(cfg["package"] + ".server").main()
"""


@dataclass(frozen=True, kw_only=True)
class CallOutcome:
    """One tools/call: the structured result or the error text."""

    ok: bool
    structured: dict[str, Any] | None
    text: str
    timed_out: bool = False
    crashed: bool = False
    oversized: bool = False


class _Overflow:
    """Set by the pipe reader when the service sent a message over the cap (and was killed for it)."""

    def __init__(self) -> None:
        self.size: int | None = None


def package_files(package_dir: Path) -> dict[str, bytes]:
    """The package's files keyed by their path under the sandbox code directory."""
    files: dict[str, bytes] = {}
    for path in sorted(package_dir.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            files[f"{package_dir.name}/{path.relative_to(package_dir)}"] = path.read_bytes()
    return files


@asynccontextmanager
async def _pipe_transport(
    running: RunningSandbox, *, max_message_bytes: int, overflow: _Overflow
) -> AsyncIterator[tuple[Any, Any]]:
    read_writer, read_stream = anyio.create_memory_object_stream[SessionMessage | Exception](0)
    write_stream, write_reader = anyio.create_memory_object_stream[SessionMessage](0)

    def read_line() -> bytes:
        return running.stdout.readline(max_message_bytes + 1)

    async def reader() -> None:
        async with read_writer:
            while True:
                line = await anyio.to_thread.run_sync(read_line, abandon_on_cancel=True)
                if not line:
                    return
                if len(line) > max_message_bytes:
                    # Ends the stream: the SDK answers the pending request "connection closed", and
                    # the call reports the overflow recorded here.
                    overflow.size = len(line)
                    running.kill(f"sent a message of more than {max_message_bytes} bytes")
                    return
                try:
                    message = types.jsonrpc_message_adapter.validate_json(line, by_name=False)
                except ValueError:
                    # The library printed to stdout; that is not protocol traffic.
                    logger.debug("non-protocol output from the service: %r", line[:200])
                    continue
                await read_writer.send(SessionMessage(message))

    def write(data: bytes) -> None:
        running.stdin.write(data)
        running.stdin.flush()

    async def writer() -> None:
        async with write_reader:
            async for item in write_reader:
                data = item.message.model_dump_json(by_alias=True, exclude_unset=True) + "\n"
                try:
                    await anyio.to_thread.run_sync(write, data.encode("utf-8"))
                except (OSError, ValueError):
                    return

    async with anyio.create_task_group() as group:
        group.start_soon(reader)
        group.start_soon(writer)
        try:
            yield read_stream, write_stream
        finally:
            running.kill("session closed")
            group.cancel_scope.cancel()


class ServiceSession:
    """A sandboxed service process and an MCP client session to it (blocking API)."""

    def __init__(
        self,
        package_dir: Path,
        site_dirs: list[str],
        config: SandboxConfig,
        *,
        allowed_roots: list[str] | None = None,
        lifetime_seconds: float = 3600.0,
        start_timeout: float = 120.0,
        max_result_bytes: int = DEFAULT_MAX_RESULT_BYTES,
        max_message_bytes: int | None = None,
    ) -> None:
        self.package_dir = package_dir
        self.max_result_bytes = max_result_bytes
        self.max_message_bytes = max_message_bytes or max_result_bytes + MESSAGE_MARGIN_BYTES
        self._overflow = _Overflow()
        self.site_dirs = site_dirs
        self.config = config
        self.allowed_roots = allowed_roots or []
        self.lifetime_seconds = lifetime_seconds
        self.start_timeout = start_timeout
        self._portal_cm: AbstractContextManager[BlockingPortal] | None = None
        self._portal: BlockingPortal | None = None
        self._session_cm: AbstractContextManager[ClientSession] | None = None
        self._session: ClientSession | None = None
        self._running: RunningSandbox | None = None
        self.restarts = 0

    def _request(self) -> SandboxRequest:
        files = package_files(self.package_dir)
        launch = {
            "package": self.package_dir.name,
            "site_dirs": self.site_dirs,
            "allowed_roots": self.allowed_roots,
            "max_result_bytes": self.max_result_bytes,
        }
        files["launch.json"] = json.dumps(launch).encode("utf-8")
        return SandboxRequest(
            script=_LAUNCHER,
            files=files,
            read_paths=tuple(Path(p) for p in [*self.site_dirs, *self.allowed_roots]),
            limits=service_limits(self.config, timeout_seconds=self.lifetime_seconds),
        )

    @asynccontextmanager
    async def _open(self) -> AsyncIterator[ClientSession]:
        running = await anyio.to_thread.run_sync(lambda: get_sandbox(self.config).spawn(self._request()))
        self._running = running
        self._overflow = overflow = _Overflow()
        transport = _pipe_transport(running, max_message_bytes=self.max_message_bytes, overflow=overflow)
        try:
            async with transport as (read, write), ClientSession(read, write) as session:
                with anyio.fail_after(self.start_timeout):
                    await session.initialize()
                yield session
        finally:
            running.close()

    def start(self) -> None:
        """Start the sandboxed service and open the session (idempotent)."""
        if self._session is not None:
            return
        if self._portal is None:
            self._portal_cm = start_blocking_portal()
            self._portal = self._portal_cm.__enter__()
        self._session_cm = self._portal.wrap_async_context_manager(self._open())
        try:
            self._session = self._session_cm.__enter__()
        except (TimeoutError, OSError, anyio.BrokenResourceError, anyio.ClosedResourceError) as exc:
            self._session_cm = None
            raise SandboxError(
                f"the service {self.package_dir.name!r} did not start: {self._stderr_tail() or exc}"
            ) from exc
        except Exception as exc:
            self._session_cm = None
            raise SandboxError(
                f"the service {self.package_dir.name!r} did not start: {self._stderr_tail() or exc}"
            ) from exc

    def _stderr_tail(self) -> str:
        if self._running is None:
            return ""
        try:
            stderr = self._running.result().stderr
        except SandboxError as exc:
            return str(exc)
        return " | ".join(stderr.strip().splitlines()[-3:])

    def list_tools(self) -> list[types.Tool]:
        """tools/list through the client."""
        self.start()
        assert self._portal is not None and self._session is not None
        session = self._session
        result = self._portal.call(session.list_tools)
        return list(result.tools)

    def call(self, name: str, arguments: dict[str, Any], *, timeout: float = 20.0) -> CallOutcome:
        """tools/call through the client; a timeout or a dead service kills the child (next call restarts)."""
        self.start()
        assert self._portal is not None and self._session is not None
        session = self._session

        async def one() -> types.CallToolResult | None:
            with anyio.move_on_after(timeout):
                result = await session.call_tool(name, arguments)
                assert isinstance(result, types.CallToolResult)
                return result
            return None

        try:
            result = self._portal.call(one)
        except Exception as exc:  # whatever ended the call, the answer is an outcome, never a raise
            return self._failed(name, exc)
        if result is None:
            self.stop()
            return CallOutcome(
                ok=False, structured=None, text=f"no answer within {timeout:g}s", timed_out=True
            )
        text = "\n".join(block.text for block in result.content if isinstance(block, types.TextContent))
        return CallOutcome(ok=not result.is_error, structured=result.structured_content, text=text)

    def _failed(self, name: str, exc: Exception) -> CallOutcome:
        if self._overflow.size is not None:
            self.stop()
            return CallOutcome(
                ok=False,
                structured=None,
                text=(
                    f"the service sent a message of more than {self.max_message_bytes} bytes for {name!r}"
                    " and was stopped; ask for less (it restarts on the next call)"
                ),
                crashed=True,
                oversized=True,
            )
        if isinstance(exc, (anyio.BrokenResourceError, anyio.ClosedResourceError, anyio.EndOfStream)):
            self.stop()
            return CallOutcome(
                ok=False, structured=None, text=f"the service process ended: {exc}", crashed=True
            )
        # The SDK answers a request pending when the stream ended "connection closed" (the service died,
        # e.g. a library crashing in C), possibly before the process is reaped: wait for it briefly, so
        # the next call starts a new service instead of every later tool failing on the dead one.
        closed = isinstance(exc, MCPError) and exc.code == types.CONNECTION_CLOSED
        if self._running is not None and self._running.wait(_REAP_SECONDS if closed else 0) is not None:
            tail = self._stderr_tail()
            self.stop()
            return CallOutcome(
                ok=False, structured=None, text=f"the service process ended: {tail}", crashed=True
            )
        if closed:
            self.stop()
            return CallOutcome(
                ok=False, structured=None, text="the service closed the connection", crashed=True
            )
        return CallOutcome(ok=False, structured=None, text=f"{type(exc).__name__}: {exc}")

    def stop(self) -> None:
        """Close the session and kill the service process; the portal stays for a restart."""
        if self._session_cm is not None:
            cm, self._session_cm, self._session = self._session_cm, None, None
            self.restarts += 1
            if self._running is not None:
                self._running.kill("stopped")
            try:
                cm.__exit__(None, None, None)
            except Exception:
                logger.debug("closing the service session failed", exc_info=True)

    def close(self) -> None:
        """Stop the service and the portal thread."""
        self.stop()
        if self._portal_cm is not None:
            cm, self._portal_cm, self._portal = self._portal_cm, None, None
            cm.__exit__(None, None, None)

    def __enter__(self) -> ServiceSession:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
