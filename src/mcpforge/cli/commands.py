"""The ``mcpforge`` command line itself: noun groups with verb subcommands, one module per group.

``cli/main.py`` is the console script's entry point and imports this (and with it typer) only when the
command runs in this process: an ``ask`` answered by the warm ask process (``cli/warm_ask.py``) never
loads it in the person's process.
"""

from __future__ import annotations

import functools
import importlib
import sys
from typing import TYPE_CHECKING, Annotated

import typer
from typer.main import get_command

if TYPE_CHECKING:
    from collections.abc import Callable

    from typer.models import CommandInfo, TyperInfo

    app: typer.Typer  # the whole CLI, made at its first use (``__getattr__``)

# Each module defines ``register(app)``, adding the commands and groups named here; the order is the
# order of --help. A process that runs one of them imports that module alone (``app_for``); a test keeps
# the names true to what each module registers.
COMMAND_MODULES: dict[str, tuple[str, ...]] = {
    "mcpforge.cli.ask": ("ask", "add-tool"),
    "mcpforge.cli.registry_cmds": ("init", "review", "promote", "stats", "doctor", "tools", "candidates"),
    "mcpforge.cli.registry_migrate": ("registry",),
    "mcpforge.cli.serve": ("serve", "tokens"),
    "mcpforge.cli.client_config": ("client-config",),
    "mcpforge.cli.sandbox_cmds": ("check", "sandbox"),
    "mcpforge.cli.model": ("model",),
    "mcpforge.cli.bridge_cmds": ("bridge",),
    "mcpforge.cli.chat": ("chat",),
    "mcpforge.cli.env_cmds": ("env",),
    "mcpforge.cli.convert_cmds": ("convert",),
    "mcpforge.cli.ui_cmd": ("ui",),
    "mcpforge.cli.worker_cmd": ("worker",),
}


def _print_version(value: bool) -> None:
    if value:
        from mcpforge import __version__

        typer.echo(f"mcpforge {__version__}")
        raise typer.Exit


def _root(
    _version: Annotated[
        bool,
        typer.Option("--version", help="Print the version and exit.", callback=_print_version, is_eager=True),
    ] = False,
) -> None:
    """Grow a trustworthy library of MCP tools from plain-language requests."""


def version() -> None:
    """Print the mcpforge version.  Example: mcpforge version"""
    from mcpforge import __version__

    typer.echo(__version__)


def _root_app() -> typer.Typer:
    """The CLI with its root options and ``version``, before any module adds its commands.

    Plain (click) help and usage errors, in every group: rich's help renderer costs about as much
    start-up as the rest of the CLI together (``python -X importtime -m mcpforge --help``), and `--help`
    is where people feel start-up most.
    """
    made = typer.Typer(
        rich_markup_mode=None,
        name="mcpforge",
        help="Grow a trustworthy library of MCP tools from plain-language requests.",
        no_args_is_help=True,
        pretty_exceptions_enable=False,
        add_completion=False,
    )
    made.callback()(_root)
    made.command("version")(version)
    return made


@functools.cache
def registered_by(module: str) -> tuple[list[CommandInfo], list[TyperInfo]]:
    """The commands and groups ``module`` registers (once per process, whichever apps show them)."""
    scratch = typer.Typer()
    importlib.import_module(module).register(scratch)
    return scratch.registered_commands, scratch.registered_groups


@functools.cache
def _whole_app() -> typer.Typer:
    whole = _root_app()
    for module in COMMAND_MODULES:
        commands, groups = registered_by(module)
        whole.registered_commands += commands
        whole.registered_groups += groups
    return whole


def __getattr__(name: str) -> typer.Typer:
    if name == "app":
        return _whole_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _command_name(info: CommandInfo) -> str | None:
    if info.name:
        return info.name
    return None if info.callback is None else info.callback.__name__.lower().replace("_", "-")


def _group_name(info: TyperInfo) -> str | None:
    if isinstance(info.name, str):
        return info.name
    instance = info.typer_instance
    name = None if instance is None else instance.info.name
    return name if isinstance(name, str) else None


def app_for(argv: list[str]) -> typer.Typer:
    """The CLI with only the command that ``argv`` names, or all of it when ``argv`` names none.

    Typer turns every parameter of every command into click's form (a pydantic ``TypeAdapter`` each)
    before it looks at the arguments: about 0.1 s of each process's start-up for ~100 commands. A
    process runs one command, so only that one is built, and only its module is imported; ``--help``,
    ``--version`` and an unknown name still see the whole CLI (its list of commands and its suggestions).
    """
    return _app_named(None if len(argv) < 2 or argv[1].startswith("-") else argv[1])


def run() -> None:
    """Run the command of ``sys.argv``, as ``app_for(sys.argv)()`` would.

    Typer builds click's form of the command at each call; here it is built once per process
    (:func:`click_command`), so that the warm ask zygote builds ``ask``'s before it forks and no child pays
    for it (about 10 ms of a refused ask's child). The form holds no request's state: it is made from the
    commands' signatures alone, and each child invokes its own copy once.
    """
    click_command(app_for(sys.argv))()


@functools.cache
def click_command(app: typer.Typer) -> Callable[[], object]:
    """click's form of ``app`` (one of :func:`app_for`'s, which are made once per name), built once."""
    return get_command(app)


@functools.cache
def _app_named(name: str | None) -> typer.Typer:
    if name is None:
        return _whole_app()
    only = _root_app()
    module = next((module for module, names in COMMAND_MODULES.items() if name in names), None)
    commands, groups = registered_by(module) if module is not None else ([], [])
    only.registered_commands = [
        info for info in [*only.registered_commands, *commands] if _command_name(info) == name
    ]
    only.registered_groups = [info for info in groups if _group_name(info) == name]
    if not only.registered_commands and not only.registered_groups:
        return _whole_app()
    return only
