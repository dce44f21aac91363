"""A parameter annotated with a collection ABC and no item type (issue 26, blind8 edit-distance:
``SequenceMatcher(a: Optional[Sequence] = None, b: Optional[Sequence] = None)`` with ``Sequence`` from
``collections.abc``). The analysis described the bare ABC as an unknown class, so the optional sequences
were left out of the constructor's tool: the tool built an empty matcher, "proven" on distance 0, and a
user could not give it the two sequences. They are now lists (or a text, itself a sequence). Real
sandboxed analysis of a package written here, the real runtime."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from readme_packages import readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.select import ToolPlan, select

_INIT = '''
"""Differences between two sequences, in miniature."""
from collections.abc import Mapping, Sequence
from typing import Optional

__all__ = ["Matcher", "count_keys"]


class Matcher:
    """Compares sequence ``a`` with sequence ``b``."""

    def __init__(self, a: Optional[Sequence] = None, b: Optional[Sequence] = None) -> None:
        self.a = list(a or [])
        self.b = list(b or [])

    def distance(self) -> int:
        """How many positions differ, plus the difference in length."""
        same = sum(x != y for x, y in zip(self.a, self.b))
        return same + abs(len(self.a) - len(self.b))


def count_keys(table: Mapping) -> int:
    """How many keys ``table`` has."""
    return len(table)
'''


@pytest.fixture
def plans(tmp_path: Path, convert_config: MCPForgeConfig) -> Iterator[dict[str, ToolPlan]]:
    with readme_package(tmp_path, "diffs_mini", _INIT, "README.md", "# diffs_mini\n") as package:
        analysis = analyse(acquire(str(package)), "diffs_mini", config=convert_config.sandbox)
        selection = select(analysis, patterns=[], max_tools=20, package="diffs_mini")
        yield {p.name: p for p in selection.plans}


def test_optional_bare_sequences_are_parameters_of_the_constructor(plans: dict[str, ToolPlan]) -> None:
    properties = plans["Matcher"].input_schema["properties"]
    assert {"a", "b"} <= set(properties)
    service = {"library": "diffs_mini"}
    sequences = {"a": ["hi", "there"], "b": ["hi", "here", "you"]}
    built = rt.call(plans["Matcher"].runtime_plan(), sequences, service)
    handle = built["result"]["handle"]
    assert rt.call(plans["Matcher_distance"].runtime_plan(), {"handle": handle}, service)["result"] == 2
    # A text is a sequence of characters: accepted as the library accepts it.
    built = rt.call(plans["Matcher"].runtime_plan(), {"a": "kitten", "b": "sitten"}, service)
    handle = built["result"]["handle"]
    assert rt.call(plans["Matcher_distance"].runtime_plan(), {"handle": handle}, service)["result"] == 1


def test_a_bare_mapping_is_an_object(plans: dict[str, ToolPlan]) -> None:
    schema = plans["count_keys"].input_schema["properties"]["table"]
    assert schema.get("type") == "object"
    service = {"library": "diffs_mini"}
    result = rt.call(plans["count_keys"].runtime_plan(), {"table": {"x": 1, "y": 2}}, service)
    assert result["result"] == 2
