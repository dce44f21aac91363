"""Combined CodeBLEU (requirements 4.7.5): weighted sum of n-gram, weighted n-gram, AST and dataflow match."""

from __future__ import annotations

import ast
import math
from collections.abc import Mapping

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import InvalidArgumentError
from mcpforge.metrics.code_bleu._parse import parse_code, preorder
from mcpforge.metrics.code_bleu._standard import standard_code_bleu
from mcpforge.metrics.code_bleu.ast_match import (
    AstFeatures,
    ast_similarity_from_trees,
    similarity_from_features,
)
from mcpforge.metrics.code_bleu.dataflow import (
    Dataflow,
    DataflowAnalyzer,
    dataflow_of,
    dataflow_similarity_from_trees,
    similarity_from_dataflow,
)
from mcpforge.metrics.code_bleu.ngram import bleu_from_tokens, tokenize_code
from mcpforge.metrics.code_bleu.weighted import keyword_weight_table, weighted_ngram_from_tokens
from mcpforge.models import SemanticClosenessMetrics

COMPONENTS = ("ngram", "weighted_ngram", "ast", "dataflow")


def resolve_code_bleu_weights(
    weights: Mapping[str, float] | None = None, config: MCPForgeConfig | None = None
) -> dict[str, float]:
    """Component weights, from ``weights`` or ``config.validation.code_bleu_weights``, scaled to sum to 1.

    Raises:
        InvalidArgumentError: a component is missing or unknown, a weight is negative, or all are 0.
    """
    raw = (
        dict(weights)
        if weights is not None
        else (config or MCPForgeConfig()).validation.code_bleu_weights.model_dump()
    )
    if set(raw) != set(COMPONENTS):
        raise InvalidArgumentError(
            f"CodeBLEU weights must name exactly {list(COMPONENTS)!r}, got {sorted(raw)!r}",
            argument="weights",
        )
    if any(not (0.0 <= value < math.inf) for value in raw.values()):
        raise InvalidArgumentError(f"CodeBLEU weights must be >= 0, got {raw!r}", argument="weights")
    total = math.fsum(raw.values())
    if total <= 0.0:
        raise InvalidArgumentError("CodeBLEU weights must not all be 0", argument="weights")
    return {name: raw[name] / total for name in COMPONENTS}


def _analyze(tree: ast.AST) -> tuple[AstFeatures, Dataflow]:
    """AST features and dataflow in one walk of the tree (the expensive part of CodeBLEU)."""
    analyzer = DataflowAnalyzer()
    node_types: list[str] = []
    max_depth = 0
    for node, depth in preorder(tree):
        node_types.append(type(node).__name__)
        max_depth = max(max_depth, depth)
        analyzer.observe(node)
    return AstFeatures(node_types=tuple(node_types), max_depth=max_depth), dataflow_of(analyzer)


def calculate_code_bleu(
    candidate_code: str,
    reference_code: str,
    weights: Mapping[str, float] | None = None,
    *,
    config: MCPForgeConfig | None = None,
    keyword_weights: Mapping[str, float] | None = None,
    include_standard: bool = False,
) -> SemanticClosenessMetrics:
    """CodeBLEU of a candidate against a reference, every part in [0, 1]; identical code scores 1.0.

    Args:
        candidate_code: Generated code.
        reference_code: Reference code.
        weights: Component weights (ngram, weighted_ngram, ast, dataflow); default from config (0.25 each).
        config: Where default weights come from.
        keyword_weights: Overrides of the weighted n-gram's keyword weights.
        include_standard: Also compute the ``codebleu`` package's score into ``standard_code_bleu``
            (slower; None when the package is not installed).

    Raises:
        InvalidArgumentError: invalid weights.
    """
    component_weights = resolve_code_bleu_weights(weights, config)
    keyword_table = keyword_weight_table(keyword_weights)
    candidate_tokens = tokenize_code(candidate_code)
    reference_tokens = tokenize_code(reference_code)
    bleu = bleu_from_tokens(candidate_tokens, reference_tokens)
    weighted = weighted_ngram_from_tokens(candidate_tokens, reference_tokens, keyword_table)
    candidate_tree = parse_code(candidate_code)
    reference_tree = parse_code(reference_code)
    if candidate_tree is None or reference_tree is None:
        structure = ast_similarity_from_trees(candidate_code, reference_code, candidate_tree, reference_tree)
        flow = dataflow_similarity_from_trees(candidate_code, reference_code, candidate_tree, reference_tree)
    else:
        candidate_features, candidate_flow = _analyze(candidate_tree)
        reference_features, reference_flow = _analyze(reference_tree)
        structure = similarity_from_features(candidate_features, reference_features)
        flow = similarity_from_dataflow(candidate_flow, reference_flow)
    parts = {
        "ngram": bleu["bleu_score"],
        "weighted_ngram": weighted,
        "ast": structure["ast_match_score"],
        "dataflow": flow["dataflow_match_score"],
    }
    combined = math.fsum(component_weights[name] * parts[name] for name in COMPONENTS)
    return SemanticClosenessMetrics(
        ngram_match_score=parts["ngram"],
        ngram_precision=bleu["ngram_precision"],
        weighted_ngram_score=weighted,
        keyword_weights=keyword_table,
        ast_match_score=parts["ast"],
        ast_node_overlap=structure["ast_node_overlap"],
        ast_depth_similarity=structure["ast_depth_similarity"],
        dataflow_match_score=parts["dataflow"],
        variable_flow_similarity=flow["variable_flow_similarity"],
        dependency_graph_similarity=flow["dependency_graph_similarity"],
        code_bleu_score=min(1.0, max(0.0, combined)),
        weights=component_weights,
        standard_code_bleu=standard_code_bleu(candidate_code, reference_code) if include_standard else None,
    )
