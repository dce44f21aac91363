"""The ``mcp`` object generated tools decorate themselves with.

Tool files are plain modules: ``@mcp.tool()`` records the function so that the sandbox runner, the
validator and the MCP server can find it, without importing a server framework into untrusted code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])


class ToolRecorder:
    """Collects the functions decorated with ``@mcp.tool()`` in the module being loaded."""

    def __init__(self) -> None:
        self.registered: list[Callable[..., Any]] = []

    def tool(self, *_args: Any, **_kwargs: Any) -> Callable[[F], F]:
        """Decorator: record the function and return it unchanged."""

        def decorate(fn: F) -> F:
            self.registered.append(fn)
            return fn

        return decorate

    def reset(self) -> None:
        """Forget what was recorded (before loading another tool module)."""
        self.registered.clear()


mcp = ToolRecorder()
