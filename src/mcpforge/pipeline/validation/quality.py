"""CodeMetrics of one validation: functional correctness, pass rates, pass@1, overall score and tier.

The overall score and tier come from ``mcpforge.metrics``. CodeBLEU is left out of the score and its
weight is spread over the measured terms: it is computed in the background against the catalogue's
reference code and attached for information only (``pipeline/validation/semantic.py``;
docs/DECISIONS.md). Tiers
decide warnings and staging priority, never promotion.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mcpforge.config import MCPForgeConfig
from mcpforge.metrics.functional import calculate_functional_correctness
from mcpforge.metrics.pass_at_k import calculate_pass_at_k
from mcpforge.metrics.quality import calculate_overall_quality_score, quality_tier
from mcpforge.metrics.test_pass_rate import calculate_test_pass_rate
from mcpforge.models import CodeMetrics


def _overall(functional: float, pass_at_1: float, pass_rate: float, config: MCPForgeConfig) -> float:
    return calculate_overall_quality_score(
        functional,
        {1: pass_at_1},
        pass_rate,
        None,
        config.validation.metric_weights.model_dump(),
        config=config,
    )


def quality_metrics(
    records: Sequence[Mapping[str, Any]], cases: Sequence[Any], config: MCPForgeConfig
) -> tuple[CodeMetrics | None, list[str], list[str]]:
    """The CodeMetrics of judged ``records``, log lines, and errors for thresholds that were missed."""
    if not records:
        return None, ["tests: none ran"], ["tests: no test case ran"]
    with_expectation = {c.name for c in cases if c.case.expected is not None}
    compared = [r for r in records if r["test_id"] in with_expectation]
    similarity = sum(1 for r in compared if r["passed"]) / len(compared) if compared else None
    functional = calculate_functional_correctness(records, similarity)
    summary = calculate_test_pass_rate(records, config)
    errors: list[str] = []
    logs = [
        f"tests: {summary['passed_tests']}/{summary['total_tests']} passed; by category "
        + ", ".join(f"{k} {v:.0%}" for k, v in summary["category_pass_rates"].items())
    ]
    for category in summary["categories_below_threshold"]:
        rate = summary["category_pass_rates"][category]
        threshold = summary["category_thresholds"][category]
        errors.append(f"tests: {category} pass rate {rate:.0%} is below the threshold {threshold:.0%}")
    if summary["overall_pass_rate"] < summary["overall_threshold"] and not errors:
        errors.append(
            f"tests: pass rate {summary['overall_pass_rate']:.0%} is below {summary['overall_threshold']:.0%}"
        )
    minimum = config.validation.quality_thresholds.functional_correctness_min
    if functional.correctness_score < minimum:
        errors.append(f"functional correctness {functional.correctness_score:.2f} is below {minimum:.2f}")
    if similarity is not None:
        logs.append(
            f"reference comparison: {sum(1 for r in compared if r['passed'])}/{len(compared)} outputs match"
        )
    passed_all = 1 if not errors else 0
    pass_at_k = calculate_pass_at_k(1, passed_all, k_values=[1])
    overall = _overall(functional.correctness_score, pass_at_k[1], summary["overall_pass_rate"], config)
    tier = quality_tier(overall, config)
    if tier in {"acceptable", "needs_improvement"}:
        logs.append(f"warning: quality is only {tier} ({overall:.2f}); review the result carefully")
    metrics = CodeMetrics(
        functional_correctness=functional,
        pass_at_k=pass_at_k,
        test_pass_rate=summary["overall_pass_rate"],
        semantic_closeness=None,
        overall_score=round(overall, 4),
        quality_tier=tier,
        category_pass_rates=summary["category_pass_rates"],
    )
    return metrics, logs, errors
