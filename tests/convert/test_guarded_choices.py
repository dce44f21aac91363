"""A string parameter whose function refuses every value but the keys of a module-level table (issue 26,
blind7 numerical-expressions: ``describe_change(initial, final, operation)`` begins ``if operation not in
COMPUTATION_FUNCTIONS: raise ValueError``): no sample was found (``operation="a"`` failed) and the tool was
dropped. The guarded strings are now the parameter's choices; a test that only branches on membership
leaves the parameter free. Real sandboxed analysis of a package written here, the real runtime."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from readme_packages import first_passing, readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.samples import samples_for
from mcpforge.convert.samples.unfounded_values import unfounded_value
from mcpforge.convert.select import select

_INIT = '''
"""Changes between two values, in miniature."""

OPERATIONS = {"ratio": lambda a, b: b / a, "difference": lambda a, b: b - a}
IRREGULAR = {"mouse": "mice", "child": "children"}


def describe(initial: float, final: float, operation: str) -> str:
    """How ``final`` compares with ``initial``."""
    if operation not in OPERATIONS:
        raise ValueError(f"Invalid operation: {operation}")
    return f"{final} is {OPERATIONS[operation](initial, final)} ({operation}) of {initial}"


def plural(word: str) -> str:
    """The plural of ``word``."""
    if word in IRREGULAR:
        return IRREGULAR[word]
    return word + "s"
'''


@pytest.fixture
def changes(tmp_path: Path) -> Iterator[Path]:
    with readme_package(tmp_path, "changes_mini", _INIT, "README.md", "# changes_mini\n") as package:
        yield package


def test_a_guarded_parameter_takes_the_strings_its_code_accepts(
    changes: Path, convert_config: MCPForgeConfig
) -> None:
    analysis = analyse(acquire(str(changes)), "changes_mini", config=convert_config.sandbox)
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="changes_mini").plans}
    assert plans["describe"].input_schema["properties"]["operation"]["enum"] == ["ratio", "difference"]
    steps, value = first_passing(plans["describe"], plans, "changes_mini")
    assert steps[-1]["arguments"]["operation"] in {"ratio", "difference"}
    assert f"({steps[-1]['arguments']['operation']})" in value
    service = {"library": "changes_mini"}
    arguments = {"initial": 10, "final": 20, "operation": "ratio"}
    answer = rt.call(plans["describe"].runtime_plan(), arguments, service)["result"]
    assert answer == "20 is 2.0 (ratio) of 10"  # the numbers as given
    # Membership that only branches is no guard: any word is still a plural's argument.
    assert "enum" not in plans["plural"].input_schema["properties"]["word"]


_SCALES_INIT = '''
"""Temperature scales, in miniature."""


class Rankine:
    """Conversions from Rankine."""

    @staticmethod
    def to_newton(rankine):
        """Convert rankine to newton."""
        return (rankine - 491.67) * 11 / 60


def encode(number):
    """Encode into a symbol string."""
    number = int(number)
    if number < 0:
        raise ValueError("not a positive integer")
    return format(number, "x")


def label(thing):
    """A label for ``thing``."""
    return f"<{thing}>"
'''


def test_a_parameter_the_code_computes_with_a_number_has_a_footing(
    tmp_path: Path, convert_config: MCPForgeConfig
) -> None:
    """Test-half temp2temp: ``(rankine - 491.67) * 11 / 60`` says ``rankine`` is a number; a parameter
    the code only formats has no such word, and a made-up value for it still proves nothing."""
    with readme_package(tmp_path, "scales_mini", _SCALES_INIT, "README.md", "# scales_mini\n") as package:
        analysis = analyse(acquire(str(package)), "scales_mini", config=convert_config.sandbox)
        plans = {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="scales_mini").plans}
        newton, label = plans["to_newton"], plans["label"]
        assert "type" not in newton.input_schema["properties"]["rankine"]  # the schema is left as it was
        founded = [
            s for s in samples_for(newton, plans, expressions=False) if unfounded_value(s, plans, {}) is None
        ]
        assert founded
        answer = rt.call(newton.runtime_plan(), founded[0].final.arguments, {"library": "scales_mini"})
        assert isinstance(answer["result"], float)
        assert all(unfounded_value(s, plans, {}) for s in samples_for(label, plans, expressions=False))
        # ``number = int(number)`` then ``number < 0`` (base32-crockford's ``encode``): a number too.
        encoded = [
            s
            for s in samples_for(plans["encode"], plans, expressions=False)
            if unfounded_value(s, plans, {}) is None
        ]
        assert encoded
