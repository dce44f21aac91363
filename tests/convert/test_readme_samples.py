"""Samples from what the library's authors wrote (issue 26, class 1): the README's code blocks and the
calls in them, a method on the instance the README builds, a parameter whose name says its grammar
(a version range) given the literal of that grammar the README writes, a class that takes a plain
string as its instance (inflect's ``Word``) and ``Iterable[str]`` accepting text. Real sandboxed
analysis of a repository-shaped package written here (README beside the package), the real runtime."""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from readme_packages import first_passing, readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _analysis_script as script
from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.models import Analysis, ApiCallable
from mcpforge.convert.samples import samples_for
from mcpforge.convert.samples.grammar_values import grammar_of, grammar_value
from mcpforge.convert.samples.readme_examples import code_examples
from mcpforge.convert.select import ToolPlan, select

_README = """
# cronlet

Describe schedules, pluralise words and pick versions.

```python
from cronlet import describe, Engine, best_match

print(describe("*/5 * * * *"))

e = Engine()
e.plural("cat")

versions = ['1.2.3', '1.2.4', '2.0.0']
range_ = '~1.2.0'
assert best_match(versions, range_) == '1.2.4'
```
"""

_INIT = '''
"""Schedules, words and versions, in miniature."""
import re
from typing import Iterable

__all__ = ["describe", "Engine", "best_match", "satisfies", "encode"]
_FIELD = re.compile(r"^[\\d*/,-]+$")


def describe(expression: str) -> str:
    """A cron expression in words."""
    fields = expression.split()
    if len(fields) != 5 or not all(_FIELD.match(f) for f in fields):
        raise ValueError(f"not a cron expression: {expression!r}")
    minute = fields[0]
    return f"every {minute[2:]} minutes" if minute.startswith("*/") else f"at minute {minute}"


class _WordMeta(type):
    def __instancecheck__(cls, instance):
        return isinstance(instance, str) and len(instance) >= 1


class Word(metaclass=_WordMeta):
    """String with at least 1 character"""


class Engine:
    """Inflects words."""

    def plural(self, text: Word) -> str:
        """The plural of text."""
        if not isinstance(text, Word):
            raise TypeError("text must be a Word")
        return text + "s"


def _parse(version):
    parts = version.split(".")
    if len(parts) != 3 or not all(p.isdigit() for p in parts):
        raise ValueError(f"Invalid Version: {version}")
    return tuple(int(p) for p in parts)


def satisfies(version, range_):
    """Whether version is in the tilde range."""
    if not range_.startswith("~"):
        raise ValueError(f"Invalid range: {range_}")
    low = _parse(range_[1:])
    got = _parse(version)
    return got[:2] == low[:2] and got >= low


def best_match(versions, range_):
    """The highest version in the range."""
    matching = [v for v in versions if satisfies(v, range_)]
    return max(matching, key=_parse) if matching else None


def encode(text: Iterable[str]) -> str:
    """Letters as their positions in the alphabet."""
    return " ".join(str(ord(c) - 96) for c in "".join(text).lower() if c.isalpha())
'''


@pytest.fixture
def cronlet(tmp_path: Path) -> Iterator[Path]:
    with readme_package(tmp_path, "cronlet", _INIT, "README.md", _README) as package:
        yield package


def _first_passing(plan: ToolPlan, plans: dict[str, ToolPlan]) -> tuple[list[dict], object]:
    return first_passing(plan, plans, "cronlet")


