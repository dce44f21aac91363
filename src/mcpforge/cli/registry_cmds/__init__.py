"""Registry commands, one module a group: ``init``, ``tools``, ``candidates``, ``review``/``promote``,
``stats``, ``doctor``."""

from __future__ import annotations

import typer

from mcpforge.cli.registry_cmds import (
    candidates_cmds,
    doctor_cmd,
    init_cmd,
    review_cmds,
    stats_cmd,
    tools_cmds,
)

__all__ = ["register"]


def register(app: typer.Typer) -> None:
    """Add the registry commands to ``app``, in the order of ``mcpforge --help``."""
    for module in (init_cmd, tools_cmds, candidates_cmds, review_cmds, stats_cmd, doctor_cmd):
        module.register(app)
