"""CodeBLEU parts (requirements 4.7.1-4.7.5): known pairs, edge cases, weights from configuration."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import InvalidArgumentError
from mcpforge.metrics import (
    calculate_ast_similarity,
    calculate_bleu,
    calculate_code_bleu,
    calculate_dataflow_similarity,
    calculate_weighted_ngram_score,
    extract_ast_features,
    extract_dataflow,
    standard_code_bleu_available,
    tokenize_code,
)
from mcpforge.metrics.code_bleu._sequence import lcs_length

DATA = Path(__file__).parent / "data"
TOOL = (DATA / "group_summary_tool.py.txt").read_text(encoding="utf-8")
VARIANT = (DATA / "group_summary_variant.py.txt").read_text(encoding="utf-8")


def test_identical_code_scores_one_in_ngram_bleu() -> None:
    code = "def foo(): return x + y"
    score = calculate_bleu(code, code)
    assert score["bleu_score"] == 1.0
    assert score["ngram_precision"] == {1: 1.0, 2: 1.0, 3: 1.0, 4: 1.0}


def test_bleu_matches_a_hand_computed_pair() -> None:
    # candidate tokens: a = b + c (5), reference: a = b + d (5)
    result = calculate_bleu("a = b + c", "a = b + d")
    assert result["ngram_precision"] == {1: 0.8, 2: 0.75, 3: pytest.approx(2 / 3), 4: 0.5}
    expected = math.exp((math.log(0.8) + math.log(0.75) + math.log(2 / 3) + math.log(0.5)) / 4)
    assert result["bleu_score"] == pytest.approx(expected)


def test_a_short_candidate_pays_the_brevity_penalty() -> None:
    result = calculate_bleu("a = b + c", "a = b + c\nd = a")
    assert result["ngram_precision"] == {1: 1.0, 2: 1.0, 3: 1.0, 4: 1.0}
    assert result["brevity_penalty"] == pytest.approx(math.exp(1 - 8 / 5))
    assert result["bleu_score"] == pytest.approx(math.exp(1 - 8 / 5))


def test_no_shared_ngram_gives_zero_without_a_log_error() -> None:
    result = calculate_bleu("alpha beta gamma delta", "one two three four")
    assert result["bleu_score"] == 0.0
    assert result["ngram_precision"][1] == 0.0


def test_tokenizer_drops_comments_and_docstrings_but_keeps_string_literals() -> None:
    code = (
        'def f(x):\n    """Doc # not a comment."""\n    # a comment\n'
        '    return x + "a # b"  # tail\n@mcp.tool()\n'
    )
    assert tokenize_code(code) == [
        "def",
        "f",
        "(",
        "x",
        ")",
        ":",
        "return",
        "x",
        "+",
        '"a # b"',
        "@mcp",
        ".",
        "tool",
        "(",
        ")",
    ]


def test_keyword_weights_make_matching_keywords_count_more() -> None:
    candidate = "import pandas\nx = 1"
    reference = "import numpy\nx = 2"
    plain = calculate_weighted_ngram_score(candidate, reference, {"import": 1.0, "__default__": 1.0})
    heavy = calculate_weighted_ngram_score(candidate, reference, {"import": 10.0})
    assert plain == pytest.approx(3 / 5)
    assert heavy > plain
    with pytest.raises(InvalidArgumentError):
        calculate_weighted_ngram_score(candidate, reference, {"import": -1.0})


def test_same_structure_with_other_names_has_high_ast_similarity() -> None:
    result = calculate_ast_similarity("x = a + b", "y = c + d")
    assert result["ast_match_score"] > 0.8


def test_ast_features_record_node_types_and_depth() -> None:
    features = extract_ast_features("x = a + b")
    assert features is not None
    assert features.node_types == ("Module", "Assign", "Name", "BinOp", "Name", "Add", "Name")
    assert features.max_depth == 3
    assert extract_ast_features("def broken(:") is None


def test_dataflow_extraction_follows_assignments() -> None:
    code = """
    a = 10
    b = a + 5
    c = b * 2
    """
    flow = extract_dataflow(code)
    assert flow["valid"]
    assert "b" in flow["variable_dependencies"]
    assert "a" in flow["variable_dependencies"]["b"]
    assert "b" in flow["variable_dependencies"]["c"]


def test_dataflow_covers_parameters_loops_mutation_and_augmented_assignment() -> None:
    code = """
def tool(file_path, columns):
    df = load(file_path)
    for name in columns:
        df[name] = df[name].fillna(0)
    total = 0
    total += len(df)
    return total
"""
    deps = extract_dataflow(code)["variable_dependencies"]
    assert deps == {
        "file_path": frozenset(),
        "columns": frozenset(),
        "df": frozenset({"load", "file_path", "df", "name"}),
        "name": frozenset({"columns"}),
        "total": frozenset({"total", "len", "df"}),
    }


