"""``mcpforge registry migrate SRC DST``: copy a folder registry into PostgreSQL, or back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from mcpforge.cli._common import ConfigOption, JsonOption, cli_errors, load_cli_config, print_json
from mcpforge.cli._render import echo

if TYPE_CHECKING:
    from mcpforge.config import MCPForgeConfig

registry_app = typer.Typer(
    help="Whole-registry operations (copying between a folder and PostgreSQL).", no_args_is_help=True
)


def _open(target: str, config: MCPForgeConfig) -> Any:
    from mcpforge.registry import open_registry

    settings = config.registry.model_copy(update={"root": target, "url": None})
    return open_registry(config.model_copy(update={"registry": settings}))


@registry_app.command("migrate")
def migrate_command(
    source: Annotated[str, typer.Argument(help="The registry to copy: a folder or a postgresql:// URL.")],
    destination: Annotated[str, typer.Argument(help="An empty registry of the other kind.")],
    config: ConfigOption = None,
    as_json: JsonOption = False,
) -> None:
    """Copy a registry (candidates, tools, versions, audit log, events, choices; ids and times kept)
    between a folder and PostgreSQL. The destination must be empty.

    Example: mcpforge registry migrate ./registry postgresql://mcpforge@db/mcpforge
    """
    with cli_errors(as_json=as_json):
        from mcpforge.registry.migrate import copy_registry

        cfg = load_cli_config(config=config)
        src, dst = _open(source, cfg), _open(destination, cfg)
        try:
            snap = copy_registry(src, dst)
        finally:
            for reg in (src, dst):
                reg.close()
        counts = {
            "candidates": len(snap.candidates),
            "versions": len(snap.versions),
            "audit_rows": len(snap.audit),
            "events": len(snap.events),
        }
        if as_json:
            print_json({"source": src.location, "destination": dst.location, **counts})
            return
        echo(
            f"Copied {counts['candidates']} candidate(s), {counts['versions']} tool version(s), "
            f"{counts['audit_rows']} audit row(s) and {counts['events']} event(s) "
            f"from {src.location} to {dst.location}."
        )


def register(app: typer.Typer) -> None:
    """Add the ``registry`` group to ``app``."""
    app.add_typer(registry_app, name="registry")
