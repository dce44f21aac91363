"""Overall quality score, tiers and routing: tiers set staging priority and warnings, never promotion."""

from __future__ import annotations

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import InvalidArgumentError
from mcpforge.metrics import (
    TIER_LABELS,
    attach_semantic_closeness,
    build_code_metrics,
    calculate_code_bleu,
    calculate_functional_correctness,
    calculate_overall_quality_score,
    calculate_pass_at_k,
    calculate_test_pass_rate,
    evaluate_tool_quality,
    quality_tier,
)
from mcpforge.models import CodeMetrics, ValidationReport


def test_requirements_example_scores_between_085_and_095_and_is_staged_not_promoted() -> None:
    score = calculate_overall_quality_score(
        functional_correctness=0.92, pass_at_k={1: 0.85, 5: 0.93}, test_pass_rate=0.96, code_bleu=0.78
    )
    assert 0.85 <= score <= 0.95
    assert score == pytest.approx(0.897)
    # The requirements' test expects "EXCELLENT - Auto-promote candidate"; 0.897 is below the excellent
    # bound 0.90 of their own table, and no tier promotes (ARCHITECTURE §11).
    routing = evaluate_tool_quality(score)
    assert routing == {
        "tier": "good",
        "label": "GOOD - Stage and request approval",
        "overall_score": score,
        "stage": True,
        "priority": "NORMAL",
        "warnings": [],
        "needs_repair": False,
        "reject": False,
    }


@pytest.mark.parametrize(
    ("profile", "tier"),
    [
        (
            {
                "functional_correctness": 0.95,
                "test_pass_rate": 0.98,
                "pass_at_k": {1: 0.90, 5: 0.96},
                "code_bleu": 0.82,
            },
            "excellent",
        ),
        (
            {
                "functional_correctness": 0.78,
                "test_pass_rate": 0.85,
                "pass_at_k": {1: 0.70, 5: 0.85},
                "code_bleu": 0.68,
            },
            "good",
        ),
        (
            {
                "functional_correctness": 0.55,
                "test_pass_rate": 0.65,
                "pass_at_k": {1: 0.45, 5: 0.70},
                "code_bleu": 0.48,
            },
            "poor",
        ),
    ],
)
def test_appendix_b_profiles_land_in_their_tiers(profile: dict[str, object], tier: str) -> None:
    score = calculate_overall_quality_score(**profile)  # type: ignore[arg-type]
    assert quality_tier(score) == tier


def test_no_routing_ever_promotes() -> None:
    for score in (1.0, 0.95, 0.9, 0.8, 0.75, 0.65, 0.6, 0.3, 0.0):
        routing = evaluate_tool_quality(score)
        assert "promote" not in routing
        assert not any("promote" in str(value).lower() for value in routing.values())
    assert not any("promote" in label.lower() for label in TIER_LABELS.values())


def test_tiers_map_to_staging_priorities() -> None:
    assert evaluate_tool_quality(0.90)["priority"] == "HIGH"
    assert evaluate_tool_quality(0.75)["priority"] == "NORMAL"
    acceptable = evaluate_tool_quality(0.60)
    assert acceptable["stage"] is True
    assert acceptable["priority"] == "LOW"
    assert len(acceptable["warnings"]) == 1


def test_poor_candidates_are_repaired_until_the_budget_is_spent_then_rejected() -> None:
    first = evaluate_tool_quality(0.4, repair_iterations=0)
    assert (first["stage"], first["needs_repair"], first["reject"], first["priority"]) == (
        False,
        True,
        False,
        None,
    )
    last = evaluate_tool_quality(0.4, repair_iterations=3)
    assert (last["stage"], last["needs_repair"], last["reject"]) == (False, False, True)
    generous = MCPForgeConfig.model_validate({"validation": {"max_repair_iterations": 5}})
    assert evaluate_tool_quality(0.4, repair_iterations=3, config=generous)["needs_repair"] is True


