"""Objects a library builds with a factory rather than its constructor (issue 26 class 2, blind12
protego: ``rp = Protego.parse(robotstxt)``, then ``rp.can_fetch(url, agent)``).

The outsider bench writes such a check ``pkg.Class.factory(**constructor).method``; its resolver took the
factory for the class, so the served ``parse`` → ``Protego_can_fetch`` chain was reported "not seen by
the analysis" (5 checks). The factory's tool is now the check's way in, and the methods are those of the
class the factory builds."""

from __future__ import annotations

import importlib
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from readme_packages import first_passing, readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.select import ToolPlan, select

_RULES = """
class Rules:
    def __init__(self):
        self.denied = []

    @classmethod
    def parse(cls, content):
        rules = cls()
        rules.denied = [line.split(":", 1)[1].strip() for line in content.splitlines() if ":" in line]
        return rules

    def allowed(self, path):
        return not any(path.startswith(prefix) for prefix in self.denied)


def load(content) -> Rules:
    return Rules.parse(content)


def untyped_load(content):
    return Rules.parse(content)
"""


@pytest.fixture
def rules_module(tmp_path: Path) -> Iterator[ModuleType]:
    (tmp_path / "rules_mini.py").write_text(textwrap.dedent(_RULES).lstrip(), encoding="utf-8")
    bench = Path(__file__).resolve().parents[2] / "bench"
    sys.path[:0] = [str(tmp_path), str(bench)]
    try:
        yield importlib.import_module("rules_mini")
    finally:
        sys.path.remove(str(tmp_path))
        sys.path.remove(str(bench))
        sys.modules.pop("rules_mini", None)


def _entries(module: ModuleType) -> list[tuple[dict[str, Any], Any]]:
    """What the bench resolves from a served service: the factory's tool, the method's, the class's."""
    return [
        ({"ref": "tool:parse", "kind": "function", "method": None}, module.Rules.parse),
        ({"ref": "tool:load", "kind": "function", "method": None}, module.load),
        ({"ref": "tool:Rules_allowed", "kind": "method", "method": "allowed"}, module.Rules),
        ({"ref": "tool:Rules", "kind": "class", "method": None}, module.Rules),
    ]


def test_the_bench_matches_a_check_on_an_object_its_factory_built(rules_module: ModuleType) -> None:
    from _cases_resolver import match_check

    found = match_check("rules_mini.Rules.parse(**constructor).allowed", _entries(rules_module))
    assert (found["constructor"], found["method"]) == (["tool:parse"], ["tool:Rules_allowed"])
    # A module-level factory names its class by its return annotation.
    found = match_check("rules_mini.load(**constructor).allowed", _entries(rules_module))
    assert (found["constructor"], found["method"]) == (["tool:load"], ["tool:Rules_allowed"])
    # The constructor form still takes the class's own constructor, not a factory.
    found = match_check("rules_mini.Rules(**constructor).allowed", _entries(rules_module))
    assert (found["constructor"], found["method"]) == (["tool:Rules"], ["tool:Rules_allowed"])


def test_the_bench_refuses_a_factory_whose_class_nothing_names(rules_module: ModuleType) -> None:
    """An unannotated module function could build anything: no method of some class is guessed for it."""
    from _cases_resolver import match_check

    with pytest.raises(TypeError, match="no class"):
        match_check("rules_mini.untyped_load(**constructor).allowed", _entries(rules_module))


# -- convert: a factory that only its docstring or annotation names is a way in -----------------------------
_FACTLIB_README = """
# factlib

```python
import factlib
settings = factlib.load("colour=blue\\nsize=3")
table = factlib.Table.loads("1,2\\n3,4")
rules = factlib.Rules.compile("deny: /private")
```
"""

_FACTLIB = '''
"""Settings, tables and rules read from text, in miniature."""

__all__ = ["Settings", "Table", "Rules", "load", "looks_like_settings"]


class Settings:
    """Named settings. Read them with :func:`load`."""

    def __init__(self, entries):
        self._entries = dict(entries.items())

    def names(self):
        """The names of the settings, sorted."""
        return sorted(self._entries)


def load(text):
    """Read settings written one per line as ``name=value``.

    Returns:
        Settings: the settings read.
    """
    pairs = (line.split("=", 1) for line in text.splitlines() if "=" in line)
    return Settings({k.strip(): v.strip() for k, v in pairs})


def looks_like_settings(text):
    """Returns True if ``text`` holds Settings written as ``name=value`` lines."""
    return all("=" in line for line in text.splitlines() if line.strip())


class Table:
    """Rows of numbers."""

    def __init__(self, rows):
        self.rows = [list(row) for row in rows]

    @classmethod
    def loads(cls, text):
        """Read a table written as lines of comma-separated numbers; returns a new Table."""
        return cls([float(x) for x in line.split(",")] for line in text.splitlines() if line.strip())

    def column_sum(self, index: int):
        """The sum of column ``index``."""
        return sum(row[index] for row in self.rows)


class Rules:
    """Paths that are denied."""

    def __init__(self):
        self.denied = []

    @staticmethod
    def compile(text):
        """Rules from lines ``deny: /path``.

        :rtype: Rules
        """
        rules = Rules()
        lines = [line for line in text.splitlines() if line.startswith("deny:")]
        rules.denied = [line.split(":", 1)[1].strip() for line in lines]
        return rules

    def allowed(self, path: str):
        """Whether ``path`` is allowed: no denied path is a prefix of it."""
        if not self.denied:
            raise ValueError("no rules read")
        return not any(path.startswith(prefix) for prefix in self.denied)
'''


