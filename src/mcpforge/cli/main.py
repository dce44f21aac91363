"""The ``mcpforge`` command: noun groups with verb subcommands, one module per group."""

from __future__ import annotations

import importlib
import logging
import signal
import sys
from types import FrameType
from typing import Annotated

import typer

# Plain (click) help and usage errors, in every group: rich's help renderer costs about as much start-up
# as the rest of the CLI together (``python -X importtime -m mcpforge --help``), and `--help` is where
# people feel start-up most.
app = typer.Typer(
    rich_markup_mode=None,
    name="mcpforge",
    help="Grow a trustworthy library of MCP tools from plain-language requests.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)

# Each module defines ``register(app)``; the order is the order of --help.
_COMMAND_MODULES = (
    "mcpforge.cli.ask",
    "mcpforge.cli.registry_cmds",
    "mcpforge.cli.registry_migrate",
    "mcpforge.cli.serve",
    "mcpforge.cli.client_config",
    "mcpforge.cli.sandbox_cmds",
    "mcpforge.cli.model",
    "mcpforge.cli.bridge_cmds",
    "mcpforge.cli.chat",
    "mcpforge.cli.env_cmds",
    "mcpforge.cli.convert_cmds",
    "mcpforge.cli.ui_cmd",
    "mcpforge.cli.worker_cmd",
)


EXIT_INTERRUPTED = 130  # 128 + SIGINT, what shells report for a command stopped with Ctrl-C


class Interrupted(BaseException):
    """Ctrl-C, raised instead of KeyboardInterrupt so that no layer (click's prompt, a broad handler)
    mistakes it for end of input or an error, and the command ends at once with nothing decided."""


def _interrupt(_signum: int, _frame: FrameType | None) -> None:
    raise Interrupted


def _print_version(value: bool) -> None:
    if value:
        from mcpforge import __version__

        typer.echo(f"mcpforge {__version__}")
        raise typer.Exit


@app.callback()
def _root(
    _version: Annotated[
        bool,
        typer.Option("--version", help="Print the version and exit.", callback=_print_version, is_eager=True),
    ] = False,
) -> None:
    """Grow a trustworthy library of MCP tools from plain-language requests."""


@app.command("version")
def version() -> None:
    """Print the mcpforge version.  Example: mcpforge version"""
    from mcpforge import __version__

    typer.echo(__version__)


for _module_name in _COMMAND_MODULES:
    importlib.import_module(_module_name).register(app)


def main() -> None:
    """Console-script entry point: Ctrl-C ends with one line and exit status 130.

    Registry writes are atomic (temp file, fsync, rename, under a lock), so stopping at any point leaves
    either the state before the write or the state after it; a review interrupted at its prompt
    decides nothing and the candidate stays STAGED.
    """
    from mcpforge.cli._render import TerminalFormatter

    signal.signal(signal.SIGINT, _interrupt)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    for handler in logging.getLogger().handlers:  # a logged message or traceback may quote a tool's text
        handler.setFormatter(TerminalFormatter(handler.formatter))
    try:
        app()
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
