"""An untyped parameter the code uses as a mapping or a sequence (issue 26: blind8 pytoml
``dumps(obj)``, test half splines ``CatmullRom(vertices)``): the sample was the blind number 1.0, refused
as a guess or failing in ``len()``, so the headline tools were dropped. The analysis reads the code
(``obj.keys()`` after ``tables = [((), obj, False)]; name, table, flag = tables.pop()``; ``len(vertices)``
in the module's ``_check(vertices)``) and says so in the description; the sample is a non-empty mapping
or a list, and the schema stays open (a number still reaches ``evaluate(t)``, which takes both). Real
sandboxed analysis of a package written here, the real runtime."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from readme_packages import first_passing, readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.select import ToolPlan, select

_INIT = '''
"""Tables and curves, in miniature."""


def dumps(obj, sort_keys=False):
    """Write ``obj`` as ``key = value`` lines."""
    lines = []
    dump(obj, lines, sort_keys=sort_keys)
    return "\\n".join(lines)


def dump(obj, out, sort_keys=False):
    tables = [((), obj, False)]
    while tables:
        name, table, flag = tables.pop()
        keys = sorted(table.keys()) if sort_keys else table.keys()
        for key in keys:
            out.append(f"{key} = {table[key]!r}")


def _check(vertices):
    if len(vertices) < 2:
        raise ValueError("at least two vertices")
    return list(vertices)


class Polyline:
    """A polyline through vertices."""

    def __init__(self, vertices):
        self.vertices = _check(vertices)

    def evaluate(self, t):
        if not isinstance(t, (int, float)):
            return [self.evaluate(time) for time in t]
        index = min(int(t), len(self.vertices) - 2)
        start, end = self.vertices[index], self.vertices[index + 1]
        return start + (end - start) * (t - index)
'''


@pytest.fixture
def plans(tmp_path: Path, convert_config: MCPForgeConfig) -> Iterator[dict[str, ToolPlan]]:
    with readme_package(tmp_path, "tables_mini", _INIT, "README.md", "# tables_mini\n") as package:
        analysis = analyse(acquire(str(package)), "tables_mini", config=convert_config.sandbox)
        selection = select(analysis, patterns=[], max_tools=20, package="tables_mini")
        yield {p.name: p for p in selection.plans}


def test_a_parameter_read_as_a_mapping_gets_a_mapping_sample(plans: dict[str, ToolPlan]) -> None:
    steps, result = first_passing(plans["dumps"], plans, "tables_mini")
    assert isinstance(steps[-1]["arguments"]["obj"], dict) and steps[-1]["arguments"]["obj"]
    assert isinstance(result, str) and " = " in result
    assert "mapping" in plans["dumps"].input_schema["properties"]["obj"].get("description", "")


def test_a_parameter_measured_by_a_helper_gets_a_sequence_sample(plans: dict[str, ToolPlan]) -> None:
    steps, result = first_passing(plans["Polyline_evaluate"], plans, "tables_mini")
    assert isinstance(steps[0]["arguments"]["vertices"], list)
    assert result is not None


def test_the_schema_stays_open_for_a_value_used_as_a_sequence_in_one_branch(
    plans: dict[str, ToolPlan],
) -> None:
    service = {"library": "tables_mini"}
    built = rt.call(plans["Polyline"].runtime_plan(), {"vertices": [0.0, 10.0, 20.0]}, service)
    handle = built["result"]["handle"]
    evaluate = plans["Polyline_evaluate"]
    assert "type" not in evaluate.input_schema["properties"]["t"]
    assert rt.call(evaluate.runtime_plan(), {"handle": handle, "t": 1.5}, service)["result"] == 15.0
    assert rt.call(evaluate.runtime_plan(), {"handle": handle, "t": [0.5, 1.0]}, service)["result"] == [
        5.0,
        10.0,
    ]
