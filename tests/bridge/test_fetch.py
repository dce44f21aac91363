"""Fetching tool definitions from real MCP servers: in-process, stdio subprocess, streamable HTTP."""

from __future__ import annotations

import sys
import time
from typing import Any

import pytest
from fastmcp import FastMCP

from mcpforge.bridge.errors import MCPServerError
from mcpforge.bridge.fetch import (
    ServerSpec,
    fetch_tools_sync,
    merge_server_tools,
    parse_server,
    unique_server_names,
)
from mcpforge.exceptions import InvalidArgumentError


def test_urls_are_http_servers_and_other_strings_are_command_lines() -> None:
    assert parse_server("https://example.com/mcp") == ServerSpec(target="https://example.com/mcp")
    assert parse_server("mcpforge serve --registry 'my reg'") == ServerSpec(
        target=("mcpforge", "serve", "--registry", "my reg")
    )
    assert parse_server(["python", "server.py"]) == ServerSpec(target=("python", "server.py"))


@pytest.mark.parametrize("value", ["", "   ", "python 'unterminated"])
def test_an_unusable_command_line_is_rejected(value: str) -> None:
    with pytest.raises(InvalidArgumentError):
        parse_server(value)


def test_tools_of_several_servers_are_fetched_at_once_in_the_given_order(
    math_server: FastMCP[Any], stdio_command: list[str], http_url: str
) -> None:
    results = fetch_tools_sync([math_server, stdio_command, http_url], timeout=30)
    assert [r.name for r in results] == ["math", "demo", "demo"]
    assert [t.name for t in results[0].tools] == ["add", "divide", "echo", "norm"]
    assert [t.name for t in results[1].tools] == ["reverse", "word_count", "shout", "annotate"]
    assert [t.name for t in results[2].tools] == ["reverse", "word_count", "shout", "annotate"]
    assert results[1].tools[0].input_schema == {
        "type": "object",
        "additionalProperties": False,
        "properties": {"text": {"type": "string"}},
        "required": ["text"],
    }


def test_clashing_tool_names_are_prefixed_with_their_server(
    math_server: FastMCP[Any], text_server: FastMCP[Any]
) -> None:
    merged = merge_server_tools(fetch_tools_sync([math_server, text_server]))
    assert [(t.name, t.server, t.server_name) for t in merged] == [
        ("add", "math", "add"),
        ("divide", "math", "divide"),
        ("math_echo", "math", "echo"),
        ("norm", "math", "norm"),
        ("text_echo", "text", "echo"),
        ("lines", "text", "lines"),
    ]


def test_servers_with_the_same_name_get_distinct_prefixes() -> None:
    assert unique_server_names(["demo", "demo", "my server", "demo"]) == [
        "demo",
        "demo_2",
        "my_server",
        "demo_3",
    ]


def test_a_missing_command_fails_naming_the_server(math_server: FastMCP[Any]) -> None:
    with pytest.raises(MCPServerError) as info:
        fetch_tools_sync([math_server, "/nonexistent/mcp-server --flag"], timeout=10)
    assert info.value.server == "/nonexistent/mcp-server --flag"


def test_an_unreachable_url_fails_naming_the_server() -> None:
    with pytest.raises(MCPServerError) as info:
        fetch_tools_sync(["http://127.0.0.1:9/mcp"], timeout=10)
    assert info.value.server == "http://127.0.0.1:9/mcp"


def test_a_server_that_never_answers_fails_within_its_timeout() -> None:
    silent = [sys.executable, "-c", "import time; time.sleep(60)"]
    started = time.monotonic()
    with pytest.raises(MCPServerError) as info:
        fetch_tools_sync([silent], timeout=1.0)
    assert info.value.server.startswith(sys.executable)
    assert time.monotonic() - started < 15
