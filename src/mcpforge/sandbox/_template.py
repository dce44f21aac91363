"""The warm template: a pre-imported process inside a strong sandbox that runs tool calls.

Run as ``python -I -B _template.py CONFIG_JSON`` by bwrap, in the same fresh namespaces as any run
(uid 65534, the interpreter read-only, its data roots read-only, a size-capped ``/tmp``, no
network). Trusted code only: it imports the libraries tools use (pandas, numpy, the mcpforge runtime)
once, exercises them on a tiny file of its own, and then, before it reads any request, forks the
*zygote* (``_zygote.py``), the only process that forks calls. From then on this process is the
supervisor: it reads one request per line on stdin, hands each call's pipes to the zygote, writes the
request to the call, watches its capped output, enforces its wall-clock limit and answers. So no
request, argument, output or file of a person ever lives in the process a call is forked from
(``_template_call.py`` says what each call gets of its own). The template never runs untrusted code
and never lets a call touch its stdin or stdout.

Request: ``{"id": any, "tool_source": str, "payload": {...runner request...}, "read": [path, ...],
"limits": {...}, "nice": int}`` (``nice``: the asking thread's; the call lowers itself to it).
First, before the call is handed on: ``{"id": ..., "accepted": true}`` (from then on the call may
have run: the host never runs it again elsewhere). Answer: ``{"id": ..., "exit_code": int | null,
"signal": int | null, "stdout": str, "stderr": str, "timed_out": bool, "killed_reason": str | null,
"duration_ms": float}``, or ``{"id": ..., "setup_error": str}`` when the call could not start.

Stdlib and trusted imports only; ``_kernel``, ``_runner``, ``_zygote`` and ``_template_call`` (which
imports ``_confine``) are imported as top-level siblings, exactly as ``_confine.py`` runs them.
"""

# Descriptor-level os calls on purpose: this supervisor manages raw pipes and process groups.
# ruff: noqa: PTH100, PTH103, PTH108, PTH118, PTH120, PTH123
from __future__ import annotations

import contextlib
import functools
import gc
import importlib
import json
import os
import selectors
import socket
import sys
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import _kernel  # type: ignore[import-not-found]
import _zygote  # type: ignore[import-not-found]
from _template_call import CALLS_DIR, Call, child_main  # type: ignore[import-not-found]

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
    # A call cannot open the template's or the zygote's pipes through /proc/PID/fd (same uid).
    _kernel.set_dumpable(False)
    gc.freeze()  # what is loaded now stays shared with every call instead of being copied on write
    zygote = _start_zygote(cfg)
    _answer({"ready": True, "preload_failed": failed})
    # From here on nothing of the template's own goes to stderr (warnings of the parses for later
    # calls would pile up against the host's cap on it); each call has its own pipes.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    os.close(devnull)
    _serve(zygote)
    return 0


def _start_zygote(cfg: dict[str, Any]) -> socket.socket:
    """Fork the zygote now, while this process holds nothing but the libraries; its control socket."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    pid = os.fork()
    if pid == 0:
        ours.close()
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):  # the host's channel is the supervisor's alone
            os.dup2(devnull, fd)
        _zygote.serve(theirs, functools.partial(child_main, cfg))
    theirs.close()
    return ours


def _answer(message: dict[str, Any]) -> None:
    sys.stdout.buffer.write(json.dumps(message).encode() + b"\n")
    sys.stdout.buffer.flush()


def _serve(zygote: socket.socket) -> None:
    """The event loop: requests on stdin (one JSON line each, with an ``id``), calls running at once.

    Stdin at its end: the running calls finish, then the template exits (and with it the zygote).
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
                call = _start(zygote, line)
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
            _answer(call.finish())


def _start(zygote: socket.socket, line: bytes) -> Call | None:
    """Start the call a request line asks for; a request that cannot start is answered at once."""
    call_id: Any = None
    try:
        request = json.loads(line)
        call_id = request["id"]
        _answer({"id": call_id, "accepted": True})
        return Call(call_id, request, zygote)
    except (OSError, ValueError, KeyError, TypeError) as exc:
        _answer({"id": call_id, "setup_error": f"{type(exc).__name__}: {exc}"})
        return None


if __name__ == "__main__":
    sys.exit(main(sys.argv))
