"""The machine-readable footer that ends every tool's markdown result.

A top-level module, not part of the runtime package, so the host side can parse footers without
importing pandas; tools get the same functions from ``mcpforge.runtime``.
"""

from __future__ import annotations

import json
import math
from typing import Any

FOOTER_PREFIX = "<!--output_json:"
FOOTER_SUFFIX = "-->"


def _json_safe(value: Any) -> Any:
    """Replace NaN / infinity (not valid JSON) with None, recursively."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {str(key): _json_safe(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_json_safe(item) for item in value]
    return value


def output_footer(data: dict[str, Any]) -> str:
    """The footer line for ``data``: ``<!--output_json:{...}-->`` (compact, NaN-free JSON)."""
    text = json.dumps(_json_safe(data), separators=(",", ":"), default=str, allow_nan=False)
    # "-->" inside the payload would end the HTML comment early.
    escaped = text.replace("-->", "--\\u003e")
    return f"{FOOTER_PREFIX}{escaped}{FOOTER_SUFFIX}"


def parse_output_footer(markdown: str) -> dict[str, Any] | None:
    """The data of the footer on the last non-empty line of ``markdown``, or None when absent."""
    lines = [line for line in markdown.rstrip().splitlines() if line.strip()]
    if not lines:
        return None
    last = lines[-1].strip()
    if not (last.startswith(FOOTER_PREFIX) and last.endswith(FOOTER_SUFFIX)):
        return None
    try:
        data = json.loads(last[len(FOOTER_PREFIX) : -len(FOOTER_SUFFIX)])
    except json.JSONDecodeError:
        return None
    return data if isinstance(data, dict) else None
