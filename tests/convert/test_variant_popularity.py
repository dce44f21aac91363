"""Issue 26, ranking: numpy's ``linalg.solve``/``det``/``inv`` were analysed but not selected under
``--max-tools 80`` while ``numpy.ma.array``, ``numpy.char.array``, ``numpy.ma.mean`` and
``numpy.linalg.trace`` were: counted by short name, the calls of ``array(`` and ``mean(`` in the
library's tests and docs (thousands) lifted every same-named variant in a submodule as much as the
top-level function they were written for. A name's popularity now belongs to the callable the top level
exports under it; a variant keeps only its own evidence. Pure functions on hand-written analyses."""

from __future__ import annotations

from typing import Any

from mcpforge.convert.models import Analysis, ApiCallable
from mcpforge.convert.select import select


def _function(path: str, module: str, examples: list[str] | None = None) -> dict[str, Any]:
    return {
        "public_path": path,
        "module": module,
        "kind": "function",
        "doc": "Does it.",
        "examples": examples or [],
        "params": [
            {
                "name": "a",
                "kind": "POSITIONAL_OR_KEYWORD",
                "type": {"kind": "any"},
                "doc_type": "array_like",
                "default": {"present": False},
            }
        ],
    }


_FAMOUS = {"array": 6000, "mean": 300, "zeros": 700, "reshape": 800, "trace": 40}
_SUBMODULES = ("masked", "chars", "records", "matlib")


def _library() -> Analysis:
    callables = [_function(f"lib.{name}", "lib.core") for name in _FAMOUS]
    # Twenty everyday top-level helpers, called a little.
    callables += [_function(f"lib.helper{k}", "lib.core") for k in range(20)]
    # The same famous names again in four public submodules: variants.
    callables += [
        _function(f"lib.{sub}.{name}", f"lib.{sub}.core") for sub in _SUBMODULES for name in _FAMOUS
    ]
    # Linear algebra: names of its own, defined below the namespace that exports them, called in its tests.
    callables += [
        _function(f"lib.linalg.{name}", "lib.linalg._impl", examples=[f"lib.linalg.{name}(a)"])
        for name in ("solve", "det", "inv", "trace")
    ]
    usage = {**_FAMOUS, "solve": 12, "det": 12, "inv": 9, **{f"helper{k}": 3 for k in range(20)}}
    top_level = [*_FAMOUS, *(f"helper{k}" for k in range(20)), "linalg", *_SUBMODULES]
    return Analysis(
        package="lib",
        callables=[ApiCallable.model_validate(c) for c in callables],
        prominence={"top_level": top_level, "usage_calls": usage},
    )


def test_a_submodule_variant_does_not_borrow_the_top_level_name_popularity() -> None:
    chosen = [p.public_path for p in select(_library(), patterns=[], max_tools=20, package="lib").plans]
    assert {"lib.linalg.solve", "lib.linalg.det", "lib.linalg.inv"} <= set(chosen)
    assert {f"lib.{name}" for name in _FAMOUS} <= set(chosen)
    borrowed = [p for p in chosen if p.split(".")[1] in _SUBMODULES]
    assert borrowed == []
    assert "lib.linalg.trace" not in chosen  # ``lib.trace`` is the face of that name
