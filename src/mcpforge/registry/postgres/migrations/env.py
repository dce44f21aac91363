"""Alembic environment of the PostgreSQL registry: run with a connection handed in by ``schema.upgrade``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, text

MIGRATION_LOCK = 7_219_027  # pg_advisory_lock key: two processes running ``init`` at once take turns

config = context.config
connection = config.attributes.get("connection")
if connection is None:  # pragma: no cover - only when run by the alembic command line
    engine = create_engine(config.get_main_option("sqlalchemy.url") or "")
    connection = engine.connect()
connection.execute(text(f"SELECT pg_advisory_lock({MIGRATION_LOCK})"))
try:
    context.configure(connection=connection, transactional_ddl=True)
    with context.begin_transaction():
        context.run_migrations()
finally:
    connection.execute(text(f"SELECT pg_advisory_unlock({MIGRATION_LOCK})"))
    connection.commit()
