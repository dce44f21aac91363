"""Hand MCP tools to agents: OpenAI / Anthropic tool definitions, and Python callables for CodeAct.

```python
from mcpforge.bridge import MCPToolRegistry, to_openai_tools, run_codeact

with MCPToolRegistry(["mcpforge serve --registry ./registry"]) as registry:
    tools = registry.openai_tools(strict=True)      # for a chat model
    add_one = registry.get_tool("add_one")          # a validated Python callable
```

The converters are imported eagerly (they are pure functions); the MCP client parts (fetch, registry,
CodeAct runner) load on first use, so importing the package stays cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from mcpforge.bridge._tooldef import ToolDefinition, as_tool_definition
from mcpforge.bridge.anthropic import anthropic_input_schema, to_anthropic_tool, to_anthropic_tools
from mcpforge.bridge.errors import MCPServerError, StrictModeError, ToolArgumentError, ToolCallError
from mcpforge.bridge.naming import function_name, python_identifier
from mcpforge.bridge.openai import openai_parameters, to_openai_tool, to_openai_tools
from mcpforge.bridge.schema_walk import SchemaContext, iter_schema, walk_schema

if TYPE_CHECKING:
    from mcpforge.bridge.codeact import (
        CodeActResult,
        ToolCallRecord,
        filter_imports,
        generate_tool_system_prompt,
        run_codeact,
    )
    from mcpforge.bridge.fetch import ServerSpec, ServerTools, fetch_tools, fetch_tools_sync, parse_server
    from mcpforge.bridge.registry import MCPToolRegistry, RegisteredTool

_LAZY = {
    "CodeActResult": "codeact",
    "ToolCallRecord": "codeact",
    "filter_imports": "codeact",
    "generate_tool_system_prompt": "codeact",
    "run_codeact": "codeact",
    "ServerSpec": "fetch",
    "ServerTools": "fetch",
    "fetch_tools": "fetch",
    "fetch_tools_sync": "fetch",
    "parse_server": "fetch",
    "MCPToolRegistry": "registry",
    "RegisteredTool": "registry",
}

__all__ = [
    "CodeActResult",
    "MCPServerError",
    "MCPToolRegistry",
    "RegisteredTool",
    "SchemaContext",
    "ServerSpec",
    "ServerTools",
    "StrictModeError",
    "ToolArgumentError",
    "ToolCallError",
    "ToolCallRecord",
    "ToolDefinition",
    "anthropic_input_schema",
    "as_tool_definition",
    "fetch_tools",
    "fetch_tools_sync",
    "filter_imports",
    "function_name",
    "generate_tool_system_prompt",
    "iter_schema",
    "openai_parameters",
    "parse_server",
    "python_identifier",
    "run_codeact",
    "to_anthropic_tool",
    "to_anthropic_tools",
    "to_openai_tool",
    "to_openai_tools",
    "walk_schema",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'mcpforge.bridge' has no attribute {name!r}")
    return getattr(importlib.import_module(f"mcpforge.bridge.{module}"), name)
