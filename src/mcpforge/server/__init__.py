"""The MCP server: promoted tools from the registry, ``list_available_tools``, live updates."""

from __future__ import annotations

from mcpforge.server.app import allowed_roots, build_server
from mcpforge.server.provider import RegistryProvider, RegistryTool, tool_description

__all__ = ["RegistryProvider", "RegistryTool", "allowed_roots", "build_server", "tool_description"]
