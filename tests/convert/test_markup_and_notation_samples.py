"""A string parameter whose text follows a markup or notation (HTML, FEN, a board square) gets a sample
of that kind from the library's own text (issue 26, class 1).

markdownify's README imports ``markdownify as md`` and calls ``md('<b>Yay</b> ...')``: the alias names
the tool, a keyword the signature does not name (``strip=['a']``) goes into its ``**options`` object, and
``MarkdownConverter(**options).convert(html)`` gets the README's HTML literal for ``html`` (before: ``1.0``,
refused). A repository of modules importing each other by bare name (neil1050-python-chess) documents
its parameters as ``:startingFen: str - the FEN code``, ``:square: str - ... (like a1)``: the board is built
from a FEN position, the square is ``a1``, and a piece's ``obstacles: list[bool]`` is a list of booleans,
lengthened when the library indexes past it. Real sandboxed analysis, the real runtime, a real convert.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from readme_packages import first_passing, readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _analysis_script as script
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.models import ApiCallable
from mcpforge.convert.pipeline import ConvertOptions, convert
from mcpforge.convert.samples import samples_for, typed_value
from mcpforge.convert.samples.follow_ups import follow_up
from mcpforge.convert.samples.grammar_values import grammar_of, grammar_value
from mcpforge.convert.samples.readme_examples import code_examples
from mcpforge.convert.samples.steps import Sample, Step
from mcpforge.convert.samples.typed_values import START_FEN
from mcpforge.convert.select import ToolPlan, select

_README = """
htmlmd
======

Convert some HTML to Markdown:

.. code:: python

    from htmlmd import to_markdown as md
    md('<b>Yay</b> <i>you</i>')  # > '**Yay** *you*'

Specify tags to exclude:

.. code:: python

    from htmlmd import to_markdown as md
    md('<b>Yay</b> <i>you</i>', strip=['i'])  # > '**Yay** you'
"""

_INIT = '''
"""HTML to Markdown, in miniature."""
import re

__all__ = ["to_markdown", "Converter"]
_MARKS = {"b": "**", "i": "*"}


class Converter:
    def __init__(self, **options):
        self.strip = options.get("strip", [])

    def convert(self, html):
        if not isinstance(html, str) or "<" not in html:
            raise TypeError(f"Incoming markup is of an invalid type: {html!r}")

        def tag(match):
            name, text = match.group(1), match.group(2)
            return text if name in self.strip else _MARKS.get(name, "") + text + _MARKS.get(name, "")

        return re.sub(r"<(\\w+)>(.*?)</\\1>", tag, html)


def to_markdown(html, **options):
    return Converter(**options).convert(html)
'''


@pytest.fixture
def htmlmd(tmp_path: Path) -> Iterator[Path]:
    with readme_package(tmp_path, "htmlmd", _INIT, "README.rst", _README) as package:
        yield package


def _first_passing(plan: ToolPlan, plans: dict[str, ToolPlan]) -> tuple[list[dict], object]:
    return first_passing(plan, plans, "htmlmd")


def test_an_aliased_readme_call_and_its_html_literal_are_the_samples(
    htmlmd: Path, convert_config: MCPForgeConfig
) -> None:
    analysis = analyse(acquire(str(htmlmd)), "htmlmd", config=convert_config.sandbox)
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="htmlmd").plans}

    # ``md(...)`` is ``to_markdown(...)``; ``strip=['i']`` goes into its ``**options`` object.
    samples = samples_for(plans["to_markdown"], plans, expressions=False)
    assert samples[0].source == "example"
    assert samples[0].final.arguments == {"html": "<b>Yay</b> <i>you</i>"}
    assert samples[1].final.arguments == {"html": "<b>Yay</b> <i>you</i>", "options": {"strip": ["i"]}}
    assert _first_passing(plans["to_markdown"], plans)[1] == "**Yay** *you*"

    # No example of its own: ``html`` is the HTML literal the README writes, not ``1.0``.
    steps, answer = _first_passing(plans["Converter_convert"], plans)
    assert steps[-1]["arguments"]["html"] == "<b>Yay</b> <i>you</i>"
    assert answer == "**Yay** *you*"


def test_readme_imports_under_another_name_are_read_as_the_library_names() -> None:
    text = "```python\nfrom lib import convert as c\nimport lib as L\nc('<p>x</p>')\nL.f(1)\n```\n"
    assert code_examples(text)[0] == ["convert('<p>x</p>')", "L.f(1)"]
    session = ">>> from lib import convert as c\n>>> c('<p>x</p>')\n'x'\n"
    statements, outputs = code_examples(session)
    assert statements[1:] == ["convert('<p>x</p>')"] and outputs == {"convert('<p>x</p>')": "'x'"}


def test_a_markup_or_notation_parameter_takes_a_value_of_that_kind() -> None:
    assert grammar_of("html") == "html"
    assert grammar_of("startingFen") == "fen"  # camelCase names say their grammar too
    assert grammar_of("xml_text") == "xml"
    assert grammar_of("text") is None
    strings = ["a < b", "<b>Yay</b> <a href='x'>GitHub</a>", "SELECT a FROM t"]
    assert grammar_value("html", {}, strings) == "<b>Yay</b> <a href='x'>GitHub</a>"
    assert grammar_value("sql", {}, strings) == "SELECT a FROM t"
    assert grammar_value("html", {}, ["a < b"]) is None  # nothing of its shape written: no literal
    # Without a literal: the notation's own first example, by name or by description.
    assert typed_value("startingFen", {"type": "string"}, False) == START_FEN
    assert typed_value("position", {"type": "string"}, False, doc="the FEN code of the game") == START_FEN
    assert typed_value("html", {}, False).startswith("<p>")
    # "(like a1)": the value its description shows; ``list[bool]``: booleans.
    assert typed_value("square", {"type": "string"}, False, doc="the board square string (like a1)") == "a1"
    flags = typed_value("obstacles", {"type": "array", "items": {"type": "boolean"}}, False)
    assert flags and all(isinstance(f, bool) for f in flags)


def test_field_list_parameters_of_a_docstring_are_read() -> None:
    doc = (
        "Converts a square.\n\n:self: board - the board\n:square: str - the square string (like a1)\n"
        ":sideLength: - the side length\n:return: int - the index\n"
    )
    found = script._doc_params(doc)
    assert found["square"] == {"doc": "the square string (like a1)", "type": "str"}
    assert found["sideLength"] == {"doc": "the side length"}
    assert "return" not in found and "self" not in found


def test_an_index_error_on_short_lists_retries_with_longer_ones() -> None:
    api = ApiCallable(public_path="pieces.rook.getMoves", module="pieces", kind="method")
    plan = ToolPlan(
        name="rook_getMoves",
        area="pieces",
        public_path=api.public_path,
        kind="method",
        target="pieces:rook",
        method="getMoves",
        api=api,
        params=[],
        input_schema={"type": "object", "properties": {}},
        output_schema={},
    )
    sample = Sample(source="types", steps=[Step(tool=plan.name, arguments={"obstacles": [False, True]})])
    again = follow_up(plan, sample, "[call] IndexError: list index out of range", {})
    assert again is not None and again.final.arguments["obstacles"] == [False, True] * 32
    assert follow_up(plan, sample, "[call] ValueError: bad", {}) is None


BASE = '''
class piece:
    def __init__(self, boardIndex: int, colour: str) -> None:
        """A piece on a square.

        :boardIndex: int - where the piece is on the board
        """
        self.position = boardIndex
        self.colour = colour

    def getMoves(self, obstacles: list[bool], sideLength: int = 8) -> list[int]:
        """The squares the piece can move to.

        :obstacles: list[bool] - the potential blocking pieces
        """
        return []
'''

PIECES = """
from base import piece


