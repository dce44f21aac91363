"""Issue 26, variadic functions: a ``load(*args, **kwargs)`` whose README shows what goes in (hiyapyco's
``hiyapyco.load([y1, y2], method=hiyapyco.METHOD_MERGE)``, documents written as strings) had no valid
sample: the library constant passed by keyword made the whole written call unusable, so the tool was
tried with no documents at all and dropped. The constant is now left at the library's default (the
rest of the call is still the authors'), a ``*args`` of a stated type gets one value of that type, and
the tool's input schema says the array's items are passed one by one, by position. Real sandboxed
analysis of a package written here, the real service runtime."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from readme_packages import first_passing, readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.samples import samples_for
from mcpforge.convert.select import ToolPlan, select

_INIT = '''
"""Layered configuration documents, in miniature."""

METHOD_SIMPLE = 1
METHOD_MERGE = 2


def load(*args, **kwargs):
    """
    Load layered configuration documents.

    args: document(s), as text or a list of texts
    kwargs:
      * method: one of METHOD_SIMPLE | METHOD_MERGE
    """
    texts = []
    for arg in args:
        texts.extend(arg if isinstance(arg, list) else [arg])
    if not texts:
        raise ValueError("no documents given")
    merged = {}
    for text in texts:
        if "\\n" not in text:
            raise FileNotFoundError(text)  # a single line is a file name
        for line in text.strip().splitlines():
            key, value = line.split(":", 1)
            merged[key.strip()] = value.strip()
    if kwargs.get("method", METHOD_SIMPLE) == METHOD_MERGE:
        merged["merged"] = "yes"
    return merged


def total(*amounts: float) -> float:
    """The sum of the amounts; at least one."""
    if not amounts:
        raise ValueError("no amounts")
    return float(sum(amounts))
'''

_README = '''
stackconf
=========

Usage
-----

::

    >>> import stackconf
    >>> conf = stackconf.load('first.cfg', 'second.cfg', method=stackconf.METHOD_MERGE)

documents as strings::

    >>> import stackconf
    >>> d1 = """
    ... name: one
    ... size: 1
    ... """
    >>> d2 = """
    ... size: 2
    ... """
    >>> conf = stackconf.load([d1, d2], method=stackconf.METHOD_MERGE)
'''


@pytest.fixture
def stackconf(tmp_path: Path) -> Iterator[Path]:
    with readme_package(tmp_path, "stackconf", _INIT, "README.rst", _README) as package:
        yield package


def _plans(package: Path, config: MCPForgeConfig) -> dict[str, ToolPlan]:
    analysis = analyse(acquire(str(package)), "stackconf", config=config.sandbox)
    return {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="stackconf").plans}


def test_a_variadic_function_takes_the_documents_its_readme_passes(
    stackconf: Path, convert_config: MCPForgeConfig
) -> None:
    plans = _plans(stackconf, convert_config)
    load = plans["load"]
    schema = load.input_schema["properties"]["args"]
    assert schema["type"] == "array"
    assert "one positional argument" in schema["description"]

    documents = ["\nname: one\nsize: 1\n", "\nsize: 2\n"]
    samples = samples_for(load, plans, expressions=False)
    written = [s.final.arguments for s in samples if s.source == "example"]
    # The constant ``method=stackconf.METHOD_MERGE`` is not JSON: left at the default, the call kept.
    assert {"args": [documents]} in written
    steps, answer = first_passing(load, plans, "stackconf")
    assert steps[-1]["arguments"] == {"args": [documents]}
    assert answer == {"name": "one", "size": "2"}

    # A client passes the documents and the method's value: the values travel by position.
    arguments = {"args": [documents], "kwargs": {"method": 2}}
    called = rt.call(load.runtime_plan(), arguments, {"library": "stackconf"})
    assert called["result"] == {"name": "one", "size": "2", "merged": "yes"}


def test_a_typed_variadic_parameter_gets_a_value_of_its_type(
    stackconf: Path, convert_config: MCPForgeConfig
) -> None:
    plans = _plans(stackconf, convert_config)
    total = plans["total"]
    assert total.input_schema["properties"]["amounts"]["items"]["type"] == "number"
    steps, answer = first_passing(total, plans, "stackconf")
    assert len(steps[-1]["arguments"]["amounts"]) >= 1
    assert answer == sum(steps[-1]["arguments"]["amounts"])
