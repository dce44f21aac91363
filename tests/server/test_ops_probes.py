"""``/healthz`` and ``/readyz`` of ``mcpforge serve --http``: liveness, readiness, the Host they answer."""

from __future__ import annotations

import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from _ops_helpers import serve_args
from _serve_process import free_port, own_tmpdir, run_env, serving_http, write_config
from starlette.applications import Starlette
from starlette.middleware import Middleware

from mcpforge.config import MCPForgeConfig
from mcpforge.registry import Registry
from mcpforge.server._auth import add_token
from mcpforge.server._http_security import HostPolicy
from mcpforge.server.ops_routes import OpsRoutes, Readiness, ServerOps

FOREIGN_HOST = "10.9.8.7"  # what a Kubernetes probe sends: the pod's address, no configured name


@pytest.fixture
def tmpdir_of_serve() -> Iterator[Path]:
    """A TMPDIR the sandbox uid may traverse (pytest's own folders are private)."""
    with own_tmpdir() as path:
        yield path


def _get(port: int, path: str, host: str | None = None, method: str = "GET") -> httpx.Response:
    headers = {"Host": host} if host else {}
    return httpx.request(method, f"http://127.0.0.1:{port}{path}", headers=headers, timeout=10)


def _wait_for_status(port: int, path: str, status: int, timeout: float = 10) -> httpx.Response:
    deadline = time.monotonic() + timeout
    while True:
        answer = _get(port, path)
        if answer.status_code == status or time.monotonic() > deadline:
            return answer
        time.sleep(0.2)  # the registry watcher and the probe run on their own; bounded by the deadline


def test_readyz_follows_the_registry_while_healthz_stays_ok(
    registry: Registry, forge_config: MCPForgeConfig, data_root: Path, tmp_path: Path, tmpdir_of_serve: Path
) -> None:
    config = write_config(forge_config, tmp_path / "mcpforge.yaml")
    port = free_port()
    root = Path(registry.root)
    moved = root.with_name(root.name + "-moved")
    with serving_http(
        serve_args(registry, config, data_root, port), tmp_path / "serve.log", run_env(tmpdir_of_serve)
    ):
        assert (_get(port, "/healthz").status_code, _get(port, "/healthz").text) == (200, "ok\n")
        assert (_get(port, "/readyz").status_code, _get(port, "/readyz").text) == (200, "ready\n")
        shutil.move(root, moved)
        try:
            down = _get(port, "/readyz")
            assert down.status_code == 503
            assert "registry is not initialized" in down.text
            assert down.text.count("\n") == 1  # one line why
            assert _get(port, "/healthz").status_code == 200  # liveness reads no registry
        finally:
            shutil.move(moved, root)
        assert _wait_for_status(port, "/readyz", 200).status_code == 200
        metrics = _get(port, "/metrics").text
    assert 'mcpforge_errors_total{kind="not_ready"} 1.0' in metrics


def test_probes_answer_any_host_and_open_no_other_route(
    registry: Registry, forge_config: MCPForgeConfig, data_root: Path, tmp_path: Path, tmpdir_of_serve: Path
) -> None:
    config = write_config(forge_config, tmp_path / "mcpforge.yaml")
    port = free_port()
    foreign = f"{FOREIGN_HOST}:{port}"
    with serving_http(
        serve_args(registry, config, data_root, port), tmp_path / "serve.log", run_env(tmpdir_of_serve)
    ):
        assert _get(port, "/healthz", foreign).status_code == 200
        assert _get(port, "/readyz", foreign).status_code == 200
        assert _get(port, "/healthz", foreign, method="HEAD").status_code == 200
        # Everything else still needs one of the server's own names.
        assert _get(port, "/mcp", foreign).status_code == 421
        assert _get(port, "/healthz/", foreign).status_code == 421
        assert _get(port, "/healthz", foreign, method="POST").status_code == 421
        assert _get(port, "/metrics", foreign).status_code == 421  # no tokens: /metrics keeps the Host check
        assert _get(port, "/metrics").status_code == 200


def test_probes_need_no_token_when_the_mcp_endpoint_does(
    registry: Registry, forge_config: MCPForgeConfig, data_root: Path, tmp_path: Path, tmpdir_of_serve: Path
) -> None:
    tokens = tmp_path / "tokens.yaml"
    add_token(tokens, "alice", ["caller"])
    config = write_config(forge_config, tmp_path / "mcpforge.yaml")
    port = free_port()
    args = serve_args(registry, config, data_root, port, "--tokens-file", str(tokens))
    with serving_http(args, tmp_path / "serve.log", run_env(tmpdir_of_serve)):
        assert _get(port, "/healthz").status_code == 200
        assert _get(port, "/readyz").status_code == 200
        assert _get(port, "/mcp").status_code == 401


class _HangingRegistry:
    """A registry whose revision never comes back in time (a stuck network filesystem, a lost database)."""

    def __init__(self) -> None:
        self.calls = 0
        self.release = threading.Event()

    def is_initialized(self) -> bool:
        return True

    def active_revision(self) -> str:
        self.calls += 1
        self.release.wait(30)
        return "r1"

    def indexed_tools(self) -> list[object]:
        return []


@pytest.mark.anyio
@pytest.mark.parametrize("anyio_backend", ["asyncio"])
async def test_readiness_gives_up_after_2_seconds_without_piling_up_probes(anyio_backend: str) -> None:
    registry = _HangingRegistry()
    readiness = Readiness(registry)
    try:
        started = time.monotonic()
        first = await readiness.problem()
        second = await readiness.problem()
        took = time.monotonic() - started
    finally:
        registry.release.set()
    assert first == second == "the registry did not answer within 2 s"
    assert 3.5 < took < 8
    assert registry.calls == 1  # the second probe waited for the first, it did not start another


@pytest.mark.anyio
@pytest.mark.parametrize("anyio_backend", ["asyncio"])
async def test_readyz_says_shutting_down_once_draining_began(anyio_backend: str) -> None:
    ops = ServerOps(registry=_HangingRegistry(), tokens=None, policy=HostPolicy.for_server("127.0.0.1", 80))
    app = Starlette(middleware=[Middleware(OpsRoutes, ops=ops)])
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1"
    ) as client:
        ops.drain.begin()
        ready = await client.get("/readyz")
        alive = await client.get("/healthz")
    assert (ready.status_code, ready.text) == (503, "shutting down\n")
    assert alive.status_code == 200
