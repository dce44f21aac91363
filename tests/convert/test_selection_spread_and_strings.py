"""Issue 26, two classes seen on the dev half of the outsider benchmark.

Selection: spreading the places over areas and classes took music21's ``Chord.isMinorTriad`` (one of
the most prominent callables) out for ``mainTest`` and braille helpers scoring a fraction of it; the
spread now costs a candidate at most MAX_SPREAD_COST, so a far more prominent callable always wins.

Samples: scikit-bio's ``DNA(sequence)`` documents ``str, Sequence, or 1D np.ndarray``; the array adapter
parsed every string as a quantity (``'ACGT' is not a quantity``) and 33 of its tools were dropped. A
string is passed as it is when the documentation names strings.
"""

from __future__ import annotations

from typing import Any

from mcpforge.convert import _service_runtime as rt
from mcpforge.convert import select as select_module
from mcpforge.convert.adapt import adapt_doc_type
from mcpforge.convert.models import Analysis


def _method(owner: str, name: str) -> dict[str, Any]:
    return {
        "public_path": f"{owner}.{name}",
        "kind": "method",
        "owner": owner,
        "doc": f"Whether the chord is {name}.",
        "examples": ["c = Chord(['C4', 'E4', 'G4'])", f"c.{name}()"],
        "params": [{"name": "self", "kind": "POSITIONAL_OR_KEYWORD", "default": {"present": False}}],
        "returns": {"kind": "boolean"},
    }


def _analysis() -> Analysis:
    owner = "lib.Chord"
    names = [f"isKind{i}" for i in range(12)]
    chord = {
        "public_path": owner,
        "kind": "class",
        "module": "lib.chord",
        "doc": "A chord.",
        "examples": ["c = Chord(['C4', 'E4', 'G4'])", *[f"c.{n}()" for n in names]],
        "params": [{"name": "notes", "kind": "POSITIONAL_OR_KEYWORD", "default": {"present": False}}],
        "methods": [_method(owner, n) for n in names],
    }
    # The long tail: small helpers, each alone in an area of the library.
    tail = [
        {
            "public_path": f"lib.area{i}.helper{i}",
            "kind": "function",
            "module": f"lib.area{i}",
            "doc": "A helper.",
            "examples": [f"helper{i}(1)"],
            "params": [{"name": "x", "kind": "POSITIONAL_OR_KEYWORD", "default": {"present": False}}],
        }
        for i in range(12)
    ]
    return Analysis.model_validate({"package": "lib", "callables": [chord, *tail]})


def test_a_far_more_prominent_method_is_never_passed_over_for_a_small_areas_tail() -> None:
    plans = select_module.select(_analysis(), patterns=[], max_tools=12, package="lib").plans
    chosen = {p.public_path for p in plans}
    methods = [p for p in chosen if p.startswith("lib.Chord.")]
    scores = {p.public_path: p.score for p in plans}
    helper = max(scores.get(f"lib.area{i}.helper{i}", 0.0) for i in range(12))
    assert len(methods) == 11, sorted(chosen)  # the constructor takes the twelfth place
    assert all(scores[m] - helper > select_module.MAX_SPREAD_COST for m in methods)


def test_an_array_parameter_that_also_takes_strings_gets_the_string() -> None:
    adapted = adapt_doc_type("str, Sequence, or 1D np.ndarray (np.uint8 or '|S1')", {})
    assert adapted.adapter == {"kind": "ndarray", "strings": True}
    assert rt.adapt_argument("sequence", "ACGT", adapted.adapter, {}) == "ACGT"
    assert list(rt.adapt_argument("sequence", [1, 2], adapted.adapter, {})) == [1, 2]
    # An array that documents no strings still reads a string as a quantity (pint libraries).
    plain = adapt_doc_type("array_like", {})
    assert "strings" not in plain.adapter
