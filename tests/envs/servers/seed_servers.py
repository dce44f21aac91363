"""The seed's two example MCP servers, for the environment tests: ``search`` and ``files``.

Usage: ``python seed_servers.py search|files [--http PORT]`` (stdio without ``--http``). ``search_web``
searches a small fixed corpus; ``read_file``/``write_file`` work under ``$WORKSPACE_ROOT``, which the
tools call ``/workspace`` (as in the seed's examples).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path, PurePosixPath
from typing import Any

from fastmcp import FastMCP

CORPUS = [
    ("Python async patterns: gather, wait and task groups", "https://example.org/async-patterns"),
    ("Structured concurrency in Python with anyio", "https://example.org/anyio"),
    ("Async iterators and generators in Python", "https://example.org/async-iterators"),
    ("Patterns for cancelling Python tasks safely", "https://example.org/cancellation"),
    ("Python design patterns, a practical guide", "https://example.org/design-patterns"),
    ("Async database drivers compared", "https://example.org/async-db"),
    ("Rust ownership explained", "https://example.org/rust-ownership"),
]


def build_search() -> FastMCP[Any]:
    mcp: FastMCP[Any] = FastMCP("search")

    @mcp.tool()
    def search_web(query: str, max_results: int = 5) -> list[dict[str, str]]:
        """Search the web for information."""
        words = {word.lower() for word in query.split()}
        hits = [(title, url) for title, url in CORPUS if words & set(title.lower().replace(",", "").split())]
        return [{"title": title, "url": url} for title, url in hits[:max_results]]

    return mcp


def _workspace_path(path: str) -> Path:
    root = Path(os.environ.get("WORKSPACE_ROOT", ".")).resolve()
    relative = PurePosixPath(path).relative_to("/workspace") if path.startswith("/workspace") else None
    if relative is None or ".." in relative.parts:
        raise ValueError(f"{path!r} is not inside /workspace")
    return root / relative


def build_files() -> FastMCP[Any]:
    mcp: FastMCP[Any] = FastMCP("files")

    @mcp.tool()
    def read_file(path: str) -> str:
        """Read contents of a file."""
        return _workspace_path(path).read_text(encoding="utf-8")

    @mcp.tool()
    def write_file(path: str, content: str) -> dict[str, int]:
        """Write a file in the workspace."""
        target = _workspace_path(path)
        target.write_text(content, encoding="utf-8")
        return {"written": len(content)}

    return mcp


if __name__ == "__main__":
    server = {"search": build_search, "files": build_files}[sys.argv[1]]()
    if len(sys.argv) == 4 and sys.argv[2] == "--http":
        server.run(transport="http", host="127.0.0.1", port=int(sys.argv[3]), show_banner=False)
    else:
        server.run(show_banner=False)
