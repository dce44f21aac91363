"""A library whose public face is ready-made objects of one public class (issue 26, blind7 textcase:
``snake = Case(delimiter="_", ...)``, ``kebab = Case(...)``, used as ``snake("Hello, world!")`` and
``kebab.match("hello-world")``). The objects were callable, so the analysis recorded nothing for them, and
their method became one ``Case.match`` tool that answered for another object (a wrong value). Each
object's call and methods are now tools bound to THAT object, named after it, with samples from the
docstring its authors wrote under the assignment. Real sandboxed analysis of a package written here, the
real runtime."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from readme_packages import first_passing, readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.select import ToolPlan, select

_README = """
# styles_mini

Each style is an object: call it on a text, or ask whether a text is already in that style.
"""

_INIT = '''
"""Text styles, in miniature."""

__all__ = ["Style", "shout", "whisper"]


class Style:
    """A way of writing a text: its words joined by ``joiner``, upper- or lowercase."""

    def __init__(self, joiner: str = " ", upper: bool = False) -> None:
        self.joiner = joiner
        self.upper = upper

    def __call__(self, text: str) -> str:
        """``text`` written in this style."""
        words = text.replace(",", " ").replace("!", " ").split()
        joined = self.joiner.join(words)
        return joined.upper() if self.upper else joined.lower()

    def match(self, text: str) -> bool:
        """Whether ``text`` is already written in this style."""
        return self(text) == text


shout = Style(joiner="_", upper=True)
"""Shouted: words joined by underscores, uppercase.

Examples:

    >>> shout("Hello, world!")
    'HELLO_WORLD'

    >>> shout.match("HELLO_WORLD")
    True
"""

whisper = Style(joiner="-")
"""Whispered: words joined by hyphens, lowercase.

Examples:

    >>> whisper("Hello, world!")
    'hello-world'

    >>> whisper.match("hello-world")
    True
"""
'''


@pytest.fixture
def styles(tmp_path: Path) -> Iterator[Path]:
    with readme_package(tmp_path, "styles_mini", _INIT, "README.md", _README) as package:
        yield package


def _plans(package: Path, config: MCPForgeConfig) -> dict[str, ToolPlan]:
    analysis = analyse(acquire(str(package)), "styles_mini", config=config.sandbox)
    selection = select(analysis, patterns=[], max_tools=20, package="styles_mini")
    return {p.name: p for p in selection.plans}


def _call(plan: ToolPlan, arguments: dict[str, object]) -> object:
    return rt.call(plan.runtime_plan(), arguments, {"library": "styles_mini"})["result"]


def test_each_module_level_object_is_called_as_itself(styles: Path, convert_config: MCPForgeConfig) -> None:
    plans = _plans(styles, convert_config)
    assert {"shout", "whisper", "shout_match", "whisper_match"} <= set(plans)
    assert plans["shout"].target == "styles_mini:shout"
    assert plans["whisper_match"].target == "styles_mini:whisper.match"
    assert _call(plans["shout"], {"text": "Good night, moon"}) == "GOOD_NIGHT_MOON"
    assert _call(plans["whisper"], {"text": "Good night, moon"}) == "good-night-moon"
    # The same text is in one style and not the other: each method answers for its own object.
    assert _call(plans["whisper_match"], {"text": "good-night"}) is True
    assert _call(plans["shout_match"], {"text": "good-night"}) is False
    assert "instance" not in plans["whisper_match"].input_schema["properties"]


def test_the_samples_come_from_the_objects_own_docstring(
    styles: Path, convert_config: MCPForgeConfig
) -> None:
    plans = _plans(styles, convert_config)
    steps, value = first_passing(plans["whisper_match"], plans, "styles_mini")
    assert steps == [{"tool": "whisper_match", "arguments": {"text": "hello-world"}}]
    assert value is True
    steps, value = first_passing(plans["shout"], plans, "styles_mini")
    assert steps == [{"tool": "shout", "arguments": {"text": "Hello, world!"}}]
    assert value == "HELLO_WORLD"


def test_a_method_of_the_class_itself_needs_an_object_built_by_the_user(
    styles: Path, convert_config: MCPForgeConfig
) -> None:
    """``Style.match`` is never served on a default-built or another ready-made object: it takes a handle."""
    plans = _plans(styles, convert_config)
    class_match = [p for p in plans.values() if p.kind == "method" and p.method == "match"]
    for plan in class_match:
        assert "handle" in plan.input_schema["required"]
        assert "instance" not in plan.input_schema["properties"]


def test_the_bench_resolver_tells_two_objects_methods_apart() -> None:
    """The outsider bench matches a check's callable by identity: ``shout.match`` is not ``whisper.match``."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    try:
        from _cases_resolver import same_call
    finally:
        sys.path.pop(0)

    class Style:
        def match(self) -> None: ...

    shout, whisper = Style(), Style()
    assert same_call(shout.match, shout.match)
    assert not same_call(shout.match, whisper.match)
    assert not same_call(Style.match, whisper.match)  # the class's function is not a ready-made object's call


_WRAPPED_INIT = '''
"""Array functions in miniature, wrapped the way numpy 2 wraps its own (``np.mean`` is an
``_ArrayFunctionDispatcher`` whose ``__wrapped__`` is the Python function)."""
import functools

__all__ = ["mean"]


class _Dispatcher:
    def __init__(self, implementation):
        functools.update_wrapper(self, implementation)

    def __call__(self, *args, **kwargs):
        return self.__wrapped__(*args, **kwargs)


def _mean(values: list[float], weight: float = 1.0) -> float:
    """The mean of ``values``, times ``weight``.

    >>> mean([1.0, 2.0, 6.0])
    3.0
    """
    return weight * sum(values) / len(values)


mean = _Dispatcher(_mean)
'''


def test_an_object_standing_for_the_function_it_wraps_is_that_function(
    tmp_path: Path, convert_config: MCPForgeConfig
) -> None:
    with readme_package(tmp_path, "arrays_mini", _WRAPPED_INIT, "README.md", "# arrays_mini\n") as package:
        analysis = analyse(acquire(str(package)), "arrays_mini", config=convert_config.sandbox)
        plans = {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="arrays_mini").plans}
        assert sorted(plans) == ["mean"]  # a function with the wrapped signature, no object's methods
        assert [p["name"] for p in plans["mean"].params] == ["values", "weight"]
        service = {"library": "arrays_mini"}
        assert (
            rt.call(plans["mean"].runtime_plan(), {"values": [2.0, 4.0], "weight": 3.0}, service)["result"]
            == 9.0
        )
        assert first_passing(plans["mean"], plans, "arrays_mini")[1] == 3.0