def test_readme_code_is_the_sample_of_functions_and_of_methods_on_its_instances(
    cronlet: Path, convert_config: MCPForgeConfig
) -> None:
    analysis = analyse(acquire(str(cronlet)), "cronlet", config=convert_config.sandbox)
    assert "best_match(versions, range_)" in analysis.prominence["readme"]
    # A call inside another call (``print(describe(...))``) is a literal call of the library too.
    assert analysis.prominence["usage_examples"]["describe"] == ['describe("*/5 * * * *")']
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="cronlet").plans}

    first = samples_for(plans["describe"], plans, expressions=False)[0]
    assert first.final.arguments == {"expression": "*/5 * * * *"}
    assert _first_passing(plans["describe"], plans)[1] == "every 5 minutes"

    # ``e = Engine()`` then ``e.plural("cat")``; ``text: Word`` takes the plain string.
    plural = samples_for(plans["Engine_plural"], plans, expressions=False)[0]
    assert [s.tool for s in plural.steps] == ["Engine", "Engine_plural"]
    assert plural.final.arguments["text"] == "cat"
    assert plans["Engine_plural"].input_schema["properties"]["text"]["type"] == "string"
    assert _first_passing(plans["Engine_plural"], plans)[1] == "cats"

    # ``assert best_match(...) == '1.2.4'``: the call, with the output its authors promise.
    best = samples_for(plans["best_match"], plans, expressions=False)[0]
    assert best.final.arguments == {"versions": ["1.2.3", "1.2.4", "2.0.0"], "range_": "~1.2.0"}
    assert best.expected == "'1.2.4'"

    # No example of its own: ``range_`` is the range the README writes, ``version`` one of its versions.
    steps, answer = _first_passing(plans["satisfies"], plans)
    assert steps[-1]["arguments"] == {"version": "1.2.3", "range_": "~1.2.0"}
    assert answer is True

    # ``Iterable[str]``: a text is one too.
    text_schema = plans["encode"].input_schema["properties"]["text"]
    assert {"type": "string"} in text_schema["anyOf"]
    encoded = rt.call(plans["encode"].runtime_plan(), {"text": "abc"}, {"library": "cronlet"})
    assert encoded["result"] == "1 2 3"


def test_code_blocks_of_markdown_and_restructuredtext_readmes() -> None:
    rst = textwrap.dedent(
        """
        SYNOPSIS
        ========

        .. code-block:: python

            >>> import inflect
            >>> p = inflect.engine()

        Plurals:

        .. code-block:: python

            >>> p.plural("person")
            'people'

        Usage::

            count = p.number_to_words(1234)

        .. code-block:: console

            pip install inflect
        """
    )
    statements, outputs = code_examples(rst)
    assert statements == [
        "import inflect",
        "p = inflect.engine()",
        'p.plural("person")',
        "count = p.number_to_words(1234)",
    ]
    assert outputs == {'p.plural("person")': "'people'"}
    markdown = "Use it:\n\n```py\nx = f(1)\nassert g(x, 'a') == [1, 2]\nfor i in x:\n    h(i)\n```\n"
    assert code_examples(markdown) == (["x = f(1)", "g(x, 'a')"], {"g(x, 'a')": "[1, 2]"})
    assert code_examples("no code here") == ([], {})


def test_a_grammar_parameter_takes_the_library_literal_of_that_grammar() -> None:
    assert grammar_of("range_") == "range"
    assert grammar_of("versions") == "version"
    assert grammar_of("cron_expression") == "cron"
    assert grammar_of("count") is None
    pool = {"versions": ["2.0.1", "2.1.0"], "range_": "^2.0.0"}
    assert grammar_value("version", pool, []) == "2.0.1"
    assert grammar_value("spec", pool, []) == "^2.0.0"
    # No value under a name of that grammar: the first literal of its shape in the library's text.
    assert grammar_value("schedule", {}, ["hello", "0 23 ? * MON-FRI", "*/5 * * * *"]) == "0 23 ? * MON-FRI"
    assert grammar_value("url", {}, ["example", "https://example.org/a"]) == "https://example.org/a"
    # Nothing written: nothing invented.
    assert grammar_value("version", {}, ["hello"]) is None
    assert grammar_value("count", pool, ["1.2.3"]) is None


def test_nested_literal_calls_are_found_in_the_readme() -> None:
    text = 'print(get_description("* 2 3 * *"))\nprint(str(Descriptor("*/10 * * * *")))\n'
    found = script._literal_calls(text, {"get_description", "Descriptor", "print"})
    assert found["get_description"] == ['get_description("* 2 3 * *")']
    assert found["Descriptor"] == ['Descriptor("*/10 * * * *")']


def test_a_google_example_section_of_a_docstring_is_a_sample() -> None:
    doc = 'Describe a schedule.\n\nExample:\n    text = describe("0 23 * * 1-5")\n\nReturns:\n    Words.\n'
    record = {
        "public_path": "lib.describe",
        "module": "lib",
        "kind": "function",
        "doc": doc,
        "params": [
            {
                "name": "expression",
                "kind": "POSITIONAL_OR_KEYWORD",
                "type": {"kind": "string"},
                "default": {"present": False},
                "doc": "",
                "doc_type": "",
            }
        ],
    }
    analysis = Analysis(package="lib", callables=[ApiCallable.model_validate(record)])
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=5, package="lib").plans}
    first = samples_for(plans["describe"], plans, expressions=False)[0]
    assert (first.source, first.final.arguments) == ("example", {"expression": "0 23 * * 1-5"})


