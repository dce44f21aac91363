"""``mcpforge stats``: generation, validation, approval and tool-call figures of the registry."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from mcpforge.cli._common import ConfigOption, JsonOption, RegistryOption, cli_errors, print_json
from mcpforge.cli.registry_cmds._access import open_initialized, print_table
from mcpforge.cli.registry_cmds._candidate_view import semantic_closeness

if TYPE_CHECKING:
    from mcpforge.registry import RegistryBackend


def stats_command(
    registry: RegistryOption = None, config: ConfigOption = None, as_json: JsonOption = False
) -> None:
    """Show generation, validation, approval and tool-call figures (metrics.json).

    Example: mcpforge stats --json
    """
    with cli_errors(as_json=as_json):
        reg, _ = open_initialized(registry, config)
        from mcpforge.registry import FileStore
        from mcpforge.registry.file.services import service_figures

        services = service_figures(reg) if isinstance(reg, FileStore) else {}
        metrics = {**reg.metrics(), **_code_bleu_figures(reg), **services}
        if as_json:
            print_json(metrics)
            return
        figures = [
            [key, "-" if metrics.get(key) is None else str(metrics[key])]
            for key in (
                "total_generated",
                "staged",
                "approved",
                "rejected",
                "promoted",
                "removed",
                "generation_success_rate",
                "approval_rate",
                "rejection_rate",
                "validation_failures",
                "validation_failure_rate",
                "avg_generation_time_ms",
                "code_bleu_mean",
                "code_bleu_candidates",
                "services_converted",
                "services_staged",
                "services_rejected",
                "services_active",
                "service_tools_active",
            )
        ]
        figures.append(["validation_failure_reasons", _pairs(metrics["validation_failure_reasons"])])
        figures.append(["common_rejection_reasons", ", ".join(metrics["common_rejection_reasons"]) or "-"])
        figures.append(["pass@k", _pairs(metrics["pass_at_k"])])
        figures.append(
            ["tools failing after promotion", ", ".join(metrics["tools_failing_after_promotion"]) or "-"]
        )
        print_table(f"Registry {reg.location!r}", ["figure", "value"], figures)
        calls = metrics["tool_calls"]
        if calls:
            print_table(
                "Tool calls",
                ["tool", "calls", "errors", "avg ms", "last error"],
                [
                    [
                        name,
                        str(s["calls"]),
                        str(s["errors"]),
                        str(s["avg_duration_ms"]),
                        str(s["last_error"] or "-"),
                    ]
                    for name, s in calls.items()
                ],
            )


def _code_bleu_figures(reg: RegistryBackend) -> dict[str, Any]:
    """Mean CodeBLEU over the candidates that have one (informational; catalogue references differ in
    idiom on purpose, so this tracks style distance, not quality)."""
    from mcpforge.exceptions import RegistryCorruptedError
    from mcpforge.registry import FileStore

    scores = []
    # The file registry's ids come from staging/metadata.json, so one unreadable candidate is skipped.
    ids = (
        reg.staging_entries()
        if isinstance(reg, FileStore)
        else [c.candidate_id for c in reg.list_candidates()]
    )
    for candidate_id in ids:
        try:
            semantic = semantic_closeness(reg.get_candidate(candidate_id))
        except RegistryCorruptedError:  # `mcpforge doctor` reports it; the figures skip it
            continue
        if semantic is not None:
            scores.append(semantic.code_bleu_score)
    mean = round(sum(scores) / len(scores), 4) if scores else None
    return {"code_bleu_mean": mean, "code_bleu_candidates": len(scores)}


def _pairs(mapping: dict[str, Any]) -> str:
    return ", ".join(f"{key}: {value}" for key, value in mapping.items()) or "-"


def register(app: typer.Typer) -> None:
    """Add ``stats`` to ``app``."""
    app.command("stats")(stats_command)
