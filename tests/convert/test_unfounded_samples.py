"""Issue 26, "proven" on nonsense, and a true doctest refused for a drifted score.

markdownify's tools were proven with samples such as ``convert_caption(el=1.0, ...)`` and
``underline(pad_char=1.0)``: a number made up for a parameter nothing describes (no annotation, default,
description or example), and calls that succeed without reading it. Such a value, and one whose JSON type
disagrees with the parameter's default, no longer proves a tool; ``pad_char`` gets a character by its
name. fuzzywuzzy's ``process.extract`` was dropped because its docstring shows
``[('New York Jets', 100), ('New York Giants', 78)]`` and the pure-Python matcher answers 79 (tuples and
lists already compared alike): the same strings with scores within 2% now agree with the docstring.
Epydoc fields (``@param doy : int``, DatesTimes) are read, so such a parameter is typed, not guessed.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from mcpforge.config import MCPForgeConfig
from mcpforge.convert._analysis_docs import _doc_params
from mcpforge.convert.models import Analysis
from mcpforge.convert.pipeline import ConvertOptions, convert
from mcpforge.convert.run import documented_mismatch
from mcpforge.convert.samples import Sample, Step, samples_for
from mcpforge.convert.samples.unfounded_values import unfounded_value
from mcpforge.convert.select import ToolPlan, select

_SHOWN = "[('New York Jets', 100), ('New York Giants', 78)]"


def _param(name: str, default: Any = ..., **extra: Any) -> dict[str, Any]:
    present = default is not ...
    return {
        "name": name,
        "kind": "POSITIONAL_OR_KEYWORD",
        "default": {"present": present, "json": True, "value": default} if present else {"present": False},
        **extra,
    }


def _plans() -> dict[str, ToolPlan]:
    callables = [
        {
            "public_path": "lib.render",
            "kind": "function",
            "doc": "r",
            "params": [_param("el"), _param("text")],
        },
        {
            "public_path": "lib.underline",
            "kind": "function",
            "doc": "u",
            "params": [_param("text"), _param("pad_char")],
        },
        {
            "public_path": "lib.shade",
            "kind": "function",
            "doc": "s",
            "params": [_param("text"), _param("fill", default="=")],
        },
        {
            "public_path": "lib.scale",
            "kind": "function",
            "doc": "s",
            "params": [_param("factor", type={"kind": "number"})],
        },
    ]
    analysis = Analysis.model_validate({"package": "lib", "callables": callables})
    return {p.name: p for p in select(analysis, patterns=[], max_tools=50, package="lib").plans}


def _types(tool: str, arguments: dict[str, Any], source: str = "types") -> Sample:
    return Sample(source=source, steps=[Step(tool=tool, arguments=arguments)])


def test_a_blind_number_for_an_undescribed_parameter_proves_nothing() -> None:
    plans = _plans()
    (sample, *_rest) = samples_for(plans["render"], plans, expressions=False)
    assert sample.final.arguments == {"el": 1.0, "text": "hello world"}  # the guess is still tried ...
    reason = unfounded_value(sample, plans, {})
    assert reason is not None and "'el'" in reason  # ... but cannot prove the tool
    # The authors' own call, or the same value the library's doctests pass as ``el``, is founded.
    assert unfounded_value(_types("render", {"el": 1.0, "text": "a"}, source="example"), plans, {}) is None
    assert unfounded_value(sample, plans, {"el": 1.0}) is None
    # A typed parameter's 1.0 has its annotation behind it.
    assert unfounded_value(_types("scale", {"factor": 1.0}), plans, {}) is None


def test_a_value_whose_type_disagrees_with_the_default_proves_nothing() -> None:
    plans = _plans()
    reason = unfounded_value(_types("shade", {"text": "a", "fill": 1.5}), plans, {})
    assert reason is not None and "'='" in reason and "a string" in reason
    assert unfounded_value(_types("shade", {"text": "a", "fill": "*"}), plans, {}) is None


def test_a_character_parameter_gets_a_character_by_its_name() -> None:
    plans = _plans()
    sample = samples_for(plans["underline"], plans, expressions=False)[0]
    assert sample.final.arguments == {"text": "hello world", "pad_char": "-"}
    assert unfounded_value(sample, plans, {}) is None


def test_a_preparing_call_with_a_blind_value_is_named() -> None:
    plans = _plans()
    sample = Sample(
        source="types",
        steps=[
            Step(tool="render", arguments={"el": 1.0, "text": "a"}, bind="_x"),
            Step(tool="scale", arguments={"factor": 2.0}),
        ],
    )
    reason = unfounded_value(sample, plans, {})
    assert reason is not None and reason.startswith("in the call of 'render'")


def test_shown_scores_that_drifted_a_little_still_agree_when_every_string_does() -> None:
    assert documented_mismatch([["New York Jets", 100], ["New York Giants", 79]], _SHOWN) is None
    assert documented_mismatch([["New York Jets", 100], ["New York Giants", 78]], _SHOWN) is None
    # Other strings, another order, a score far off, a bare number or numbers alone: still refused.
    for wrong in (
        [["New York Jets", 100], ["Dallas Cowboys", 78]],
        [["New York Giants", 79], ["New York Jets", 100]],
        [["New York Jets", 100], ["New York Giants", 60]],
        [["New York Jets", 100]],
    ):
        assert documented_mismatch(wrong, _SHOWN) is not None, wrong
    assert documented_mismatch(79, "78") is not None
    assert documented_mismatch([79, 100], "[78, 100]") is not None
    assert documented_mismatch({"score": 79}, "{'score': 78}") is not None


def test_epydoc_fields_type_and_describe_parameters() -> None:
    doc = """Calendar date from day of year

    @param year : int

    @param doy : int
      day of year

    @return: tuple of ints
      (year, month, day)
    """
    assert _doc_params(doc) == {"year": {"type": "int"}, "doy": {"type": "int", "doc": "day of year"}}
    doc = "Square.\n\n@param x: the value to square\n@type x: float\n@rtype: float\n"
    assert _doc_params(doc) == {"x": {"doc": "the value to square", "type": "float"}}


_LIBRARY = '''
"""Markup helpers and a fuzzy matcher (written like markdownify and fuzzywuzzy: no annotations)."""


def render_node(el, text):
    """Render the node's text."""
    return text


