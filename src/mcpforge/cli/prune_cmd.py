"""``mcpforge candidates prune --older-than 7d``: archive STAGED candidates nobody decided on."""

from __future__ import annotations

from typing import Annotated

import typer

from mcpforge.cli._common import ConfigOption, JsonOption, RegistryOption, cli_errors, print_json
from mcpforge.cli._render import echo


def candidates_prune(
    older_than: Annotated[
        str,
        typer.Option(
            "--older-than",
            help="Archive STAGED candidates created longer ago than this: 7d, 12h, 30m (0d: all).",
        ),
    ],
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Only list what would be archived.")] = False,
    registry: RegistryOption = None,
    config: ConfigOption = None,
    as_json: JsonOption = False,
) -> None:
    """Archive STAGED candidates older than an age, as a rejection does (APPROVED/PROMOTED are kept).

    Example: mcpforge candidates prune --older-than 7d
    """
    from mcpforge.cli.registry_cmds._access import actor, open_initialized
    from mcpforge.registry.prune import parse_age, prune_staged

    with cli_errors(as_json=as_json):
        age = parse_age(older_than)
        reg, _ = open_initialized(registry, config)
        result = prune_staged(reg, age, actor=actor(), dry_run=dry_run)
        if as_json:
            print_json(
                {
                    "archived": result.archived,
                    "kept": result.kept,
                    "skipped": result.skipped,
                    "dry_run": dry_run,
                }
            )
            return
        verb = "would archive" if dry_run else "archived"
        echo(f"{verb} {len(result.archived)} STAGED candidate(s) older than {older_than}; kept {result.kept}")
        for candidate_id in result.archived:
            echo(f"  {candidate_id}")
        for candidate_id, why in result.skipped.items():
            echo(f"  left {candidate_id}: {why}")
