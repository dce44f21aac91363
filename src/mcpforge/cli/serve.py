"""``mcpforge serve``: serve the promoted tools over MCP (stdio, or streamable HTTP with ``--http``)."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from mcpforge.cli._common import ConfigOption, RegistryOption, cli_errors, fail, load_cli_config

if TYPE_CHECKING:
    import socket

    from fastmcp import FastMCP

    from mcpforge.config import MCPForgeConfig
    from mcpforge.registry import RegistryBackend
    from mcpforge.server._auth import TokenTable

logger = logging.getLogger("mcpforge.cli")

HttpOption = Annotated[
    int | None,
    typer.Option("--http", help="Serve streamable HTTP on this port instead of stdio.", show_default=False),
]
HostOption = Annotated[
    str,
    typer.Option(
        "--host",
        help="Interface for --http. Anything but loopback (127.0.0.1, ::1, localhost) needs bearer tokens.",
    ),
]
TokensFileOption = Annotated[
    Path | None,
    typer.Option(
        "--tokens-file",
        help="Bearer tokens for --http (YAML: name, roles, sha256 per token); with tokens every request "
        "needs one. Also MCPFORGE_TOKENS or server.tokens_file. Make one with `mcpforge tokens new`.",
        show_default=False,
    ),
]
PublicNameOption = Annotated[
    list[str] | None,
    typer.Option(
        "--public-name",
        help="Host name clients use to reach --http besides the loopback ones (repeatable; name or "
        "name:port; adds to server.public_names). Requests naming any other Host are refused.",
        show_default=False,
    ),
]
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
StatelessOption = Annotated[
    bool,
    typer.Option(
        "--stateless",
        help="With --http: run as one of several replicas behind a load balancer, with no session ids "
        "(also server.stateless, MCPFORGE_STATELESS); needs server.request_state_key / "
        "MCPFORGE_REQUEST_STATE_KEY, the same on every replica.",
    ),
]
ReplicaNameOption = Annotated[
    str | None,
    typer.Option(
        "--replica-name",
        help="Name sent in the X-MCPForge-Replica header of every HTTP response (default: hostname-pid).",
        show_default=False,
    ),
]
LogFormatOption = Annotated[
    str | None,
    typer.Option(
        "--log-format",
        help="stderr as text, or json: one object per line with time, level, logger, message, request_id "
        "(also server.log_format, MCPFORGE_LOG_FORMAT).",
        show_default=False,
    ),
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
    tokens_file: TokensFileOption = None,
    public_name: PublicNameOption = None,
    stateless: StatelessOption = False,
    replica_name: ReplicaNameOption = None,
    log_format: LogFormatOption = None,
) -> None:
    """Serve the promoted tools to MCP clients; tools promoted or removed later appear without a restart.

    Example: mcpforge serve --registry ./registry --allow-read ./data
    Example: mcpforge serve --http 8765 --allow-read ./data
    Example: mcpforge serve --no-forge-tools --allow-read ./data
    Example: mcpforge serve --service networkx
    Example: mcpforge serve --http 8765 --host 0.0.0.0 --tokens-file tokens.yaml --public-name mcp.example.com
    Example: MCPFORGE_REQUEST_STATE_KEY=$(cat key) mcpforge serve --http 8765 --stateless
    """
    with cli_errors():
        from mcpforge.registry import open_registry
        from mcpforge.server import build_server

        cfg = load_cli_config(registry, config)
        _use_log_format(log_format or cfg.server.log_format)
        reg = open_registry(cfg)
        if not reg.is_initialized():
            fail(f"registry {reg.location!r} is not initialized; run `mcpforge init` first")
        roots = [str(path) for path in allow_read or []]
        for root in roots:
            if not Path(root).is_dir():
                fail(f"--allow-read {root!r} is not a directory")
        from mcpforge.sandbox import get_sandbox

        tokens = _http_tokens(cfg, tokens_file, host) if http is not None else None
        from mcpforge.server._replicas import STATE_KEY_HINT, request_state_security

        stateless = stateless or cfg.server.stateless
        sealing = request_state_security(cfg)
        if stateless and (http is None or sealing is None):
            fail("--stateless needs --http and server.request_state_key (MCPFORGE_REQUEST_STATE_KEY), the "
                 f"same secret on every replica; {STATE_KEY_HINT}")  # fmt: skip
        get_sandbox(cfg.sandbox)  # fail now, with the reason, rather than on every tool call
        if service is not None:
            from mcpforge.registry.file.services import active_services
            from mcpforge.registry.open import require_file_registry

            if service not in {s.name for s in active_services(require_file_registry(reg, "--service"))}:
                fail(f"no approved service {service!r}; convert it and approve it with `mcpforge review`")
        sock = None
        if http is not None:
            from mcpforge.cli._listen import bind_listener

            sock = bind_listener(host, http, option="--http")  # before anything says "serving"
        try:
            server = build_server(
                reg,
                cfg,
                allowed_read_paths=roots,
                poll_interval=poll_interval,
                forge_tools=forge_tools,
                service=service,
                warm_start=True,
                auth=tokens,
                stateless=stateless,
                request_state_security=sealing,
            )
            from mcpforge.server.stdio import run_stdio, stopped_by_sigterm

            with stopped_by_sigterm():
                if sock is None:
                    run_stdio(server)
                else:
                    what = f"service {service!r}" if service is not None else _tool_count(reg)
                    line = _startup_line(cfg, host, sock.getsockname()[1], tokens, what,
                                         forge=forge_tools and service is None)  # fmt: skip
                    _serve_http(server, cfg, host, sock, line, public_name or [], replica=replica_name,
                                stateless=stateless, registry=reg)  # fmt: skip
        finally:
            if sock is not None:
                sock.close()


def _serve_http(  # noqa: PLR0917 - the bound socket and what the guards need
    server: FastMCP[Any],
    cfg: MCPForgeConfig,
    host: str,
    sock: socket.socket,
    line: str,
    public: list[str],
    *,
    replica: str | None = None,
    stateless: bool = False,
    registry: RegistryBackend,
) -> None:
    """Print ``line`` and serve streamable HTTP on the bound ``sock``, behind the Host/Origin and
    JSON-RPC guards, with /healthz, /readyz, /metrics, request ids and a graceful SIGTERM
    (:mod:`mcpforge.server.ops_routes`)."""
    from starlette.middleware import Middleware

    from mcpforge.server._http_security import HostPolicy, guard_middleware
    from mcpforge.server._jsonrpc_guard import jsonrpc_guard_middleware
    from mcpforge.server._replicas import ReplicaHeader, default_replica_name
    from mcpforge.server.ops_routes import ServerOps
    from mcpforge.server.request_log import announce

    port = sock.getsockname()[1]
    policy = HostPolicy.for_server(
        host, port, [*cfg.server.public_names, *public], cfg.server.allowed_origins
    )
    ops = ServerOps(registry=registry, tokens=server.auth, policy=policy,
                    grace_seconds=cfg.server.shutdown_grace_seconds)  # fmt: skip
    ops.install(server)
    announce(line)
    # FastMCP's own Host/Origin guard is off: ours is stricter (ports, origins) and always on.
    server.run(
        transport="http", host=host, port=port, show_banner=False, sockets=[sock],
        middleware=[*ops.middleware(),  # before the guard: the probes answer any Host
                    Middleware(ReplicaHeader, name=replica or default_replica_name()),
                    *guard_middleware(policy), *jsonrpc_guard_middleware()],
        host_origin_protection=False, stateless_http=stateless,
        uvicorn_config=ops.uvicorn_config(),
    )  # fmt: skip


def _use_log_format(log_format: str) -> None:
    """Log to stderr as ``log_format`` says (text or json), or fail with one line."""
    from mcpforge.server.request_log import LOG_FORMATS, configure_log_format

    if log_format not in LOG_FORMATS:
        fail(f"--log-format {log_format!r}: choose text or json")
    configure_log_format(log_format)


def _http_tokens(cfg: MCPForgeConfig, tokens_file: Path | None, host: str) -> TokenTable | None:
    """The bearer tokens for ``--http``; refuses a non-loopback ``host`` without any."""
    from mcpforge.server._auth import TOKENS_ENV, load_tokens
    from mcpforge.server._http_security import is_loopback

    path = tokens_file or (Path(cfg.server.tokens_file).expanduser() if cfg.server.tokens_file else None)
    tokens = load_tokens(path, os.environ.get(TOKENS_ENV))
    from mcpforge.server._oidc import OidcIdentities, oidc_configured

    if oidc_configured(cfg.server):
        tokens = OidcIdentities(cfg.server, tokens)  # people from the provider, beside the tokens table
    if tokens is None and not is_loopback(host):
        fail(
            f"--host {host!r} is not loopback: serving it needs bearer tokens "
            f"(--tokens-file FILE, {TOKENS_ENV} or server.tokens_file; `mcpforge tokens new` makes one)"
        )
    return tokens


def _tool_count(reg: RegistryBackend) -> str:
    count = len(reg.indexed_tools())
    return f"{count} tool{'' if count == 1 else 's'}"


def _startup_line(
    cfg: MCPForgeConfig, host: str, port: int, tokens: TokenTable | None, what: str, *, forge: bool
) -> str:
    """What ``serve --http`` exposes, to whom: one line on stderr."""
    shown = f"[{host}]" if ":" in host else host
    if tokens is None:
        who = "no authentication (loopback only)"
    else:
        names = sorted({identity.name for identity in tokens.identities})
        who = f"bearer token required ({len(names)} identit{'y' if len(names) == 1 else 'ies'})"
    from mcpforge.registry.open import registry_target
    from mcpforge.registry.urls import mask_url

    return (
        f"mcpforge: serving {mask_url(registry_target(cfg))!r} on http://{shown}:{port}/mcp — {who}: "
        f"{what}, forge tools {'ON' if forge else 'OFF'}"
    )


def register(app: typer.Typer) -> None:
    """Add ``serve`` and the ``tokens`` group it reads to ``app``."""
    from mcpforge.cli._tokens import tokens_app

    app.command("serve")(serve)
    app.add_typer(tokens_app, name="tokens")