def underline(text, pad_char):
    """Underline a heading."""
    return text + "\\n" + pad_char * len(text)


def best_matches(query, choices, limit=2):
    """The ``limit`` choices closest to ``query``, with their scores.

    >>> best_matches("new york jets", ["New York Jets", "New York Giants", "Dallas Cowboys"], limit=2)
    [('New York Jets', 100), ('New York Giants', 78)]
    """
    words = set(query.lower().split())
    scored = [(c, round(100 * len(words & set(c.lower().split())) / len(words))) for c in choices]
    scored = [(c, 100 if s == 100 else s + 12) for c, s in scored]
    return sorted(scored, key=lambda pair: -pair[1])[:limit]
'''


def test_a_converted_library_proves_no_tool_on_a_guess_and_keeps_its_drifted_doctest(tmp_path: Path) -> None:
    package = tmp_path / "src" / "markmatch"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(_LIBRARY).lstrip(), encoding="utf-8")
    report = convert(
        ConvertOptions(source=str(package), out_dir=tmp_path / "out", stage=False),
        MCPForgeConfig(),
        registry_root=None,
    )
    outcomes = {o.tool: o for o in report.outcomes}
    assert not outcomes["render_node"].passed and outcomes["render_node"].category == "invalid_sample"
    assert "'el'" in (outcomes["render_node"].dropped_reason or "")
    assert [a.result for a in outcomes["underline"].attempts if a.ok] == ["hello world\n-----------"]
    matched = [a.result for a in outcomes["best_matches"].attempts if a.ok]
    assert matched == [[["New York Jets", 100], ["New York Giants", 79]]], outcomes["best_matches"]
