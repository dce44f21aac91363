"""The team topology as processes: N ``mcpforge serve --http --stateless`` replicas on one registry
behind Debian's haproxy (round-robin, no stickiness), all on free loopback ports.

Used by the tests of tests/team and by bench/bench_team.py, so it imports no pytest: a failure to start
raises :class:`TopologyError` with the log of whatever did not come up.

haproxy settings that matter for "no call lost":
- ``retry-on conn-failure`` with ``retries 3`` and ``option redispatch 1``: a request that could not be
  sent to a replica (refused: it was just killed and not yet marked down) is sent to another one. Only
  requests that reached the killed replica (in flight at the kill) can fail; they are not retried,
  because a tool call is not known to be idempotent.
- ``option http-server-close``: every request opens its own connection to a replica, so one sent after
  the kill finds the port closed (a connection failure, retried) rather than a pooled connection the
  dead replica never answers.
- health checks every 500 ms, one failure marks a replica down: ``GET /healthz`` when the replicas
  serve it, else a TCP connect. A killed replica refuses the connection at once; a busy one has 2 s to
  answer (``timeout check``), so a loaded machine does not take it out of the rotation.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import yaml

MCPFORGE = str(Path(sys.executable).with_name("mcpforge"))
HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"
REPLICA_HEADER = "x-mcpforge-replica"
START_TIMEOUT = 90.0


class TopologyError(RuntimeError):
    """A process of the topology did not start (the message holds its log)."""


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def haproxy_unavailable() -> str | None:
    """Why no balancer can start here, or None."""
    if not Path(HAPROXY).exists():
        return "haproxy is not installed (scripts/install-system-deps.sh --test installs it)"
    return None


def write_team_config(
    path: Path, registry: str, data: Path, extra: dict[str, dict[str, Any]] | None = None
) -> Path:
    """The configuration every replica reads: the shared ``registry`` (folder or URL), ``data`` readable;
    ``extra``: more sections (e.g. ``{"review": {"separate_reviewer": True}}``)."""
    config = {
        "registry": {"root": registry},
        "security": {"allowed_read_paths": [str(data)]},
        **(extra or {}),
    }
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    return path


@dataclass
class Process:
    """A started process and the file its output goes to."""

    proc: subprocess.Popen[bytes]
    log: Path

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self, sig: int = signal.SIGTERM, timeout: float = 30.0) -> int:
        """Send ``sig`` and wait for the exit status (SIGKILL after ``timeout`` seconds)."""
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait(timeout=timeout)


@dataclass
class Replica(Process):
    """One ``serve --http --stateless`` replica."""

    name: str = ""
    port: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"


@dataclass
class Topology:
    """Running replicas behind a running haproxy."""

    replicas: list[Replica]
    balancer: Process
    port: int
    registry: str
    config: Path
    health: str
    env: dict[str, str] = field(default_factory=dict)

    @property
    def url(self) -> str:
        """The MCP endpoint clients use: the balancer's."""
        return f"http://127.0.0.1:{self.port}/mcp"

    def replica(self, name: str) -> Replica:
        return next(r for r in self.replicas if r.name == name)


def _wait_until_answering(process: Process, port: int, what: str, path: str = "/") -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while True:
        if not process.alive():
            raise TopologyError(f"{what} exited early:\n{process.log_text()}")
        try:
            httpx.get(f"http://127.0.0.1:{port}{path}", timeout=1.0)
            return
        except httpx.TransportError as exc:
            if time.monotonic() > deadline:
                raise TopologyError(
                    f"{what} did not answer within {START_TIMEOUT:g} s:\n{process.log_text()}"
                ) from exc
            time.sleep(0.1)  # polling a starting process; bounded by the deadline


def start_replica(
    name: str,
    *,
    port: int,
    config: Path,
    registry: str,
    public_port: int,
    env: dict[str, str],
    logs: Path,
    poll_interval: float = 0.5,
) -> Replica:
    """Start one stateless replica on ``port`` answering to the balancer's ``public_port`` too."""
    args = [
        MCPFORGE, "serve", "--http", str(port), "--stateless", "--replica-name", name,
        "--registry", registry, "--config", str(config), "--poll-interval", str(poll_interval),
        "--public-name", f"127.0.0.1:{public_port}", "--public-name", f"localhost:{public_port}",
    ]  # fmt: skip
    log = logs / f"{name}.log"
    with log.open("w", encoding="utf-8") as out:
        proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, env=env)
    replica = Replica(proc=proc, log=log, name=name, port=port)
    _wait_until_answering(replica, port, f"replica {name}")
    return replica


