"""Isolation for every execution of generated or third-party code."""

from __future__ import annotations

import importlib
import sys
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mcpforge.config import MCPForgeConfig, SandboxConfig
from mcpforge.exceptions import SandboxUnavailableError
from mcpforge.sandbox._pinned import PinnedPath, pin
from mcpforge.sandbox.base import RunningSandbox, Sandbox, SandboxLimits, SandboxRequest, SandboxResult
from mcpforge.sandbox.bwrap import BwrapSandbox
from mcpforge.sandbox.subprocess_backend import SubprocessSandbox
from mcpforge.sandbox.unshare import UnshareSandbox

if TYPE_CHECKING:
    from mcpforge.sandbox.tool_call import (
        ToolBatchResult,
        ToolCall,
        ToolCallOutcome,
        call_tool,
        call_tool_batch,
    )

# Calling a tool (its runner, the footer parser) loads when a tool is called: ``sandbox run`` and
# ``check`` run no tool.
_TOOL_CALL_NAMES = frozenset(
    ("ToolBatchResult", "ToolCall", "ToolCallOutcome", "call_tool", "call_tool_batch")
)

__all__ = [
    "BACKENDS",
    "PinnedPath",
    "RunningSandbox",
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
    "pin",
    "tool_run_limits",
]

# Strongest first: ``auto`` takes the first available one.
BACKENDS: dict[str, type[Sandbox]] = {
    "bwrap": BwrapSandbox,
    "unshare": UnshareSandbox,
    "subprocess": SubprocessSandbox,
}


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


def tool_run_limits(config: MCPForgeConfig) -> SandboxLimits:
    """The limits of a run of a tool (validation, the person's data, a served call): the sandbox section,
    the validation timeout, and the ``security`` section's dataset limits, which the runtime loader
    enforces inside the run."""
    limits = limits_from_config(config.sandbox, timeout_seconds=config.validation.sandbox_timeout_seconds)
    security = config.security
    return replace(
        limits,
        max_dataset_rows=security.max_dataset_rows,
        max_dataset_cols=security.max_dataset_cols,
        max_dataset_memory_mb=security.max_memory_mb,
    )


def auto_backend() -> str | None:
    """The name of the strongest backend that works here, or None when only the weak one does."""
    for name, backend in BACKENDS.items():
        if backend.strong and backend.available()[0]:
            return name
    return None


def get_sandbox(config: SandboxConfig | None = None) -> Sandbox:
    """The sandbox backend the configuration asks for (``auto``: the strongest available).

    Raises:
        SandboxUnavailableError: the named backend does not work here, or (``auto``) no strong backend
            works and ``allow_weak_fallback`` is false.
    """
    config = config or SandboxConfig()
    if config.backend != "auto":
        backend = BACKENDS[config.backend]
        ok, why = backend.available()
        if not ok:
            raise SandboxUnavailableError(f"sandbox backend {config.backend!r} is not available: {why}")
        if not backend.strong and not config.allow_weak_fallback:
            print("mcpforge: WARNING: sandbox.backend is 'subprocess' (weak isolation)", file=sys.stderr)
        return backend()
    name = auto_backend()
    if name is not None:
        return BACKENDS[name]()
    if config.allow_weak_fallback:
        print(
            "mcpforge: WARNING: no strong sandbox backend works here (install bubblewrap or enable user "
            "namespaces); falling back to the WEAK subprocess sandbox because "
            "sandbox.allow_weak_fallback is set",
            file=sys.stderr,
        )
        return SubprocessSandbox()
    reasons = "; ".join(f"{n}: {b.available()[1]}" for n, b in BACKENDS.items() if b.strong)
    raise SandboxUnavailableError(
        f"no strong sandbox backend is available ({reasons}); install bubblewrap "
        "(scripts/install-system-deps.sh) or set sandbox.allow_weak_fallback: true to accept weak isolation"
    )


def __getattr__(name: str) -> Any:
    if name in _TOOL_CALL_NAMES:
        return getattr(importlib.import_module("mcpforge.sandbox.tool_call"), name)
    raise AttributeError(f"module 'mcpforge.sandbox' has no attribute {name!r}")
