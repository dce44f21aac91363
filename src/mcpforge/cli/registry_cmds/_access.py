"""What every registry command shares: the registry opened only once initialized, the acting person,
and tables that stay whole through a pipe."""

from __future__ import annotations

import getpass
from pathlib import Path
from typing import TYPE_CHECKING

from mcpforge.cli._common import load_cli_config
from mcpforge.cli._render import console, echo, stdout_is_terminal, terminal_text

if TYPE_CHECKING:
    from mcpforge.config import MCPForgeConfig
    from mcpforge.registry import FileStore, RegistryBackend


def actor() -> str:
    """The person at the keyboard, as recorded in the audit log."""
    try:
        return f"human:{getpass.getuser()}"
    except (OSError, KeyError):
        return "human:unknown"


def open_initialized(
    registry: Path | None, config: Path | None, *, damaged_ok: bool = False
) -> tuple[RegistryBackend, MCPForgeConfig]:
    """The configured registry; exits with one line when it has not been initialized.

    With ``damaged_ok`` (the doctor), a file registry that has an audit log but lost a metadata file is
    opened.
    """
    from mcpforge.registry import FileStore, RegistryNotInitializedError, open_registry

    cfg = load_cli_config(registry, config)
    reg = open_registry(cfg)
    damaged = damaged_ok and isinstance(reg, FileStore) and reg.audit.path.is_file()
    if not reg.is_initialized() and not damaged:
        raise RegistryNotInitializedError(reg.location)
    return reg, cfg


def services_store(reg: RegistryBackend, name: str) -> FileStore:
    """The file registry holding converted services, for a name that is no active tool: on another
    kind of registry (no services yet) the name is simply unknown."""
    from mcpforge.exceptions import NotFoundError
    from mcpforge.registry import FileStore

    if not isinstance(reg, FileStore):
        raise NotFoundError("tool", name)
    return reg


def print_table(title: str, columns: list[str], rows: list[list[str]]) -> None:
    """A rich table on a terminal; through a pipe, tab-separated lines with nothing cut (full ids)."""
    if not stdout_is_terminal():
        for line in [columns, *rows]:
            echo("\t".join(cell.replace("\t", " ").replace("\n", " ") for cell in line))
        return
    from rich.table import Table
    from rich.text import Text

    # Text cells: a tool's name or note holding "[bold]" is shown as written, never read as markup.
    table = Table(title=title)
    for column in columns:
        table.add_column(Text(terminal_text(column)))
    for row in rows:
        table.add_row(*(Text(terminal_text(cell)) for cell in row))
    console().print(table)
