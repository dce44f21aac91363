"""CodeMetrics of one validation: functional correctness, pass rates, pass@1, overall score and tier.

The overall score and tier come from ``mcpforge.metrics`` when it provides them; CodeBLEU is computed
in the background by the metrics package, so it is not part of this (synchronous) score: its weight is
spread over the other terms until it arrives. Tiers decide warnings and staging priority, never promotion.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mcpforge.config import MCPForgeConfig
from mcpforge.metrics.functional import calculate_functional_correctness
from mcpforge.metrics.pass_at_k import calculate_pass_at_k
from mcpforge.metrics.test_pass_rate import calculate_test_pass_rate
from mcpforge.models import CodeMetrics


def _overall(functional: float, pass_at_1: float, pass_rate: float, config: MCPForgeConfig) -> float:
    weights = config.validation.metric_weights
    try:
        from mcpforge.metrics import calculate_overall_quality_score  # type: ignore[attr-defined]

        return float(
            calculate_overall_quality_score(
                functional_correctness=functional, pass_at_k={1: pass_at_1}, test_pass_rate=pass_rate,
                code_bleu=None, weights=weights.model_dump(),
            )  # fmt: skip
        )
    except (ImportError, TypeError):
        pass
    total = weights.functional_correctness + weights.test_pass_rate + weights.pass_at_1
    score = (
        weights.functional_correctness * functional + weights.test_pass_rate * pass_rate + weights.pass_at_1 * pass_at_1
    )
    return score / total if total else 0.0


def quality_tier(score: float) -> str:
    """The requirements' tier of an overall score (4.8)."""
    try:
        from mcpforge.metrics import evaluate_tool_quality  # type: ignore[attr-defined]

        tier = str(evaluate_tool_quality(score)).split(" ")[0].lower()
        if tier in {"excellent", "good", "acceptable", "needs_improvement", "poor"}:
            return tier
    except (ImportError, TypeError):
        pass
    if score >= 0.90:
        return "excellent"
    if score >= 0.75:
        return "good"
    if score >= 0.60:
        return "acceptable"
    return "poor"


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
        errors.append(
            f"tests: {category} pass rate {rate:.0%} is below the threshold {summary['category_thresholds'][category]:.0%}"
        )
    if summary["overall_pass_rate"] < summary["overall_threshold"] and not errors:
        errors.append(f"tests: pass rate {summary['overall_pass_rate']:.0%} is below {summary['overall_threshold']:.0%}")
    minimum = config.validation.quality_thresholds.functional_correctness_min
    if functional.correctness_score < minimum:
        errors.append(f"functional correctness {functional.correctness_score:.2f} is below {minimum:.2f}")
    if similarity is not None:
        logs.append(f"reference comparison: {sum(1 for r in compared if r['passed'])}/{len(compared)} outputs match")
    passed_all = 1 if not errors else 0
    pass_at_k = calculate_pass_at_k(1, passed_all, k_values=[1])
    overall = _overall(functional.correctness_score, pass_at_k[1], summary["overall_pass_rate"], config)
    tier = quality_tier(overall)
    if tier in {"acceptable", "needs_improvement"}:
        logs.append(f"warning: quality is only {tier} ({overall:.2f}); review the result carefully")
    metrics = CodeMetrics(
        functional_correctness=functional,
        pass_at_k=pass_at_k,
        test_pass_rate=summary["overall_pass_rate"],
        semantic_closeness=None,
        overall_score=round(overall, 4),
        quality_tier=tier,  # type: ignore[arg-type]
        category_pass_rates=summary["category_pass_rates"],
    )
    return metrics, logs, errors
