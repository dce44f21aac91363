"""Start-up mistakes through the real CLI: one clear line, an exit code that is not 3 ("a question")."""

from __future__ import annotations

import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from _serve_process import MCPFORGE, write_config

from mcpforge.config import MCPForgeConfig
from mcpforge.registry import Registry

EXIT_USER_ERROR = 2


@pytest.fixture
def busy_port() -> Iterator[int]:
    """A port another program listens on."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield sock.getsockname()[1]


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [MCPFORGE, *args], check=False, capture_output=True, text=True, timeout=120, cwd=cwd,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip


def _one_line_error(completed: subprocess.CompletedProcess[str]) -> str:
    assert completed.returncode == EXIT_USER_ERROR, completed.stderr
    assert "Traceback" not in completed.stderr
    lines = [line for line in completed.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, completed.stderr
    assert lines[0].startswith("error: ")
    return lines[0]


def test_serve_http_on_a_busy_port_says_so_and_never_claims_to_serve(
    registry: Registry, forge_config: MCPForgeConfig, data_root: Path, tmp_path: Path, busy_port: int
) -> None:
    config = write_config(forge_config, tmp_path / "mcpforge.yaml")
    completed = _run(
        ["serve", "--registry", str(registry.root), "--config", str(config), "--allow-read", str(data_root),
         "--http", str(busy_port)],
        tmp_path,
    )  # fmt: skip
    line = _one_line_error(completed)
    assert f"127.0.0.1:{busy_port}" in line
    assert "already in use" in line
    assert "serving" not in completed.stderr


def test_ui_on_a_busy_port_says_so_in_one_line(
    registry: Registry, forge_config: MCPForgeConfig, tmp_path: Path, busy_port: int
) -> None:
    config = write_config(forge_config, tmp_path / "mcpforge.yaml")
    completed = _run(
        ["ui", "--registry", str(registry.root), "--config", str(config), "--port", str(busy_port)], tmp_path
    )
    line = _one_line_error(completed)
    assert f"127.0.0.1:{busy_port} (--port)" in line


@pytest.mark.parametrize(
    "command",
    [
        ["init"],
        ["ask", "total amount by region", "--data", "sales.csv", "--no-review"],
        ["serve"],
        ["tools", "list"],
    ],
    ids=["init", "ask", "serve", "tools-list"],
)
def test_a_registry_that_names_a_file_is_one_line(command: list[str], tmp_path: Path) -> None:
    (tmp_path / "sales.csv").write_text("region,amount\nNorth,1\nSouth,2\n", encoding="utf-8")
    (tmp_path / "not-a-dir").write_text("a file\n", encoding="utf-8")
    line = _one_line_error(_run([*command, "--registry", "not-a-dir"], tmp_path))
    assert "'not-a-dir' is a file, not a directory" in line


def test_a_registry_under_a_file_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "not-a-dir").write_text("a file\n", encoding="utf-8")
    line = _one_line_error(_run(["init", "--registry", "not-a-dir/registry"], tmp_path))
    assert "lies under 'not-a-dir', which is a file" in line
