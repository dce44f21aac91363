"""MCPToolRegistry: the tools of several MCP servers as plain, synchronous Python callables (seed 003).

MCP is async and agent code is sync, so the registry runs its own event loop in a background thread
(an anyio blocking portal). One task per server keeps its connection open for the registry's lifetime;
calls from any thread are sent to that loop and wait for their answer with a bounded timeout. Use it as
a context manager (or call :meth:`MCPToolRegistry.close`) so connections and server processes end.

```python
with MCPToolRegistry(["mcpforge serve --registry ./registry", "http://127.0.0.1:8000/mcp"]) as tools:
    search = tools.get_tool("search_web")
    print(search(query="python patterns", max_results=5))
```
"""

from __future__ import annotations

import dataclasses
import inspect
import logging
import math
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

import anyio
import anyio.from_thread
import jsonschema
from anyio.abc import TaskStatus
from fastmcp import Client

from mcpforge.bridge._signature import ParamSpec, build_docstring, build_parameters, build_signature
from mcpforge.bridge._tooldef import ToolDefinition, as_tool_definition
from mcpforge.bridge.anthropic import to_anthropic_tool
from mcpforge.bridge.errors import MCPServerError, ToolArgumentError, ToolCallError
from mcpforge.bridge.fetch import (
    DEFAULT_TIMEOUT,
    ServerLike,
    ServerSpec,
    ServerTools,
    describe_failure,
    make_client,
    merge_server_tools,
    parse_server,
    reported_name,
    unique_server_names,
)
from mcpforge.bridge.naming import assign_names, python_identifier
from mcpforge.bridge.openai import to_openai_tool
from mcpforge.exceptions import NotFoundError

logger = logging.getLogger(__name__)

DEFAULT_CALL_TIMEOUT = 120.0
_CLOSE_TIMEOUT = 15.0


@dataclass(frozen=True, kw_only=True)
class RegisteredTool:
    """A tool as the registry exposes it: its Python name, where it lives, and how to call it."""

    name: str
    definition: ToolDefinition
    server_index: int
    parameters: tuple[ParamSpec, ...]
    signature: inspect.Signature
    doc: str
    validator: Any  # a jsonschema validator, or None when the server's schema is itself invalid


def _validator_for(definition: ToolDefinition) -> Any:
    schema = dict(definition.input_schema)
    cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    try:
        cls.check_schema(schema)
    except jsonschema.SchemaError as exc:
        logger.warning("tool %r has an invalid input schema (%s); arguments are not checked locally",
                       definition.name, exc.message)  # fmt: skip
        return None
    return cls(schema)


def result_value(result: Any, tool: RegisteredTool) -> Any:
    """The Python value of a ``CallToolResult``: structured content if given, else its text.

    Raises:
        ToolCallError: the result has ``isError`` set.
    """
    texts = [block.text for block in result.content if getattr(block, "type", None) == "text"]
    if result.is_error:
        raise ToolCallError(tool.name, "\n".join(texts) or "the tool reported an error",
                            server=tool.definition.server)  # fmt: skip
    structured = result.structured_content
    if structured is not None:
        wrapped = bool((tool.definition.output_schema or {}).get("x-fastmcp-wrap-result")) or bool(
            ((result.meta or {}).get("fastmcp") or {}).get("wrap_result")
        )
        if wrapped and isinstance(structured, dict) and "result" in structured:
            return structured["result"]  # FastMCP wraps non-object results as {"result": value}
        return structured
    if texts and len(texts) == len(result.content):
        return "\n".join(texts)
    return [block.model_dump(mode="json", by_alias=True, exclude_none=True) for block in result.content]


