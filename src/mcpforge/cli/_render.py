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
from typing import TYPE_CHECKING, Any

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
    """How the person can run this mcpforge again: ``mcpforge`` when that is on PATH and is this very
    program, else the console script's full path, else ``PYTHON -m mcpforge`` (never a bare name that
    the shell would not find)."""
    here = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    script = Path(sys.executable).with_name("mcpforge")
    if here is not None and here.name == "mcpforge" and here.exists():
        script = here
    if not script.exists():
        return f"{shlex.quote(sys.executable)} -m mcpforge"
    on_path = shutil.which("mcpforge")
    if on_path is not None and os.path.realpath(on_path) == os.path.realpath(script):
        return "mcpforge"
    return shlex.quote(str(script.resolve()))


def _given_on_command_line(ctx: typer.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source.name == "COMMANDLINE"


def command_hint(*arguments: str, registry: Path | None = None, config: Path | None = None) -> str:
    """The shell command for ``mcpforge ARGUMENTS``, as the person can paste it; ``registry`` and
    ``config`` are the running command's ``--registry`` / ``--config`` (when given), so the hint acts
    on the same registry with the same configuration."""
    from mcpforge.cli._common import registry_setting
    from mcpforge.registry.urls import mask_url

    words = list(arguments)
    if registry is not None:  # a URL's password is never printed
        words += ["--registry", mask_url(registry_setting(registry))]
    words += ["--config", str(config)] if config is not None else []
    return " ".join([_program(), *(shlex.quote(word) for word in words)])


def rerun_hint(ctx: typer.Context, option: str, values: list[str]) -> str:
    """The running command as it was typed (every argument and option given on the command line), with
    ``option`` (a repeatable one, e.g. ``--clarify``) given ``values`` instead: pastes as is in a shell."""
    names: list[str] = []
    parent: Any = ctx
    while parent is not None and parent.parent is not None:
        names.insert(0, str(parent.info_name))
        parent = parent.parent
    positional: list[str] = []
    options: list[str] = []
    for param in ctx.command.params:
        name = str(param.name)
        value = ctx.params.get(name)
        flag = param.opts[0]
        if flag == option or not _given_on_command_line(ctx, name):
            continue
        if param.param_type_name == "argument":
            positional.append(str(value))
        elif getattr(param, "is_flag", False):
            options += [flag] if value else []
        else:
            for one in value if isinstance(value, list | tuple) else [value]:
                options += [flag, str(one)]
    for value in values:
        options += [option, value]
    words = [*names, *positional, *options]
    if any(word.startswith("-") for word in positional):  # read as an option: after "--", options first
        words = [*names, *options, "--", *positional]
    return " ".join([_program(), *(shlex.quote(word) for word in words)])
