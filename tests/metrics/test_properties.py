"""Invariants of the metrics, checked with hypothesis.

Symmetric by definition (and tested so): AST match and each of its parts, dataflow match and each of its
parts, the LCS ratio they use, and output matching. Not symmetric by definition: n-gram BLEU and the
weighted n-gram score (precisions of the candidate, brevity penalty on the candidate), hence CodeBLEU.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcpforge.metrics import (
    calculate_ast_similarity,
    calculate_code_bleu,
    calculate_dataflow_similarity,
    outputs_match,
)
from mcpforge.metrics.code_bleu._sequence import lcs_length, lcs_ratio

NAMES = st.sampled_from(["a", "b", "df", "total", "x", "result", "column"])
EXPRESSIONS = st.one_of(
    NAMES,
    st.integers(-5, 100).map(str),
    st.builds(lambda left, op, right: f"{left} {op} {right}", NAMES, st.sampled_from("+-*/"), NAMES),
    st.builds(lambda name, arg: f"{name}.groupby({arg!r}).sum()", NAMES, NAMES),
    st.builds(lambda name: f"len({name})", NAMES),
)
STATEMENTS = st.one_of(
    st.builds(lambda target, value: f"{target} = {value}", NAMES, EXPRESSIONS),
    st.builds(lambda target, value: f"{target} += {value}", NAMES, EXPRESSIONS),
    st.builds(lambda target, value: f"for {target} in {value}:\n    pass", NAMES, EXPRESSIONS),
    st.builds(lambda value: f"if {value}:\n    x = 1\nelse:\n    x = 2", EXPRESSIONS),
    st.builds(lambda value: f"def f({value}):\n    return {value}", NAMES),
    st.just("# a comment"),
    st.just('"""A docstring."""'),
)
PYTHON = st.lists(STATEMENTS, max_size=12).map("\n".join)
CODE = st.one_of(PYTHON, st.text(max_size=200))
SCORE_FIELDS = (
    "ngram_match_score",
    "weighted_ngram_score",
    "ast_match_score",
    "ast_node_overlap",
    "ast_depth_similarity",
    "dataflow_match_score",
    "variable_flow_similarity",
    "dependency_graph_similarity",
    "code_bleu_score",
)
CELLS = st.one_of(
    st.none(), st.integers(-1000, 1000), st.floats(-1e6, 1e6, allow_nan=False), st.text(max_size=5)
)


@settings(max_examples=150, deadline=None)
@given(CODE, CODE)
def test_every_code_bleu_score_is_between_zero_and_one(candidate: str, reference: str) -> None:
    metrics = calculate_code_bleu(candidate, reference)
    for field in SCORE_FIELDS:
        assert 0.0 <= getattr(metrics, field) <= 1.0, field
    assert all(0.0 <= value <= 1.0 for value in metrics.ngram_precision.values())


@settings(max_examples=150, deadline=None)
@given(CODE)
def test_identical_code_scores_one_everywhere(code: str) -> None:
    metrics = calculate_code_bleu(code, code)
    for field in SCORE_FIELDS:
        assert getattr(metrics, field) == 1.0, field


@settings(max_examples=150, deadline=None)
@given(CODE, CODE)
def test_ast_and_dataflow_similarity_are_symmetric(left: str, right: str) -> None:
    assert calculate_ast_similarity(left, right) == calculate_ast_similarity(right, left)
    assert calculate_dataflow_similarity(left, right) == calculate_dataflow_similarity(right, left)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 4), max_size=40), st.lists(st.integers(0, 4), max_size=40))
def test_bit_parallel_lcs_equals_dynamic_programming(left: list[int], right: list[int]) -> None:
    table = [[0] * (len(right) + 1) for _ in range(len(left) + 1)]
    for i, a in enumerate(left):
        for j, b in enumerate(right):
            table[i + 1][j + 1] = table[i][j] + 1 if a == b else max(table[i][j + 1], table[i + 1][j])
    assert lcs_length(left, right) == table[-1][-1]
    assert lcs_ratio(left, right) == lcs_ratio(right, left)
    assert 0.0 <= lcs_ratio(left, right) <= 1.0


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.lists(CELLS, min_size=2, max_size=2), max_size=8),
    st.lists(st.lists(CELLS, min_size=2, max_size=2), max_size=8),
    st.randoms(use_true_random=False),
)
def test_output_matching_is_symmetric_and_ignores_row_order(
    rows: list[list[Any]], other: list[list[Any]], rng: Any
) -> None:
    table = {"columns": ["k", "v"], "rows": rows}
    shuffled = list(rows)
    rng.shuffle(shuffled)
    assert outputs_match(table, {"columns": ["k", "v"], "rows": shuffled})
    assert outputs_match(table, {"columns": ["v", "k"], "rows": [[v, k] for k, v in shuffled]})
    other_table = {"columns": ["k", "v"], "rows": other}
    assert outputs_match(table, other_table) == outputs_match(other_table, table)


@pytest.mark.parametrize("k", [1, 2, 5])
def test_pass_at_k_monotonicity_is_covered_in_its_own_module(k: int) -> None:
    from mcpforge.metrics import pass_at_k

    assert [pass_at_k(10, c, k) for c in range(11)] == sorted(pass_at_k(10, c, k) for c in range(11))
