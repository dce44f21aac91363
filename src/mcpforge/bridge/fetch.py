"""Tool definitions from MCP servers (stdio commands, streamable-HTTP URLs, in-process), several at once.

Connections go through FastMCP's ``Client`` (which drives the official MCP SDK ``ClientSession``), so
both protocol eras are spoken (2025-11-25 handshake, 2026-07-28 discover). Every connection is bounded
by a timeout, and a failure names the server that failed.
"""

from __future__ import annotations

import dataclasses
import os
import re
import shlex
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import urlsplit

import anyio
from fastmcp import Client
from fastmcp.client.transports import StdioTransport, StreamableHttpTransport

from mcpforge.bridge._tooldef import ToolDefinition, as_tool_definition
from mcpforge.bridge.errors import MCPServerError
from mcpforge.bridge.naming import python_identifier
from mcpforge.exceptions import InvalidArgumentError

DEFAULT_TIMEOUT = 30.0


@dataclass(frozen=True, kw_only=True)
class ServerSpec:
    """One MCP server to connect to.

    ``target`` is a streamable-HTTP URL (``str``), a command line (``list[str]``, run as a stdio
    server), or an in-process server object (a FastMCP or SDK ``MCPServer``; for tests and embedding).
    ``name`` is used to prefix tool names that clash between servers (default: the name the server
    reports, else one derived from the target).
    """

    target: str | tuple[str, ...] | Any
    name: str = ""
    env: Mapping[str, str] | None = None  # stdio only; None = the SDK's safe default environment
    cwd: Path | None = None  # stdio only

    @property
    def label(self) -> str:
        """How error messages refer to this server."""
        if isinstance(self.target, str):
            return self.target
        if isinstance(self.target, tuple):
            return shlex.join(self.target)
        return self.name or str(getattr(self.target, "name", type(self.target).__name__))

    def default_name(self) -> str:
        """A short name derived from the target, used when the server reports none."""
        if self.name:
            return self.name
        if isinstance(self.target, str):
            parts = urlsplit(self.target)
            return parts.hostname or "http"
        if isinstance(self.target, tuple):
            return Path(self.target[0]).name
        return str(getattr(self.target, "name", "server"))


ServerLike = ServerSpec | str | Sequence[str] | Any


def parse_server(value: ServerLike) -> ServerSpec:
    """A ServerSpec from a CLI-style value.

    A string starting with ``http://`` or ``https://`` is a streamable-HTTP URL; any other string is a
    command line split with ``shlex``; a list/tuple of strings is a command line already split; any
    other object is an in-process server.

    Raises:
        InvalidArgumentError: an empty or unparsable command line.
    """
    if isinstance(value, ServerSpec):
        return value
    if isinstance(value, str):
        if re.match(r"^https?://", value, flags=re.IGNORECASE):
            return ServerSpec(target=value)
        try:
            argv = shlex.split(value)
        except ValueError as exc:
            raise InvalidArgumentError(
                f"server command {value!r} cannot be parsed: {exc}", argument="server"
            ) from None
        if not argv:
            raise InvalidArgumentError("empty server command", argument="server")
        return ServerSpec(target=tuple(argv))
    if isinstance(value, list | tuple) and value and all(isinstance(part, str) for part in value):
        return ServerSpec(target=tuple(value))
    return ServerSpec(target=value)


def _server_stderr() -> TextIO | Path:
    """Where a stdio server's stderr goes: ours when it is a real file (not so under test runners)."""
    for stream in (sys.stderr, sys.__stderr__):
        try:
            if stream is not None:
                stream.fileno()
                return stream
        except (AttributeError, OSError, ValueError):
            continue
    return Path(os.devnull)


def make_client(spec: ServerSpec, *, timeout: float = DEFAULT_TIMEOUT) -> Client[Any]:
    """A FastMCP client (not yet connected) for ``spec`` with request and start-up timeouts."""
    transport: Any
    if isinstance(spec.target, str):
        transport = StreamableHttpTransport(spec.target)
    elif isinstance(spec.target, tuple):
        transport = StdioTransport(
            command=spec.target[0],
            args=list(spec.target[1:]),
            env=dict(spec.env) if spec.env is not None else None,
            cwd=str(spec.cwd) if spec.cwd else None,
            keep_alive=False,  # the server process ends with the connection
            log_file=_server_stderr(),
        )
    else:
        transport = spec.target
    return Client(transport, timeout=timeout, init_timeout=timeout)


