"""What the person sees on a terminal, and what a script gets through a pipe.

On a terminal, markdown (the presentation the pipeline writes) is rendered with rich; through a pipe it
is printed as it is, so scripts and files get the text unchanged. Commands suggested to the person are
spelled the way they can run them: ``mcpforge`` when that is on PATH and is this very program, else the
full path of the console script (a virtualenv that is not activated).
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

import typer


def stdout_is_terminal() -> bool:
    """Whether standard output is a terminal (rich rendering, truncated columns are fine)."""
    return sys.stdout.isatty()


def render_markdown(text: str) -> None:
    """Print ``text``: rendered markdown on a terminal, the text itself when piped or redirected."""
    if not stdout_is_terminal():
        typer.echo(text)
        return
    from rich.console import Console
    from rich.markdown import Markdown

    Console().print(Markdown(text))


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
