"""``mcpforge init``: the registry layout and a commented default mcpforge.yaml."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from mcpforge.cli._common import (
    ConfigOption,
    JsonOption,
    RegistryOption,
    cli_errors,
    load_cli_config,
    print_json,
)
from mcpforge.cli._render import echo

if TYPE_CHECKING:
    from mcpforge.config import MCPForgeConfig


def init_command(
    registry: RegistryOption = None,
    config: ConfigOption = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing configuration file.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Create the registry layout and a commented default mcpforge.yaml.

    Example: mcpforge init --registry ./registry
    """
    from mcpforge.registry import open_registry
    from mcpforge.registry.config_template import default_config_yaml

    with cli_errors(as_json=as_json):
        from mcpforge.config import CONFIG_FILE_NAME

        config_path = config or Path(CONFIG_FILE_NAME)
        cfg = load_cli_config(registry, config if config is not None and config.exists() else None)
        reg = open_registry(cfg)
        reg.init()
        written = False
        if config_path.exists() and not force:
            note = f"kept existing {str(config_path)!r} (use --force to overwrite)"
        else:
            from mcpforge.registry._atomic import atomic_write_text

            atomic_write_text(config_path, default_config_yaml(_without_secrets(cfg)))
            written = True
            note = f"wrote {str(config_path)!r}"
            if _without_secrets(cfg) != cfg:
                note += " without the database password (give it in PGPASSWORD or ~/.pgpass)"
        if as_json:
            print_json({"registry": reg.location, "config": str(config_path), "config_written": written})
        else:
            echo(f"Registry ready at {reg.location!r}; {note}.")


def _without_secrets(cfg: MCPForgeConfig) -> MCPForgeConfig:
    """``cfg`` as it may be written to mcpforge.yaml: a registry URL keeps no password."""
    from mcpforge.registry.urls import without_password

    registry = cfg.registry.model_copy(
        update={
            "root": without_password(cfg.registry.root),
            "url": without_password(cfg.registry.url) if cfg.registry.url else cfg.registry.url,
        }
    )
    return cfg.model_copy(update={"registry": registry})


def register(app: typer.Typer) -> None:
    """Add ``init`` to ``app``."""
    app.command("init")(init_command)
