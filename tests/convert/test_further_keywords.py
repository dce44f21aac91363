"""Issue 26, a call the tool could not make: a ``**kwargs`` signature (jinja2's ``Template.render(*args,
**kwargs)``, whose keywords are the template's variables) had no parameter for them, so the tool could
only render with no variables. The tool now takes them as one object (``kwargs``), passed by name; the
outsider benchmark's harness puts a check's names the tool does not have there, as a client would, and
never puts positional values into a keyword-only parameter."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.models import Analysis
from mcpforge.convert.select import select

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from _cases_compare import MappingFailedError, Param, map_arguments

_MODULE = '''
class Template:
    """A text with ``{name}`` fields."""

    def __init__(self, source):
        self.source = source

    def render(self, *args, **kwargs):
        """Fill the fields from a mapping or from keywords."""
        values = dict(*args, **kwargs)
        return self.source.format(**values)
'''


def _param(name: str, kind: str = "POSITIONAL_OR_KEYWORD", **extra: Any) -> dict[str, Any]:
    return {"name": name, "kind": kind, "default": {"present": False}, **extra}


def _render_plans() -> dict[str, Any]:
    analysis = Analysis.model_validate(
        {
            "package": "templib_kw",
            "callables": [
                {
                    "public_path": "templib_kw.Template",
                    "kind": "class",
                    "doc": "A text with fields.",
                    "params": [_param("source", type={"kind": "string"})],
                    "methods": [
                        {
                            "public_path": "templib_kw.Template.render",
                            "kind": "method",
                            "owner": "templib_kw.Template",
                            "doc": "Fill the fields.",
                            "params": [
                                _param("self"),
                                _param("args", kind="VAR_POSITIONAL"),
                                _param("kwargs", kind="VAR_KEYWORD"),
                            ],
                        }
                    ],
                }
            ],
        }
    )
    plans = select(analysis, patterns=[], max_tools=10, package="templib_kw").plans
    return {p.public_path: p for p in plans}


def test_a_keywords_signature_takes_its_keywords_as_one_object(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "templib_kw.py").write_text(_MODULE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "templib_kw", raising=False)
    plans = _render_plans()
    render = plans["templib_kw.Template.render"]
    assert render.input_schema["properties"]["kwargs"]["type"] == "object"
    assert "kwargs" not in render.input_schema.get("required", [])
    made = rt.call(plans["templib_kw.Template"].runtime_plan(), {"source": "Hello {name}!"}, {})["result"]
    called = rt.call(render.runtime_plan(), {"handle": made["handle"], "kwargs": {"name": "John Doe"}}, {})
    assert called["result"] == "Hello John Doe!"
    # Passed by position as well (a callable whose arguments go by position): the keywords still by name.
    positional = render.positional().runtime_plan()
    again = rt.call(positional, {"handle": made["handle"], "kwargs": {"name": "Ada"}}, {})
    assert again["result"] == "Hello Ada!"
    with pytest.raises(rt.ToolFailedError, match="keyword arguments"):
        rt.call(render.runtime_plan(), {"handle": made["handle"], "kwargs": ["John"]}, {})


def test_the_harness_passes_names_the_tool_lacks_as_its_keywords_object() -> None:
    params = [
        Param(name="args", python_name="args", varargs=True),
        Param(name="kwargs", python_name="kwargs", varkw=True),
    ]
    mapped, notes = map_arguments({"name": "John Doe"}, params)
    assert mapped == {"kwargs": {"name": "John Doe"}}
    assert notes == ["['name']→kwargs"]
    with pytest.raises(MappingFailedError):  # no keywords object: still refused, never dropped
        map_arguments({"name": "John Doe"}, params[:1])


def test_the_harness_never_puts_a_positional_value_in_a_keyword_only_parameter() -> None:
    # pymatgen's ``Composition(*args, strict=False, **kwargs)`` called as ``Composition("Fe2O3")``.
    params = [
        Param(name="args", python_name="args", varargs=True),
        Param(name="strict", python_name="strict", keyword_only=True),
    ]
    assert map_arguments({"*args": ["Fe2O3"]}, params)[0] == {"args": ["Fe2O3"]}
    # A bare ``*``: the value has no parameter to go to.
    bare = [Param(name="x", python_name="x"), Param(name="unit", python_name="unit", keyword_only=True)]
    assert map_arguments({"*args": [2.0]}, bare)[0] == {"x": 2.0}
    with pytest.raises(MappingFailedError):
        map_arguments({"*args": [2.0, "km"]}, bare)
