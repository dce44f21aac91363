"""The floor of ``bench_big_registry.py``'s listing figure: a stdio MCP server whose pages cost nothing.

Every ``tools/list`` page is a line of JSON made once at start, written as is: the time one client takes
to read every page from it is what the client itself costs (validation, serialization and bookkeeping of
the MCP SDK and FastMCP clients, per tool), with no server work. ``--lean`` lists the same tools with
only what a client needs to call them (name, description's first paragraph, input schema, annotations;
no output schema, title or ``_meta``), to show what the payload costs the client.

    python bench/_floor_listing_server.py REGISTRY [--page-size N] [--lean]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from mcpforge.output_contract import output_schema_for
from mcpforge.registry import Registry
from mcpforge.server.provider import DATA_TOOL_ANNOTATIONS, forged_tool_description

Message = dict[str, Any]


def wire_tools(root: Path, *, lean: bool) -> list[Message]:
    """Every active tool of the registry at ``root`` in the wire form ``mcpforge serve`` lists."""
    annotations = DATA_TOOL_ANNOTATIONS.model_dump(by_alias=True, exclude_none=True)
    tools: list[Message] = []
    for active in Registry(root).active_tools():
        description = forged_tool_description(active.spec)
        tool: Message = {
            "name": active.name,
            "description": description.split("\n\n", 1)[0] if lean else description,
            "inputSchema": active.spec.input_schema or {"type": "object", "properties": {}},
            "annotations": annotations,
        }
        if not lean:
            tool["title"] = active.name.replace("_", " ").title()
            tool["outputSchema"] = output_schema_for(active.spec.output_schema)
            tool["_meta"] = {"mcpforge": {"version": active.version}}
        tools.append(tool)
    return tools


def pages(tools: list[Message], page_size: int) -> dict[str | None, tuple[list[Message], str | None]]:
    """Each page by the cursor that asks for it (None: the first)."""
    chunks = [tools[start : start + page_size] for start in range(0, len(tools), page_size)] or [[]]
    cursors: list[str | None] = [None, *(str(index) for index in range(1, len(chunks)))]
    return {
        cursor: (chunk, cursors[index + 1] if index + 1 < len(chunks) else None)
        for index, (cursor, chunk) in enumerate(zip(cursors, chunks, strict=True))
    }


def _line(message: Message) -> bytes:
    return json.dumps(message, separators=(",", ":")).encode("utf-8") + b"\n"


def serve(by_cursor: dict[str | None, tuple[list[Message], str | None]]) -> None:
    """Answer JSON-RPC on stdin/stdout: initialize, ping and tools/list (pages serialized once)."""
    bodies = {
        cursor: json.dumps(
            {"tools": tools, **({"nextCursor": next_cursor} if next_cursor else {})}, separators=(",", ":")
        ).encode("utf-8")
        for cursor, (tools, next_cursor) in by_cursor.items()
    }
    out = sys.stdout.buffer
    for raw in sys.stdin.buffer:
        message = json.loads(raw)
        method, request_id = message.get("method"), message.get("id")
        if request_id is None:
            continue  # a notification
        params = message.get("params") or {}
        if method == "initialize":
            result: Message = {
                "protocolVersion": params.get("protocolVersion"),
                "capabilities": {"tools": {"listChanged": True}},
                "serverInfo": {"name": "floor-baseline", "version": "1"},
            }
            out.write(_line({"jsonrpc": "2.0", "id": request_id, "result": result}))
        elif method == "tools/list" and params.get("cursor") in bodies:
            # The page's bytes were made at start; only the request id is spliced in.
            head = b'{"jsonrpc":"2.0","id":%s,"result":' % json.dumps(request_id).encode("utf-8")
            out.write(head + bodies[params.get("cursor")] + b"}\n")
        elif method == "ping":
            out.write(_line({"jsonrpc": "2.0", "id": request_id, "result": {}}))
        else:
            error = {"code": -32601, "message": f"method not found: {method}"}
            out.write(_line({"jsonrpc": "2.0", "id": request_id, "error": error}))
        out.flush()


def main() -> None:
    """Serve the floor baseline over stdio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("registry", type=Path)
    parser.add_argument("--page-size", type=int, default=150)
    parser.add_argument("--lean", action="store_true", help="only what a client needs to call a tool")
    args = parser.parse_args()
    serve(pages(wire_tools(args.registry, lean=args.lean), args.page_size))


if __name__ == "__main__":
    main()
