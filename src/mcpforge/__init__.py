"""mcpforge: grow a trustworthy library of MCP tools from plain-language requests.

The public names load lazily: generated tools import ``mcpforge.runtime`` inside the sandbox on every
call, and importing this package must not pull in pydantic models and configuration for them.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mcpforge.config import MCPForgeConfig, load_config
    from mcpforge.exceptions import MCPForgeError
    from mcpforge.models import ToolCandidate, ToolSpec, ToolStatus, UserFeedback, ValidationReport

__version__ = "0.1.0"

_LAZY = {
    "MCPForgeConfig": "mcpforge.config",
    "load_config": "mcpforge.config",
    "MCPForgeError": "mcpforge.exceptions",
    "ToolCandidate": "mcpforge.models",
    "ToolSpec": "mcpforge.models",
    "ToolStatus": "mcpforge.models",
    "UserFeedback": "mcpforge.models",
    "ValidationReport": "mcpforge.models",
}

__all__ = [
    "MCPForgeConfig",
    "MCPForgeError",
    "ToolCandidate",
    "ToolSpec",
    "ToolStatus",
    "UserFeedback",
    "ValidationReport",
    "__version__",
    "load_config",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'mcpforge' has no attribute {name!r}")
