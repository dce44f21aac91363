"""Monitoring (requirements 7.3): ``metrics.json`` is derived from the audit log after every event.

Deriving the figures from the append-only log (instead of incrementing counters in the JSON file)
makes them exact under concurrent writers and after a crash: rewriting metrics.json is idempotent.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable
from typing import Any, cast

from mcpforge.models import ToolStatus, utc_now
from mcpforge.registry.audit import AuditLog

PASS_AT_K_VALUES = (1, 5, 10)
TOP_REJECTION_REASONS = 10


def _local_pass_at_k(n: int, c: int, k: int) -> float:
    """Unbiased pass@k estimator, numerically stable form: ``1 - prod_{i=n-c+1..n} (1 - k / i)``."""
    if n - c < k:
        return 1.0
    product = 1.0
    for i in range(n - c + 1, n + 1):
        product *= 1.0 - k / i
    return 1.0 - product


def _pass_at_k_function() -> Callable[[int, int, int], float]:
    """``mcpforge.metrics.pass_at_k.pass_at_k`` when importable, else the local estimator (same values)."""
    try:
        module = importlib.import_module("mcpforge.metrics.pass_at_k")
    except ImportError:
        return _local_pass_at_k
    found = getattr(module, "pass_at_k", None)
    return cast("Callable[[int, int, int], float]", found) if callable(found) else _local_pass_at_k


def _rate(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def _pass_at_k(samples: list[tuple[int, int]]) -> dict[str, float]:
    estimate = _pass_at_k_function()
    result: dict[str, float] = {}
    for k in PASS_AT_K_VALUES:
        values = [float(estimate(n, c, k)) for n, c in samples if n >= k]
        if values:
            result[str(k)] = round(sum(values) / len(values), 4)
    return result


def compute_metrics(audit: AuditLog) -> dict[str, Any]:
    """Every figure of ``metrics.json`` from the audit log."""
    entries = audit.entries()
    # Tool calls can be many; they are aggregated in SQL (tool_call_stats), never loaded here.
    generations = audit.events("generation")
    failures = audit.events("validation_failure")
    transitions = [e for e in entries if e.action == "transition"]
    to_counts = Counter(e.to_status for e in transitions)
    user_rejections = [e for e in transitions if e.to_status == "REJECTED" and e.from_status != "DRAFT"]
    approved = to_counts[ToolStatus.APPROVED.value]

    generated_ids = {str(e.data["candidate_id"]) for e in generations if e.data.get("candidate_id")}
    # A candidate staged without a generation event (e.g. a hand-written tool) still counts as generated,
    # and absorbs one generation event that names its tool but not its candidate id (counted once).
    staged = [e for e in transitions if e.from_status == "DRAFT" and e.candidate_id]
    unmatched = Counter(e.tool for e in staged if e.candidate_id not in generated_ids)
    anonymous_generations = 0
    for event in generations:
        if event.data.get("candidate_id"):
            continue
        if event.name and unmatched[event.name] > 0:
            unmatched[event.name] -= 1
        else:
            anonymous_generations += 1
    total_generated = len(generated_ids | {str(e.candidate_id) for e in staged}) + anonymous_generations
    durations = [e.duration_ms for e in generations if e.duration_ms is not None]
    if generations:
        succeeded = sum(1 for e in generations if e.ok is not False)
        success_rate = _rate(succeeded, len(generations))
    else:
        staged_ok = sum(1 for e in transitions if e.from_status == "DRAFT" and e.to_status == "STAGED")
        success_rate = _rate(staged_ok, total_generated)

    failure_reasons: Counter[str] = Counter()
    for event in failures:
        reasons = event.data.get("reasons") or [event.data.get("reason") or "unspecified"]
        failure_reasons.update(str(reason) for reason in reasons)

    rejection_reasons: Counter[str] = Counter()
    for entry in transitions:
        if entry.to_status == "REJECTED":
            rejection_reasons.update(entry.details.get("issues") or [])

    samples = [
        (int(e.data["samples"]), int(e.data.get("correct", 0)))
        for e in generations
        if isinstance(e.data.get("samples"), int)
        and isinstance(e.data.get("correct", 0), int)
        and 0 <= e.data.get("correct", 0) <= e.data["samples"]
        and e.data["samples"] > 0
    ]
    tool_calls = audit.tool_call_stats()
    decisions = approved + len(user_rejections)
    return {
        "updated_at": utc_now(),
        "total_generated": total_generated,
        "staged": to_counts[ToolStatus.STAGED.value],
        "approved": approved,
        "rejected": to_counts[ToolStatus.REJECTED.value],
        "rejected_by_user": len(user_rejections),
        "promoted": to_counts[ToolStatus.PROMOTED.value],
        "removed": sum(1 for e in entries if e.action == "remove"),
        "validation_failures": len(failures),
        "validation_failure_reasons": dict(failure_reasons.most_common()),
        "avg_generation_time_ms": round(sum(durations) / len(durations), 3) if durations else 0.0,
        "approval_rate": _rate(approved, decisions),
        "rejection_rate": _rate(len(user_rejections), decisions),
        "validation_failure_rate": min(1.0, _rate(len(failures), total_generated)),
        "generation_success_rate": success_rate,
        "common_rejection_reasons": [
            reason for reason, _ in rejection_reasons.most_common(TOP_REJECTION_REASONS)
        ],
        "rejection_reason_counts": dict(rejection_reasons.most_common()),
        "pass_at_k": _pass_at_k(samples),
        "pass_at_k_candidates": len(samples),
        "tool_calls": tool_calls,
        "tools_failing_after_promotion": sorted(
            name for name, stats in tool_calls.items() if stats["errors"]
        ),
    }
