"""A tiny real MCP server for the bridge tests: stdio by default, streamable HTTP with ``--http PORT``."""

from __future__ import annotations

import sys
from typing import Literal

from fastmcp import FastMCP

mcp = FastMCP("demo")


@mcp.tool()
def reverse(text: str) -> str:
    """Reverse a piece of text."""
    return text[::-1]


@mcp.tool()
def word_count(text: str, unique: bool = False) -> dict[str, int]:
    """Count the words of a text."""
    words = text.split()
    return {"words": len(set(words)) if unique else len(words)}


@mcp.tool()
def shout(text: str, style: Literal["upper", "title"] = "upper") -> str:
    """Shout a text."""
    return text.upper() if style == "upper" else text.title()


@mcp.tool()
def annotate(text: str, labels: dict[str, str] | None = None) -> dict[str, object]:
    """Attach free-form labels to a text (an open-ended map: not expressible in OpenAI strict mode)."""
    return {"text": text, "labels": labels or {}}


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--http":
        mcp.run(transport="http", host="127.0.0.1", port=int(sys.argv[2]), show_banner=False)
    else:
        mcp.run(show_banner=False)
