"""Selection by prominence, samples from the library's own documentation, and the stricter proof
(issue 26 classes 1, 3 and 4). Pure functions on hand-written analyses: no sandbox, no network."""

from __future__ import annotations

from typing import Any

from mcpforge.convert import _analysis_script as script
from mcpforge.convert.adapt import adapt_type
from mcpforge.convert.models import Analysis, ApiCallable
from mcpforge.convert.run import documented_mismatch, meaningless
from mcpforge.convert.samples import samples_for
from mcpforge.convert.select import select


def _param(name: str, *, kind: str = "any", doc: str = "", doc_type: str = "", default: Any = None) -> dict:
    return {
        "name": name,
        "kind": "POSITIONAL_OR_KEYWORD",
        "type": {"kind": kind},
        "default": {"present": default is not None, "json": True, "value": default}
        if default is not None
        else {"present": False},
        "doc": doc,
        "doc_type": doc_type,
    }


def _fn(path: str, params: list[dict], **extra: Any) -> dict:
    return {
        "public_path": path,
        "module": path.rsplit(".", 1)[0],
        "kind": "function",
        "doc": "Does it.",
        "params": params,
        **extra,
    }


def _plans(analysis: Analysis, package: str = "lib", max_tools: int = 50) -> dict[str, Any]:
    return {p.name: p for p in select(analysis, patterns=[], max_tools=max_tools, package=package).plans}


def test_doctest_outputs_and_text_signatures_are_collected() -> None:
    doc = "Add.\n\n>>> add(2, 3)\n5\n>>> x = add(1,\n...         1)\n>>> print(x)\n2\n"
    assert script._examples(doc) == ["add(2, 3)", "x = add(1,\n        1)", "print(x)"]
    assert script._example_outputs(doc) == {"add(2, 3)": "5", "print(x)": "2"}

    class Compiled:
        __name__ = "PropsSI"
        __doc__ = "PropsSI(arg0: str, arg1: float, /) -> float\nPropsSI(arg0: object) -> object"

    params = script._text_signature_params(Compiled())
    assert params is not None
    assert [(p["name"], p["kind"], p["type"]) for p in params] == [
        ("arg0", "POSITIONAL_ONLY", {"kind": "text", "text": "str"}),
        ("arg1", "POSITIONAL_ONLY", {"kind": "text", "text": "float"}),
    ]


def test_headline_functions_outrank_setters_downloads_and_doc_helpers() -> None:
    names = ["set_seed", "download_data", "data_dir", "docstring", "compute", "convert"]
    analysis = Analysis(
        package="lib",
        callables=[ApiCallable.model_validate(_fn(f"lib.{n}", [_param("x", kind="number")])) for n in names],
        prominence={
            "top_level": names,
            "readme_rank": {"convert": 0, "compute": 1},
            "readme_calls": {"convert": 3, "compute": 1},
            "usage_calls": {"compute": 40, "set_seed": 2},
        },
    )
    top = select(analysis, patterns=[], max_tools=2, package="lib").plans
    assert sorted(p.name for p in top) == ["compute", "convert"]
    everything = [p.name for p in select(analysis, patterns=[], max_tools=10, package="lib").plans]
    assert everything.index("compute") < everything.index("set_seed")
    assert everything.index("convert") < everything.index("download_data")


def test_samples_come_from_the_parameter_documentation() -> None:
    analysis = Analysis(
        package="lib",
        callables=[
            ApiCallable.model_validate(
                _fn(
                    "lib.distance",
                    [
                        _param(
                            "point1", doc="first point; tuple of (latitude, longitude) in decimal degrees"
                        ),
                        _param("unit", kind="string", doc="the unit, e.g. 'mi' or 'km'"),
                    ],
                )
            ),
            ApiCallable.model_validate(_fn("lib.total", [_param("values", doc_type="array_like")])),
            ApiCallable.model_validate(
                _fn("lib.fmt", [_param("amount", kind="number"), _param("locale", kind="string")])
            ),
            ApiCallable.model_validate(
                _fn(
                    "lib.other",
                    [_param("ndigits", kind="integer")],
                    examples=["other(ndigits=4)"],
                )
            ),
            ApiCallable.model_validate(_fn("lib.rounding", [_param("ndigits", kind="integer")])),
        ],
    )
    plans = _plans(analysis)
    first = samples_for(plans["distance"], plans, expressions=False)[0].final.arguments
    assert first == {"point1": [45.0, 4.0], "unit": "mi"}
    assert samples_for(plans["total"], plans, expressions=False)[0].final.arguments == {
        "values": [1.0, 2.0, 3.0, 4.0]
    }
    assert samples_for(plans["fmt"], plans, expressions=False)[0].final.arguments == {
        "amount": 1234.5,
        "locale": "en_US",
    }
    # What the library's own doctests pass under that parameter name.
    assert samples_for(plans["rounding"], plans, expressions=False)[0].final.arguments == {"ndigits": 4}


