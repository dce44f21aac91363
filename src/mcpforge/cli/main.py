"""The ``mcpforge`` console script: the warm ask process when it takes the ask, else the CLI here.

The CLI itself (its commands, built per process for the command it runs) is ``cli/commands.py``; its
names are found here too (``from mcpforge.cli.main import app``). This module imports neither typer nor
pydantic: ``mcpforge ask`` first offers itself to the user's warm ask process (``cli/warm_ask.py``),
which answers it in a fresh fork that has imported them already.
"""

from __future__ import annotations

import importlib
import signal
import sys
from types import FrameType
from typing import Any

EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for a command stopped with Ctrl-C


class Interrupted(BaseException):
    """Ctrl-C, raised instead of KeyboardInterrupt so that no layer (click's prompt, a broad handler)
    mistakes it for end of input or an error, and the command ends at once with nothing decided."""


def _interrupt(_signum: int, _frame: FrameType | None) -> None:
    raise Interrupted


def __getattr__(name: str) -> Any:
    """The CLI's names (``app``, ``app_for``, ``COMMAND_MODULES`` ...), from ``cli/commands.py``."""
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(importlib.import_module("mcpforge.cli.commands"), name)


def main() -> None:
    """Console-script entry point: ``ask`` is answered by the warm ask process when there is one
    (``warm_ask.answer_from_warm_process`` exits with its status); otherwise the command runs here."""
    if sys.argv[1:2] == ["ask"]:
        from mcpforge.cli.warm_ask import answer_from_warm_process

        answer_from_warm_process(sys.argv)
    main_here()


def main_here() -> None:
    """The command of ``sys.argv``, in this process: Ctrl-C ends with one line and exit status 130.

    Registry writes are atomic (temp file, fsync, rename, under a lock), so stopping at any point leaves
    either the state before the write or the state after it; a review interrupted at its prompt
    decides nothing and the candidate stays STAGED.
    """
    import logging

    from mcpforge.cli._render import TerminalFormatter
    from mcpforge.cli.commands import run

    signal.signal(signal.SIGINT, _interrupt)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    for handler in logging.getLogger().handlers:  # a logged message or traceback may quote a tool's text
        handler.setFormatter(TerminalFormatter(handler.formatter))
    try:
        run()
    except Interrupted:
        sys.stderr.write("\nmcpforge: interrupted; nothing was decided or half-written\n")
        sys.stderr.flush()
        raise SystemExit(EXIT_INTERRUPTED) from None
    except SystemExit as stop:
        ending = sys.modules.get("mcpforge.cli._exit")  # loaded by a one-answer command (``ask``)
        if ending is None:
            raise
        ending.finish(stop.code)  # every exit step but the modules' teardown (``cli/_exit.py``)


if __name__ == "__main__":
    main()
