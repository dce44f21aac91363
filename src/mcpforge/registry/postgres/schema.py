"""The schema of the PostgreSQL registry, migrated with alembic (script_location inside this package)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import psycopg

from mcpforge.registry.postgres._db import Database, plain_url, unreachable

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
HEAD = "0002"  # the newest revision under migrations/versions (a test keeps the two equal)


def alembic_config(url: str) -> Any:
    """An alembic Config built in code for ``url`` (the psycopg 3 dialect of SQLAlchemy)."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    sqlalchemy_url = "postgresql+psycopg://" + plain_url(url).removeprefix("postgresql://")
    config.set_main_option("sqlalchemy.url", sqlalchemy_url.replace("%", "%%"))
    return config


def upgrade(url: str) -> None:
    """Migrate the database to the head revision (idempotent; concurrent callers take turns)."""
    from alembic import command
    from sqlalchemy import create_engine
    from sqlalchemy.exc import SQLAlchemyError

    config = alembic_config(url)
    engine = create_engine(config.get_main_option("sqlalchemy.url").replace("%%", "%"))
    try:
        with engine.connect() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
    except SQLAlchemyError as exc:
        raise unreachable(url, getattr(exc, "orig", None) or exc) from None
    finally:
        engine.dispose()


def current_revision(db: Database) -> str | None:
    """The revision the database is at (None when never migrated)."""
    with db.transaction() as conn:
        exists = conn.execute("SELECT to_regclass('alembic_version') AS t").fetchone()
        if exists is None or exists["t"] is None:
            return None
        try:
            row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        except psycopg.Error:
            return None
    return None if row is None else str(row["version_num"])