def test_a_method_sample_builds_its_object_with_the_constructor_arguments() -> None:
    version = {
        "public_path": "lib.Version",
        "module": "lib",
        "kind": "class",
        "doc": "A version.",
        "params": [_param("major", kind="integer"), _param("minor", kind="integer", default=0)],
        "methods": [
            {
                "public_path": "lib.Version.bump",
                "module": "lib",
                "kind": "method",
                "owner": "lib.Version",
                "doc": "Bump it.",
                "params": [_param("self")],
                "returns_doc": "the new version",
            }
        ],
    }
    parse = _fn(
        "lib.Version.parse", [_param("text", kind="string")], owner="lib.Version", factory_of="lib.Version"
    )
    parse["examples"] = ['Version.parse("1.2.3")']
    plans = _plans(
        Analysis(
            package="lib", callables=[ApiCallable.model_validate(version), ApiCallable.model_validate(parse)]
        )
    )
    assert plans["parse"].target == "lib:Version.parse"
    assert plans["parse"].returns_handle_of == "lib.Version"
    samples = samples_for(plans["Version_bump"], plans, expressions=False)
    preludes = [[(s.tool, s.arguments) for s in sample.steps[:-1]] for sample in samples]
    assert [("Version", {"major": 2})] in preludes
    assert [("parse", {"text": "1.2.3"})] in preludes


def test_a_doctest_sample_carries_its_documented_output() -> None:
    api = _fn("lib.add", [_param("a", kind="integer"), _param("b", kind="integer")])
    api["examples"] = ["add(2, 3)", "y = add(1, 1)"]
    api["example_outputs"] = {"add(2, 3)": "5"}
    plans = _plans(Analysis(package="lib", callables=[ApiCallable.model_validate(api)]))
    samples = samples_for(plans["add"], plans, expressions=False)
    assert (samples[0].final.arguments, samples[0].expected) == ({"a": 2, "b": 3}, "5")
    assert samples[1].expected is None


def test_proof_needs_a_meaningful_value_and_the_documented_output() -> None:
    api = _fn("lib.mean", [_param("x", doc_type="array_like")], returns_doc="the mean")
    plans = _plans(Analysis(package="lib", callables=[ApiCallable.model_validate(api)]))
    plan = plans["mean"]
    assert meaningless(plan, "nan") is not None
    assert meaningless(plan, [None, "nan"]) is None or meaningless(plan, ["nan", "nan"]) is not None
    assert meaningless(plan, None) is not None
    assert meaningless(plan, []) is not None
    assert meaningless(plan, 2.5) is None
    assert meaningless(plan, 0) is None
    assert documented_mismatch(5, "5") is None
    assert documented_mismatch(3.14159, "3.1416") is None
    assert documented_mismatch("3.0 MB", "'3.0 MB'") is None
    assert documented_mismatch([1, 2], "(1, 2)") is None
    assert documented_mismatch(6, "5") is not None
    assert documented_mismatch("x", "'y'") is not None
    assert documented_mismatch([1.0, 2.0], "array([1., 2.])") is None  # a repr is not judged


def test_numeric_protocols_and_numpy_scalars_are_json_numbers() -> None:
    assert adapt_type({"kind": "class", "name": "typing.SupportsInt"}, "", {}).schema == {"type": "integer"}
    assert adapt_type({"kind": "class", "name": "numpy.float64"}, "", {}).schema == {"type": "number"}


def test_literal_calls_in_readme_and_tests_become_examples() -> None:
    text = "Use it:\n    PropsSI('D', 'T', 298.15, 'P', 101325, 'Water')\n    PropsSI(fluid)\n    other(1)\n"
    assert script._literal_calls(text, {"PropsSI"}) == {
        "PropsSI": ["PropsSI('D', 'T', 298.15, 'P', 101325, 'Water')"]
    }


def test_schemas_with_several_types_get_a_value() -> None:
    from mcpforge.convert.samples import typed_value as _typed_value

    assert _typed_value("node", {"type": ["string", "number"]}, False) == "a"
    assert _typed_value("x", {"anyOf": [{"type": ["array", "number"]}]}, False, doc_type="array_like") == [
        1.0,
        2.0,
        3.0,
        4.0,
    ]
