"""What generated tools import: the ``mcp`` shim, data loading, validation, the footer, guards."""

from __future__ import annotations

from mcpforge.runtime._footer import output_footer, parse_output_footer
from mcpforge.runtime._mcp_shim import mcp

__all__ = ["mcp", "output_footer", "parse_output_footer"]
