"""Methods of an object that is a tuple (issue 26, blind6 iso639-lang): ``Lang('ast')`` answers as the list
of its items (what a user wants to read), so the sample of ``Lang.other_names`` passed that list as the
object and the call failed (``'list' object has no attribute 'other_names'``): the tool was dropped. A
tuple subclass with no state beyond its items (empty ``__slots__`` down to ``tuple``: a named tuple, a
validated code tuple; a named tuple's subclass with no ``__init__``, test half packageurl's ``PackageURL``)
is rebuilt from that list, so its methods answer on it; a tuple subclass that can hold more is not. Real
sandboxed analysis of a package written here, the real runtime."""

from __future__ import annotations

import collections
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from readme_packages import readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.run import meaningless
from mcpforge.convert.samples import samples_for
from mcpforge.convert.select import ToolPlan, select

_README = """
# langcodes_mini

    >>> Code("fra")
    Code(name='French', short='fr')
"""

_INIT = '''
"""Language codes, in miniature."""
from typing import NamedTuple

__all__ = ["Code", "Pair", "Tagged"]

_NAMES = {"fra": ("French", "fr"), "deu": ("German", "de"), "ast": ("Asturian", "")}
_OTHER = {"Asturian": ["Asturleonese", "Bable"], "French": ["Francais"], "German": ["Deutsch"]}


class Code(tuple):
    """A language's name and two-letter code.

    Examples
    --------
    >>> Code("fra")
    Code(name='French', short='fr')
    """

    __slots__ = ()

    def __new__(cls, identifier: str):
        if identifier not in _NAMES:
            raise ValueError(f"unknown language {identifier!r}")
        return tuple.__new__(cls, _NAMES[identifier])

    def __repr__(self) -> str:
        return f"Code(name={self[0]!r}, short={self[1]!r})"

    def other_names(self) -> list:
        """The language's other names, sorted."""
        return sorted(_OTHER[self[0]])


class Pair(NamedTuple):
    """Two numbers."""

    low: float
    high: float

    def width(self) -> float:
        """The distance from low to high."""
        return self.high - self.low


class Tagged(tuple):
    """A tuple that also carries a tag outside its items."""

    def __new__(cls, tag: str):
        made = tuple.__new__(cls, (1, 2))
        made.tag = tag
        return made

    def label(self) -> str:
        """The tag."""
        return self.tag
'''


@pytest.fixture
def codes(tmp_path: Path) -> Iterator[Path]:
    with readme_package(tmp_path, "langcodes_mini", _INIT, "README.md", _README) as package:
        yield package


def _first_proving(plan: ToolPlan, plans: dict[str, ToolPlan]) -> tuple[list[Any], Any]:
    """The first sample whose steps all answer and whose answer proves the tool, as run.py judges it
    (a preparing call's handle, else its value, is what the next step's ``$ref`` takes)."""
    service = {"library": "langcodes_mini"}
    for sample in samples_for(plan, plans, expressions=False):
        bound: dict[str, Any] = {}
        try:
            for step in sample.steps:
                arguments = {
                    k: bound[v["$ref"]] if isinstance(v, dict) and "$ref" in v else v
                    for k, v in step.arguments.items()
                }
                result = rt.call(plans[step.tool].runtime_plan(), arguments, service)["result"]
                if step.bind:
                    bound[step.bind] = result["handle"] if isinstance(result, dict) else result
        except rt.ToolFailedError:
            continue
        if meaningless(plan, result) is None:
            return [s.tool for s in sample.steps], result
    raise AssertionError(f"no sample of {plan.name} proved it")


def test_a_method_of_a_tuple_object_answers_on_its_items(codes: Path, convert_config: MCPForgeConfig) -> None:
    analysis = analyse(acquire(str(codes)), "langcodes_mini", config=convert_config.sandbox)
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="langcodes_mini").plans}
    by_path = {p.public_path: p for p in plans.values()}
    constructor, method = by_path["langcodes_mini.Code"], by_path["langcodes_mini.Code.other_names"]

    # The object itself answers as its items, a value a person reads; the method takes them back.
    made = rt.call(constructor.runtime_plan(), {"identifier": "ast"}, {"library": "langcodes_mini"})["result"]
    assert made == ["Asturian", ""]
    answer = rt.call(method.runtime_plan(), {"handle": made}, {"library": "langcodes_mini"})["result"]
    assert answer == ["Asturleonese", "Bable"]

    steps, proved = _first_proving(method, plans)
    assert steps == [constructor.name, method.name]
    assert proved in (["Francais"], ["Deutsch"], ["Asturleonese", "Bable"])


def test_only_a_tuple_class_whose_objects_are_their_items_is_rebuilt() -> None:
    class Span(NamedTuple):
        low: float
        high: float

    class Loose(tuple):  # the point: its objects can carry more than their items
        pass

    class Normalised(collections.namedtuple("Normalised", ("kind", "name"))):  # packageurl's shape
        def __new__(cls, kind: str, name: str) -> Normalised:
            return super().__new__(cls, kind.lower(), name)

        def render(self) -> str:
            return f"{self.kind}/{self.name}"

    class Remembering(collections.namedtuple("Remembering", ("kind",))):
        def __init__(self, kind: str) -> None:
            self.seen = kind

    assert rt.is_items_only(Span)
    assert rt.is_items_only(Normalised)
    assert not rt.is_items_only(Remembering)
    assert not rt.is_items_only(Loose)
    assert not rt.is_items_only(tuple)
    assert not rt.is_items_only(list)


def test_a_list_is_not_an_object_of_a_tuple_class_with_more_state(codes: Path) -> None:
    method = {
        "target": "langcodes_mini:Tagged",
        "kind": "method",
        "method": "label",
        "params": [{"name": "handle", "python_name": "self", "adapter": {"kind": "handle"}, "role": "self"}],
    }
    with pytest.raises(rt.ToolFailedError):
        rt.call(method, {"handle": [1, 2]}, {"library": "langcodes_mini"})
    pair_width = {**method, "target": "langcodes_mini:Pair", "method": "width"}
    assert rt.call(pair_width, {"handle": [1.5, 4.0]}, {"library": "langcodes_mini"})["result"] == 2.5
