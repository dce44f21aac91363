"""The tool registry: staging, lifecycle, promotion, audit log and monitoring."""

from __future__ import annotations

from mcpforge.registry.promote import IDENTICAL_REASON
from mcpforge.registry.store import ActiveTool, Registry, RegistryNotInitializedError

__all__ = ["IDENTICAL_REASON", "ActiveTool", "Registry", "RegistryNotInitializedError"]
