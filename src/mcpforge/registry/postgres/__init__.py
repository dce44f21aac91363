"""The registry in PostgreSQL (``postgresql://`` URLs): the same protocol as the file registry."""

from __future__ import annotations

from mcpforge.registry.postgres.registry import PostgresRegistry

__all__ = ["PostgresRegistry"]
