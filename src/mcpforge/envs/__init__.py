"""Agent environments over MCP (seed 003): tool calling and CodeAct, and Compose files for their servers.

- :class:`ToolCallingEnvironment`: an action names a tool and its parameters; it is forwarded to the MCP
  server that owns the tool.
- :class:`CodeActEnvironment`: an action is Python code with every tool pre-imported as a function; it runs
  in the mcpforge sandbox with a bounded number of tool calls and a time limit.
- :class:`EnvironmentConfig` / :class:`MCPServerConfig` describe an environment and its servers (YAML);
  :func:`generate_compose_file` (``mcpforge env compose``) writes the Compose file that deploys them.

```python
from mcpforge.envs import ToolCallAction, ToolCallingEnvironment

with ToolCallingEnvironment(["mcpforge serve --registry ./registry"]) as env:
    obs = env.reset()
    obs = env.step(ToolCallAction(tool_name="add_one", parameters={"value": 1}))
```
"""

from __future__ import annotations

from mcpforge.envs.base import (
    CodeAction,
    EpisodeState,
    MCPEnvironment,
    Observation,
    ToolCallAction,
)
from mcpforge.envs.codeact import CodeActEnv, CodeActEnvironment
from mcpforge.envs.compose import compose_document, generate_compose_file, render_compose
from mcpforge.envs.config import EnvironmentConfig, MCPServerConfig, load_environment_config
from mcpforge.envs.tool_calling import ToolCallingEnv, ToolCallingEnvironment

__all__ = [
    "CodeActEnv",
    "CodeActEnvironment",
    "CodeAction",
    "EnvironmentConfig",
    "EpisodeState",
    "MCPEnvironment",
    "MCPServerConfig",
    "Observation",
    "ToolCallAction",
    "ToolCallingEnv",
    "ToolCallingEnvironment",
    "compose_document",
    "generate_compose_file",
    "load_environment_config",
    "render_compose",
]
