"""A parameter with no type, description or example of its own takes what the library's literal calls
pass for a parameter of that name (issue 26, blind6 lemminflect): the README writes
``> getInflection('watch', tag='VBD')`` in a prompt block the AST cannot read, found only as a usage
call, so ``getAllInflections(lemma, upos=None)`` had ``lemma=1.0``, a blind guess. Real sandboxed analysis
of a package written here, the real runtime."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from readme_packages import first_passing, readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.samples import keyword_pool, samples_for
from mcpforge.convert.select import select

_README = """
# wordlet

To inflect words, use `inflect_word`:
```
> from wordlet import inflect_word
> inflect_word('watch', tag='VBD')
('watched',)
```
"""

_INIT = '''
"""Inflections, in miniature."""
__all__ = ["inflect_word", "all_forms"]
_FORMS = {"watch": {"VBD": ("watched",), "VBZ": ("watches",), "VBG": ("watching",)}}


def inflect_word(lemma, tag):
    return _FORMS[lemma][tag]


def all_forms(lemma, upos=None):
    return {tag: forms for tag, forms in _FORMS[lemma].items()}
'''


@pytest.fixture
def wordlet(tmp_path: Path) -> Iterator[Path]:
    with readme_package(tmp_path, "wordlet", _INIT, "README.md", _README) as package:
        yield package


def test_a_usage_call_gives_the_value_of_a_same_named_parameter(
    wordlet: Path, convert_config: MCPForgeConfig
) -> None:
    analysis = analyse(acquire(str(wordlet)), "wordlet", config=convert_config.sandbox)
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="wordlet").plans}
    assert keyword_pool(plans)["lemma"] == "watch"
    first = samples_for(plans["all_forms"], plans, expressions=False)[0]
    assert first.final.arguments == {"lemma": "watch"}
    assert first_passing(plans["all_forms"], plans, "wordlet")[1]["VBD"] == ["watched"]
