"""``mcpforge client-config claude|cursor|vscode``: the server entry to paste into an MCP client.

Paths are absolute (clients start servers from their own working directory), and the command is the
console script of this very installation, so the entry works without an activated virtualenv.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any, Literal

import typer

from mcpforge.cli._common import ConfigOption, RegistryOption, cli_errors, fail, load_cli_config
from mcpforge.cli._render import echo

Client = Literal["claude", "cursor", "vscode"]
# Where each client reads its MCP servers from, told to the person with the entry.
WHERE = {
    "claude": "Claude Desktop: Settings > Developer > Edit Config (claude_desktop_config.json), "
    'merge into "mcpServers", then restart Claude Desktop',
    "cursor": "Cursor: ~/.cursor/mcp.json (all projects) or .cursor/mcp.json (this project), merge into "
    '"mcpServers"',
    "vscode": "VS Code: .vscode/mcp.json in the workspace (or 'MCP: Open User Configuration'), merge into "
    '"servers"',
}


def _console_script() -> str:
    script = Path(sys.executable).with_name("mcpforge")
    if script.exists():
        return str(script.resolve())
    argv0 = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    return str(argv0.resolve()) if argv0 is not None and argv0.exists() else "mcpforge"


def client_entry(
    client: Client, *, command: str, registry: Path, allow_read: list[Path], config: Path | None = None
) -> dict[str, Any]:
    """The JSON object to merge into ``client``'s configuration for a stdio ``mcpforge serve``
    (with ``--config`` when a project configuration is in effect: the client starts the server elsewhere)."""
    args = ["serve", "--registry", str(registry)]
    args += ["--config", str(config)] if config is not None else []
    for root in allow_read:
        args += ["--allow-read", str(root)]
    server: dict[str, Any] = {"command": command, "args": args}
    if client == "vscode":
        return {"servers": {"mcpforge": {"type": "stdio", **server}}}
    return {"mcpServers": {"mcpforge": server}}


def client_config_command(
    client: Annotated[str, typer.Argument(help="The MCP client: claude, cursor or vscode.")],
    allow_read: Annotated[
        list[Path] | None,
        typer.Option("--allow-read", help="Directory the tools may read (repeatable; default: here)."),
    ] = None,
    registry: RegistryOption = None,
    config: ConfigOption = None,
) -> None:
    """Print the ready-to-paste MCP server entry for a client (stdout), and where it goes (stderr).

    Example: mcpforge client-config claude --allow-read ~/data
    """
    with cli_errors():
        if client not in WHERE:
            fail(f"unknown client {client!r}; choose one of {', '.join(WHERE)}")
        cfg = load_cli_config(registry, config)
        from mcpforge.config import find_config_file

        in_effect = config or find_config_file()  # --config, $MCPFORGE_CONFIG or ./mcpforge.yaml
        roots = [Path(os.path.realpath(p.expanduser())) for p in (allow_read or [Path.cwd()])]
        for root in roots:
            if not root.is_dir():
                fail(f"--allow-read {str(root)!r} is not a directory")
        entry = client_entry(
            client,  # type: ignore[arg-type]  # checked against WHERE above
            command=_console_script(),
            registry=Path(os.path.realpath(Path(cfg.registry.root).expanduser())),
            allow_read=roots,
            config=Path(os.path.realpath(in_effect.expanduser())) if in_effect is not None else None,
        )
        echo(json.dumps(entry, indent=2))
        echo(f"Paste into {WHERE[client]}.", err=True)


def register(app: typer.Typer) -> None:
    """Add ``client-config`` to ``app``."""
    app.command("client-config")(client_config_command)
