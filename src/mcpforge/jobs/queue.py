"""The job queue: a procrastinate App on ``queue.url`` (PostgreSQL), its schema, and clear connection errors.

The queue holds procrastinate's own tables and one of mcpforge's (``progress.py``). Both are created on
first use, idempotently and under a PostgreSQL advisory lock, so two workers and a server starting at
the same time do not race: ``mcpforge worker --init-queue`` does it ahead of time.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from mcpforge.exceptions import ConfigError, MCPForgeError
from mcpforge.registry.open import is_postgres_url, mask_url

if TYPE_CHECKING:
    import procrastinate
    import psycopg

__all__ = [
    "FORGE_QUEUE",
    "FORGE_TASK",
    "QueueUnavailableError",
    "check_queue_url",
    "connect",
    "ensure_schema",
    "make_app",
    "require_team_extra",
    "unreachable",
]

FORGE_QUEUE = "forge"
FORGE_TASK = "mcpforge:forge_job"
CONNECT_TIMEOUT_SECONDS = 5
_SCHEMA_LOCK = 0x6D6366_6A6F62  # pg_advisory_xact_lock key of the schema set-up ("mcf" "job")
_TEAM_MODULES = ("psycopg", "psycopg_pool", "procrastinate")


class QueueUnavailableError(MCPForgeError):
    """The job queue's database cannot be reached or used; the message says which and why."""


def require_team_extra(what: str) -> None:
    """Raise one clear line when the team extra (psycopg, procrastinate) is not installed."""
    missing = []
    for name in _TEAM_MODULES:
        try:
            importlib.import_module(name)
        except ImportError:
            missing.append(name)
    if missing:
        raise ConfigError(
            f"{what} needs the team extra: pip install 'mcpforge[team]' (missing: {', '.join(missing)})"
        )


def check_queue_url(url: str | None) -> str:
    """``url`` when it is a PostgreSQL URL; else one clear line (ConfigError)."""
    if not url:
        raise ConfigError(
            "no job queue: set queue.url in mcpforge.yaml, MCPFORGE_QUEUE_URL or --queue-url "
            "(a postgresql:// URL)",
            key="queue.url",
        )
    if not is_postgres_url(url):
        raise ConfigError(
            f"the job queue URL must start with postgresql:// (got {url.split(':', 1)[0]!r})", key="queue.url"
        )
    return url


def unreachable(url: str, exc: BaseException) -> QueueUnavailableError:
    """The one-line error of a queue database that failed with ``exc``."""
    reason = " ".join(str(exc).split()) or type(exc).__name__
    # psycopg quotes the whole connection string on some failures: keep the password out of messages.
    password = urlsplit(url).password
    if password:
        reason = reason.replace(password, "***")
    return QueueUnavailableError(f"the job queue at {mask_url(url)} is not reachable: {reason}")


def ensure_schema(url: str) -> bool:
    """Create procrastinate's schema and mcpforge's job table when missing; True when it created them.

    Raises:
        QueueUnavailableError: the database cannot be reached, or refuses the set-up.
    """
    import psycopg
    from procrastinate.schema import SchemaManager

    from mcpforge.jobs.progress import TABLE_SQL

    try:
        with psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT_SECONDS) as conn:
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            found = conn.execute("SELECT to_regclass('procrastinate_jobs') IS NOT NULL").fetchone()
            created = not (found and found[0])
            if created:
                conn.execute(SchemaManager.get_schema())
            conn.execute(TABLE_SQL)
    except psycopg.Error as exc:
        raise unreachable(url, exc) from None
    return created


def make_app(url: str) -> procrastinate.App:
    """The procrastinate App of the queue at ``url``, with the forge task (not opened)."""
    import procrastinate

    from mcpforge.jobs.forge_job import forge_job

    connector = procrastinate.PsycopgConnector(
        conninfo=url, min_size=1, max_size=4, kwargs={"connect_timeout": CONNECT_TIMEOUT_SECONDS}
    )
    app = procrastinate.App(connector=connector)
    # Registered on each App (a procrastinate Blueprint is consumed by the first App it is added to).
    app.task(name=FORGE_TASK, queue=FORGE_QUEUE, pass_context=True)(forge_job)
    return app


def connect(url: str) -> psycopg.Connection[dict[str, Any]]:
    """A psycopg connection to the queue (autocommit, rows as dicts), or QueueUnavailableError."""
    import psycopg
    from psycopg.rows import dict_row

    try:
        return psycopg.connect(
            url, autocommit=True, connect_timeout=CONNECT_TIMEOUT_SECONDS, row_factory=dict_row
        )
    except psycopg.Error as exc:
        raise unreachable(url, exc) from None
