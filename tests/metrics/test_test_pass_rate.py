"""Test pass rate overall and per category, judged against the configured thresholds."""

from __future__ import annotations

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.metrics import calculate_test_pass_rate


def _results(category: str, passed: int, failed: int) -> list[dict[str, object]]:
    return [
        {"test_id": f"{category}_{i}", "category": category, "passed": i < passed}
        for i in range(passed + failed)
    ]


def test_rates_are_reported_overall_and_per_category() -> None:
    results = _results("edge", 19, 1) + _results("normal", 50, 0) + _results("stress", 9, 1)
    summary = calculate_test_pass_rate(results)
    assert summary["total_tests"] == 80
    assert summary["passed_tests"] == 78
    assert summary["failed_tests"] == 2
    assert summary["overall_pass_rate"] == pytest.approx(78 / 80)
    assert summary["category_pass_rates"] == {"edge": 0.95, "normal": 1.0, "stress": 0.9}
    assert summary["category_thresholds"] == {"edge": 0.95, "normal": 0.98, "stress": 0.85}
    assert summary["categories_below_threshold"] == []
    assert summary["meets_thresholds"] is True
    assert summary["failed_test_ids"] == ["edge_19", "stress_9"]


def test_a_category_below_its_threshold_fails_even_when_the_overall_rate_is_high() -> None:
    results = _results("normal", 97, 3) + _results("edge", 100, 0)
    summary = calculate_test_pass_rate(results)
    assert summary["overall_pass_rate"] == pytest.approx(197 / 200)
    assert summary["categories_below_threshold"] == ["normal"]
    assert summary["meets_thresholds"] is False


def test_thresholds_come_from_the_configuration() -> None:
    results = _results("stress", 8, 2)
    assert calculate_test_pass_rate(results)["categories_below_threshold"] == ["stress"]
    lenient = MCPForgeConfig.model_validate(
        {
            "validation": {
                "category_thresholds": {"stress": 0.8},
                "quality_thresholds": {"test_pass_rate_min": 0.8},
            }
        }
    )
    summary = calculate_test_pass_rate(results, lenient)
    assert summary["categories_below_threshold"] == []
    assert summary["overall_threshold"] == 0.8
    assert summary["meets_thresholds"] is True


def test_requirements_category_spellings_and_missing_categories_are_normalized() -> None:
    results = [
        {"test_id": "a", "category": "edge_cases", "passed": True},
        {"test_id": "b", "category": "Stress_Cases", "passed": False},
        {"test_id": "c", "passed": True},
    ]
    summary = calculate_test_pass_rate(results)
    assert summary["category_pass_rates"] == {"edge": 1.0, "stress": 0.0, "general": 1.0}
    assert summary["categories_below_threshold"] == ["stress"]


def test_no_tests_gives_zero_and_does_not_meet_thresholds() -> None:
    summary = calculate_test_pass_rate([])
    assert summary["overall_pass_rate"] == 0.0
    assert summary["category_pass_rates"] == {}
    assert summary["meets_thresholds"] is False
