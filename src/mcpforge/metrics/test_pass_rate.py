"""Test pass rate overall and per category (requirements 4.6), judged against configured thresholds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from mcpforge.config import MCPForgeConfig

# The requirements name categories both "edge" and "edge_cases"; results may use either spelling.
_CATEGORY_ALIASES = {
    "edge": "edge",
    "edge_case": "edge",
    "edge_cases": "edge",
    "normal": "normal",
    "normal_case": "normal",
    "normal_cases": "normal",
    "stress": "stress",
    "stress_case": "stress",
    "stress_cases": "stress",
}


class PassRateSummary(TypedDict):
    """The keys of the requirements' result dict, plus the threshold verdicts."""

    overall_pass_rate: float
    total_tests: int
    passed_tests: int
    failed_tests: int
    category_pass_rates: dict[str, float]
    category_thresholds: dict[str, float]
    categories_below_threshold: list[str]
    overall_threshold: float
    meets_thresholds: bool
    failed_test_ids: list[str]


def normalize_category(category: object) -> str:
    """``"edge_cases"`` → ``"edge"``; unknown or missing categories become ``"general"`` or stay as given."""
    if not isinstance(category, str) or not category.strip():
        return "general"
    name = category.strip().lower()
    return _CATEGORY_ALIASES.get(name, name)


def calculate_test_pass_rate(
    test_results: Sequence[Mapping[str, Any]], config: MCPForgeConfig | None = None
) -> PassRateSummary:
    """Pass rate overall and per category, and whether each meets its threshold.

    Args:
        test_results: One mapping per test with ``passed`` (bool), optional ``category`` and ``test_id``
            (or ``name``).
        config: Thresholds come from ``config.validation.category_thresholds`` (edge 0.95, normal 0.98,
            stress 0.85) and ``quality_thresholds.test_pass_rate_min`` (0.95 overall).

    Returns:
        The requirements' keys (``overall_pass_rate``, ``total_tests``, ``passed_tests``, ``failed_tests``,
        ``category_pass_rates``) plus ``category_thresholds``, ``categories_below_threshold``,
        ``overall_threshold``, ``meets_thresholds`` and ``failed_test_ids``. No tests gives a rate of 0.0
        and ``meets_thresholds`` False.
    """
    validation = (config or MCPForgeConfig()).validation
    thresholds = validation.category_thresholds.model_dump()
    overall_threshold = validation.quality_thresholds.test_pass_rate_min

    total = len(test_results)
    passed = 0
    counts: dict[str, list[int]] = {}
    failed_ids: list[str] = []
    for index, result in enumerate(test_results):
        ok = bool(result.get("passed", False))
        category = normalize_category(result.get("category"))
        bucket = counts.setdefault(category, [0, 0])
        bucket[0] += 1
        if ok:
            passed += 1
            bucket[1] += 1
        else:
            failed_ids.append(str(result.get("test_id") or result.get("name") or f"test_{index}"))

    category_rates = {category: hits / seen for category, (seen, hits) in counts.items()}
    below = sorted(
        category
        for category, rate in category_rates.items()
        if category in thresholds and rate < thresholds[category]
    )
    overall = passed / total if total else 0.0
    return PassRateSummary(
        overall_pass_rate=overall,
        total_tests=total,
        passed_tests=passed,
        failed_tests=total - passed,
        category_pass_rates=category_rates,
        category_thresholds={name: thresholds[name] for name in category_rates if name in thresholds},
        categories_below_threshold=below,
        overall_threshold=overall_threshold,
        meets_thresholds=total > 0 and overall >= overall_threshold and not below,
        failed_test_ids=failed_ids,
    )
