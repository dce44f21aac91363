"""How a process that lives for one answer ends: everything the interpreter does at exit, less the teardown.

After ``mcpforge ask`` has printed its answer, the interpreter's own exit tore down every module
(pandas, pyarrow, numpy, the forge) object by object: measured at a fifth of a second on an idle two-core
machine and over a second under load, with nothing to show for it. :func:`finish` does what
``Py_FinalizeEx`` does before that teardown, in the same order, and then ends the process:

1. waits for the threads that are not daemons, and runs threading's exit hooks (executors shut down and
   joined, their queued work done);
2. runs the ``atexit`` handlers (CodeBLEU scored and attached (``_deferred``), temporary directories
   removed by their finalizers, logging flushed and closed, multiprocessing children joined);
3. flushes stdout and stderr, then ``os._exit`` with the command's status.

Every write mcpforge makes is complete before it returns (registry files are written to a temporary name,
synced and renamed), so nothing is lost by skipping the teardown. Only processes that asked for it
(:func:`one_answer_process`, called by ``ask``; :func:`end_without_teardown`, by ``sandbox run``) end this
way; ``serve``, ``ui`` and the rest exit as usual.
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
from typing import NoReturn

_quick = False


def one_answer_process() -> None:
    """Mark this process as living for one answer: CodeBLEU is scored here, once the answer is out
    (``pipeline._deferred``), and the process ends with :func:`finish`."""
    from mcpforge.pipeline._deferred import defer_to_caller

    defer_to_caller()
    end_without_teardown()


def end_without_teardown() -> None:
    """Mark this process as ending with :func:`finish` (``sandbox run``: a fifth of its CPU time was the
    teardown of pydantic, typer and the configuration after the run had been printed)."""
    global _quick  # noqa: PLW0603 - one flag per process
    _quick = True


def exit_status(code: object) -> int:
    """The status ``SystemExit(code)`` ends a process with (a message is printed, as Python does)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def finish(code: object) -> NoReturn:
    """End the process with ``SystemExit(code)``'s status; quickly when it is a one-answer process."""
    if not _quick or threading.current_thread() is not threading.main_thread():
        raise SystemExit(code)
    status = exit_status(code)
    threading._shutdown()  # type: ignore[attr-defined]  # step 1 of Py_FinalizeEx
    atexit._run_exitfuncs()  # step 2 of Py_FinalizeEx
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: what the interpreter would ignore too
            status = status or 120  # as Python: a failed flush of stdout at exit is status 120
    os._exit(status)