def test_weights_come_from_configuration() -> None:
    only_tests = MCPForgeConfig.model_validate(
        {
            "validation": {
                "metric_weights": {
                    "functional_correctness": 0,
                    "test_pass_rate": 1,
                    "code_bleu": 0,
                    "pass_at_1": 0,
                }
            }
        }
    )
    assert calculate_overall_quality_score(0.1, {1: 0.1}, 0.7, 0.1, config=only_tests) == pytest.approx(0.7)
    with pytest.raises(InvalidArgumentError):
        calculate_overall_quality_score(0.5, {1: 0.5}, 0.5, 0.5, {"functional_correctness": 1.0})


def test_unmeasured_metrics_are_left_out_instead_of_counting_as_zero() -> None:
    without_bleu = calculate_overall_quality_score(0.9, {1: 1.0}, 1.0, None)
    assert without_bleu == pytest.approx((0.4 * 0.9 + 0.3 + 0.1) / 0.8)
    assert calculate_overall_quality_score(0.9, {}, 1.0, None) == pytest.approx((0.4 * 0.9 + 0.3) / 0.7)


def _metrics(pass_rate_failures: int = 0) -> CodeMetrics:
    results = [
        {"test_id": f"n{i}", "category": "normal", "passed": i >= pass_rate_failures} for i in range(20)
    ]
    results += [{"test_id": f"e{i}", "category": "edge", "passed": True} for i in range(5)]
    summary = calculate_test_pass_rate(results)
    functional = calculate_functional_correctness(results, reference_similarity=1.0)
    return build_code_metrics(functional, calculate_pass_at_k(5, 5, [1, 5]), summary)


def test_code_metrics_are_built_and_codebleu_is_attached_later() -> None:
    metrics = _metrics()
    assert metrics.semantic_closeness is None
    assert metrics.overall_score == pytest.approx(1.0)
    assert metrics.quality_tier == "excellent"
    assert metrics.category_pass_rates == {"normal": 1.0, "edge": 1.0}
    report = ValidationReport(schema_ok=True, tests_ok=True, sandbox_ok=True, logs=[], code_metrics=metrics)
    semantic = calculate_code_bleu("print('a')", "x = [i for i in range(3)]")
    updated = attach_semantic_closeness(report, semantic)
    assert updated.code_metrics is not None
    assert updated.code_metrics.semantic_closeness == semantic
    assert updated.code_metrics.overall_score == pytest.approx(0.8 + 0.2 * semantic.code_bleu_score)
    assert report.code_metrics is not None and report.code_metrics.semantic_closeness is None
    with pytest.raises(InvalidArgumentError):
        attach_semantic_closeness(
            ValidationReport(schema_ok=True, tests_ok=True, sandbox_ok=True, logs=[]), semantic
        )


def test_metrics_below_their_targets_become_warnings() -> None:
    metrics = _metrics(pass_rate_failures=2)
    routing = evaluate_tool_quality(metrics.overall_score, metrics=metrics)
    assert routing["stage"] is True
    assert len(routing["warnings"]) == 2  # overall test pass rate and the normal category


def test_codebleu_attached_for_information_leaves_the_score_and_tier_alone() -> None:
    metrics = _metrics(pass_rate_failures=2)
    report = ValidationReport(schema_ok=True, tests_ok=True, sandbox_ok=True, logs=[], code_metrics=metrics)
    semantic = calculate_code_bleu("print('a')", "x = [i for i in range(3)]")
    assert semantic.code_bleu_score < 0.5  # rescoring would lower the overall score
    updated = attach_semantic_closeness(report, semantic, rescore=False)
    assert updated.code_metrics == metrics.model_copy(update={"semantic_closeness": semantic})
    rescored = attach_semantic_closeness(report, semantic)
    assert rescored.code_metrics is not None
    assert rescored.code_metrics.overall_score < metrics.overall_score
