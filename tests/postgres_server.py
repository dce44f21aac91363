"""A real PostgreSQL server for the tests: Debian's ``postgresql`` binaries, initdb into a temporary folder.

PostgreSQL refuses to run as root, and root is the normal case here (CI, containers): as root the data
folder is handed to the ``postgres`` system user (created by the Debian package) and the server runs as
that user through ``runuser``. It listens on 127.0.0.1 at a free port with ``trust`` authentication
for loopback, fsync off (test data only). ``scripts/install-system-deps.sh --test`` installs the package.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import uuid
from dataclasses import dataclass
from pathlib import Path

SUPERUSER = "mcpforge"


def _bin_dir() -> Path | None:
    """The folder of initdb and pg_ctl: on PATH, else Debian's /usr/lib/postgresql/<major>/bin."""
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).resolve().parent
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def unavailable_reason() -> str | None:
    """Why no test server can start here, or None when one can."""
    if _bin_dir() is None:
        return "PostgreSQL is not installed (scripts/install-system-deps.sh --test installs it)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root without a 'postgres' system user to run PostgreSQL as"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install 'mcpforge[team]')"
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class PostgresServer:
    """One running server; :meth:`new_database` hands each test its own empty database."""

    folder: Path
    port: int
    bin_dir: Path

    @property
    def admin_url(self) -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/postgres"

    def url(self, database: str) -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh empty database; returns its URL."""
        import psycopg

        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.admin_url, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def _as_owner(self, argv: list[str]) -> list[str]:
        return ["runuser", "-u", "postgres", "--", *argv] if os.geteuid() == 0 else argv

    def start(self) -> None:
        data = self.folder / "data"
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
        subprocess.run(
            self._as_owner(
                [str(self.bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", SUPERUSER, "-E", "UTF8"]
            ),
            check=True,
            capture_output=True,
        )
        options = (
            f"-k {self.folder} -p {self.port} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200"
        )
        subprocess.run(
            self._as_owner(
                [
                    str(self.bin_dir / "pg_ctl"),
                    "-D",
                    str(data),
                    "-o",
                    options,
                    "-l",
                    str(self.folder / "log"),
                    "-w",
                    "-t",
                    "60",
                    "start",
                ]
            ),
            check=True,
            capture_output=True,
        )

    def stop(self) -> None:
        subprocess.run(
            self._as_owner(
                [str(self.bin_dir / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "stop"]
            ),
            check=False,
            capture_output=True,
        )


def start_postgres(folder: Path) -> PostgresServer:
    """Start a server in ``folder`` (created; must be empty). Call :meth:`PostgresServer.stop` after."""
    bin_dir = _bin_dir()
    if bin_dir is None:
        raise RuntimeError(unavailable_reason() or "PostgreSQL is not installed")
    folder.mkdir(parents=True, exist_ok=True)
    server = PostgresServer(folder=folder, port=free_port(), bin_dir=bin_dir)
    server.start()
    return server
