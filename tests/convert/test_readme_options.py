"""Keyword options a README documents for a ``**options`` signature become the tool's own optional
parameters, with their documented defaults (issue 26, class 1: markdownify's "Options" section).

Before, ``markdownify(html, **options)`` had one opaque ``options`` object: a client could not see that
``strip``, ``convert`` or ``heading_style`` exist. Now each documented option is a keyword parameter of the
callables the README passes one of them to; a default is kept only when the README writes a literal
(``True``, ``'*+-'``), not a constant's name (``UNDERLINED``). Real runtime calls of a package written here.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.models import Analysis, ApiCallable
from mcpforge.convert.readme_options import documented_options
from mcpforge.convert.select import select

_RST = """
tagstrip
========

.. code:: python

    from tagstrip import to_text as tt
    tt('<b>Yay</b> <i>you</i>', strip=['i'])

Options
=======

strip
  A list of tags to strip.

bold_mark, italic_mark
  The marks around bold and italic text. Defaults to ``'**'`` and ``'*'``.

heading_style
  Accepted values are ``ATX`` and ``SETEXT``. Defaults to ``SETEXT``.

callback
  A function called on each tag. Defaults to ``None``.

Other
=====

not_an_option
  Not under the options heading.
"""

_INIT = """
import re

UNDERSCORE = "_"


def to_text(html, **options):
    strip = options.get("strip", [])
    marks = {"b": options.get("bold_mark", "**"), "i": options.get("italic_mark", "*")}

    def tag(match):
        name, text = match.group(1), match.group(2)
        return text if name in strip else marks.get(name, "") + text + marks.get(name, "")

    return re.sub(r"<(\\w+)>(.*?)</\\1>", tag, html)


def unrelated(**kwargs):
    return sorted(kwargs)
"""


@pytest.fixture
def tagstrip(tmp_path: Path) -> Iterator[Path]:
    package = tmp_path / "tagstrip"
    package.mkdir()
    (package / "__init__.py").write_text(textwrap.dedent(_INIT).lstrip(), encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    yield package
    sys.path.remove(str(tmp_path))
    for name in [m for m in sys.modules if m == "tagstrip" or m.startswith("tagstrip.")]:
        del sys.modules[name]


def _api(name: str, params: list[dict]) -> ApiCallable:
    return ApiCallable.model_validate(
        {"public_path": f"tagstrip.{name}", "module": "tagstrip", "kind": "function", "params": params}
    )


def test_the_options_section_is_read_with_literal_defaults_only() -> None:
    options = documented_options(textwrap.dedent(_RST))
    assert list(options) == ["strip", "bold_mark", "italic_mark", "heading_style"]  # no callback
    assert options["strip"].default == {"present": True, "json": False}
    assert options["bold_mark"].default == {"present": True, "json": True, "value": "**"}
    assert options["italic_mark"].default == {"present": True, "json": True, "value": "*"}
    assert options["heading_style"].default == {"present": True, "json": False}  # a constant's name
    markdown = "## Keyword arguments\n\n- `width`: the line width. Defaults to ``80``.\n\n## Next\n"
    assert documented_options(markdown)["width"].default == {"present": True, "json": True, "value": 80}
    assert documented_options("# lib\n\nno options here\n") == {}


def test_documented_options_are_parameters_of_the_callable_the_readme_passes_them_to(tagstrip: Path) -> None:
    html = {"name": "html", "kind": "POSITIONAL_OR_KEYWORD"}
    varkw = {"name": "options", "kind": "VAR_KEYWORD"}
    analysis = Analysis(
        package="tagstrip",
        callables=[_api("to_text", [html, varkw]), _api("unrelated", [{**varkw, "name": "kwargs"}])],
        prominence={"readme": textwrap.dedent(_RST)},
    )
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="tagstrip").plans}
    schema = plans["to_text"].input_schema
    assert {"strip", "bold_mark", "italic_mark", "heading_style", "options"} <= set(schema["properties"])
    assert schema["properties"]["bold_mark"]["default"] == "**"
    assert "default" not in schema["properties"]["heading_style"]
    assert schema["required"] == ["html"]
    # The README passes none of them to ``unrelated``: its ``**kwargs`` stays one object.
    assert set(plans["unrelated"].input_schema["properties"]) == {"kwargs"}

    service = {"library": "tagstrip"}
    plan = plans["to_text"].runtime_plan()
    given = {"html": "<b>Yay</b> <i>you</i>", "strip": ["i"], "bold_mark": "__"}
    assert rt.call(plan, given, service)["result"] == "__Yay__ you"
    assert rt.call(plan, {"html": "<b>Yay</b>"}, service)["result"] == "**Yay**"  # library defaults