def serves_healthz(port: int) -> bool:
    """Whether the replica on ``port`` has the /healthz route (added by the ops work)."""
    try:
        return httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2.0).status_code == 200
    except httpx.TransportError:
        return False


def haproxy_config(port: int, replicas: list[tuple[str, int]], *, health: str) -> str:
    """A haproxy configuration: round-robin over ``replicas``, no stickiness; ``health`` is
    ``"http"`` (GET /healthz) or ``"tcp"``."""
    check = (
        ["  option httpchk",
         f"  http-check send meth GET uri /healthz ver HTTP/1.1 hdr Host 127.0.0.1:{port}",
         "  http-check expect status 200"]
        if health == "http" else []
    )  # fmt: skip
    servers = [
        f"  server {name} 127.0.0.1:{server_port} check inter 500ms fall 1 rise 2"
        for name, server_port in replicas
    ]
    return "\n".join(
        [
            "global",
            "  maxconn 1024",
            "defaults",
            "  mode http",
            "  timeout connect 2s",
            "  timeout client 300s",
            "  timeout server 300s",
            "  timeout check 2s",  # a replica slow to answer on a loaded machine is not a dead one
            "  retries 3",
            "  retry-on conn-failure",
            "  option redispatch 1",
            "  option http-server-close",
            "frontend mcp",
            f"  bind 127.0.0.1:{port}",
            "  default_backend replicas",
            "backend replicas",
            "  balance roundrobin",
            *check,
            *servers,
            "",
        ]
    )


def start_balancer(port: int, replicas: list[Replica], *, health: str, logs: Path) -> Process:
    """haproxy in the foreground (``-db``) on ``port``, once its configuration checks and it answers."""
    config = logs / "haproxy.cfg"
    config.write_text(haproxy_config(port, [(r.name, r.port) for r in replicas], health=health), "utf-8")
    checked = subprocess.run([HAPROXY, "-c", "-f", str(config)], capture_output=True, text=True, check=False)
    if checked.returncode != 0:
        raise TopologyError(f"haproxy -c refused {config}:\n{checked.stdout}{checked.stderr}")
    log = logs / "haproxy.log"
    with log.open("w", encoding="utf-8") as out:
        proc = subprocess.Popen([HAPROXY, "-f", str(config), "-db"], stdout=out, stderr=subprocess.STDOUT)
    balancer = Process(proc=proc, log=log)
    _wait_until_answering(balancer, port, "haproxy", "/healthz" if health == "http" else "/")
    return balancer


def replica_env(key: str | None = None) -> dict[str, str]:
    """The environment of every replica: the shared request-state key (a fresh one by default)."""
    return {**os.environ, "MCPFORGE_REQUEST_STATE_KEY": key or secrets.token_hex(32)}


@contextmanager
def running_topology(
    count: int,
    *,
    registry: str,
    config: Path,
    logs: Path,
    env: dict[str, str] | None = None,
    own_keys: bool = False,
    poll_interval: float = 0.5,
) -> Iterator[Topology]:
    """``count`` replicas and haproxy in front of them; everything stopped (SIGTERM) after.

    ``own_keys``: each replica gets a request-state key of its own (a misconfiguration, for tests).
    ``poll_interval``: the replicas' ``--poll-interval`` (a registry with a change signal wakes them sooner).
    """
    logs.mkdir(parents=True, exist_ok=True)
    env = env or replica_env()
    port = free_port()
    with ExitStack() as stack:
        replicas: list[Replica] = []
        for index in range(count):
            replica = start_replica(
                f"replica-{index + 1}", port=free_port(), config=config, registry=registry,
                public_port=port, env=replica_env() if own_keys else env, logs=logs,
                poll_interval=poll_interval,
            )  # fmt: skip
            stack.callback(replica.stop)
            replicas.append(replica)
        health = "http" if serves_healthz(replicas[0].port) else "tcp"
        balancer = start_balancer(port, replicas, health=health, logs=logs)
        stack.callback(balancer.stop)
        yield Topology(
            replicas=replicas, balancer=balancer, port=port, registry=registry, config=config,
            health=health, env=env,
        )  # fmt: skip
