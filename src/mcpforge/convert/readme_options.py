"""Keyword options a README documents for a ``**options`` signature, as the tool's own optional parameters.

markdownify's ``markdownify(html, **options)`` says nothing of its options; its README has an "Options"
section (``strip``, ``convert``, ``heading_style`` ... each with "Defaults to ``X``") and calls
``md(html, strip=['a'])``. Each documented option becomes an optional keyword parameter of the callables
the README passes one of them to, with its documented default where that is a literal (``True``,
``'*+-'``; a constant's name such as ``UNDERLINED`` is no value, so none). The ``**options`` object stays
for the rest. Read from the README's text, never run.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import Any

from mcpforge.convert.models import ApiCallable, ApiParam

_RST_HEADING = re.compile(r"^([^\n]+)\n([=\-~^\"'`#*+])\2{2,}[ \t]*$", re.M)
_MD_HEADING = re.compile(r"^#{1,6}[ \t]+([^\n]+)$", re.M)
_OPTIONS_TITLE = re.compile(r"\b(options|keyword arguments|settings|configuration)\b", re.I)
_NAMES = re.compile(r"^([A-Za-z_]\w*(?:,[ \t]*[A-Za-z_]\w*)*)[ \t]*$")  # ``sub_symbol, sup_symbol``
_MD_ITEM = re.compile(r"^[ \t]*[-*][ \t]+\**`*([A-Za-z_]\w*)`*\**[ \t]*[:\-\u2013\u2014][ \t]*(.+)$")
_DEFAULTS = re.compile(r"[Dd]efaults? (?:to|is)[ \t]+((?:``[^`]+``|`[^`]+`)(?:[ \t]+and[ \t]+``[^`]+``)*)")
_NOT_JSON = re.compile(r"\b(callback|callable|function)\b", re.I)


@dataclass(frozen=True)
class Option:
    name: str
    doc: str
    default: dict[str, Any]  # as ApiParam.default: present, json, value


def _section(text: str) -> str:
    """The body of the README's first heading that names options (up to the next heading)."""
    headings = sorted(
        [(m.start(), m.end(), m.group(1)) for m in _RST_HEADING.finditer(text)]
        + [(m.start(), m.end(), m.group(1)) for m in _MD_HEADING.finditer(text)]
    )
    for index, (_start, end, title) in enumerate(headings):
        if _OPTIONS_TITLE.search(title) and len(title) <= 60:
            stop = headings[index + 1][0] if index + 1 < len(headings) else len(text)
            return text[end:stop]
    return ""


def _default(doc: str, position: int, count: int) -> dict[str, Any]:
    match = _DEFAULTS.search(doc)
    if match is None:
        return {"present": True, "json": False}
    written = re.findall(r"``([^`]+)``|`([^`]+)`", match.group(1))
    values = [a or b for a, b in written]
    if len(values) != count:
        return {"present": True, "json": False}
    try:
        value = ast.literal_eval(values[position])
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return {"present": True, "json": False}  # ``UNDERLINED``: a constant's name, not its value
    if not isinstance(value, str | int | float | bool | list | dict | type(None)):
        return {"present": True, "json": False}
    return {"present": True, "json": True, "value": value}


def documented_options(readme: str) -> dict[str, Option]:
    """Option name → its description and default, from the README's options section (a
    reStructuredText definition list or a Markdown list of ``name: description``)."""
    body = _section(readme)
    found: dict[str, Option] = {}
    lines = body.splitlines()
    for index, line in enumerate(lines):
        names = _NAMES.match(line)
        following = lines[index + 1] if index + 1 < len(lines) else ""
        if names and following[:1] in {" ", "\t"} and following.strip():
            described: list[str] = []
            for more in lines[index + 1 :]:
                if more.strip() and more[:1] not in {" ", "\t"}:
                    break
                described.append(more.strip())
            doc = " ".join(d for d in described if d)
            members = [n.strip() for n in names.group(1).split(",")]
            for position, name in enumerate(members):
                found[name] = Option(name, doc[:300], _default(doc, position, len(members)))
            continue
        item = _MD_ITEM.match(line)
        if item:
            found[item.group(1)] = Option(item.group(1), item.group(2)[:300], _default(item.group(2), 0, 1))
    return {name: option for name, option in found.items() if not _NOT_JSON.search(option.doc[:120])}


def _passed_keywords(statements: list[str], short: str) -> set[str]:
    """Keywords the README's calls of ``short`` (``md(html, strip=['a'])``, after its alias) pass."""
    passed: set[str] = set()
    for statement in statements:
        try:
            tree = ast.parse(statement)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
                if name == short:
                    passed |= {k.arg for k in node.keywords if k.arg}
    return passed


def with_documented_options(
    api: ApiCallable, options: dict[str, Option], statements: list[str]
) -> ApiCallable:
    """``api`` with the documented options as keyword-only parameters before its ``**options``, when
    the README passes at least one of them to it; else ``api`` unchanged."""
    varkw = next((i for i, p in enumerate(api.params) if p.kind == "VAR_KEYWORD"), None)
    if varkw is None or not options:
        return api
    short = api.public_path.rsplit(".", 1)[-1]
    if not _passed_keywords(statements, short) & set(options):
        return api
    named = {p.name for p in api.params}
    added = [
        ApiParam(name=o.name, kind="KEYWORD_ONLY", default=o.default, doc=o.doc)
        for o in options.values()
        if o.name not in named
    ]
    params = [*api.params[:varkw], *added, *api.params[varkw:]]
    return api.model_copy(update={"params": params})
