"""mcpforge: grow a trustworthy library of MCP tools from plain-language requests."""

from __future__ import annotations

from mcpforge.config import MCPForgeConfig, load_config
from mcpforge.exceptions import MCPForgeError
from mcpforge.models import (
    ToolCandidate,
    ToolSpec,
    ToolStatus,
    UserFeedback,
    ValidationReport,
)

__version__ = "0.1.0"

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
