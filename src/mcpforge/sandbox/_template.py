"""The warm template: a pre-imported process inside a strong sandbox that forks a fresh child per tool call.

Run as ``python -I -B _template.py CONFIG_JSON`` by bwrap, in the same fresh namespaces as any run
(uid 65534, the interpreter read-only, its data roots read-only, a size-capped ``/tmp``, no
network). Trusted code only: it imports the libraries tools use (pandas, numpy, the mcpforge runtime)
once, then reads one request per line on stdin and runs each as a call: a private call directory and
a forked child that confines itself before any byte of the tool runs (``_template_call.py``). Calls
run at once, each in its own process group and Landlock domain; the template never runs untrusted
code, never reuses a child, and never lets a child touch its stdin or stdout. Each finished call is
answered with one JSON line on stdout, after its whole process group is gone.

Request: ``{"id": any, "tool_source": str, "payload": {...runner request...}, "read": [path, ...],
"limits": {...}, "nice": int}`` (``nice``: the asking thread's; the child lowers itself to it).
Answer: ``{"id": ..., "exit_code": int | null, "signal": int | null, "stdout": str, "stderr": str,
"timed_out": bool, "killed_reason": str | null, "duration_ms": float}``, or
``{"id": ..., "setup_error": str}`` when the call could not start.

Stdlib and trusted imports only; ``_kernel``, ``_runner`` and ``_template_call`` (which imports
``_confine``) are imported as top-level siblings, exactly as ``_confine.py`` runs them.
"""

# Descriptor-level os calls on purpose: this supervisor manages raw pipes and process groups.
# ruff: noqa: PTH100, PTH103, PTH108, PTH118, PTH120, PTH123
from __future__ import annotations

import contextlib
import gc
import importlib
import json
import os
import selectors
import sys
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _kernel  # type: ignore[import-not-found]
import _runner  # type: ignore[import-not-found]
from _template_call import CALLS_DIR, Call  # type: ignore[import-not-found]

_CHUNK = 1 << 16


def _preload(modules: list[str]) -> list[str]:
    """Import the trusted libraries once, so no child pays for them; the names that failed."""
    failed = []
    for name in modules:
        try:
            importlib.import_module(name)
        except ImportError:
            failed.append(name)
    return failed


_EXERCISE_CSV = "id,region,amount,when,note\n" + "".join(
    f"{i},{('North', 'South', 'East')[i % 3]},{i * 1.5},2024-01-{i % 28 + 1:02d},n{i}\n" for i in range(60)
)


def _exercise() -> None:
    """Run the runtime once on a tiny file of our own: pandas' lazy imports and caches load here, once.

    Trusted code on trusted data, before any child exists; a failure only means the children warm up
    themselves.
    """
    path = os.path.join(CALLS_DIR, "exercise.csv")
    try:
        from mcpforge import runtime

        with open(path, "w", encoding="utf-8") as handle:
            handle.write(_EXERCISE_CSV)
        runtime.configure(allowed_read_paths=[path])
        frame = runtime.load_csv_data_with_types(path)
        table = frame.groupby("region")["amount"].agg(["count", "mean", "sum"]).reset_index()
        runtime.format_markdown_table(table)
        runtime.output_footer({"operation": "exercise", "rows_processed": len(frame)})
        frame["when"].dt.to_period("M").value_counts()
    except (ImportError, OSError, ValueError, LookupError, TypeError, AttributeError):
        pass
    finally:
        with contextlib.suppress(ImportError):
            from mcpforge import runtime

            runtime.configure(allowed_read_paths=[])
        with contextlib.suppress(OSError):
            os.unlink(path)


def _reported_loads(stdout: str) -> list[Any]:
    """The loads a call reported in its result line (untrusted: only a hint of what to parse next)."""
    for line in reversed(stdout.splitlines()):
        if line.startswith(_runner.RESULT_MARKER):
            try:
                loads = json.loads(line[len(_runner.RESULT_MARKER) :]).get("loads")
            except (ValueError, AttributeError):
                return []
            return loads if isinstance(loads, list) else []
    return []


