"""Isolation for every execution of generated or third-party code."""

from __future__ import annotations

from mcpforge.config import SandboxConfig
from mcpforge.exceptions import SandboxUnavailableError
from mcpforge.sandbox.base import Sandbox, SandboxLimits, SandboxRequest, SandboxResult
from mcpforge.sandbox.subprocess_backend import SubprocessSandbox
from mcpforge.sandbox.tool_call import ToolBatchResult, ToolCall, ToolCallOutcome, call_tool, call_tool_batch

__all__ = [
    "Sandbox",
    "SandboxLimits",
    "SandboxRequest",
    "SandboxResult",
    "ToolBatchResult",
    "ToolCall",
    "ToolCallOutcome",
    "call_tool",
    "call_tool_batch",
    "get_sandbox",
    "limits_from_config",
]


def limits_from_config(config: SandboxConfig, *, timeout_seconds: float | None = None) -> SandboxLimits:
    """SandboxLimits from the ``sandbox`` config section."""
    return SandboxLimits(
        timeout_seconds=timeout_seconds if timeout_seconds is not None else 30.0,
        memory_mb=config.memory_mb,
        cpu_seconds=config.cpu_seconds,
        max_processes=config.max_processes,
        max_open_files=config.max_open_files,
        max_output_bytes=config.max_output_bytes,
        max_stdout_bytes=config.max_stdout_bytes,
    )


def get_sandbox(config: SandboxConfig | None = None) -> Sandbox:
    """The sandbox backend the configuration asks for (``auto``: the strongest available).

    Raises:
        SandboxUnavailableError: no strong backend works and the weak fallback is not allowed.
    """
    config = config or SandboxConfig()
    if config.backend == "subprocess" or config.allow_weak_fallback:
        return SubprocessSandbox()
    raise SandboxUnavailableError(
        "no strong sandbox backend is available yet; set sandbox.allow_weak_fallback: true to use the weak one"
    )
