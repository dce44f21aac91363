"""Issue 26, invalid samples: a written call's positional values go where the signature puts them, a
method's object is built through a constructor that takes an object or a plain value, and a constructor
that builds a mapping keeps the object under a handle (so its methods can be proven and called)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.models import Analysis
from mcpforge.convert.samples import keyword_pool, samples_for
from mcpforge.convert.select import select


def _param(
    name: str, kind: str = "POSITIONAL_OR_KEYWORD", default: Any = ..., **extra: Any
) -> dict[str, Any]:
    present = default is not ...
    return {
        "name": name,
        "kind": kind,
        "default": {"present": present, "json": True, "value": default} if present else {"present": False},
        **extra,
    }


def _plans(callables: list[dict[str, Any]]) -> dict[str, Any]:
    analysis = Analysis.model_validate({"package": "lib", "callables": callables})
    return {p.public_path: p for p in select(analysis, patterns=[], max_tools=50, package="lib").plans}


def test_a_positional_value_never_fills_a_keyword_only_parameter() -> None:
    # pymatgen: ``Composition(*args, strict=False, **kwargs)`` with the doctest ``Composition("LiFePO4")``.
    plans = _plans(
        [
            {
                "public_path": "lib.Composition",
                "kind": "class",
                "doc": "A chemical composition.",
                "params": [
                    _param("args", kind="VAR_POSITIONAL"),
                    _param("strict", kind="KEYWORD_ONLY", default=False, type={"kind": "boolean"}),
                    _param("kwargs", kind="VAR_KEYWORD"),
                ],
                "examples": ["comp = Composition('LiFePO4')"],
            },
            {
                "public_path": "lib.scale",
                "kind": "function",
                "doc": "Scale.",
                "params": [
                    _param("x", type={"kind": "number"}),
                    _param("unit", kind="KEYWORD_ONLY", type={"kind": "string"}),
                ],
                "examples": ["scale(2.0, 'km')", "scale(2.0, unit='km')"],
            },
        ]
    )
    tools = {p.name: p for p in plans.values()}
    composition = plans["lib.Composition"]
    first = samples_for(composition, tools, expressions=False)[0]
    assert first.source == "example"
    assert first.final.arguments == {"args": ["LiFePO4"]}
    # ``scale(2.0, 'km')`` is not a call the signature allows: only the keyword form is a sample.
    scale = samples_for(plans["lib.scale"], tools, expressions=False)
    assert [s.final.arguments for s in scale if s.source == "example"] == [{"x": 2.0, "unit": "km"}]
    assert keyword_pool(tools)["strict"] is False  # its default, not the formula


def test_a_method_gets_its_object_from_a_constructor_taking_an_object_or_a_name() -> None:
    # jinja2: ``Template(source: str | nodes.Template)``; ``Template.render`` had no sample at all.
    source_type = {"kind": "union", "of": [{"kind": "string"}, {"kind": "class", "name": "lib.Template"}]}
    plans = _plans(
        [
            {
                "public_path": "lib.Template",
                "kind": "class",
                "doc": "A compiled template.",
                "params": [_param("source", type=source_type)],
                "methods": [
                    {
                        "public_path": "lib.Template.render",
                        "kind": "method",
                        "owner": "lib.Template",
                        "doc": "Render the template.",
                        "params": [_param("self"), _param("args", kind="VAR_POSITIONAL")],
                        "returns": {"kind": "string"},
                    }
                ],
            }
        ]
    )
    assert plans["lib.Template"].params[0]["adapter"]["kind"] == "handle"
    tools = {p.name: p for p in plans.values()}
    samples = samples_for(plans["lib.Template.render"], tools, expressions=False)
    assert samples, "no sample for a method whose constructor takes an object or a string"
    maker, call = samples[0].steps
    assert maker.tool == "Template" and isinstance(maker.arguments["source"], str)
    assert call.arguments == {"handle": {"$ref": maker.bind}}


_MAPPING_MODULE = '''
from collections.abc import Mapping


class Composition(Mapping):
    """A mapping of element to amount, with methods of its own."""

    def __init__(self, formula):
        self._amounts = {"Fe": 2.0, "O": 3.0} if formula == "Fe2O3" else {}

    def __getitem__(self, key):
        return self._amounts[key]

    def __iter__(self):
        return iter(self._amounts)

    def __len__(self):
        return len(self._amounts)

    def atomic_fraction(self, el):
        return self._amounts[el] / sum(self._amounts.values())


class Diff(dict):
    """A dict subclass: its members are the answer."""

    def __init__(self, a, b):
        super().__init__(changed=sorted(set(a) ^ set(b)))
'''


def test_a_constructor_that_builds_a_mapping_returns_a_handle_its_methods_use(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "chemlib_for_handles.py").write_text(_MAPPING_MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "chemlib_for_handles", raising=False)
    json_param = {"adapter": {"kind": "json"}, "positional_only": False}
    constructor = {
        "target": "chemlib_for_handles:Composition",
        "kind": "class",
        "params": [{"name": "formula", **json_param}],
    }
    made = rt.call(constructor, {"formula": "Fe2O3"}, {})["result"]
    assert set(made) == {"handle", "type", "text"}
    method = {
        "target": "chemlib_for_handles:Composition",
        "kind": "method",
        "method": "atomic_fraction",
        "params": [
            {"name": "handle", "adapter": {"kind": "handle"}, "role": "self"},
            {"name": "el", **json_param},
        ],
    }
    assert rt.call(method, {"handle": made["handle"], "el": "O"}, {})["result"] == pytest.approx(0.6)
    # A function returning such an object still answers with its members.
    function = {
        "target": "chemlib_for_handles:Composition",
        "kind": "function",
        "params": constructor["params"],
    }
    assert rt.call(function, {"formula": "Fe2O3"}, {})["result"] == {"Fe": 2.0, "O": 3.0}
    assert rt.release(made["handle"])["result"]["released"] is True
    # A constructor of a dict subclass answers with its members, as before.
    diff = {
        "target": "chemlib_for_handles:Diff",
        "kind": "class",
        "params": [{"name": "a", **json_param}, {"name": "b", **json_param}],
    }
    assert rt.call(diff, {"a": [1, 2], "b": [2, 3]}, {})["result"] == {"changed": [1, 3]}
