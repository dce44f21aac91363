"""A README session that passes values along the way its authors typed it (issue 26, blind12 uritools):
``parts = urisplit(_)`` takes the value the previous line showed, and ``urijoin(uriunsplit(parts), ref)``
makes a call inside another's arguments. The reader knew neither, so ``uriunsplit(parts)`` and
``urijoin(...)`` had no sample from the library and their parameters (no type, no description) only a
blind ``1.0``: both dropped as ``invalid_sample``. Now ``_`` is the last shown value when a tool made it,
and a nested call of a tool is made first, its result passed on. Real sandboxed analysis of a package
written here, the real runtime."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from readme_packages import first_passing, readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.samples import samples_for
from mcpforge.convert.select import ToolPlan, select

_README = """
# urikit

```python
>>> from urikit import compose, split, unsplit, join
>>> compose(scheme='foo', host='example.com', path='/over/there')
'foo://example.com/over/there'
>>> parts = split(_)
>>> unsplit(parts)
'foo://example.com/over/there'
>>> join(unsplit(parts), '/right/here')
'foo://example.com/right/here'
>>> len('abc')
3
>>> shout(_)
'3!'
```
"""

_INIT = '''
"""Addresses taken apart and put together, in miniature."""

__all__ = ["compose", "split", "unsplit", "join", "shout"]


def compose(scheme, host, path):
    return f"{scheme}://{host}{path}"


def split(uristring):
    scheme, rest = uristring.split("://", 1)
    host, _, path = rest.partition("/")
    return [scheme, host, "/" + path]


def unsplit(parts):
    scheme, host, path = parts
    return f"{scheme}://{host}{path}"


def join(base, ref):
    scheme, rest = base.split("://", 1)
    return f"{scheme}://{rest.partition('/')[0]}{ref}"


def shout(text):
    return f"{text}!"
'''


@pytest.fixture
def urikit(tmp_path: Path) -> Iterator[Path]:
    with readme_package(tmp_path, "urikit", _INIT, "README.md", _README) as package:
        yield package


def _plans(package: Path, config: MCPForgeConfig) -> dict[str, ToolPlan]:
    analysis = analyse(acquire(str(package)), "urikit", config=config.sandbox)
    return {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="urikit").plans}


def test_underscore_is_the_value_the_previous_line_showed(
    urikit: Path, convert_config: MCPForgeConfig
) -> None:
    plans = _plans(urikit, convert_config)
    steps, value = first_passing(plans["unsplit"], plans, "urikit")
    assert [s["tool"] for s in steps] == ["compose", "split", "unsplit"]
    assert steps[1]["arguments"] == {"uristring": {"$ref": "_"}}
    assert value == "foo://example.com/over/there"


def test_a_call_written_as_an_argument_is_made_first(urikit: Path, convert_config: MCPForgeConfig) -> None:
    plans = _plans(urikit, convert_config)
    steps, value = first_passing(plans["join"], plans, "urikit")
    assert [s["tool"] for s in steps] == ["compose", "split", "unsplit", "join"]
    assert steps[-1]["arguments"] == {"base": {"$ref": "obj1"}, "ref": "/right/here"}
    assert value == "foo://example.com/right/here"


def test_underscore_after_a_line_no_tool_made_is_not_a_tools_value(
    urikit: Path, convert_config: MCPForgeConfig
) -> None:
    """``len('abc')`` is not a tool: ``shout(_)`` after it must not take ``join``'s value."""
    plans = _plans(urikit, convert_config)
    for sample in samples_for(plans["shout"], plans, expressions=False):
        assert all(step.tool == "shout" for step in sample.steps)
