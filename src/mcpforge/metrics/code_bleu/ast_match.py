"""AST match (requirements 4.7.3): node-type overlap, depth similarity and node-sequence similarity."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TypedDict

from mcpforge.metrics.code_bleu._parse import parse_code, preorder
from mcpforge.metrics.code_bleu._sequence import lcs_ratio

NODE_OVERLAP_WEIGHT = 0.4
DEPTH_WEIGHT = 0.3
SEQUENCE_WEIGHT = 0.3


@dataclass(frozen=True, kw_only=True)
class AstFeatures:
    """Structural features of one module."""

    node_types: tuple[str, ...]
    max_depth: int

    @property
    def node_count(self) -> int:
        """Number of nodes."""
        return len(self.node_types)

    @property
    def unique_nodes(self) -> frozenset[str]:
        """Distinct node types."""
        return frozenset(self.node_types)


class AstSimilarity(TypedDict):
    """The requirements' keys: the combined score and its three parts."""

    ast_match_score: float
    ast_node_overlap: float
    ast_depth_similarity: float
    ast_node_sequence_similarity: float


def features_from_tree(tree: ast.AST) -> AstFeatures:
    """Node types in pre-order (without expression contexts) and the maximum depth."""
    node_types: list[str] = []
    max_depth = 0
    for node, depth in preorder(tree):
        node_types.append(type(node).__name__)
        max_depth = max(max_depth, depth)
    return AstFeatures(node_types=tuple(node_types), max_depth=max_depth)


def extract_ast_features(code: str) -> AstFeatures | None:
    """Features of ``code``, or None when it does not parse."""
    tree = parse_code(code)
    return None if tree is None else features_from_tree(tree)


def similarity_from_features(candidate: AstFeatures, reference: AstFeatures) -> AstSimilarity:
    """AST similarity of two parsed modules; symmetric in its arguments."""
    candidate_nodes, reference_nodes = candidate.unique_nodes, reference.unique_nodes
    overlap = len(candidate_nodes & reference_nodes) / len(candidate_nodes | reference_nodes)
    deepest = max(candidate.max_depth, reference.max_depth)
    depth = 1.0 - abs(candidate.max_depth - reference.max_depth) / deepest if deepest > 0 else 1.0
    sequence = lcs_ratio(candidate.node_types, reference.node_types)
    score = NODE_OVERLAP_WEIGHT * overlap + DEPTH_WEIGHT * depth + SEQUENCE_WEIGHT * sequence
    return AstSimilarity(
        ast_match_score=min(1.0, score),
        ast_node_overlap=overlap,
        ast_depth_similarity=depth,
        ast_node_sequence_similarity=sequence,
    )


def _unparsable(candidate_code: str, reference_code: str) -> AstSimilarity:
    # Code that does not parse has no structure to compare; only the very same text counts as a match.
    same = 1.0 if candidate_code == reference_code else 0.0
    return AstSimilarity(
        ast_match_score=same,
        ast_node_overlap=same,
        ast_depth_similarity=same,
        ast_node_sequence_similarity=same,
    )


def ast_similarity_from_trees(
    candidate_code: str, reference_code: str, candidate_tree: ast.AST | None, reference_tree: ast.AST | None
) -> AstSimilarity:
    """AST similarity from already parsed trees (None: the code did not parse)."""
    if candidate_tree is None or reference_tree is None:
        return _unparsable(candidate_code, reference_code)
    return similarity_from_features(features_from_tree(candidate_tree), features_from_tree(reference_tree))


def calculate_ast_similarity(candidate_code: str, reference_code: str) -> AstSimilarity:
    """Structural similarity: 0.4 node-type Jaccard + 0.3 depth similarity + 0.3 node-sequence LCS ratio.

    Code that does not parse scores 0.0 against anything but the identical text (1.0). Symmetric.
    """
    return ast_similarity_from_trees(
        candidate_code, reference_code, parse_code(candidate_code), parse_code(reference_code)
    )
