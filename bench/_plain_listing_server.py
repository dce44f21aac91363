"""The baseline of ``bench_big_registry.py``'s listing figure: a plain FastMCP server of the same tools.

Every active tool of a registry is registered on a bare ``FastMCP`` server with the name, description,
input and output schemas and annotations mcpforge lists for it, and nothing of mcpforge's listing path
(FastMCP's own ``tools/list``, its default of one page). Calls answer a fixed text: only the listing is
measured.

    python bench/_plain_listing_server.py REGISTRY            # stdio
    python bench/_plain_listing_server.py REGISTRY --http PORT
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from fastmcp import FastMCP
from fastmcp.tools import Tool
from fastmcp.tools.base import ToolResult

from mcpforge.output_contract import output_schema_for
from mcpforge.registry import Registry
from mcpforge.server.provider import DATA_TOOL_ANNOTATIONS, forged_tool_description


class PlainTool(Tool):
    """A listed tool whose call only says it is a baseline."""

    async def run(self, arguments: dict[str, Any]) -> ToolResult:
        return ToolResult(content=f"{self.name}: baseline server, not run")


def plain_server(root: Path) -> FastMCP[Any]:
    """A FastMCP server listing every active tool of the registry at ``root``."""
    server: FastMCP[Any] = FastMCP("plain-baseline")
    for active in Registry(root).active_tools():
        server.add_tool(
            PlainTool(
                name=active.name,
                description=forged_tool_description(active.spec),
                parameters=active.spec.input_schema or {"type": "object", "properties": {}},
                output_schema=output_schema_for(active.spec.output_schema),
                annotations=DATA_TOOL_ANNOTATIONS,
            )
        )
    return server


def main() -> None:
    """Serve the baseline over stdio, or over HTTP on ``--http PORT``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("registry", type=Path)
    parser.add_argument("--http", type=int, default=None, help="serve streamable HTTP on this port")
    args = parser.parse_args()
    server = plain_server(args.registry)
    if args.http is None:
        server.run(show_banner=False)
    else:
        server.run(transport="http", host="127.0.0.1", port=args.http, show_banner=False)


if __name__ == "__main__":
    main()
