"""``mcpforge tokens new``: a bearer token for ``mcpforge serve --http``, stored only as its sha256."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mcpforge.cli._common import cli_errors

tokens_app = typer.Typer(
    rich_markup_mode=None,
    help="Bearer tokens for `mcpforge serve --http` (who may call it, with which roles).",
    no_args_is_help=True,
)


@tokens_app.command("new")
def new(
    name: Annotated[str, typer.Argument(help="Who will hold the token (letters, digits, _ . @ -).")],
    role: Annotated[
        list[str],
        typer.Option(
            "--role",
            help="caller (call promoted tools), requester (forge), reviewer (approve), admin (all), "
            "metrics (GET /metrics only); repeatable.",
        ),
    ],
    file: Annotated[Path, typer.Option("--file", help="Tokens file to add to (created owner-only).")] = Path(
        "tokens.yaml"
    ),
) -> None:
    """Add a fresh token for NAME to the tokens file and print it once on stdout (the file keeps its sha256).

    Example: mcpforge tokens new alice --role requester --role reviewer --file tokens.yaml
    Then:    mcpforge serve --http 8765 --host 0.0.0.0 --tokens-file tokens.yaml
    """
    with cli_errors():
        from mcpforge.server._auth import add_token

        token = add_token(file, name, role)
        typer.echo(
            f"mcpforge: added {name!r} ({', '.join(role)}) to {str(file)!r}; the token is shown once",
            err=True,
        )
        typer.echo(token)
