"""``mcpforge bridge``: hand the tools of MCP servers to agents (OpenAI / Anthropic function calling)."""

from __future__ import annotations

from typing import Annotated

import typer

from mcpforge.cli._common import cli_errors, fail, print_json
from mcpforge.cli._render import echo

bridge_app = typer.Typer(
    rich_markup_mode=None,
    help="Hand the tools of MCP servers to agents: OpenAI and Anthropic tool definitions.",
    no_args_is_help=True,
)

ServerOption = Annotated[
    list[str],
    typer.Option(
        "--server",
        "-s",
        help="An MCP server: an http(s):// URL (streamable HTTP) or a command line run as a stdio server. "
        "Repeat for several servers; a tool name two servers share is prefixed with the server's name.",
        show_default=False,
    ),
]
TimeoutOption = Annotated[
    float, typer.Option("--timeout", min=0.1, help="Seconds allowed for starting and listing each server.")
]


@bridge_app.command("openai-tools")
def openai_tools(
    server: ServerOption,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="Strict function calling schemas; a tool that cannot be strict is left out, with a "
            "warning naming it and the part of its schema that cannot be strict.",
        ),
    ] = False,
    timeout: TimeoutOption = 30.0,
) -> None:
    """Print the OpenAI function-calling definitions of the servers' tools as a JSON list.

    Example: mcpforge bridge openai-tools --server "mcpforge serve --registry ./registry" --strict
    """
    from mcpforge.bridge.fetch import fetch_tools_sync, merge_server_tools
    from mcpforge.bridge.openai import to_openai_tools, to_strict_openai_tools

    with cli_errors():
        listed = merge_server_tools(fetch_tools_sync(server, timeout=timeout))
        if not strict:
            print_json(to_openai_tools(listed))
            return
        tools, skipped = to_strict_openai_tools(listed)
        for refusal in skipped:
            echo(f"warning: left out (run without --strict to include it): {refusal}", err=True)
        if skipped and not tools:
            fail(f"none of the {len(skipped)} tools can be made strict")
    print_json(tools)


@bridge_app.command("anthropic-tools")
def anthropic_tools(server: ServerOption, timeout: TimeoutOption = 30.0) -> None:
    """Print the Anthropic tool definitions of the servers' tools as a JSON list.

    Example: mcpforge bridge anthropic-tools --server http://127.0.0.1:8000/mcp
    """
    from mcpforge.bridge.anthropic import to_anthropic_tools
    from mcpforge.bridge.fetch import fetch_tools_sync, merge_server_tools

    with cli_errors():
        tools = to_anthropic_tools(merge_server_tools(fetch_tools_sync(server, timeout=timeout)))
    print_json(tools)


def register(app: typer.Typer) -> None:
    """Add the ``bridge`` command group to ``app``."""
    app.add_typer(bridge_app, name="bridge")
