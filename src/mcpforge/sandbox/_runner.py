"""Runs inside the sandbox: load ``tool.py``, call its tool function for each requested call.

Reads ``{"function": str | null, "calls": [{"call_id": str, "arguments": {...}}]}`` from stdin (or gets
it from ``_template.py``, which imports this module as a top-level module) and
prints one line ``MCPFORGE_RESULT:{json}`` with one outcome per call. Kept free of mcpforge imports
other than the runtime, so it starts fast and trusts nothing from the host beyond its input.
"""

from __future__ import annotations

import importlib.util
import json
import sys
import time
import traceback
from typing import Any

RESULT_MARKER = "MCPFORGE_RESULT:"


def _load_tool(function_name: str | None) -> Any:
    from mcpforge.runtime import mcp

    mcp.reset()
    spec = importlib.util.spec_from_file_location("mcpforge_sandboxed_tool", "tool.py")
    if spec is None or spec.loader is None:
        raise ImportError("tool.py cannot be loaded")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    candidates = list(mcp.registered)
    if function_name is not None:
        candidates = [fn for fn in candidates if fn.__name__ == function_name]
    if not candidates:
        raise LookupError(f"no @mcp.tool() function {function_name or ''!r} found in tool.py")
    return candidates[0]


def _error_line(exc: BaseException) -> int | None:
    frames = [
        frame for frame in traceback.extract_tb(exc.__traceback__) if frame.filename.endswith("tool.py")
    ]
    return frames[-1].lineno if frames else None


def main() -> None:
    """Entry point of a fresh sandboxed process: the request comes on stdin."""
    run(json.loads(sys.stdin.read() or "{}"))


def run(request: dict[str, Any]) -> None:
    """Make the request's calls and print the result line (also called in a warm template's child)."""
    from mcpforge.runtime import configure

    limits = request.get("dataset_limits") or {}
    configure(
        allowed_read_paths=list(request.get("allowed_read_paths") or []),
        max_rows=limits.get("max_rows"),
        max_cols=limits.get("max_cols"),
        max_memory_mb=limits.get("max_memory_mb"),
    )
    outcomes: list[dict[str, Any]] = []
    try:
        fn = _load_tool(request.get("function"))
    except Exception as exc:  # any failure of untrusted code is reported, not raised
        failed = {"ok": False, "error_type": type(exc).__name__, "error": str(exc), "line": _error_line(exc)}
        print(RESULT_MARKER + json.dumps({"load_error": failed, "outcomes": []}), flush=True)
        return
    for call in request.get("calls", []):
        started = time.perf_counter()
        try:
            value = fn(**call.get("arguments", {}))
            outcome: dict[str, Any] = {
                "ok": True,
                "value": value if isinstance(value, str) else json.dumps(value, default=str),
            }
        except Exception as exc:  # see above
            outcome = {
                "ok": False,
                "error_type": type(exc).__name__,
                "error": str(exc),
                "line": _error_line(exc),
            }
            if type(exc).__name__ == "ResourceLimitError":
                outcome["limit"] = {name: getattr(exc, name, None) for name in ("limit", "value", "maximum")}
        outcome["call_id"] = call.get("call_id", "")
        outcome["duration_ms"] = (time.perf_counter() - started) * 1000
        outcomes.append(outcome)
    result = {"load_error": None, "outcomes": outcomes}
    print(RESULT_MARKER + json.dumps(result, default=str), flush=True)


if __name__ == "__main__":
    main()
