"""Overall quality score, quality tiers and staging routing (requirements 4.8, 4.9, Appendix B).

Tiers decide staging priority and the warnings shown to the person, never promotion (ARCHITECTURE §11):
the routing below has no "promote" outcome. Only the person's approval moves STAGED → APPROVED → PROMOTED.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Literal, TypedDict

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import InvalidArgumentError
from mcpforge.metrics.test_pass_rate import PassRateSummary
from mcpforge.models import (
    CodeMetrics,
    FunctionalCorrectnessMetrics,
    SemanticClosenessMetrics,
    ValidationReport,
)

QualityTier = Literal["excellent", "good", "acceptable", "poor"]
StagingPriority = Literal["HIGH", "NORMAL", "LOW"]

# Appendix B.2 quality tiers; config has no section for them yet, see ``tier_thresholds``.
DEFAULT_QUALITY_TIERS: dict[str, float] = {"excellent": 0.90, "good": 0.75, "acceptable": 0.60}
TIER_LABELS: dict[QualityTier, str] = {
    "excellent": "EXCELLENT - Auto-stage (ready for user approval)",
    "good": "GOOD - Stage and request approval",
    "acceptable": "ACCEPTABLE - Requires manual review",
    "poor": "POOR - Reject or enter repair loop",
}
_PRIORITY: dict[QualityTier, StagingPriority] = {"excellent": "HIGH", "good": "NORMAL", "acceptable": "LOW"}
_WEIGHT_NAMES = ("functional_correctness", "test_pass_rate", "code_bleu", "pass_at_1")


class QualityRouting(TypedDict):
    """What the validation gate does with a candidate of a given quality. There is no promotion here."""

    tier: QualityTier
    label: str
    overall_score: float
    stage: bool
    priority: StagingPriority | None
    warnings: list[str]
    needs_repair: bool
    reject: bool


def tier_thresholds(config: MCPForgeConfig | None = None) -> dict[str, float]:
    """Tier lower bounds: ``config.validation.quality_tiers`` when config has it, else Appendix B.2."""
    section = getattr((config or MCPForgeConfig()).validation, "quality_tiers", None)
    if section is None:
        return dict(DEFAULT_QUALITY_TIERS)
    values = section if isinstance(section, Mapping) else section.model_dump()
    return {name: float(values.get(name, default)) for name, default in DEFAULT_QUALITY_TIERS.items()}


def calculate_overall_quality_score(
    functional_correctness: float,
    pass_at_k: Mapping[int, float],
    test_pass_rate: float,
    code_bleu: float | None,
    weights: Mapping[str, float] | None = None,
    *,
    config: MCPForgeConfig | None = None,
) -> float:
    """Weighted quality score in [0, 1]: 0.40 correctness, 0.30 pass rate, 0.20 CodeBLEU, 0.10 pass@1.

    A metric that was not measured (``code_bleu`` None — no reference, or still computing in the
    background; no ``1`` in ``pass_at_k``) is left out and the other weights are rescaled, so a candidate
    is not marked down for what nobody measured.

    Raises:
        InvalidArgumentError: weights missing a component, negative, or all zero for the measured parts.
    """
    raw = (
        dict(weights)
        if weights is not None
        else (config or MCPForgeConfig()).validation.metric_weights.model_dump()
    )
    missing = [name for name in _WEIGHT_NAMES if name not in raw]
    if missing or any(not (0.0 <= raw[name] < math.inf) for name in _WEIGHT_NAMES):
        raise InvalidArgumentError(f"quality weights must give {list(_WEIGHT_NAMES)!r} >= 0, got {raw!r}")
    values: dict[str, float | None] = {
        "functional_correctness": functional_correctness,
        "test_pass_rate": test_pass_rate,
        "code_bleu": code_bleu,
        "pass_at_1": pass_at_k.get(1),
    }
    measured = {name: value for name, value in values.items() if value is not None}
    total = math.fsum(raw[name] for name in measured)
    if total <= 0.0:
        raise InvalidArgumentError("quality weights of the measured metrics are all 0", argument="weights")
    score = math.fsum(raw[name] * min(1.0, max(0.0, value)) for name, value in measured.items()) / total
    return min(1.0, max(0.0, score))


def quality_tier(overall_score: float, config: MCPForgeConfig | None = None) -> QualityTier:
    """The tier of a score (excellent ≥ 0.90, good ≥ 0.75, acceptable ≥ 0.60, else poor)."""
    bounds = tier_thresholds(config)
    for tier in ("excellent", "good", "acceptable"):
        if overall_score >= bounds[tier]:
            return tier
    return "poor"


def _metric_warnings(metrics: CodeMetrics, config: MCPForgeConfig) -> list[str]:
    targets = config.validation.quality_thresholds
    warnings = []
    correctness = metrics.functional_correctness.correctness_score
    if correctness < targets.functional_correctness_min:
        warnings.append(
            f"functional correctness {correctness:.2f} is below the target "
            f"{targets.functional_correctness_min:.2f}"
        )
    if metrics.test_pass_rate < targets.test_pass_rate_min:
        warnings.append(
            f"test pass rate {metrics.test_pass_rate:.2f} is below the target "
            f"{targets.test_pass_rate_min:.2f}"
        )
    category_targets = config.validation.category_thresholds.model_dump()
    for category, rate in sorted(metrics.category_pass_rates.items()):
        target = category_targets.get(category)
        if target is not None and rate < target:
            warnings.append(f"{category} test pass rate {rate:.2f} is below the target {target:.2f}")
    semantic = metrics.semantic_closeness
    if semantic is not None and semantic.code_bleu_score < targets.code_bleu_min:
        warnings.append(
            f"CodeBLEU {semantic.code_bleu_score:.2f} is below the target {targets.code_bleu_min:.2f}"
        )
    pass_at_5 = metrics.pass_at_k.get(5)
    if pass_at_5 is not None and pass_at_5 < targets.pass_at_5_min:
        warnings.append(f"pass@5 {pass_at_5:.2f} is below the target {targets.pass_at_5_min:.2f}")
    return warnings


def evaluate_tool_quality(
    overall_score: float,
    *,
    metrics: CodeMetrics | None = None,
    repair_iterations: int = 0,
    config: MCPForgeConfig | None = None,
) -> QualityRouting:
    """Route a candidate by quality (requirements 4.9); never promotes.

    Excellent, good and acceptable candidates are staged with priority HIGH, NORMAL and LOW (acceptable
    also gets a warning to review carefully). Poor candidates go back to the repair loop while
    ``repair_iterations < validation.max_repair_iterations``, and are rejected after that.

    Args:
        overall_score: From :func:`calculate_overall_quality_score`.
        metrics: When given, every metric below its target in ``validation.quality_thresholds`` and
            ``category_thresholds`` adds a warning.
        repair_iterations: Repair rounds already done.
        config: Thresholds and the repair budget.
    """
    cfg = config or MCPForgeConfig()
    tier = quality_tier(overall_score, cfg)
    warnings = _metric_warnings(metrics, cfg) if metrics is not None else []
    if tier == "acceptable":
        warnings.insert(
            0, f"marginal quality (overall score {overall_score:.2f}): review this tool carefully"
        )
    staged = tier != "poor"
    needs_repair = not staged and repair_iterations < cfg.validation.max_repair_iterations
    return QualityRouting(
        tier=tier,
        label=TIER_LABELS[tier],
        overall_score=overall_score,
        stage=staged,
        priority=_PRIORITY.get(tier),
        warnings=warnings,
        needs_repair=needs_repair,
        reject=not staged and not needs_repair,
    )


def build_code_metrics(
    functional: FunctionalCorrectnessMetrics,
    pass_at_k: Mapping[int, float],
    test_pass_rate: PassRateSummary,
    semantic_closeness: SemanticClosenessMetrics | None = None,
    *,
    config: MCPForgeConfig | None = None,
) -> CodeMetrics:
    """The CodeMetrics of a candidate.

    ``semantic_closeness`` may be None and arrive later (:func:`attach_semantic_closeness`).
    """
    code_bleu = semantic_closeness.code_bleu_score if semantic_closeness is not None else None
    overall = calculate_overall_quality_score(
        functional.correctness_score, pass_at_k, test_pass_rate["overall_pass_rate"], code_bleu, config=config
    )
    return CodeMetrics(
        functional_correctness=functional,
        pass_at_k=dict(pass_at_k),
        test_pass_rate=test_pass_rate["overall_pass_rate"],
        semantic_closeness=semantic_closeness,
        overall_score=overall,
        quality_tier=quality_tier(overall, config),
        category_pass_rates=dict(test_pass_rate["category_pass_rates"]),
    )


def attach_semantic_closeness(
    report: ValidationReport,
    semantic_closeness: SemanticClosenessMetrics,
    *,
    config: MCPForgeConfig | None = None,
    rescore: bool = True,
) -> ValidationReport:
    """A copy of ``report`` with CodeBLEU filled in and the overall score and tier recomputed.

    Args:
        report: A validation report with code metrics.
        semantic_closeness: The CodeBLEU of the candidate against its reference.
        config: Weights and tier thresholds.
        rescore: False attaches CodeBLEU as information only: the overall score and tier stay as they
            were (the pipeline does this for catalogue tools, whose reference is written in another
            idiom on purpose, so CodeBLEU there measures style distance, not quality).

    Raises:
        InvalidArgumentError: the report has no code metrics to attach to.
    """
    metrics = report.code_metrics
    if metrics is None:
        raise InvalidArgumentError("the validation report has no code metrics", argument="report")
    if not rescore:
        informational = metrics.model_copy(update={"semantic_closeness": semantic_closeness})
        return report.model_copy(update={"code_metrics": informational})
    overall = calculate_overall_quality_score(
        metrics.functional_correctness.correctness_score,
        metrics.pass_at_k,
        metrics.test_pass_rate,
        semantic_closeness.code_bleu_score,
        config=config,
    )
    updated = metrics.model_copy(
        update={
            "semantic_closeness": semantic_closeness,
            "overall_score": overall,
            "quality_tier": quality_tier(overall, config),
        }
    )
    return report.model_copy(update={"code_metrics": updated})
