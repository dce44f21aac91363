"""Quality metrics of generated tools (requirements 4.4-4.9, Appendix B).

Functional correctness, pass@k, test pass rate, CodeBLEU (in the background, cached by code hash) and the
overall quality score with its tiers. Tiers set staging priority and warnings; they never promote.
"""

from mcpforge.metrics._normalize import normalize_output, outputs_match
from mcpforge.metrics.cache import CodeBleuCache, compute_code_bleu_async
from mcpforge.metrics.code_bleu import (
    DEFAULT_KEYWORD_WEIGHTS,
    calculate_ast_similarity,
    calculate_bleu,
    calculate_code_bleu,
    calculate_dataflow_similarity,
    calculate_ngram_precision,
    calculate_weighted_ngram_score,
    extract_ast_features,
    extract_dataflow,
    standard_code_bleu,
    standard_code_bleu_available,
    tokenize_code,
)
from mcpforge.metrics.functional import (
    ToolTestCase,
    calculate_correctness_score,
    calculate_functional_correctness,
    compare_with_reference,
    judge_output,
    judge_test_cases,
    run_test_cases,
    validate_against_reference,
)
from mcpforge.metrics.pass_at_k import calculate_pass_at_k, pass_at_k
from mcpforge.metrics.quality import (
    DEFAULT_QUALITY_TIERS,
    TIER_LABELS,
    QualityRouting,
    attach_semantic_closeness,
    build_code_metrics,
    calculate_overall_quality_score,
    evaluate_tool_quality,
    quality_tier,
)
from mcpforge.metrics.test_pass_rate import PassRateSummary, calculate_test_pass_rate

__all__ = [
    "DEFAULT_KEYWORD_WEIGHTS",
    "DEFAULT_QUALITY_TIERS",
    "TIER_LABELS",
    "CodeBleuCache",
    "PassRateSummary",
    "QualityRouting",
    "ToolTestCase",
    "attach_semantic_closeness",
    "build_code_metrics",
    "calculate_ast_similarity",
    "calculate_bleu",
    "calculate_code_bleu",
    "calculate_correctness_score",
    "calculate_dataflow_similarity",
    "calculate_functional_correctness",
    "calculate_ngram_precision",
    "calculate_overall_quality_score",
    "calculate_pass_at_k",
    "calculate_test_pass_rate",
    "calculate_weighted_ngram_score",
    "compare_with_reference",
    "compute_code_bleu_async",
    "evaluate_tool_quality",
    "extract_ast_features",
    "extract_dataflow",
    "judge_output",
    "judge_test_cases",
    "normalize_output",
    "outputs_match",
    "pass_at_k",
    "quality_tier",
    "run_test_cases",
    "standard_code_bleu",
    "standard_code_bleu_available",
    "tokenize_code",
    "validate_against_reference",
]
