"""Malformed JSON-RPC gets an error reply over real stdio and streamable HTTP, never silence.

Parse error (-32700, id null) when the text is not JSON; invalid request (-32600) when it is JSON but
not one valid message, with its id when one can be read. The server keeps answering afterwards.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from _serve_process import MCPFORGE, free_port, serving_http, write_config

from mcpforge.config import MCPForgeConfig
from mcpforge.registry import Registry

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
PROTOCOL = "2025-06-18"
INITIALIZE = {
    "jsonrpc": "2.0", "id": 1, "method": "initialize",
    "params": {"protocolVersion": PROTOCOL, "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
}  # fmt: skip
INITIALIZED = {"jsonrpc": "2.0", "method": "notifications/initialized"}

# (message as sent, expected error code, expected id)
MALFORMED = [
    ("garbage{", PARSE_ERROR, None),
    ('{"jsonrpc": "2.0", "id": 3, "method": "ping"', PARSE_ERROR, None),
    ('{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', INVALID_REQUEST, None),
    ('{"jsonrpc":"2.0","id":true,"method":"ping"}', INVALID_REQUEST, None),
    ('{"jsonrpc":"2.0","id":1.5,"method":"ping"}', INVALID_REQUEST, None),
    ('{"jsonrpc":"2.0","id":null,"method":"ping"}', INVALID_REQUEST, None),
    ('[{"jsonrpc":"2.0","id":2,"method":"ping"}]', INVALID_REQUEST, None),
    ("[]", INVALID_REQUEST, None),
    ('"just a string"', INVALID_REQUEST, None),
    ('{"jsonrpc":"2.0","id":7,"method":"ping","params":5}', INVALID_REQUEST, 7),
    ('{"jsonrpc":"1.0","id":"nine","method":"ping"}', INVALID_REQUEST, "nine"),
]
IDS = [
    "not-json", "truncated", "object-id", "bool-id", "float-id", "null-id", "batch", "empty-batch",
    "string", "bad-params", "wrong-version",
]  # fmt: skip


@pytest.fixture
def serve_args(
    registry: Registry, forge_config: MCPForgeConfig, data_root: Path, tmp_path: Path
) -> list[str]:
    config = write_config(forge_config, tmp_path / "mcpforge.yaml")
    return [
        "serve",
        "--registry",
        str(registry.root),
        "--config",
        str(config),
        "--allow-read",
        str(data_root),
    ]


class StdioPeer:
    """Raw lines to and from a real ``mcpforge serve`` over its stdin and stdout."""

    def __init__(self, args: list[str]) -> None:
        self.proc = subprocess.Popen(
            [MCPFORGE, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self._buffer = b""

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def receive(self, timeout: float = 30.0) -> dict[str, Any]:
        """The next message the server writes (fails after ``timeout`` seconds of silence)."""
        assert self.proc.stdout is not None
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buffer:
            wait = deadline - time.monotonic()
            if wait <= 0 or not select.select([self.proc.stdout], [], [], wait)[0]:
                pytest.fail("the server sent no reply")
            chunk = os.read(self.proc.stdout.fileno(), 1 << 16)
            if not chunk:
                pytest.fail("the server closed its stdout")
            self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        message: dict[str, Any] = json.loads(line)
        return message

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=30)
        finally:
            assert self.proc.stdout is not None
            self.proc.stdout.close()


@pytest.fixture
def stdio_peer(serve_args: list[str]) -> Iterator[StdioPeer]:
    peer = StdioPeer(serve_args)
    peer.send(json.dumps(INITIALIZE))
    assert peer.receive()["id"] == 1
    peer.send(json.dumps(INITIALIZED))
    yield peer
    peer.close()


def _assert_error(reply: dict[str, Any], code: int, request_id: object) -> None:
    assert reply["jsonrpc"] == "2.0"
    assert "id" in reply
    assert reply["id"] == request_id
    assert reply["error"]["code"] == code


def test_every_malformed_line_over_stdio_gets_its_error_and_the_server_keeps_answering(
    stdio_peer: StdioPeer,
) -> None:
    for (line, code, request_id), name in zip(MALFORMED, IDS, strict=True):
        stdio_peer.send(line)
        reply = stdio_peer.receive()
        assert "error" in reply, f"{name}: {reply}"
        _assert_error(reply, code, request_id)
    stdio_peer.send("")  # an empty line is no message: no reply, and no harm
    stdio_peer.send('{"jsonrpc":"2.0","id":99,"method":"ping"}')
    assert stdio_peer.receive() == {"jsonrpc": "2.0", "id": 99, "result": {}}


@pytest.fixture
def http_session(serve_args: list[str], tmp_path: Path) -> Iterator[tuple[str, dict[str, str]]]:
    port = free_port()
    with serving_http([*serve_args, "--http", str(port)], tmp_path / "serve.log", dict(os.environ)) as served:
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
        opened = httpx.post(served.url, json=INITIALIZE, headers=headers, timeout=30)
        assert opened.status_code == 200
        headers |= {"mcp-session-id": opened.headers["mcp-session-id"], "mcp-protocol-version": PROTOCOL}
        assert httpx.post(served.url, json=INITIALIZED, headers=headers, timeout=30).status_code == 202
        yield served.url, headers


def test_every_malformed_body_over_http_gets_its_error_and_the_server_keeps_answering(
    http_session: tuple[str, dict[str, str]],
) -> None:
    url, headers = http_session
    for (body, code, request_id), name in zip(MALFORMED, IDS, strict=True):
        answer = httpx.post(url, content=body, headers=headers, timeout=30)
        assert answer.status_code == 400, f"{name}: {answer.status_code} {answer.text!r}"
        _assert_error(answer.json(), code, request_id)
    ping = httpx.post(url, json={"jsonrpc": "2.0", "id": 5, "method": "ping"}, headers=headers, timeout=30)
    assert '"id":5,"result":{}' in ping.text