def describe_failure(exc: BaseException) -> str:
    """One line for an exception raised while talking to a server (exception groups unwrapped)."""
    while isinstance(exc, BaseExceptionGroup) and len(exc.exceptions) == 1:
        exc = exc.exceptions[0]
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


@dataclass(frozen=True, kw_only=True)
class ServerTools:
    """The tools one server listed; ``name`` is the server's (prefix) name."""

    spec: ServerSpec
    name: str
    tools: list[ToolDefinition] = field(default_factory=list)


def reported_name(client: Client[Any], spec: ServerSpec) -> str:
    """The explicit name, else the name the server reports, else one derived from the target."""
    if spec.name:
        return spec.name
    info = client.server_info
    return info.name if info is not None and info.name else spec.default_name()


async def list_server_tools(spec: ServerSpec, *, timeout: float = DEFAULT_TIMEOUT) -> ServerTools:
    """Connect to one server, list its tools and disconnect, all within ``timeout`` seconds.

    Raises:
        MCPServerError: the server could not be started, reached or listed in time.
    """
    try:
        with anyio.fail_after(timeout):
            async with make_client(spec, timeout=timeout) as client:
                tools = await client.list_tools()
                name = reported_name(client, spec)
    except TimeoutError:
        raise MCPServerError(spec.label, f"no answer within {timeout:g}s") from None
    except Exception as exc:  # boundary with an external server: any failure becomes one clear error
        raise MCPServerError(spec.label, describe_failure(exc)) from exc
    return ServerTools(spec=spec, name=name, tools=[as_tool_definition(tool, server=name) for tool in tools])


async def fetch_tools(
    servers: Sequence[ServerLike], *, timeout: float = DEFAULT_TIMEOUT
) -> list[ServerTools]:
    """List the tools of several servers concurrently (results in the order given).

    Raises:
        MCPServerError: a server failed; names the first failing server and mentions the others.
    """
    specs = [parse_server(server) for server in servers]
    results: dict[int, ServerTools] = {}
    errors: dict[int, MCPServerError] = {}

    async def one(index: int, spec: ServerSpec) -> None:
        try:
            results[index] = await list_server_tools(spec, timeout=timeout)
        except MCPServerError as exc:
            errors[index] = exc

    async with anyio.create_task_group() as group:
        for index, spec in enumerate(specs):
            group.start_soon(one, index, spec)
    if errors:
        first = errors[min(errors)]
        others = [errors[i].server for i in sorted(errors)[1:]]
        reason = first.reason + (f" (also failed: {', '.join(repr(o) for o in others)})" if others else "")
        raise MCPServerError(first.server, reason)
    return [results[index] for index in range(len(specs))]


def fetch_tools_sync(servers: Sequence[ServerLike], *, timeout: float = DEFAULT_TIMEOUT) -> list[ServerTools]:
    """:func:`fetch_tools` for synchronous callers (runs its own event loop)."""

    async def main() -> list[ServerTools]:
        return await fetch_tools(servers, timeout=timeout)

    return anyio.run(main)


def unique_server_names(names: Sequence[str]) -> list[str]:
    """Server names as Python identifiers, made distinct by a numeric suffix in the order given."""
    result: list[str] = []
    for name in names:
        base = python_identifier(name)
        candidate, counter = base, 2
        while candidate in result:
            candidate, counter = f"{base}_{counter}", counter + 1
        result.append(candidate)
    return result


def merge_server_tools(results: Sequence[ServerTools]) -> list[ToolDefinition]:
    """All tools of several servers in one list; a name listed by two servers is prefixed with its server.

    Each tool's ``server`` becomes its server's unique name (see :func:`unique_server_names`).
    """
    prefixes = unique_server_names([result.name for result in results])
    counts: dict[str, int] = {}
    for result in results:
        for tool in result.tools:
            counts[tool.name] = counts.get(tool.name, 0) + 1
    merged: list[ToolDefinition] = []
    for prefix, result in zip(prefixes, results, strict=True):
        for tool in result.tools:
            name = f"{prefix}_{tool.name}" if counts[tool.name] > 1 else tool.name
            merged.append(dataclasses.replace(tool, name=name, server=prefix, remote_name=tool.server_name))
    return merged
