"""Issue 26, invalid samples: a refusal that states the valid range of the refused number gives the
next sample a number inside it (CoolProp's ``The pressure value (0.5) is outside the range of validity:
(10) to (1e+07)`` dropped ``HAPropsSI``), on a library function called through the runtime of a
converted package."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.models import Analysis
from mcpforge.convert.samples import Sample, Step
from mcpforge.convert.samples.follow_up_ranges import range_fix
from mcpforge.convert.samples.follow_ups import follow_up
from mcpforge.convert.select import select

_AIR_MODULE = '''
def humidity(output, name1, value1, name2, value2, /):
    """Humid-air property ``output`` at two given properties."""
    pressure = dict([(name1, value1), (name2, value2)]).get("P", 101325.0)
    if not 10 <= pressure <= 1e7:
        raise ValueError(
            f"The pressure value ({pressure}) is outside the range of validity: (10) to (1e+07)"
        )
    return round(pressure / 1000.0, 3)
'''


def test_the_refused_number_takes_a_value_inside_the_stated_range(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "air_for_ranges.py").write_text(_AIR_MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "air_for_ranges", raising=False)
    kinds = [("output", "string"), ("name1", "string"), ("value1", "number")]
    kinds += [("name2", "string"), ("value2", "number")]
    params = [
        {"name": n, "kind": "POSITIONAL_ONLY", "default": {"present": False}, "type": {"kind": k}}
        for n, k in kinds
    ]
    analysis = Analysis.model_validate(
        {
            "package": "air_for_ranges",
            "callables": [
                {"public_path": "air_for_ranges.humidity", "kind": "function", "doc": "d", "params": params}
            ],
        }
    )
    plan = select(analysis, patterns=[], max_tools=5, package="air_for_ranges").plans[0]
    arguments = {"output": "W", "name1": "P", "value1": 0.5, "name2": "R", "value2": 0.5}
    sample = Sample(source="types", steps=[Step(tool=plan.name, arguments=arguments)])
    runtime_plan = plan.runtime_plan()
    with pytest.raises(rt.ToolFailedError) as refused:
        rt.call(runtime_plan, arguments, {})
    fixed = follow_up(plan, sample, str(refused.value), {})
    assert fixed is not None
    assert fixed.final.arguments == {**arguments, "value1": 10000.0}  # 10 to 1e7: orders of magnitude
    assert rt.call(runtime_plan, fixed.final.arguments, {})["result"] == 10.0


def test_ranges_are_read_from_the_ways_libraries_state_them() -> None:
    assert range_fix({"x": 2.0}, "ValueError: x=2.0 must be between 0 and 1") == {"x": 0.5}
    assert range_fix({"n": 2}, "n must be greater than 2, got 2") == {"n": 4}
    assert range_fix({"k": 50}, "k = 50 should be <= 10") == {"k": 5}
    # The message does not quote the sample's number, or states no range: nothing to change.
    assert range_fix({"alpha": 0.5}, "alpha should be in the range [1, 100]") is None
    assert range_fix({"x": 3.0}, "x = 3.0 is not a valid input") is None
