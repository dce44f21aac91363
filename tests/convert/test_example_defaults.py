"""Issue 26, samples from the library itself: colour's doctests pass a library constant for an optional
parameter (``XYZ_to_CAM16(XYZ, XYZ_w, L_A, Y_b, surround)`` with ``surround =
VIEWING_CONDITIONS_CAM16["Average"]``, ``uv_to_CCT_Ohno2013(uv, cmfs)``); the whole example was
unusable, so the tool was tried with made-up numbers (``XYZ: 1.0``) and dropped. The optional argument
now keeps the library's default and the rest of the authors' call is the sample; the output the doctest
shows for the full call is not required of it. A required argument that is not JSON still makes the
example unusable."""

from __future__ import annotations

from typing import Any

from mcpforge.convert.models import Analysis
from mcpforge.convert.samples import samples_for
from mcpforge.convert.select import select

_CALL = "XYZ_to_CAM(XYZ, L_A, surround)"


def _param(name: str, doc_type: str, *, optional: bool = False) -> dict[str, Any]:
    default = {"present": True, "json": False} if optional else {"present": False}
    return {"name": name, "kind": "POSITIONAL_OR_KEYWORD", "default": default, "doc_type": doc_type}


def _samples(surround_optional: bool) -> list[Any]:
    analysis = Analysis.model_validate(
        {
            "package": "lib",
            "callables": [
                {
                    "public_path": "lib.XYZ_to_CAM",
                    "kind": "function",
                    "doc": "Appearance correlates of a colour.",
                    "params": [
                        _param("XYZ", "array_like"),
                        _param("L_A", "float"),
                        _param("surround", "InductionFactors", optional=surround_optional),
                    ],
                    "examples": [
                        "XYZ = np.array([19.01, 20.00, 21.78])",
                        "L_A = 318.31",
                        "surround = VIEWING_CONDITIONS['Average']",
                        _CALL,
                    ],
                    "example_outputs": {_CALL: "CAM(J=41.7)"},
                }
            ],
        }
    )
    plans = select(analysis, patterns=[], max_tools=5, package="lib").plans
    return samples_for(plans[0], {p.name: p for p in plans}, expressions=False)


def test_an_optional_argument_that_is_a_library_constant_keeps_its_default() -> None:
    first = _samples(surround_optional=True)[0]
    assert first.source == "example"
    assert first.final.arguments == {"XYZ": [19.01, 20.0, 21.78], "L_A": 318.31}
    assert first.expected is None  # the doctest's output was for the call with ``surround``


def test_a_required_argument_that_is_not_json_still_makes_the_example_unusable() -> None:
    assert all(s.source != "example" for s in _samples(surround_optional=False))