class MCPToolRegistry(AbstractContextManager["MCPToolRegistry"]):
    """Discovers the tools of several MCP servers and exposes each as a validated Python callable.

    Tool names are Python identifiers (so they can be injected into a namespace); a name listed by
    two servers is prefixed with its server's name (``<server>_<tool>``).

    Args:
        servers: URLs (streamable HTTP), command lines (stdio), ServerSpecs or in-process servers.
        timeout: Seconds allowed for starting and listing each server.
        call_timeout: Seconds allowed for one tool call.

    Raises:
        MCPServerError: a server could not be started or listed (names the server).
    """

    def __init__(self, servers: Sequence[ServerLike], *, timeout: float = DEFAULT_TIMEOUT,
                 call_timeout: float = DEFAULT_CALL_TIMEOUT) -> None:  # fmt: skip
        self._specs = [parse_server(server) for server in servers]
        self._timeout = timeout
        self._call_timeout = call_timeout
        self._clients: list[Client[Any]] = []
        self._tools: dict[str, RegisteredTool] = {}
        self._closed = False
        self._stop: anyio.Event | None = None
        self._scope: anyio.CancelScope | None = None
        self._portal_cm = anyio.from_thread.start_blocking_portal(name="mcpforge-bridge")
        self._portal = self._portal_cm.__enter__()
        self._supervisor: Future[None] | None = None
        try:
            self._supervisor, listings = self._portal.start_task(
                self._supervise, name="mcpforge-bridge-servers"
            )
        except BaseException:
            self._portal_cm.__exit__(None, None, None)
            self._closed = True
            raise
        try:
            self._register(listings)
        except BaseException:
            self.close()
            raise

    # -- connections (run in the portal's event loop) -------------------------------------------------

    async def _keep(
        self, spec: ServerSpec, *, task_status: TaskStatus[tuple[Client[Any], ServerTools]]
    ) -> None:
        """Open one server, report its tools, and hold the connection until the registry closes."""
        client = make_client(spec, timeout=self._timeout)
        started = False
        try:
            with anyio.CancelScope(deadline=anyio.current_time() + self._timeout) as scope:
                async with client:
                    tools = await client.list_tools()
                    scope.deadline = math.inf
                    name = reported_name(client, spec)
                    listing = ServerTools(
                        spec=spec, name=name, tools=[as_tool_definition(t, server=name) for t in tools]
                    )
                    task_status.started((client, listing))
                    started = True
                    assert self._stop is not None
                    await self._stop.wait()
        except Exception as exc:  # boundary with an external server
            if not started:
                raise MCPServerError(spec.label, describe_failure(exc)) from exc
            logger.warning("MCP server %r ended with an error: %s", spec.label, describe_failure(exc))
            return
        if not started:
            raise MCPServerError(spec.label, f"no answer within {self._timeout:g}s")

    async def _supervise(self, *, task_status: TaskStatus[list[ServerTools]]) -> None:
        self._stop = anyio.Event()
        failure: MCPServerError | None = None
        with anyio.CancelScope() as self._scope:
            async with anyio.create_task_group() as group:
                opened: dict[int, tuple[Client[Any], ServerTools]] = {}
                errors: dict[int, MCPServerError] = {}

                async def open_one(index: int, spec: ServerSpec) -> None:
                    try:
                        opened[index] = await group.start(self._keep, spec)
                    except MCPServerError as exc:
                        errors[index] = exc

                async with anyio.create_task_group() as starters:
                    for index, spec in enumerate(self._specs):
                        starters.start_soon(open_one, index, spec)
                if errors:
                    failure = errors[min(errors)]
                    self._stop.set()  # close the servers that did open
                else:
                    self._clients = [opened[i][0] for i in range(len(self._specs))]
                    task_status.started([opened[i][1] for i in range(len(self._specs))])
        if failure is not None:
            raise failure

    async def _call(self, tool: RegisteredTool, arguments: dict[str, Any]) -> Any:
        client = self._clients[tool.server_index]
        try:
            with anyio.fail_after(self._call_timeout):
                result = await client.call_tool_mcp(tool.definition.server_name, arguments,
                                                    timeout=self._call_timeout)  # fmt: skip
        except TimeoutError:
            raise ToolCallError(tool.name, f"no answer within {self._call_timeout:g}s",
                                server=tool.definition.server, is_tool_error=False) from None  # fmt: skip
        except Exception as exc:  # boundary with an external server: protocol errors, dead connections
            raise ToolCallError(tool.name, describe_failure(exc), server=tool.definition.server,
                                is_tool_error=False) from exc  # fmt: skip
        return result_value(result, tool)

    # -- registration -----------------------------------------------------------------------------------

    def _register(self, listings: list[ServerTools]) -> None:
        merged = merge_server_tools(listings)
        index_of = {
            name: i for i, name in enumerate(unique_server_names([listing.name for listing in listings]))
        }
        names = assign_names((tool.name for tool in merged), python_identifier)
        for tool in merged:
            name = names[tool.name]
            definition = dataclasses.replace(tool, name=name, remote_name=tool.server_name)
            params = build_parameters(definition)
            self._tools[name] = RegisteredTool(
                name=name, definition=definition, server_index=index_of[tool.server],
                parameters=tuple(params), signature=build_signature(definition, params),
                doc=build_docstring(definition, params), validator=_validator_for(definition),
            )  # fmt: skip

    # -- public API -------------------------------------------------------------------------------------

    def list_tools(self) -> list[str]:
        """Names of all tools, in server order then the order each server listed them."""
        return list(self._tools)

    def tool_info(self, name: str) -> RegisteredTool:
        """Everything the registry knows about one tool.

        Raises:
            NotFoundError: no tool has that name.
        """
        try:
            return self._tools[name]
        except KeyError:
            raise NotFoundError("tool", name) from None

    def definitions(self) -> list[ToolDefinition]:
        """The tool definitions under their registry names (e.g. for a chat loop's model request)."""
        return [tool.definition for tool in self._tools.values()]

    def openai_tools(self, *, strict: bool = False) -> list[dict[str, Any]]:
        """OpenAI tool definitions named as in this registry (so a model's call maps back by name)."""
        return [
            to_openai_tool(tool.definition, strict=strict, name=tool.name) for tool in self._tools.values()
        ]

    def anthropic_tools(self) -> list[dict[str, Any]]:
        """Anthropic tool definitions named as in this registry."""
        return [to_anthropic_tool(tool.definition, name=tool.name) for tool in self._tools.values()]

    def validate(self, name: str, arguments: dict[str, Any]) -> None:
        """Check ``arguments`` against the tool's input schema.

        Raises:
            NotFoundError: no tool has that name.
            ToolArgumentError: the arguments do not match; lists every problem with its location.
        """
        tool = self.tool_info(name)
        if not isinstance(arguments, dict):
            raise ToolArgumentError(
                name, [f"arguments must be a JSON object, not {type(arguments).__name__}"]
            )
        if tool.validator is None:
            return
        problems = [
            f"{'/'.join(str(p) for p in error.absolute_path) or '(arguments)'}: {error.message}"
            for error in sorted(
                tool.validator.iter_errors(arguments), key=lambda e: list(map(str, e.absolute_path))
            )
        ]
        if problems:
            raise ToolArgumentError(name, problems)

    def model_arguments(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """Arguments a model sent under a strict schema, with ``null`` meaning "absent" removed again.

        Strict function calling makes optional parameters required-but-nullable; a chat loop passes
        the model's arguments through this before :meth:`call`, so the original schema validates them.

        Raises:
            NotFoundError: no tool has that name.
        """
        optional = {
            p.json_name for p in self.tool_info(name).parameters if not p.required and not p.accepts_null
        }
        return {key: value for key, value in arguments.items() if not (value is None and key in optional)}

    def call(self, name: str, arguments: dict[str, Any] | None = None) -> Any:
        """Validate ``arguments`` and call the tool; returns structured content, else the text.

        Raises:
            NotFoundError: no tool has that name.
            ToolArgumentError: the arguments do not match the tool's schema (nothing was sent).
            ToolCallError: the tool reported an error, or the call failed or timed out.
        """
        if self._closed:
            raise ToolCallError(name, "the registry is closed", is_tool_error=False)
        arguments = {} if arguments is None else arguments
        self.validate(name, arguments)
        return self._portal.call(self._call, self._tools[name], arguments)

    async def acall(self, name: str, arguments: dict[str, Any] | None = None) -> Any:
        """:meth:`call` for async callers on another event loop (blocks a worker thread, not the loop)."""
        return await anyio.to_thread.run_sync(self.call, name, arguments)

    def get_tool(self, name: str) -> Callable[..., Any]:
        """A Python callable for one tool, with its name, docstring and a signature from its schema.

        Raises:
            NotFoundError: no tool has that name.
        """
        tool = self.tool_info(name)
        by_python_name = {param.python_name: param for param in tool.parameters}

        def tool_function(*args: Any, **kwargs: Any) -> Any:
            try:
                bound = tool.signature.bind(*args, **kwargs)
            except TypeError as exc:
                raise ToolArgumentError(tool.name, [str(exc)]) from None
            arguments: dict[str, Any] = {}
            for python_name, value in bound.arguments.items():
                param = by_python_name[python_name]
                if value is None and not param.required and not param.accepts_null:
                    continue  # None for an optional parameter means "use the server's default"
                arguments[param.json_name] = value
            return self.call(tool.name, arguments)

        tool_function.__name__ = tool.name
        tool_function.__qualname__ = tool.name
        tool_function.__doc__ = tool.doc
        tool_function.__signature__ = tool.signature  # type: ignore[attr-defined]
        tool_function.__annotations__ = {
            **{p.python_name: p.annotation for p in tool.parameters},
            "return": tool.signature.return_annotation,
        }
        return tool_function

    def get_all_tools(self) -> dict[str, Callable[..., Any]]:
        """Every tool as ``{name: callable}``, ready to be injected into an execution namespace."""
        return {name: self.get_tool(name) for name in self._tools}

    def close(self) -> None:
        """Close every connection (and end stdio server processes); idempotent."""
        if self._closed:
            return
        self._closed = True
        try:
            if self._stop is not None:
                self._portal.call(self._stop.set)
            if self._supervisor is not None:
                try:
                    self._supervisor.result(timeout=_CLOSE_TIMEOUT)
                except TimeoutError:
                    if self._scope is not None:
                        self._portal.call(self._scope.cancel)
        finally:
            self._portal_cm.__exit__(None, None, None)

    def __exit__(self, *exc_info: object) -> None:
        self.close()