@pytest.fixture
def factlib(tmp_path: Path) -> Iterator[Path]:
    with readme_package(tmp_path, "factlib", _FACTLIB, "README.md", _FACTLIB_README) as package:
        yield package


def _plans(package: Path, config: MCPForgeConfig) -> dict[str, ToolPlan]:
    analysis = analyse(acquire(str(package)), "factlib", config=config.sandbox)
    return {p.name: p for p in select(analysis, patterns=[], max_tools=30, package="factlib").plans}


def test_factories_named_only_by_their_docstring_build_the_objects(
    factlib: Path, convert_config: MCPForgeConfig
) -> None:
    plans = _plans(factlib, convert_config)
    assert plans["load"].returns_handle_of == "factlib.Settings"  # a module function, "Returns: Settings"
    assert plans["loads"].returns_handle_of == "factlib.Table"  # "returns a new Table"
    assert plans["compile"].returns_handle_of == "factlib.Rules"  # ":rtype: Rules"
    assert plans["looks_like_settings"].returns_handle_of is None  # "Returns True if ... Settings"


def test_a_method_is_proven_on_an_object_its_factory_built(
    factlib: Path, convert_config: MCPForgeConfig
) -> None:
    """No text calls ``names``, ``column_sum`` or ``allowed``, and no constructor can be called blind
    (``Settings(entries)``, ``Table(rows)`` take nothing the library describes; ``Rules()`` holds no rule):
    the object comes from the factory's own written call."""
    plans = _plans(factlib, convert_config)
    steps, value = first_passing(plans["Settings_names"], plans, "factlib")
    assert [s["tool"] for s in steps] == ["load", "Settings_names"]
    assert value == ["colour", "size"]
    steps, value = first_passing(plans["Table_column_sum"], plans, "factlib")
    assert [s["tool"] for s in steps] == ["loads", "Table_column_sum"]
    assert value == 6.0
    steps, value = first_passing(plans["Rules_allowed"], plans, "factlib")
    assert [s["tool"] for s in steps] == ["compile", "Rules_allowed"]
    assert value is True


def test_a_factory_that_returned_none_built_nothing() -> None:
    """A docstring's "returns a Settings" may not hold for every input: a ``None`` answer proves no way in."""
    from mcpforge.convert.models import Analysis, ApiCallable
    from mcpforge.convert.run import meaningless

    settings = {"public_path": "lib.Settings", "module": "lib", "kind": "class", "doc": "", "params": []}
    load = {
        "public_path": "lib.load",
        "module": "lib",
        "kind": "function",
        "doc": "Returns: Settings",
        "params": [],
        "factory_of": "lib.Settings",
    }
    analysis = Analysis(package="lib", callables=[ApiCallable.model_validate(c) for c in (settings, load)])
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=10, package="lib").plans}
    assert plans["load"].returns_handle_of == "lib.Settings"
    assert meaningless(plans["load"], None) == "the factory returned None, not an object"
    assert meaningless(plans["load"], {"handle": "h$Settings$x", "type": "lib.Settings", "text": ""}) is None
    assert meaningless(plans["Settings"], None) is None  # a constructor always builds its object


def test_written_factory_calls_leave_a_place_for_a_constructor_with_nothing_to_guess() -> None:
    """blind10 langcodes: ``Language.find("Türkçe")`` and friends are written calls, but they need an
    optional data package; ``Language()`` (no required argument, nothing guessed) built the object that
    proved 5 methods. Written calls first, and the constructor keeps a place among the three tried."""
    from mcpforge.convert.models import Analysis, ApiCallable
    from mcpforge.convert.samples import samples_for

    name = {
        "name": "name",
        "kind": "POSITIONAL_OR_KEYWORD",
        "type": {"kind": "string"},
        "default": {"present": False},
    }
    lang = {
        "public_path": "lib.Lang",
        "module": "lib",
        "kind": "class",
        "doc": "",
        "params": [],
        "methods": [
            {
                "public_path": "lib.Lang.script",
                "module": "lib",
                "kind": "method",
                "owner": "lib.Lang",
                "params": [],
            },
            {
                "public_path": "lib.Lang.distance",
                "module": "lib",
                "kind": "method",
                "owner": "lib.Lang",
                "params": [{**name, "name": "other", "type": {"kind": "class", "name": "lib.Lang"}}],
            },
        ],
    }
    find = {
        "public_path": "lib.Lang.find",
        "module": "lib",
        "kind": "function",
        "owner": "lib.Lang",
        "factory_of": "lib.Lang",
        "doc": "",
        "params": [name],
        "examples": ["Lang.find('Türkçe')", "Lang.find('français')", "Lang.find('brazilian portuguese')"],
    }
    analysis = Analysis(
        package="lib",
        callables=[ApiCallable.model_validate(c) for c in (lang, find)],
        prominence={"usage_examples": {"find": ["Lang.find('english')", "Lang.find('deutsch')"]}},
    )
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=10, package="lib").plans}
    preludes = [
        [s.tool for s in sample.steps[:-1]]
        for sample in samples_for(plans["Lang_script"], plans, expressions=False)
    ]
    assert preludes[:3] == [["find"], ["find"], ["Lang"]]
    # Two objects: each way of building used for both before any mix (a failing way fails the sample).
    samples = samples_for(plans["Lang_distance"], plans, expressions=False)
    assert [[s.tool for s in sample.steps[:-1]] for sample in samples][:3] == [
        ["find", "find"],
        ["find", "find"],
        ["Lang", "Lang"],
    ]
