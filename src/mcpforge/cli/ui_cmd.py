"""``mcpforge ui``: the review page in the browser (staging inbox, each candidate, Approve / Reject)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mcpforge.cli._common import ConfigOption, RegistryOption, cli_errors, load_cli_config
from mcpforge.cli._render import echo


def ui_command(
    registry: RegistryOption = None,
    config: ConfigOption = None,
    port: Annotated[int, typer.Option(help="Port on 127.0.0.1 (0 picks a free one).")] = 0,
) -> None:
    """Serve the review page on 127.0.0.1 and print its URL (with a one-time secret token).

    The page lists the staging inbox; each candidate shows what was computed, the result, the code,
    the contract, the validation report and its history, with Approve / Reject (a reason produces a
    corrected candidate). Only this machine can reach it, only with the printed URL. Ctrl-C stops it.

    Example: mcpforge ui --registry ./registry
    """
    from mcpforge.registry import Registry, RegistryNotInitializedError
    from mcpforge.ui import serve_ui

    with cli_errors():
        cfg = load_cli_config(registry, config)
        reg = Registry(Path(cfg.registry.root), cfg)
        if not reg.is_initialized():
            raise RegistryNotInitializedError(reg.root)
        try:
            server = serve_ui(reg, cfg, port=port)
        except OSError as exc:
            from mcpforge.cli._listen import cannot_listen

            raise cannot_listen("127.0.0.1", port, option="--port", error=exc) from None
        echo(f"Review page: {server.url}")
        echo("Open it in a browser on this machine (the link works once); Ctrl-C stops the page.")
        server.run()


def register(app: typer.Typer) -> None:
    """Add ``ui`` to the CLI."""
    app.command("ui")(ui_command)
