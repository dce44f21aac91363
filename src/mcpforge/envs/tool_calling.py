"""ToolCallingEnvironment: each action names one tool and its parameters, forwarded to its MCP server.

```python
from mcpforge.envs import ToolCallAction, ToolCallingEnvironment

with ToolCallingEnvironment(["mcpforge serve --registry ./registry"]) as env:
    obs = env.reset()                      # obs.tools, obs.system_prompt
    obs = env.step(ToolCallAction(tool_name="add_one", parameters={"value": 1}))
    print(obs.result, obs.is_error, obs.metadata["tool_result"])
```
"""

from __future__ import annotations

import json
import time
from typing import Any

from mcpforge.bridge._signature import signature_text
from mcpforge.bridge.codeact import ToolCallRecord
from mcpforge.bridge.errors import ToolArgumentError, ToolCallError
from mcpforge.bridge.registry import MCPToolRegistry
from mcpforge.envs.base import MCPEnvironment, Observation, ToolCallAction, error_observation
from mcpforge.exceptions import NotFoundError


def tool_calling_system_prompt(registry: MCPToolRegistry) -> str:
    """A system prompt listing every tool with its signature and description, and the action format."""
    parts = [
        "You can call the following tools, one per step.",
        'Call a tool with a JSON object: {"tool_name": "<name>", "parameters": {<arguments>}}.',
        "",
    ]
    for name in registry.list_tools():
        tool = registry.tool_info(name)
        parts.append(f"- {signature_text(name, tool.signature)}")
        parts.extend("    " + line if line else "" for line in tool.doc.splitlines())
    if registry.list_tools():
        name = registry.list_tools()[0]
        required = {p.json_name: "..." for p in registry.tool_info(name).parameters if p.required}
        example = json.dumps({"tool_name": name, "parameters": required})
        parts += ["", "Example:", example]
    return "\n".join(parts)


class ToolCallingEnvironment(MCPEnvironment):
    """Forwards each :class:`ToolCallAction` to the MCP server that owns the tool (seed 003).

    The result is ``observation.result`` (also ``metadata["tool_result"]``); an unknown tool, arguments
    that do not match the tool's schema, or a tool that fails give an error observation. See
    :class:`~mcpforge.envs.base.MCPEnvironment` for the constructor.
    """

    action_type = ToolCallAction

    def get_system_prompt(self) -> str:
        """The tools with signatures and descriptions, and how to call one."""
        return tool_calling_system_prompt(self.registry)

    def _act(self, action: Any) -> Observation:
        assert isinstance(action, ToolCallAction)
        name, arguments = action.tool_name, action.parameters
        started = time.perf_counter()
        try:
            value = self.registry.call(name, arguments)
        except NotFoundError:
            known = ", ".join(self.registry.list_tools()) or "(none)"
            return error_observation("NotFoundError", f"no tool {name!r}; the tools are: {known}")
        except (ToolArgumentError, ToolCallError) as exc:
            record = ToolCallRecord(
                name=name, arguments=arguments, ok=False, error_type=type(exc).__name__, error=str(exc),
                duration_ms=(time.perf_counter() - started) * 1000,
            )  # fmt: skip
            return error_observation(type(exc).__name__, str(exc), tool_calls=[record])
        record = ToolCallRecord(
            name=name, arguments=arguments, ok=True, duration_ms=(time.perf_counter() - started) * 1000
        )
        return Observation(result=value, tool_calls=[record], metadata={"tool_result": value})


ToolCallingEnv = ToolCallingEnvironment  # the seed's examples use the short name