def test_a_written_call_with_a_library_constant_keeps_the_authors_other_arguments() -> None:
    """``xx = swe.calc_ut(jd, swe.AST_OFFSET + 13681)`` after ``jd = swe.julday(2008, 3, 21)``: the
    julian day is the one the README computes (chained), only the constant is a typed value; the
    README's other statements (``revjul(res[1][0])``) are not preparations of this call."""

    def record(name: str, params: list[str]) -> dict:
        return {
            "public_path": f"swe.{name}",
            "module": "swe",
            "kind": "function",
            "doc": "Computes.",
            "returns": {"kind": "number"},
            "params": [
                {"name": p, "kind": "POSITIONAL_ONLY", "type": {"kind": t}, "default": {"present": False}}
                for p, t in (x.split(":") for x in params)
            ],
        }

    readme = (
        "::\n\n    >>> import swisseph as swe\n    >>> jd = swe.julday(2007, 3, 3)\n"
        "    >>> res = swe.lun_eclipse_when(jd)\n    >>> ecltime = swe.revjul(res[1][0])\n"
        "    >>> jd = swe.julday(2008, 3, 21)\n    >>> xx, rflags = swe.calc_ut(jd, swe.AST_OFFSET+13681)\n"
    )
    analysis = Analysis(
        package="swe",
        callables=[
            ApiCallable.model_validate(record("julday", ["year:integer", "month:integer", "day:integer"])),
            ApiCallable.model_validate(record("lun_eclipse_when", ["tjdut:number"])),
            ApiCallable.model_validate(record("revjul", ["jd:number"])),
            ApiCallable.model_validate(record("calc_ut", ["tjdut:number", "planet:integer"])),
        ],
        prominence={"readme": readme},
    )
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=10, package="swe").plans}
    samples = samples_for(plans["calc_ut"], plans, expressions=False)
    chained = next(s for s in samples if len(s.steps) > 1)
    assert [(s.tool, s.arguments, s.bind) for s in chained.steps] == [
        ("julday", {"year": 2008, "month": 3, "day": 21}, "jd"),
        ("calc_ut", {"tjdut": {"$ref": "jd"}, "planet": chained.final.arguments["planet"]}, None),
    ]
    assert isinstance(chained.final.arguments["planet"], int)
    assert chained.source == "types"  # partly typed: not the authors' example as written
    # ``res = lun_eclipse_when(jd)`` needs only the first ``jd``.
    eclipse = samples_for(plans["lun_eclipse_when"], plans, expressions=False)[0]
    assert [s.tool for s in eclipse.steps] == ["julday", "lun_eclipse_when"]
    assert eclipse.steps[0].arguments == {"year": 2007, "month": 3, "day": 3}


def test_a_readme_array_call_is_not_the_sample_of_a_same_named_scalar() -> None:
    """``from_latlon(np.array([51.2, 49.0]), ...)`` in a README is one call's data: a scalar
    ``latitude`` of another function keeps its own value (utm's ``latlon_to_zone_number``)."""

    def record(name: str) -> dict:
        params = [
            {
                "name": p,
                "kind": "POSITIONAL_OR_KEYWORD",
                "type": {"kind": "any"},
                "default": {"present": False},
            }
            for p in ("latitude", "longitude")
        ]
        return {
            "public_path": f"utm.{name}",
            "module": "utm",
            "kind": "function",
            "doc": "",
            "params": params,
        }

    readme = "```python\nutm.from_latlon(np.array([51.2, 49.0]), np.array([7.4, 8.1]))\n```\n"
    analysis = Analysis(
        package="utm",
        callables=[ApiCallable.model_validate(record(n)) for n in ("from_latlon", "latlon_to_zone_number")],
        prominence={"readme": readme},
    )
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=5, package="utm").plans}
    assert samples_for(plans["from_latlon"], plans, expressions=False)[0].final.arguments == {
        "latitude": [51.2, 49.0],
        "longitude": [7.4, 8.1],
    }
    zone = samples_for(plans["latlon_to_zone_number"], plans, expressions=False)[0]
    assert not isinstance(zone.final.arguments["latitude"], list)
