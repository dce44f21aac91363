"""The output contract: a call's structured content against the tool's output schema."""

from __future__ import annotations

from mcpforge.output_contract import output_contract_error

SCHEMA = {
    "type": "object",
    "properties": {"result": {"type": "object", "properties": {"rows": {"type": "integer"}}}},
    "required": ["result"],
}


def test_structured_content_that_fits_passes_every_time() -> None:
    for _ in range(3):  # the checked validator is reused; the answer stays the same
        assert output_contract_error("t", SCHEMA, {"result": {"rows": 3}}) is None


def test_a_break_names_the_tool_and_where() -> None:
    problem = output_contract_error("count_rows", SCHEMA, {"result": {"rows": "three"}})
    assert problem is not None
    assert problem.startswith("count_rows returned data that breaks its output schema at result/rows:")


def test_a_missing_footer_is_named_and_an_invalid_schema_is_not_held_against_the_output() -> None:
    assert (
        output_contract_error("t", SCHEMA, None)
        == "t returned no JSON footer, which its output schema requires"
    )
    broken = {"type": "object", "properties": {"a": {"type": "no-such-type"}}}
    assert output_contract_error("t", broken, {"a": 1}) is None
    assert output_contract_error("t", {"type": "string"}, None) is None  # no object schema: no contract