def test_dataflow_similarity_detects_a_changed_dependency() -> None:
    same = calculate_dataflow_similarity("a = x\nb = a", "a = x\nb = a")
    changed = calculate_dataflow_similarity("a = x\nb = a", "a = x\nb = x")
    assert same["dataflow_match_score"] == 1.0
    assert changed["variable_flow_similarity"] == 1.0
    assert changed["dependency_graph_similarity"] == 0.5
    assert changed["dataflow_match_score"] == pytest.approx(0.4 + 0.2 + 0.2)


@pytest.mark.parametrize(
    ("candidate", "reference"), [("", ""), ("def broken(:", "def broken(:"), ("print(1)", "print(1)")]
)
def test_identical_code_scores_one_even_when_empty_or_invalid(candidate: str, reference: str) -> None:
    metrics = calculate_code_bleu(candidate, reference)
    assert metrics.code_bleu_score == 1.0
    assert metrics.ast_match_score == 1.0
    assert metrics.dataflow_match_score == 1.0


def test_syntax_errors_and_empty_code_do_not_crash() -> None:
    broken = calculate_code_bleu("def broken(:\n    return", TOOL)
    assert broken.ast_match_score == 0.0
    assert broken.dataflow_match_score == 0.0
    assert 0.0 <= broken.code_bleu_score < 0.5
    empty = calculate_code_bleu("", TOOL)
    assert empty.ngram_match_score == 0.0
    assert empty.weighted_ngram_score == 0.0
    assert 0.0 <= empty.code_bleu_score < 0.5


def test_code_bleu_of_two_real_tools_is_a_valid_model() -> None:
    metrics = calculate_code_bleu(VARIANT, TOOL)
    assert 0.0 <= metrics.code_bleu_score <= 1.0
    assert all(0.0 <= value <= 1.0 for value in metrics.ngram_precision.values())
    assert metrics.ast_match_score > 0.8
    assert metrics.code_bleu_score == pytest.approx(
        0.25 * (metrics.ngram_match_score + metrics.weighted_ngram_score + metrics.ast_match_score)
        + 0.25 * metrics.dataflow_match_score
    )
    unrelated = calculate_code_bleu("print('hello')\n", TOOL)
    assert unrelated.code_bleu_score < metrics.code_bleu_score


def test_weights_come_from_configuration_and_are_validated() -> None:
    config = MCPForgeConfig.model_validate(
        {
            "validation": {
                "code_bleu_weights": {"ngram": 0.0, "weighted_ngram": 0.0, "ast": 1.0, "dataflow": 0.0}
            }
        }
    )
    metrics = calculate_code_bleu(VARIANT, TOOL, config=config)
    assert metrics.weights == {"ngram": 0.0, "weighted_ngram": 0.0, "ast": 1.0, "dataflow": 0.0}
    assert metrics.code_bleu_score == pytest.approx(metrics.ast_match_score)
    scaled = calculate_code_bleu(VARIANT, TOOL, {"ngram": 2, "weighted_ngram": 2, "ast": 2, "dataflow": 2})
    assert scaled.weights == {"ngram": 0.25, "weighted_ngram": 0.25, "ast": 0.25, "dataflow": 0.25}
    for bad in (
        {"ngram": 1.0},
        {"ngram": -1, "weighted_ngram": 1, "ast": 1, "dataflow": 1},
        {"ngram": 0, "weighted_ngram": 0, "ast": 0, "dataflow": 0},
    ):
        with pytest.raises(InvalidArgumentError):
            calculate_code_bleu("x = 1", "x = 1", bad)


def test_lcs_length_of_known_sequences() -> None:
    assert lcs_length("ABCBDAB", "BDCABA") == 4
    assert lcs_length("", "abc") == 0
    assert lcs_length("abc", "abc") == 3


@pytest.mark.skipif(
    not standard_code_bleu_available(), reason="the optional `codebleu` package is not installed"
)
def test_standard_code_bleu_is_reported_as_a_labelled_extra() -> None:
    metrics = calculate_code_bleu(VARIANT, TOOL, include_standard=True)
    assert metrics.standard_code_bleu is not None
    assert 0.0 < metrics.standard_code_bleu <= 1.0
    assert calculate_code_bleu(VARIANT, TOOL).standard_code_bleu is None


def test_code_bleu_against_the_shipped_reference_tool_is_in_range() -> None:
    from mcpforge.reference_tools import reference_tool_source

    reference = reference_tool_source("load_and_analyze_csv")
    metrics = calculate_code_bleu(TOOL, reference)
    assert 0.0 <= metrics.code_bleu_score <= 1.0
    assert all(0.0 <= value <= 1.0 for value in metrics.ngram_precision.values())
    assert metrics.ast_match_score >= 0.0
    assert metrics.dataflow_match_score >= 0.0
    assert calculate_code_bleu(reference, reference).code_bleu_score == 1.0