def _prime(request: dict[str, Any], answer: dict[str, Any]) -> None:
    """After answering: parse the files the call loaded, with its arguments, for the calls to come.

    Only files the call was given, only the loader's own arguments, only with the call's dataset
    limits; the parse is the runtime's, in this trusted process. A file that fails to load is left to
    the calls, which report the error themselves.
    """
    loads = _reported_loads(str(answer.get("stdout", "")))
    if not loads:
        return
    try:
        from mcpforge import runtime
        from mcpforge.exceptions import MCPForgeError
        from mcpforge.runtime import _warm_cache
    except ImportError:
        return
    limits = request["payload"].get("dataset_limits") or {}
    runtime.configure(
        allowed_read_paths=list(request["read"]),
        max_rows=limits.get("max_rows"),
        max_cols=limits.get("max_cols"),
        max_memory_mb=limits.get("max_memory_mb"),
    )
    for load in loads[: _warm_cache.MAX_RECORDED]:
        if not isinstance(load, dict) or load.get("path") not in request["read"]:
            continue
        if not _warm_cache.well_formed(load.get("arguments")):
            continue
        with contextlib.suppress(MCPForgeError, OSError, ValueError, TypeError, LookupError, MemoryError):
            _warm_cache.remember(load["path"], load["arguments"], runtime.load_csv_data_with_types)
    runtime.configure(allowed_read_paths=[])


def main(argv: list[str]) -> int:
    """Entry point inside the sandbox; ``argv[1]`` is the JSON configuration."""
    cfg = json.loads(argv[1])
    sys.path[:] = [os.path.dirname(os.path.abspath(__file__)), *cfg["sys_path"]]
    os.makedirs(CALLS_DIR, mode=0o700, exist_ok=True)
    # Arrow's mimalloc pool reserves about 1 GB of address space at its first use, which every call
    # would inherit outside its address-space limit; the template uses the system pool and each call
    # switches to mimalloc, which then reserves inside the call's limit (_template_call.py).
    os.environ["ARROW_DEFAULT_MEMORY_POOL"] = "system"
    if not cfg.get("huge_pages", True):  # for the template's imports and every call it forks
        _kernel.disable_transparent_huge_pages()
    failed = _preload(list(cfg["preload"]))
    _exercise()
    # A child cannot open the template's pipes through /proc/PID/fd (same uid): non-dumpable.
    _kernel.set_dumpable(False)
    gc.freeze()  # what is loaded now stays shared with every child instead of being copied on write
    _answer({"ready": True, "preload_failed": failed})
    # From here on nothing of the template's own goes to stderr (warnings of the parses for later
    # calls would pile up against the host's cap on it); each call has its own pipes.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    os.close(devnull)
    _serve(cfg)
    return 0


def _answer(message: dict[str, Any]) -> None:
    sys.stdout.buffer.write(json.dumps(message).encode() + b"\n")
    sys.stdout.buffer.flush()


def _serve(cfg: dict[str, Any]) -> None:
    """The event loop: requests on stdin (one JSON line each, with an ``id``), calls running at once.

    Each finished call is answered with its ``id``; then the files it loaded are parsed for the next
    calls (:func:`_prime`). Stdin at its end: the running calls finish, then the template exits.
    """
    selector = selectors.DefaultSelector()
    selector.register(0, selectors.EVENT_READ, None)
    pending = b""
    reading = True
    running: list[Call] = []
    while reading or running:
        wake = min((call.wake_at() for call in running), default=None)
        timeout = None if wake is None else max(wake - time.monotonic(), 0.0)
        for key, _ in selector.select(timeout):
            if key.data is not None:
                if not key.data.ready(key.fd):
                    selector.unregister(key.fd)
                continue
            chunk = os.read(0, _CHUNK)
            if not chunk:
                reading = False
                selector.unregister(0)
                continue
            pending += chunk
            while b"\n" in pending:
                line, _, pending = pending.partition(b"\n")
                call = _start(cfg, line)
                if call is not None:
                    running.append(call)
                    for fd in call.descriptors():
                        selector.register(fd, selectors.EVENT_READ, call)
        now = time.monotonic()
        for call in list(running):
            call.tick(now)
            if not call.done(now):
                continue
            running.remove(call)
            for fd in call.descriptors():
                with contextlib.suppress(KeyError, ValueError):
                    selector.unregister(fd)
            answer = call.finish()
            _answer(answer)
            if cfg.get("prime", True):
                _prime(call.request, answer)


def _start(cfg: dict[str, Any], line: bytes) -> Call | None:
    """Start the call a request line asks for; a request that cannot start is answered at once."""
    call_id: Any = None
    try:
        request = json.loads(line)
        call_id = request["id"]
        return Call(call_id, cfg, request)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        _answer({"id": call_id, "setup_error": f"{type(exc).__name__}: {exc}"})
        return None


if __name__ == "__main__":
    sys.exit(main(sys.argv))
