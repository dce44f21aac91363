"""The tool registry: staging, lifecycle, promotion, audit log and monitoring."""

from __future__ import annotations

from mcpforge.registry.backend import IDENTICAL_REASON, ActiveTool, RegistryNotInitializedError
from mcpforge.registry.store import Registry

__all__ = ["IDENTICAL_REASON", "ActiveTool", "Registry", "RegistryNotInitializedError"]
