"""The ``mcpforge`` command: noun groups with verb subcommands, one module per group."""

from __future__ import annotations

import importlib
import logging

import typer

app = typer.Typer(
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
    "mcpforge.cli.serve",
    "mcpforge.cli.sandbox_cmds",
    "mcpforge.cli.model",
    "mcpforge.cli.bridge_cmds",
    "mcpforge.cli.chat",
    "mcpforge.cli.convert_cmds",
)


@app.command("version")
def version() -> None:
    """Print the mcpforge version.  Example: mcpforge version"""
    from mcpforge import __version__

    typer.echo(__version__)


for _module_name in _COMMAND_MODULES:
    importlib.import_module(_module_name).register(app)


def main() -> None:
    """Console-script entry point."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    app()


if __name__ == "__main__":
    main()