class rook(piece):
    def getMoves(self, obstacles: list[bool], sideLength: int = 8) -> list[int]:
        moves = []
        index = self.position + sideLength
        while index < sideLength * sideLength and not obstacles[index]:
            moves.append(index)
            index += sideLength
        return moves
"""

CHESS = '''
from pieces import rook


class board:
    def __init__(self, startingFen: str) -> None:
        """A board.

        :startingFen: str - the associated FEN code for the chess game
        """
        rows = startingFen.strip().split(" ")[0].split("/")
        if len(rows) != 8:
            raise Exception("FEN is not long enough (potential missing info)")
        self.sideLength = 8

    def convertSquareToIndex(self, square: str) -> int:
        """Converts a square to a list index.

        :square: str - the corresponding board square string (like a1)
        """
        return self.sideLength * (self.sideLength - int(square[1:])) + ord(square[0]) - 97
'''


def test_a_bare_import_repository_builds_its_objects_from_documented_notation(tmp_path: Path) -> None:
    repo = tmp_path / "python-chess"
    repo.mkdir()
    for name, text in (("base.py", BASE), ("pieces.py", PIECES), ("chess.py", CHESS)):
        (repo / name).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    (repo / "README.md").write_text(
        "# Python Chess\n\nA basic chess game, supporting FEN.\n", encoding="utf-8"
    )
    report = convert(
        ConvertOptions(source=str(repo), out_dir=tmp_path / "out", stage=False),
        MCPForgeConfig(),
        registry_root=None,
    )
    proven = {outcome.tool: outcome for outcome in report.outcomes if outcome.passed}
    assert {"board", "board_convertSquareToIndex", "rook", "rook_getMoves"} <= set(proven), [
        (o.tool, o.passed, o.category, o.dropped_reason) for o in report.outcomes
    ]
    answer = next(a for a in proven["board_convertSquareToIndex"].attempts if a.ok)
    assert answer.result == 56  # a1: the bottom-left square, index 56
