"""``mcpforge env``: agent environments over MCP; ``env compose`` writes the Compose file of one."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from mcpforge.cli._common import cli_errors
from mcpforge.cli._render import echo

env_app = typer.Typer(
    rich_markup_mode=None,
    help="Agent environments over MCP: deploy an environment and its MCP servers with Docker Compose.",
    no_args_is_help=True,
)


@env_app.command("compose")
def compose(
    config: Annotated[
        Path,
        typer.Argument(
            help="Environment configuration (YAML: name, image, mcp_servers).", show_default=False
        ),
    ],
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", help="Write the Compose file here (default: print it).", show_default=False
        ),
    ] = None,
) -> None:
    """Write the Compose file of an environment: one service per MCP server, on one shared network.

    The environment service is given MCP_SERVERS (the servers' URLs); secrets stay ${VAR} references,
    filled in by Compose from the shell or an .env file when the stack starts.

    Example: mcpforge env compose env.yaml -o compose.yaml && docker compose -f compose.yaml up -d
    """
    with cli_errors():
        from mcpforge.envs.compose import render_compose
        from mcpforge.envs.config import load_environment_config

        environment = load_environment_config(config)
        text = render_compose(environment)
        if output is None:
            sys.stdout.write(text)
            return
        output.write_text(text, encoding="utf-8")
    services = len(environment.mcp_servers)
    echo(
        f"wrote {output} ({services} MCP server{'' if services == 1 else 's'} and the environment)", err=True
    )


def register(app: typer.Typer) -> None:
    """Add the ``env`` command group to ``app``."""
    app.add_typer(env_app, name="env")
