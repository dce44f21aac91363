"""``mcpforge ui``: the review page in the browser (staging inbox, each candidate, Approve / Reject)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from mcpforge.cli._common import ConfigOption, RegistryOption, cli_errors, load_cli_config
from mcpforge.cli._render import echo

UITokensFileOption = Annotated[
    Path | None,
    typer.Option(
        "--tokens-file",
        help="The bearer tokens of `serve --http` (also MCPFORGE_TOKENS or server.tokens_file): people "
        "sign in with their token, and only reviewers and admins decide.",
        show_default=False,
    ),
]


def ui_command(
    registry: RegistryOption = None,
    config: ConfigOption = None,
    port: Annotated[int, typer.Option(help="Port on 127.0.0.1 (0 picks a free one).")] = 0,
    tokens_file: UITokensFileOption = None,
) -> None:
    """Serve the review page on 127.0.0.1 and print its URL (with a one-time secret token).

    The page lists the staging inbox; each candidate shows what was computed, the result, the code,
    the contract, the validation report and its history, with Approve / Reject (a reason produces a
    corrected candidate). Only this machine can reach it, only with the printed URL. Ctrl-C stops it.

    With the team's bearer tokens (--tokens-file, MCPFORGE_TOKENS or server.tokens_file, as for
    `serve --http`) the URL holds no token: each person signs in with theirs, the page shows who is signed
    in, only the roles reviewer and admin approve or reject, and the audit log names the identity.

    Example: mcpforge ui --registry ./registry
    """
    from mcpforge.registry import RegistryNotInitializedError, open_registry
    from mcpforge.server._auth import TOKENS_ENV, load_tokens
    from mcpforge.ui import serve_ui

    with cli_errors():
        cfg = load_cli_config(registry, config)
        path = tokens_file or (Path(cfg.server.tokens_file).expanduser() if cfg.server.tokens_file else None)
        tokens = load_tokens(path, os.environ.get(TOKENS_ENV))
        from mcpforge.server._oidc import OidcIdentities, oidc_configured

        if oidc_configured(cfg.server):  # the same people as `serve`: the provider's JWTs sign in too
            tokens = OidcIdentities(cfg.server, tokens)
        reg = open_registry(cfg)
        if not reg.is_initialized():
            raise RegistryNotInitializedError(reg.location)
        try:
            server = serve_ui(reg, cfg, port=port, tokens=tokens)
        except OSError as exc:
            from mcpforge.cli._listen import cannot_listen

            raise cannot_listen("127.0.0.1", port, option="--port", error=exc) from None
        echo(f"Review page: {server.url}")
        if tokens is None:
            echo("Open it in a browser on this machine (the link works once); Ctrl-C stops the page.")
        else:
            names = ", ".join(sorted({identity.name for identity in tokens.identities}))
            provider = getattr(tokens, "provider", None)
            who = ", ".join(part for part in (names, f"people of {provider}" if provider else "") if part)
            echo(f"Sign in there with your bearer token ({who}); Ctrl-C stops the page.")
        server.run()


def register(app: typer.Typer) -> None:
    """Add ``ui`` to the CLI."""
    app.command("ui")(ui_command)
