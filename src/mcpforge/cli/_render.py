"""What the person sees on a terminal, and what a script gets through a pipe.

On a terminal, markdown (the presentation the pipeline writes) is rendered with rich; through a pipe it
is printed unrendered, so scripts and files get the markdown itself. Whatever the CLI prints as text goes
through :func:`echo` (or :func:`terminal_text` before rich), so no byte from a tool, a library or a file
reaches a terminal as a control: escapes, carriage returns and bidi overrides are removed
(:mod:`mcpforge.shown_text`), and rich never reads data as console markup.

Commands suggested to the person are spelled the way they can run them: ``mcpforge`` when that is on
PATH and is this very program, else the full path of the console script (a virtualenv that is not activated).
"""

from __future__ import annotations

import logging
import os
import shlex
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

from mcpforge.shown_text import strip_controls

if TYPE_CHECKING:  # rich loads when something is rendered, not for --help
    from rich.console import Console


def stdout_is_terminal() -> bool:
    """Whether standard output is a terminal (rich rendering, truncated columns are fine)."""
    return sys.stdout.isatty()


def terminal_text(text: object) -> str:
    """``text`` as the CLI may print it: every control character that could steer a terminal removed."""
    return strip_controls(str(text))


def echo(message: object = "", *, err: bool = False, nl: bool = True) -> None:
    """``typer.echo`` of ``message`` with its control characters removed (every text line the CLI prints)."""
    typer.echo(terminal_text(message), err=err, nl=nl)


def console(*, stderr: bool = False) -> Console:
    """A rich Console that never reads console markup (``[bold]`` in data stays text) nor emoji codes."""
    from rich.console import Console

    return Console(stderr=stderr, markup=False, emoji=False, highlight=False)


class TerminalFormatter(logging.Formatter):
    """A log formatter whose lines (tracebacks included) carry no control characters."""

    def __init__(self, inner: logging.Formatter | None = None) -> None:
        super().__init__()
        self._inner = inner or logging.Formatter()

    def format(self, record: logging.LogRecord) -> str:
        return terminal_text(self._inner.format(record))


def render_markdown(text: str) -> None:
    """Print ``text``: rendered markdown on a terminal, the text itself when piped or redirected.

    Links are shown with their address (no hidden terminal hyperlinks).
    """
    text = terminal_text(text)
    if not stdout_is_terminal():
        typer.echo(text)
        return
    from rich.markdown import Markdown

    console().print(Markdown(text, hyperlinks=False))


def _program() -> str:
    """How the person can run this mcpforge again."""
    here = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    script = Path(sys.executable).with_name("mcpforge")
    if here is not None and here.name == "mcpforge":
        script = here
    on_path = shutil.which("mcpforge")
    if on_path is not None and script.exists() and os.path.realpath(on_path) == os.path.realpath(script):
        return "mcpforge"
    if not script.exists():
        return "mcpforge"
    return shlex.quote(str(script.resolve()))


def command_hint(*arguments: str) -> str:
    """The shell command for ``mcpforge ARGUMENTS``, as the person can paste it."""
    return " ".join([_program(), *(shlex.quote(argument) for argument in arguments)])
