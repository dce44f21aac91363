"""Real MCP servers for the bridge tests: in-process FastMCP servers, a stdio script, an HTTP process."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, Literal

import httpx
import pytest
from fastmcp import FastMCP
from pydantic import BaseModel, Field

DEMO_SERVER = Path(__file__).parent / "servers" / "demo_server.py"


class Point(BaseModel):
    """A point in the plane."""

    x: float
    y: float = 0.0


def build_math_server() -> FastMCP[Any]:
    """Tools with required/optional/enum/nested parameters, structured and text results, and an error."""
    mcp: FastMCP[Any] = FastMCP("math")

    @mcp.tool()
    def add(a: int, b: int) -> int:
        """Add two integers."""
        return a + b

    @mcp.tool()
    def divide(
        numerator: Annotated[float, Field(description="The number to divide")],
        denominator: Annotated[float, Field(description="The number to divide by")] = 1.0,
    ) -> dict[str, float]:
        """Divide two numbers; dividing by zero is an error."""
        if denominator == 0:
            raise ValueError("division by zero")
        return {"quotient": numerator / denominator}

    @mcp.tool()
    def echo(text: str, times: int = 1, mode: Literal["plain", "upper"] = "plain") -> str:
        """Repeat a text."""
        out = text * times
        return out.upper() if mode == "upper" else out

    @mcp.tool()
    def norm(point: Point, scale: float | None = None) -> float:
        """Euclidean norm of a point, optionally scaled."""
        value = float((point.x**2 + point.y**2) ** 0.5)
        return value * scale if scale is not None else value

    return mcp


def build_text_server() -> FastMCP[Any]:
    """A second server whose ``echo`` clashes with the math server's."""
    mcp: FastMCP[Any] = FastMCP("text")

    @mcp.tool()
    def echo(text: str) -> str:
        """Echo a text back, marked as coming from the text server."""
        return f"text:{text}"

    @mcp.tool()
    def lines(text: str) -> list[str]:
        """Split a text into lines."""
        return text.splitlines()

    return mcp


@pytest.fixture
def math_server() -> FastMCP[Any]:
    return build_math_server()


@pytest.fixture
def text_server() -> FastMCP[Any]:
    return build_text_server()


@pytest.fixture
def stdio_command() -> list[str]:
    """The command line of a real stdio MCP server process."""
    return [sys.executable, str(DEMO_SERVER)]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def http_url() -> Iterator[str]:
    """A real streamable-HTTP MCP server on 127.0.0.1 and a free port; waits (bounded) until it answers."""
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, str(DEMO_SERVER), "--http", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, "the HTTP test server exited"
            try:
                httpx.get(url, timeout=1.0)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the HTTP test server did not start within 30 s"
                time.sleep(0.05)  # polling a port with a deadline, not a sleep-based wait for an event
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture
def served_registry(tmp_path: Path, sandbox_config: Any) -> tuple[Path, Path]:
    """A registry with two promoted tools (``add_one``, ``add_two``) and a config file for the server."""
    import yaml

    from mcpforge.config import MCPForgeConfig
    from mcpforge.models import UserFeedback, utc_now
    from mcpforge.registry import Registry
    from mcpforge.registry.testing import make_candidate

    config = MCPForgeConfig.model_validate({"registry": {"root": str(tmp_path / "reg")},
                                            "sandbox": sandbox_config.model_dump()})  # fmt: skip
    config_file = tmp_path / "mcpforge.yaml"
    config_file.write_text(yaml.safe_dump(config.model_dump(mode="json")), encoding="utf-8")
    registry = Registry(Path(config.registry.root), config)
    registry.init()
    for name, variant in (("add_one", 1), ("add_two", 2)):
        candidate, files = make_candidate(name, variant=variant)
        staged = registry.stage_candidate(candidate, files, actor="test")
        feedback = UserFeedback(
            decision="APPROVED", notes="approve", timestamp=utc_now(), stage="registration"
        )
        registry.record_feedback(staged.candidate_id, feedback, actor="person")
        registry.promote(staged.candidate_id, actor="person")
    return Path(config.registry.root), config_file
