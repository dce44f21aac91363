"""``serve --stateless`` and its shared request-state key: what is accepted, and one clear line otherwise."""

from __future__ import annotations

import base64
import secrets
import subprocess
from pathlib import Path

import pytest
from tests.team.harness import MCPFORGE, free_port

from mcpforge.config import MCPForgeConfig, load_config
from mcpforge.exceptions import ConfigError
from mcpforge.registry import Registry
from mcpforge.server._replicas import ChangeWaiter, WakingWatcher, parse_state_key, watcher_class

KEY = secrets.token_bytes(32)


@pytest.mark.parametrize(
    "text",
    [KEY.hex(), base64.b64encode(KEY).decode(), base64.urlsafe_b64encode(KEY).decode().rstrip("=")],
    ids=["hex", "base64", "base64url-unpadded"],
)
def test_a_key_is_read_from_hex_or_base64(text: str) -> None:
    assert parse_state_key(f" {text}\n") == KEY


@pytest.mark.parametrize(
    "text",
    ["", "abcd", KEY.hex()[:62], "not a key at all!", "ünïcode"],
    ids=["empty", "short", "31-bytes", "not-a-key", "non-ascii"],
)
def test_a_short_or_unreadable_key_is_refused(text: str) -> None:
    with pytest.raises(ConfigError, match="request_state_key"):
        parse_state_key(text)


def test_the_environment_sets_stateless_and_the_key() -> None:
    config = load_config(
        None, environ={"MCPFORGE_STATELESS": "true", "MCPFORGE_REQUEST_STATE_KEY": KEY.hex()}
    )
    assert (config.server.stateless, config.server.request_state_key) == (True, KEY.hex())


def test_a_registry_with_a_change_signal_gets_the_waking_watcher() -> None:
    class Signalling:
        def wait_for_change(self, timeout: float) -> bool:
            return False

    assert isinstance(Signalling(), ChangeWaiter)
    assert watcher_class(Signalling()) is WakingWatcher
    assert watcher_class(object()) is not WakingWatcher


def _serve(registry: Path, key: str | None, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(registry.parent)}
    if key is not None:
        env["MCPFORGE_REQUEST_STATE_KEY"] = key
    return subprocess.run(
        [MCPFORGE, "serve", "--registry", str(registry), *extra],
        capture_output=True, text=True, env=env, timeout=60, check=False,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("key", "extra", "expected"),
    [
        (None, ("--http", "0", "--stateless"), "needs --http and server.request_state_key"),
        ("abcd", ("--http", "0", "--stateless"), "is 2 bytes; it must be at least 32"),
        (KEY.hex(), ("--stateless",), "needs --http"),
    ],
    ids=["no-key", "short-key", "no-http"],
)
def test_serve_stateless_without_what_it_needs_says_so_in_one_line(
    tmp_path: Path, key: str | None, extra: tuple[str, ...], expected: str
) -> None:
    root = tmp_path / "registry"
    Registry(root, MCPForgeConfig.model_validate({"registry": {"root": str(root)}})).init()
    done = _serve(root, key, *[str(free_port()) if part == "0" else part for part in extra])
    assert done.returncode != 0
    assert expected in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
