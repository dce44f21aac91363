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
