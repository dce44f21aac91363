"""Type-based samples of a function of two texts (issue 26, blind6 moreorless): both texts got the
same value, so the diff of a text with itself was empty and the tool was dropped ("the library
documents a return value, the call returned ''"); a ``List[str]`` parameter got a list of numbers.
The same call with the later of two equal values made different is tried next, and a list of strings
holds a string. Real sandboxed analysis of a package written here, the real runtime."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from readme_packages import readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.run import meaningless
from mcpforge.convert.samples import samples_for
from mcpforge.convert.samples.distinct_values import distinct_variant
from mcpforge.convert.select import ToolPlan, select

_README = """
# twotexts

A thin wrapper around difflib.
"""

_INIT = '''
"""Diffs of texts, in miniature."""
import difflib
from typing import List

__all__ = ["unified", "combined"]


def unified(astr: str, bstr: str, filename: str) -> str:
    """Returns a unified diff string for the two inputs."""
    lines = difflib.unified_diff(
        astr.splitlines(True), bstr.splitlines(True), f"a/{filename}", f"b/{filename}", lineterm=""
    )
    return "\\n".join(line.rstrip("\\n") for line in lines)


def combined(from_files: List[str], to_files: List[str]) -> str:
    """Returns a diff of each text of from_files against the one text of to_files."""
    if len(to_files) != 1:
        raise ValueError("to_files must hold one text")
    return "\\n".join(unified(text, to_files[0], "file") for text in from_files).strip()
'''


@pytest.fixture
def twotexts(tmp_path: Path) -> Iterator[Path]:
    with readme_package(tmp_path, "twotexts", _INIT, "README.md", _README) as package:
        yield package


def _first_proving(plan: ToolPlan, plans: dict[str, ToolPlan]) -> tuple[dict[str, Any], Any]:
    """The first sample whose answer proves the tool, as run.py judges it."""
    for sample in samples_for(plan, plans, expressions=False):
        try:
            result = rt.call(plan.runtime_plan(), sample.final.arguments, {"library": "twotexts"})["result"]
        except rt.ToolFailedError:
            continue
        if meaningless(plan, result) is None:
            return sample.final.arguments, result
    raise AssertionError(f"no sample of {plan.name} proved it")


def test_two_texts_of_one_type_get_different_values(twotexts: Path, convert_config: MCPForgeConfig) -> None:
    analysis = analyse(acquire(str(twotexts)), "twotexts", config=convert_config.sandbox)
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="twotexts").plans}

    arguments, answer = _first_proving(plans["unified"], plans)
    assert arguments["astr"] != arguments["bstr"]
    assert answer.startswith("--- a/")

    arguments, answer = _first_proving(plans["combined"], plans)
    assert all(isinstance(text, str) for text in [*arguments["from_files"], *arguments["to_files"]])
    assert "+++ b/file" in answer


def test_the_distinct_variant_changes_only_repeated_values() -> None:
    assert distinct_variant({"a": "x", "b": "y"}, ["a", "b"]) is None
    assert distinct_variant({"a": "x", "b": "x"}, ["a", "b"]) == {"a": "x", "b": "x2"}
    assert distinct_variant({"a": ["x"], "b": ["x"]}, ["a", "b"]) == {"a": ["x"], "b": ["x2"]}
    assert distinct_variant({"n": 3, "m": 3}, ["n", "m"]) == {"n": 3, "m": 4}
    # A handle reference and a flag are left as they are.
    assert (
        distinct_variant({"h": {"$ref": "o"}, "g": {"$ref": "o"}, "t": True, "u": True}, list("hgtu")) is None
    )
