"""Connections to the PostgreSQL registry: a small psycopg 3 pool, transactions, LISTEN, clear errors.

Every failure to reach the server (dead server, bad URL, bad password) becomes one RegistryError that
names the URL with its password masked; the password is never logged or shown.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool, PoolTimeout

from mcpforge.exceptions import RegistryError
from mcpforge.registry.urls import mask_url

logger = logging.getLogger(__name__)

CHANNEL = "mcpforge_active"
CONNECT_TIMEOUT_SECONDS = 5
POOL_MAX = 4


def plain_url(url: str) -> str:
    """The URL libpq accepts (``postgres://`` and the SQLAlchemy dialect prefix made plain)."""
    for prefix in ("postgresql+psycopg://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql://" + url.removeprefix(prefix)
    return url


def url_key(url: str) -> str:
    """A short stable name for the database behind ``url`` (password left out): the cache folder."""
    try:
        parts = urlsplit(plain_url(url))
        netloc = parts.netloc.rsplit("@", 1)[-1]
        bare = urlunsplit(parts._replace(netloc=f"{parts.username or ''}@{netloc}", query="", fragment=""))
    except ValueError:
        bare = "unparsable"
    return hashlib.sha256(bare.encode("utf-8")).hexdigest()[:16]


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text.splitlines()[0].strip()


def unreachable(url: str, exc: BaseException) -> RegistryError:
    """The one error for a registry that cannot be reached or opened."""
    return RegistryError(f"cannot connect to the PostgreSQL registry {mask_url(url)}: {_first_line(exc)}")


def _connection_lost(exc: psycopg.OperationalError) -> bool:
    """A lost or refused connection (no SQLSTATE, class 08, or a server shutting down), not a statement
    the server refused (a cancelled query, a deadlock)."""
    state = exc.sqlstate
    return state is None or state.startswith(("08", "57P"))


def refused(url: str, exc: BaseException) -> RegistryError:
    """The error for an operation the server refused (rolled back: nothing was changed)."""
    return RegistryError(
        f"the PostgreSQL registry {mask_url(url)} refused the operation ({_first_line(exc)}); "
        "nothing was changed, retry"
    )


class Database:
    """A lazily opened pool; :meth:`transaction` is one transaction (commit on success, else rollback)."""

    def __init__(self, url: str) -> None:
        self.url = plain_url(url)
        self._pool: ConnectionPool[Any] | None = None
        self._listener: psycopg.Connection[Any] | None = None
        self._opening = threading.Lock()

    def _open(self) -> ConnectionPool[Any]:
        if self._pool is not None:
            return self._pool
        with self._opening:
            if self._pool is None:
                self._pool = self._new_pool()
            return self._pool

    def _new_pool(self) -> ConnectionPool[Any]:
        try:  # one direct attempt first: it says why (refused, no such database, password) in one line
            psycopg.connect(self.url, connect_timeout=CONNECT_TIMEOUT_SECONDS).close()
        except (psycopg.Error, ValueError) as exc:
            raise unreachable(self.url, exc) from None
        pool: ConnectionPool[Any] = ConnectionPool(
            self.url,
            min_size=1,
            max_size=POOL_MAX,
            open=False,
            kwargs={"connect_timeout": CONNECT_TIMEOUT_SECONDS, "row_factory": dict_row},
            check=ConnectionPool.check_connection,
            name="mcpforge-registry",
        )
        try:
            pool.open(wait=True, timeout=CONNECT_TIMEOUT_SECONDS * 2)
        except PoolTimeout as exc:
            pool.close()
            raise unreachable(self.url, exc) from None
        return pool

    @contextmanager
    def transaction(self) -> Iterator[psycopg.Connection[Any]]:
        """A connection inside one transaction: committed when the block ends, rolled back on an error."""
        pool = self._open()
        try:
            with pool.connection() as conn:
                yield conn
        except PoolTimeout as exc:
            raise unreachable(self.url, exc) from None
        except psycopg.OperationalError as exc:
            raise (unreachable if _connection_lost(exc) else refused)(self.url, exc) from None

    def wait_for_change(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for a promotion or removal (NOTIFY); True when one came."""
        try:
            if self._listener is None or self._listener.closed:
                self._listener = psycopg.connect(
                    self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT_SECONDS
                )
                self._listener.execute(f"LISTEN {CHANNEL}")
            return any(True for _ in self._listener.notifies(timeout=timeout, stop_after=1))
        except psycopg.Error as exc:
            if self._listener is not None:
                self._listener.close()
                self._listener = None
            raise unreachable(self.url, exc) from None

    def close(self) -> None:
        """Close the pool and the LISTEN connection (idempotent)."""
        if self._listener is not None:
            self._listener.close()
            self._listener = None
        if self._pool is not None:
            self._pool.close()
            self._pool = None
