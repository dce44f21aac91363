"""Tool names made valid for function calling and for Python, with deterministic collision handling."""

from __future__ import annotations

from mcpforge.bridge.naming import (
    FUNCTION_NAME_PATTERN,
    assign_names,
    function_name,
    python_identifier,
    short_hash,
)


def test_valid_names_are_kept_as_they_are() -> None:
    assert function_name("read_file") == "read_file"
    assert function_name("notion-query") == "notion-query"


def test_invalid_characters_and_length_are_fixed() -> None:
    assert function_name("github.create issue!") == "github_create_issue"
    long = "x" * 80
    assert function_name(long) == "x" * 55 + "_" + short_hash(long)
    assert FUNCTION_NAME_PATTERN.match(function_name("ünïcode.tool/ä"))


def test_python_identifiers_avoid_keywords_and_leading_digits() -> None:
    assert python_identifier("from") == "from_"
    assert python_identifier("match") == "match_"
    assert python_identifier("3d-render") == "_3d_render"
    assert python_identifier("max-results") == "max_results"


def test_collisions_get_a_hash_suffix_independent_of_order() -> None:
    names = ["a.b", "a b", "a_b", "c"]
    forward = assign_names(names, function_name)
    backward = assign_names(list(reversed(names)), function_name)
    assert (
        forward
        == backward
        == {
            "a b": "a_b_" + short_hash("a b"),
            "a.b": "a_b_" + short_hash("a.b"),
            "a_b": "a_b",
            "c": "c",
        }
    )


def test_assigned_names_are_unique_and_valid() -> None:
    names = [f"tool.{i % 3}" for i in range(9)] + ["tool_0", "tool-0", "x" * 70, "x" * 71]
    assigned = assign_names(names, function_name)
    assert len(set(assigned.values())) == len(set(names))
    assert all(FUNCTION_NAME_PATTERN.match(name) for name in assigned.values())
