"""Selection follows the library's public face (issue 26, class 3): a prominent class's methods rank with
the class, a method every subclass inherits from a big base says little, a large headline area is not
starved by the long tail of small areas, and a curated namespace re-exporting from private modules counts
as one level up. Pure functions on hand-written analyses: no sandbox, no network."""

from __future__ import annotations

from typing import Any

from mcpforge.convert.models import Analysis, ApiCallable
from mcpforge.convert.select import select


def _param(name: str, kind: str = "number", default: Any = None) -> dict[str, Any]:
    present = default is not None
    return {
        "name": name,
        "kind": "POSITIONAL_OR_KEYWORD",
        "type": {"kind": kind},
        "default": {"present": True, "json": True, "value": default} if present else {"present": False},
    }


def _callable(path: str, kind: str = "function", **extra: Any) -> dict[str, Any]:
    return {
        "public_path": path,
        "module": extra.pop("module", path.rsplit(".", 1)[0]),
        "kind": kind,
        "doc": extra.pop("doc", "Does it."),
        "params": extra.pop("params", [_param("x")]),
        **extra,
    }


def _method(owner: str, name: str, **extra: Any) -> dict[str, Any]:
    params = [_param("self", "any"), *extra.pop("params", [])]
    return _callable(f"{owner}.{name}", "method", owner=owner, params=params, module="lib.core", **extra)


def _chosen(callables: list[dict[str, Any]], max_tools: int, **prominence: Any) -> list[str]:
    analysis = Analysis(
        package="lib",
        callables=[ApiCallable.model_validate(c) for c in callables],
        prominence=prominence,
    )
    return [p.public_path for p in select(analysis, patterns=[], max_tools=max_tools, package="lib").plans]


def _long_tail(count: int) -> list[dict[str, Any]]:
    """Documented, typed helpers, one per small area: what a big library has hundreds of."""
    return [_callable(f"lib.area{k}.helper{k}", module=f"lib.area{k}.impl") for k in range(count)]


def test_the_methods_a_prominent_class_is_used_for_rank_with_the_class() -> None:
    owner = "lib.Composition"
    composition = _callable(
        owner,
        "class",
        module="lib.core",
        params=[_param("formula", "string")],
        examples=["c = Composition('Fe2O3')", "c.get_wt_fraction('Fe')", "c.reduced_formula()"],
        methods=[
            _method(owner, "get_wt_fraction", params=[_param("element", "string")]),
            _method(owner, "reduced_formula", returns={"kind": "string"}),
            _method(owner, "set_charge", params=[_param("charge")], returns={"kind": "none"}),
            _method(owner, "as_dict"),
            _method(owner, "add_element", params=[_param("element", "string")]),
        ],
    )
    chosen = _chosen([composition, *_long_tail(20)], max_tools=5, top_level=["Composition"])
    assert {owner, f"{owner}.get_wt_fraction", f"{owner}.reduced_formula"} <= set(chosen)
    # Setters and mutators of the class are not what it is used for; a serialiser comes after the rest.
    assert not {f"{owner}.set_charge", f"{owner}.add_element"} & set(chosen)
    order = _chosen([composition], max_tools=10)
    assert order.index(f"{owner}.as_dict") > order.index(f"{owner}.get_wt_fraction")


def test_a_method_every_subclass_inherits_from_a_big_base_ranks_below_the_class_own() -> None:
    classes = []
    for k in range(40):
        owner = f"lib.Element{k}"
        methods = [_method(owner, "getContextByClass", examples=["x.getContextByClass('Note')"])]
        if k == 0:
            methods.append(_method(owner, "isMajorTriad", returns={"kind": "boolean"}))
        classes.append(_callable(owner, "class", module="lib.core", methods=methods))
    chosen = _chosen(classes, max_tools=2, top_level=["Element0"], usage_calls={"Element0": 30})
    assert sorted(chosen) == ["lib.Element0", "lib.Element0.isMajorTriad"]


def test_a_large_headline_area_is_not_starved_by_the_long_tail() -> None:
    headline = [
        _callable(
            f"lib.numbers.format_{k}",
            module="lib.numbers.formatting",
            examples=[f"format_{k}(1.5)"],
            doc="Format a number.",
        )
        for k in range(12)
    ]
    chosen = _chosen(
        [*headline, *_long_tail(12)],
        max_tools=12,
        usage_calls={f"format_{k}": 20 for k in range(12)},
    )
    assert sorted(chosen) == sorted(c["public_path"] for c in headline)


def test_a_namespace_that_reexports_from_private_modules_counts_as_curated() -> None:
    shannon = _callable("lib.diversity.alpha.shannon", module="lib.diversity.alpha._base")
    internal = _callable("lib.zzz.format.fasta", module="lib.zzz.format")
    assert _chosen([internal, shannon], max_tools=1) == ["lib.diversity.alpha.shannon"]


def test_a_tool_that_needs_an_obscure_class_is_worth_no_more_than_that_class() -> None:
    # ``bader_analysis(chgcar: Chgcar)``: well documented, but callable only through an undocumented
    # class's constructor, which would take a place of its own.
    obscure = _callable("lib.io.vasp.Chgcar", "class", module="lib.io.vasp", doc="")
    needs_it = _callable(
        "lib.bader_analysis",
        module="lib.analysis",
        params=[_param("chgcar", "class") | {"type": {"kind": "class", "name": "Chgcar"}}],
        examples=["bader_analysis(chg)"],
    )
    headline = _callable("lib.reduced_formula", module="lib.core", params=[_param("formula", "string")])
    assert _chosen([obscure, needs_it, headline], max_tools=1) == ["lib.reduced_formula"]


def test_base_class_methods_do_not_borrow_a_famous_class_prominence() -> None:
    # sympy: ``Symbol`` is everywhere in the docs, and lists ``coeff`` / ``series`` ... that every Expr
    # subclass lists too; ``expand`` is a module function of the same area people call directly.
    classes = [
        _callable(
            f"lib.Expr{k}",
            "class",
            module="lib.core.expr",
            methods=[_method(f"lib.Expr{k}", name) for name in ("coeff", "series", "as_independent")],
        )
        for k in range(30)
    ]
    symbol = _callable(
        "lib.Symbol",
        "class",
        module="lib.core.symbol",
        examples=["x = Symbol('x')", "x.coeff(2)", "x.series()"],
        methods=[_method("lib.Symbol", name) for name in ("coeff", "series", "as_independent")],
    )
    expand = _callable("lib.expand", module="lib.core.function")
    chosen = _chosen(
        [symbol, *classes, expand], max_tools=3, top_level=["Symbol", "expand"], usage_calls={"Symbol": 500}
    )
    assert "lib.expand" in chosen
