"""Errors of the bridge: each is a subclass of the mcpforge tree, kept here because only bridge raises them.

```
UserError
├── StrictModeError            a tool schema cannot be made OpenAI-strict (names the JSON pointer and why)
└── InvalidArgumentError
    └── ToolArgumentError      arguments for an MCP tool do not match its JSON Schema
MCPForgeError
├── MCPServerError             an MCP server could not be reached, started or listed (names the server)
└── ToolCallError              an MCP tool answered with isError, or the call itself failed
```
"""

from __future__ import annotations

from mcpforge.exceptions import InvalidArgumentError, MCPForgeError, UserError


class StrictModeError(UserError):
    """A schema cannot be made strict for OpenAI function calling; nothing was silently relaxed."""

    def __init__(self, pointer: str, reason: str, *, tool: str | None = None) -> None:
        where = f"tool {tool!r}, " if tool else ""
        super().__init__(f"cannot make schema strict ({where}at {pointer or '/'!r}): {reason}")
        self.tool = tool
        self.pointer = pointer
        self.reason = reason

    def for_tool(self, tool: str) -> StrictModeError:
        """The same error, naming the tool it belongs to."""
        return StrictModeError(self.pointer, self.reason, tool=tool)


class ToolArgumentError(InvalidArgumentError):
    """Arguments passed to an MCP tool do not match its input schema; the call was not sent."""

    def __init__(self, tool: str, problems: list[str]) -> None:
        super().__init__(f"invalid arguments for tool {tool!r}: {'; '.join(problems)}", argument=tool)
        self.tool = tool
        self.problems = problems


class MCPServerError(MCPForgeError):
    """An MCP server could not be started, reached or listed within its time limit."""

    def __init__(self, server: str, reason: str) -> None:
        super().__init__(f"MCP server {server!r} failed: {reason}")
        self.server = server
        self.reason = reason


class ToolCallError(MCPForgeError):
    """An MCP tool call failed: the tool reported ``isError`` or the call did not complete."""

    def __init__(
        self, tool: str, message: str, *, server: str | None = None, is_tool_error: bool = True
    ) -> None:
        where = f" on server {server!r}" if server else ""
        super().__init__(f"tool {tool!r}{where} failed: {message}")
        self.tool = tool
        self.server = server
        self.message = message
        self.is_tool_error = is_tool_error
