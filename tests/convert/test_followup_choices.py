"""Issue 26, invalid samples: a refusal that lists the accepted values gives the next sample its value
(pywt's ``The supported modes are [...]``, colour's ``must be one of (...)``, CoolProp's ``Acceptable
values are T,P,R,...``), on a library function called through the runtime of a converted package."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.models import Analysis
from mcpforge.convert.samples import Sample, Step
from mcpforge.convert.samples.follow_up_choices import accepted_values, choice_fix
from mcpforge.convert.samples.follow_ups import follow_up
from mcpforge.convert.select import select

_SIGNAL_MODULE = '''
MODES = ["zero", "constant", "symmetric", "periodic"]


def pad(x, width, mode):
    """Extend a signal at both ends."""
    if mode not in MODES:
        raise ValueError(f"unsupported mode: {mode}. The supported modes are {MODES}")
    return [0.0] * width + list(x) + [0.0] * width
'''


def test_the_refused_argument_takes_the_first_value_the_library_accepts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "signal_for_choices.py").write_text(_SIGNAL_MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "signal_for_choices", raising=False)
    params: list[dict[str, Any]] = [
        {"name": name, "kind": "POSITIONAL_OR_KEYWORD", "default": {"present": False}, "type": type_}
        for name, type_ in [
            ("x", {"kind": "list", "items": {"kind": "number"}}),
            ("width", {"kind": "integer"}),
            ("mode", {"kind": "string"}),
        ]
    ]
    analysis = Analysis.model_validate(
        {
            "package": "signal_for_choices",
            "callables": [
                {"public_path": "signal_for_choices.pad", "kind": "function", "doc": "d", "params": params}
            ],
        }
    )
    plan = select(analysis, patterns=[], max_tools=5, package="signal_for_choices").plans[0]
    runtime_plan = {"target": plan.target, "kind": plan.kind, "params": plan.params}
    sample = Sample(
        source="types", steps=[Step(tool=plan.name, arguments={"x": [1.0], "width": 1, "mode": "soft"})]
    )
    with pytest.raises(rt.ToolFailedError) as refused:
        rt.call(runtime_plan, sample.final.arguments, {})
    fixed = follow_up(plan, sample, str(refused.value), {})
    assert fixed is not None and fixed.final.arguments["mode"] == "zero"
    assert rt.call(runtime_plan, fixed.final.arguments, {})["result"] == [0.0, 1.0, 0.0]


def test_accepted_values_are_read_from_the_ways_libraries_list_them() -> None:
    colour = """"vK20" method is invalid, it must be one of ('ASTM E308', 'Integration', 'astm2015')!"""
    assert accepted_values(colour) == ["ASTM E308", "Integration", "astm2015"]
    coolprop = "your input [a] was not understood to Name2Type. Acceptable values are T,P,R,W and aliases"
    # The same made-up value in three places stands for three different choices.
    assert choice_fix({"arg0": "a", "arg1": "a", "arg2": 0.5, "arg3": "a"}, coolprop) == {
        "arg0": "T",
        "arg1": "P",
        "arg3": "R",
    }
    # No list of values, or a list that does not quote the sample's value: nothing to change.
    assert choice_fix({"file": "a", "folder": "a"}, "can only provide one of file or folder") is None
    assert choice_fix({"mode": "zero"}, "bad width. The supported modes are ['zero', 'edge']") is None
