"""A library call that kills the service (a crash in C) costs that one tool, not every tool after it.

The SDK answers a call pending when the service died "connection closed", sometimes before the process is
reaped; the session then has to start a fresh service for the next call (convert's prover and ``serve``
share it). Before, each later tool of the library failed on the dead service and was dropped. The window
between the end of the stream and the reaping is short (the sandbox holds the pipe until it exits), so on
the old code this test failed only when the machine was busy, as in the pyswisseph conversion that lost
10 proven tools to one crashing call.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from mcpforge.config import MCPForgeConfig
from mcpforge.convert.pipeline import ConvertOptions, convert

CRASHLIB = '''
"""crashlib: one function that kills its process, then ordinary ones."""

import os
import signal

__all__ = ["crash_now", "double", "triple", "negate", "square"]


def crash_now(code: int) -> int:
    """Die the way a C extension does on a bad pointer.

    >>> crash_now(1)
    1
    """
    os.kill(os.getpid(), signal.SIGSEGV)
    return code


def double(x: int) -> int:
    """Twice ``x``.

    >>> double(2)
    4
    """
    return 2 * x


def triple(x: int) -> int:
    """Three times ``x``.

    >>> triple(2)
    6
    """
    return 3 * x


def negate(x: int) -> int:
    """``-x``.

    >>> negate(2)
    -2
    """
    return -x


def square(x: int) -> int:
    """``x`` squared.

    >>> square(3)
    9
    """
    return x * x
'''


def test_the_tools_after_a_crashing_one_are_still_proven(tmp_path: Path) -> None:
    package = tmp_path / "src" / "crashlib"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(CRASHLIB).lstrip(), encoding="utf-8")
    report = convert(
        ConvertOptions(source=str(package), out_dir=tmp_path / "out", stage=False),
        MCPForgeConfig(),
        registry_root=None,
    )
    by_tool = {outcome.tool: outcome for outcome in report.outcomes}
    assert {"double", "triple", "negate", "square"} <= {t for t, o in by_tool.items() if o.passed}, [
        (o.tool, o.passed, o.category, o.dropped_reason) for o in report.outcomes
    ]
    crashed = by_tool["crash_now"]
    assert not crashed.passed
    assert crashed.category == "server_crash", (crashed.category, crashed.dropped_reason)
