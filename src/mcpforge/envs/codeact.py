"""CodeActEnvironment: each action is Python code in which every MCP tool is a pre-imported function.

The code runs in the mcpforge sandbox through :func:`mcpforge.bridge.run_codeact` (never in this
process): import statements are removed first, every tool call crosses back to the host where it is
checked against the tool's schema, at most ``max_tool_calls`` calls are answered per step, and the run is
killed at ``limits.timeout_seconds`` (the time tools take included).

```python
from mcpforge.envs import CodeAction, CodeActEnvironment

with CodeActEnvironment(["mcpforge serve --registry ./registry"]) as env:
    env.reset()
    obs = env.step(CodeAction(code="x = add_one(value=1)\\nprint(x)"))
    print(obs.stdout, obs.result, obs.tool_calls)
```
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mcpforge.bridge.codeact import DEFAULT_MAX_TOOL_CALLS, generate_tool_system_prompt, run_codeact
from mcpforge.bridge.fetch import ServerLike
from mcpforge.config import SandboxConfig
from mcpforge.envs.base import CodeAction, MCPEnvironment, Observation, error_observation
from mcpforge.exceptions import InvalidArgumentError, SandboxError
from mcpforge.sandbox import Sandbox, SandboxLimits, get_sandbox


class CodeActEnvironment(MCPEnvironment):
    """Runs each :class:`CodeAction` in the sandbox with the MCP tools injected as functions (seed 003).

    Args:
        mcp_servers: URLs (streamable HTTP), command lines (stdio), ServerSpecs or in-process servers.
        sandbox: The isolation backend (default: the strongest available, ``SandboxConfig()``).
        limits: Resource limits of one step's run; ``timeout_seconds`` is its time limit.
        max_tool_calls: Tool calls answered per step; later calls raise ToolCallError in the code.
        **kwargs: ``max_steps``, ``reward_fn``, ``timeout``, ``call_timeout`` (see MCPEnvironment).

    Raises:
        SandboxUnavailableError: no strong sandbox backend works here.
        MCPServerError: a server could not be started or listed.
    """

    action_type = CodeAction

    def __init__(
        self,
        mcp_servers: Sequence[ServerLike],
        *,
        sandbox: Sandbox | None = None,
        limits: SandboxLimits | None = None,
        max_tool_calls: int = DEFAULT_MAX_TOOL_CALLS,
        **kwargs: Any,
    ) -> None:
        if max_tool_calls < 0:
            raise InvalidArgumentError(
                f"max_tool_calls must not be negative, not {max_tool_calls}", argument="max_tool_calls"
            )
        self.sandbox = sandbox if sandbox is not None else get_sandbox(SandboxConfig())
        self.limits = limits or SandboxLimits()
        self.max_tool_calls = max_tool_calls
        super().__init__(mcp_servers, **kwargs)

    def get_system_prompt(self) -> str:
        """The pre-imported functions with signatures and descriptions, and the rules of the code."""
        return generate_tool_system_prompt(self.registry)

    def _act(self, action: Any) -> Observation:
        assert isinstance(action, CodeAction)
        try:
            run = run_codeact(action.code, self.registry, sandbox=self.sandbox, limits=self.limits,
                              max_tool_calls=self.max_tool_calls)  # fmt: skip
        except SandboxError as exc:  # the sandbox itself failed to start: the step fails, the episode goes on
            return error_observation("SandboxError", str(exc))
        metadata = {
            "value_repr": run.value_repr, "error_line": run.error_line, "backend": run.backend,
            "duration_ms": run.duration_ms, "killed_reason": run.killed_reason,
        }  # fmt: skip
        return Observation(
            is_error=not run.ok, error_type=run.error_type, error=run.error, result=run.value,
            stdout=run.stdout, tool_calls=list(run.tool_calls), metadata=metadata,
        )  # fmt: skip


CodeActEnv = CodeActEnvironment  # the seed's examples use the short name
