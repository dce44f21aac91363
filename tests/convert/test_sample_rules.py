"""Issue 26: the rules behind samples that work, one at a time, on hand-written analyses and plans
(the end-to-end conversion is ``test_samples_that_work.py``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from mcpforge.convert import _analysis_script as script
from mcpforge.convert import _service_runtime as runtime
from mcpforge.convert.models import Analysis, CallAttempt, ToolOutcome
from mcpforge.convert.run import _proven_through_chains, documented_mismatch, meaningless
from mcpforge.convert.samples import Sample, Step, samples_for
from mcpforge.convert.samples.follow_ups import follow_up
from mcpforge.convert.samples.typed_values import typed_value
from mcpforge.convert.select import select

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from _cases_compare import Param, map_arguments  # type: ignore[import-not-found]


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
    return {p.name: p for p in select(analysis, patterns=[], max_tools=50, package="lib").plans}


def test_doctest_arrays_tuple_targets_and_chained_receivers_become_samples() -> None:
    plans = _plans(
        [
            {
                "public_path": "lib.delta",
                "kind": "function",
                "doc": "d",
                "params": [_param("a", doc_type="array_like"), _param("b", doc_type="array_like")],
                "examples": [
                    "a = np.array([1.0, 2.0, 3.0])",
                    "b = np.asarray([1.5, 2.0, 3.0])",
                    "delta(a, b)",
                ],
                "example_outputs": {"delta(a, b)": "0.5..."},
            },
            {
                "public_path": "lib.split",
                "kind": "function",
                "doc": "s",
                "params": [_param("data"), _param("name")],
                "examples": [
                    "(lo, hi) = lib.split([1, 2, 3, 4], 'db1')",
                    "lat = 42.+(15./60.)",
                    "split(lat, 'x')",
                ],
            },
            {
                "public_path": "lib.Version",
                "kind": "class",
                "doc": "v",
                "params": [_param("text")],
                "methods": [
                    {
                        "public_path": "lib.Version.match",
                        "kind": "method",
                        "owner": "lib.Version",
                        "doc": "m",
                        "params": [_param("self"), _param("expr")],
                        "examples": ['lib.Version.parse("2.0.0").match(">=1.0.0")'],
                        "example_outputs": {'lib.Version.parse("2.0.0").match(">=1.0.0")': "True"},
                    }
                ],
            },
            {
                "public_path": "lib.Version.parse",
                "kind": "function",
                "owner": "lib.Version",
                "factory_of": "lib.Version",
                "doc": "p",
                "params": [_param("text")],
            },
        ]
    )
    first = samples_for(plans["delta"], plans, expressions=False)[0]
    assert (first.final.arguments, first.expected) == ({"a": [1.0, 2.0, 3.0], "b": [1.5, 2.0, 3.0]}, "0.5...")
    split = [s.final.arguments for s in samples_for(plans["split"], plans, expressions=False)]
    assert split[:2] == [{"data": [1, 2, 3, 4], "name": "db1"}, {"data": 42.25, "name": "x"}]
    match = samples_for(plans["Version_match"], plans, expressions=False)[0]
    assert [s.tool for s in match.steps] == ["parse", "Version_match"]
    assert match.steps[0].arguments == {"text": "2.0.0"}
    assert match.final.arguments == {"handle": {"$ref": match.steps[0].bind}, "expr": ">=1.0.0"}
    assert match.expected == "True"


def test_a_varargs_constructor_takes_one_array_and_the_runtime_spreads_it() -> None:
    plans = _plans(
        [
            {
                "public_path": "lib.Perm",
                "kind": "class",
                "doc": "p",
                "params": [_param("img", kind="VAR_POSITIONAL", type={"kind": "integer"})],
            }
        ]
    )
    perm = plans["Perm"]
    assert perm.input_schema["properties"]["img"]["type"] == "array"
    assert perm.input_schema["properties"]["img"]["items"] == {"type": "integer"}
    assert "required" not in perm.input_schema
    plan = {"target": "builtins:max", "kind": "function", "params": perm.params}
    assert runtime.call(plan, {"img": [3, 9, 2]}, {})["result"] == 9
    # The outsider bench passes ``"*args": [...]`` onto the named parameters, the rest to the array.
    params = [Param(name="img", python_name="img", varargs=True)]
    assert map_arguments({"*args": [2, 1, 3]}, params)[0] == {"img": [2, 1, 3]}


def test_documented_keywords_of_a_kwargs_signature_become_parameters() -> None:
    doc = (
        "Scattering.\n\n:Parameters:\n    *compound* \\: Formula initializer\n        Chemical formula\n"
        "    *density* \\: float | g/cm^3\n        Mass density\n\n:Returns:\n    *sld* \\: float\n"
    )
    params = script._doc_params(doc)
    assert params["compound"]["type"] == "Formula initializer"
    assert params["density"] == {"type": "float | g/cm^3", "doc": "Mass density"}

    def sld(*args: Any, **kw: Any) -> Any:
        return args, kw

    sld.__doc__ = doc
    record = script._callable_record(sld, "lib.sld", "function")
    assert [(p["name"], p["kind"], p["default"]["present"]) for p in record["params"]] == [
        ("compound", "POSITIONAL_ONLY", False),
        ("density", "KEYWORD_ONLY", True),
        ("kw", "VAR_KEYWORD", False),
    ]

    class Geod:
        def __init__(self, initstring: str | None = None, **kwargs: Any) -> None:
            """Make one.

            >>> g = Geod(ellps='clrk66')
            """

    record = script._callable_record(Geod, "lib.Geod", "class")
    assert [p["name"] for p in record["params"]] == ["initstring", "ellps", "kwargs"]
    assert "g = Geod(ellps='clrk66')" in record["examples"]


def test_follow_ups_fill_what_the_library_said_was_missing() -> None:
    plans = _plans(
        [
            {
                "public_path": "lib.sld",
                "kind": "function",
                "doc": "d",
                "params": [_param("compound"), _param("density", kind="KEYWORD_ONLY", default=None)],
            },
            {
                "public_path": "lib.evaluate",
                "kind": "function",
                "doc": "e",
                "params": [
                    _param("ex", type={"kind": "string"}),
                    _param("local_dict", default=None, type={"kind": "dict", "values": {"kind": "any"}}),
                ],
            },
            {
                "public_path": "lib.kinetic",
                "kind": "function",
                "doc": "Give velocity, or height.",
                "params": [_param("mass"), _param("height", default=None), _param("velocity", default=None)],
            },
        ]
    )

    def sample(tool: str, **arguments: Any) -> Sample:
        return Sample(source="types", steps=[Step(tool=tool, arguments=arguments)])

    fixed = follow_up(plans["sld"], sample("sld", compound="H2O"), "[call] AssertionError: needs density", {})
    assert fixed is not None and set(fixed.final.arguments) == {"compound", "density"}
    fixed = follow_up(plans["evaluate"], sample("evaluate", ex="sin(a) + b"), "[call] KeyError: 'a'", {})
    assert fixed is not None and fixed.final.arguments["local_dict"] == {"a": 2.0, "b": 2.0}
    fixed = follow_up(plans["kinetic"], sample("kinetic", mass=1.0), "[call] ValueError: not given", {})
    assert fixed is not None and "height" in fixed.final.arguments  # the first it names
    # Refused by the schema, or nothing optional left: no follow-up.
    assert follow_up(plans["sld"], sample("sld", compound=1), "[arguments] InvalidArguments: x", {}) is None
    full = sample("sld", compound="H2O", density=1.0)
    assert follow_up(plans["sld"], full, "[call] ValueError: density", {}) is None


def test_the_proof_compares_shown_digits_and_arrays_and_refuses_all_none() -> None:
    assert documented_mismatch(1.67093031, "1.6709303...") is None
    assert documented_mismatch(1.68, "1.6709303...") is not None
    assert documented_mismatch([False, True], "array([False,  True])") is None
    assert documented_mismatch([True, True], "array([False,  True])") is not None
    plans = _plans(
        [{"public_path": "lib.f", "kind": "function", "doc": "f", "returns_doc": "(a, b)", "params": []}]
    )
    assert meaningless(plans["f"], [None, None, None]) is not None
    assert meaningless(plans["f"], [None, 1.0]) is None


def test_a_constructor_is_proven_by_the_object_another_tool_was_proven_on() -> None:
    plans = _plans(
        [
            {
                "public_path": "lib.Geod",
                "kind": "class",
                "doc": "g",
                "params": [_param("initstring", default=None)],
                "methods": [
                    {
                        "public_path": "lib.Geod.length",
                        "kind": "method",
                        "owner": "lib.Geod",
                        "doc": "l",
                        "params": [_param("self")],
                    }
                ],
            }
        ]
    )
    built = {"tool": "Geod", "arguments": {"initstring": "+a=1"}, "bind": "g"}
    final = {"tool": "Geod_length", "arguments": {"handle": {"$ref": "g"}}, "bind": None}
    outcomes = [
        ToolOutcome(tool="Geod", public_path="lib.Geod", passed=False, category="invalid_sample"),
        ToolOutcome(
            tool="Geod_length",
            public_path="lib.Geod.length",
            passed=True,
            attempts=[
                CallAttempt(tool="Geod_length", source="example", arguments={}, steps=[built, final], ok=True)
            ],
        ),
    ]
    proven = {o.tool: o for o in _proven_through_chains(outcomes, list(plans.values()))}
    assert proven["Geod"].passed and proven["Geod"].attempts[-1].arguments == {"initstring": "+a=1"}
    failed = [outcomes[0], outcomes[1].model_copy(update={"passed": False, "attempts": []})]
    assert not _proven_through_chains(failed, list(plans.values()))[0].passed


def test_unit_typed_parameters_take_a_number_with_its_unit() -> None:
    from mcpforge.convert.adapt import adapt_type
    from mcpforge.convert.samples import quantity_value as _quantity_value

    adapted = adapt_type({"kind": "class", "name": "astropy.units.quantity.Quantity"}, "", {})
    assert adapted.adapter == {"kind": "quantity", "system": "astropy"}
    assert "10 kg" in adapted.schema["description"]
    assert adapt_type({"kind": "class", "name": "pint.Quantity"}, "", {}).adapter["system"] == "pint"
    assert _quantity_value("float | |g/cm^3|") == "10 g/cm^3"
    assert _quantity_value("Speed [m/s]") == "10 m/s"
    assert _quantity_value("a mass") == "10"


def test_the_runtime_builds_a_pint_quantity_from_text_or_value_and_unit() -> None:
    pint = pytest.importorskip("pint", reason="pint is not installed in this environment")
    adapter = {"kind": "quantity", "system": "pint"}
    for value in ("10 kg", {"value": 10, "unit": "kg"}):
        quantity = runtime.adapt_argument("mass", value, adapter, {"library": "nolib"})
        assert isinstance(quantity, pint.Quantity)
        assert quantity.to("g").magnitude == 10000


def test_a_class_without_a_signature_takes_the_call_form_its_docstring_shows() -> None:
    class Wavelet:
        """Wavelet(name, filter_bank=None) object describe properties of a wavelet."""

        __signature__ = "unreadable"  # like a Cython type: inspect.signature cannot read it

    record = script._callable_record(Wavelet, "lib.Wavelet", "class")
    assert record["error"] is None
    assert [(p["name"], p["default"]["present"]) for p in record["params"]] == [
        ("name", False),
        ("filter_bank", True),
    ]


def test_overloads_make_the_longer_forms_optional_and_test_constants_fill_calls() -> None:
    class Compiled:
        __name__ = "PropsSI"
        __doc__ = (
            "PropsSI(arg0: str, arg1: str, arg2: float, arg3: str, arg4: float, arg5: str, /) -> float\n"
            "PropsSI(arg0: str, arg1: str, /) -> float"
        )

    params = script._text_signature_params(Compiled())
    assert params is not None
    assert [p["default"]["present"] for p in params] == [False, False, True, True, True, True]
    tests = (
        "_FLUID = 'Water'\nTVALS = [1, 2]\n\n"
        "def test_it(t):\n    PropsSI(_FLUID, 'Tmin')\n    PropsSI(t, 'Tmax')\n"
    )
    assert script._literal_calls(tests, {"PropsSI"}) == {"PropsSI": ["PropsSI('Water', 'Tmin')"]}


def test_an_error_message_returned_as_the_value_proves_nothing() -> None:
    plans = _plans([{"public_path": "lib.phase", "kind": "function", "doc": "p", "params": []}])
    refusal = 'unknown: Initialize failed for backend: "?"; error: key [a] was not found'
    assert meaningless(plans["phase"], refusal) is not None
    assert meaningless(plans["phase"], "supercritical_gas") is None
    assert meaningless(plans["phase"], "Error bars are drawn for each point") is None


def test_a_parameter_entry_alone_does_not_make_a_follow_up() -> None:
    plans = _plans(
        [
            {
                "public_path": "lib.mean",
                "kind": "function",
                "doc": "Mean.\n\nParameters\n----------\naxis : int, optional\n    The axis.\n",
                "params": [_param("x"), _param("axis", default=None)],
            }
        ]
    )
    failed = Sample(source="types", steps=[Step(tool="mean", arguments={"x": 1.0})])
    assert follow_up(plans["mean"], failed, "[call] ValueError: bad", {}) is None


def test_the_pool_keeps_positional_names_but_not_positional_numbers() -> None:
    from mcpforge.convert.samples import keyword_pool

    plans = _plans(
        [
            {
                "public_path": "lib.dwt",
                "kind": "function",
                "doc": "d",
                "params": [_param("data"), _param("wavelet")],
                "examples": ["dwt(5, 'db1')", "dwt([[2, 2]], 'db2', mode='zero')"],
            }
        ]
    )
    # "x" in an expression library means a symbol: dwt(5, ...) must not make every ``data`` 5.
    assert keyword_pool(plans) == {"wavelet": "db1", "data": [[2, 2]], "mode": "zero"}


def test_an_untyped_parameter_described_as_an_integer_gets_the_whole_number_its_name_suggests() -> None:
    """tridentine_calendar's ``computus(year)`` ("year: Integer with the year.") failed on 2020.0."""
    assert typed_value("year", {}, False, doc="Integer with the year.") == 2020
    assert isinstance(typed_value("year", {}, False, doc="Integer with the year."), int)
    assert isinstance(typed_value("year", {}, False, doc="Decimal year of the event."), float)


def test_an_untyped_parameter_named_for_a_whole_unit_gets_a_whole_number() -> None:
    """blind7 convertdate: ``monthcalendar(year, month)`` and every ``format(year, month, day)`` index a
    list with the month; untyped and undescribed, they got 2020.0 and 6.0 and every such tool was dropped
    ("'float' object cannot be interpreted as an integer"). An int works wherever a float does."""
    for name, expected in (("year", 2020), ("month", 6), ("day", 15), ("hour", 12)):
        value = typed_value(name, {}, False)
        assert value == expected and isinstance(value, int)
    days = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    assert days[typed_value("month", {}, False) - 1] == 30  # what the float refused
    assert isinstance(typed_value("year", {}, False, doc="The year, a float (2020.5 is mid-year)."), float)
    assert isinstance(typed_value("latitude", {}, False), float)  # a measure stays a float
