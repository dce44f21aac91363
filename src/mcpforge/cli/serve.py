"""``mcpforge serve``: serve the promoted tools over MCP (stdio, or streamable HTTP with ``--http``)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated

import typer

from mcpforge.cli._common import ConfigOption, RegistryOption, cli_errors, fail, load_cli_config

logger = logging.getLogger("mcpforge.cli")

HttpOption = Annotated[
    int | None,
    typer.Option("--http", help="Serve streamable HTTP on this port instead of stdio.", show_default=False),
]
HostOption = Annotated[str, typer.Option("--host", help="Interface for --http (keep 127.0.0.1).")]
AllowReadOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--allow-read",
        help="Directory tools may read from (repeatable; adds to security.allowed_read_paths).",
        show_default=False,
    ),
]
ForgeToolsOption = Annotated[
    bool,
    typer.Option(
        "--forge-tools/--no-forge-tools",
        help="Also serve forge_request, inspect_candidate, list_candidates and review_candidate "
        "(approval always needs the person's answer in their client).",
    ),
]
ServiceOption = Annotated[
    str | None,
    typer.Option("--service", help="Serve only this approved converted service.", show_default=False),
]
PollOption = Annotated[
    float, typer.Option("--poll-interval", help="Seconds between registry checks.", min=0.05)
]


def serve(  # noqa: PLR0917 - typer maps parameters to options
    registry: RegistryOption = None,
    http: HttpOption = None,
    host: HostOption = "127.0.0.1",
    allow_read: AllowReadOption = None,
    poll_interval: PollOption = 0.5,
    config: ConfigOption = None,
    forge_tools: ForgeToolsOption = True,
    service: ServiceOption = None,
) -> None:
    """Serve the promoted tools to MCP clients; tools promoted or removed later appear without a restart.

    Example: mcpforge serve --registry ./registry --allow-read ./data
    Example: mcpforge serve --http 8765 --allow-read ./data
    Example: mcpforge serve --no-forge-tools --allow-read ./data
    Example: mcpforge serve --service networkx
    """
    with cli_errors():
        from mcpforge.registry import Registry
        from mcpforge.server import build_server

        cfg = load_cli_config(registry, config)
        reg = Registry(Path(cfg.registry.root), cfg)
        if not reg.is_initialized():
            fail(f"registry {cfg.registry.root!r} is not initialized; run `mcpforge init` first")
        roots = [str(path) for path in allow_read or []]
        for root in roots:
            if not Path(root).is_dir():
                fail(f"--allow-read {root!r} is not a directory")
        from mcpforge.sandbox import get_sandbox

        get_sandbox(cfg.sandbox)  # fail now, with the reason, rather than on every tool call
        if service is not None:
            from mcpforge.registry.services import active_services

            if service not in {s.name for s in active_services(reg)}:
                fail(f"no approved service {service!r}; convert it and approve it with `mcpforge review`")
        server = build_server(
            reg,
            cfg,
            allowed_read_paths=roots,
            poll_interval=poll_interval,
            forge_tools=forge_tools,
            service=service,
            warm_start=True,
        )
        if http is None:
            server.run(transport="stdio", show_banner=False)
        else:
            typer.echo(f"mcpforge: serving {cfg.registry.root!r} on http://{host}:{http}/mcp", err=True)
            server.run(transport="http", host=host, port=http, show_banner=False)


def register(app: typer.Typer) -> None:
    """Add ``serve`` to ``app``."""
    app.command("serve")(serve)
