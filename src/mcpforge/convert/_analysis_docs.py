"""Runs inside the sandbox, imported by ``_analysis_script.py``: what a docstring says.

Doctest statements and the output shown after them, parameter types and descriptions of numpydoc,
Google and reST docstrings, the Returns section, and defaults as JSON. Stdlib only; shipped next to the
script under ``_mcpforge_analysis_docs`` (see ``analyse.py``).
"""

# ruff: noqa: PLR0912, PLR0915, PLR0124, SIM102 - one branch per docstring convention
from __future__ import annotations

import enum
import inspect
import re
from typing import Any

_SECTIONS = {"see also", "raises", "examples", "notes", "references", "warnings", "yields", "parameters"}


def _jsonable_default(value: Any) -> dict[str, Any]:
    if value is inspect.Parameter.empty:
        return {"present": False}
    if isinstance(value, enum.Enum):
        return {"present": True, "json": True, "value": value.name}
    if value is None or isinstance(value, (bool, int, str)) or (isinstance(value, float) and value == value):
        if isinstance(value, float) and value in (float("inf"), float("-inf")):
            return {"present": True, "json": False, "repr": repr(value)}
        return {"present": True, "json": True, "value": value}
    if isinstance(value, (list, tuple)) and all(isinstance(v, (bool, int, float, str)) for v in value):
        return {"present": True, "json": True, "value": list(value)}
    return {"present": True, "json": False, "repr": repr(value)[:200]}


def _examples(doc: str) -> list[str]:
    return [statement for statement, _output in _doctest(doc)][:40]


def _doctest(doc: str) -> list[tuple[str, str]]:
    """``>>> statement`` / ``... continuation`` lines with the output the docstring shows after them."""
    found: list[list[str]] = []  # [statement, output]
    reading_output = False
    for line in doc.splitlines():
        stripped = line.strip()
        if stripped.startswith(">>> ") or stripped == ">>>":
            found.append([stripped[4:], ""])
            reading_output = True
        elif (stripped.startswith("... ") or stripped == "...") and found and not found[-1][1]:
            found[-1][0] += "\n" + stripped[4:]
        elif reading_output and stripped and found:
            found[-1][1] = (found[-1][1] + "\n" + stripped).strip()
        else:
            reading_output = False
    return [(statement, output) for statement, output in found[:60]]


def _example_outputs(doc: str) -> dict[str, str]:
    """Statement → the single-line output the docstring shows for it (the documented answer)."""
    outputs: dict[str, str] = {}
    for statement, output in _doctest(doc):
        if output and "\n" not in output and len(output) <= 300 and statement not in outputs:
            outputs[statement] = output
    return outputs


def _literal_default(text: str) -> dict[str, Any]:
    import ast

    try:
        return _jsonable_default(ast.literal_eval(text))
    except Exception:
        return {"present": True, "json": False, "repr": text[:200]}


_NUMPY_PARAM = re.compile(r"^(\*{0,2}[A-Za-z_][\w, *]*?)\s*:\s*(.*)$")
_GOOGLE_PARAM = re.compile(r"^(\*{0,2}[A-Za-z_]\w*)\s*(?:\(([^)]*)\))?\s*:\s*(.*)$")
_REST_PARAM = re.compile(r"^:param\s+(?:([^:]+?)\s+)?(\w+):\s*(.*)$")
_STARRED_PARAM = re.compile(r"^\*([A-Za-z_]\w*)\*(?:\s+[\w.]+)?\s*\\?:\s*(.*)$")
_REST_TYPE = re.compile(r"^:type\s+(\w+):\s*(.*)$")
# ``:square: str - the board square string (like a1)``: a field list named after the parameter.
_FIELD_PARAM = re.compile(r"^:(\w+):\s*([\w.\[\], |]*?)\s*-\s+(.*)$")
# Epydoc fields: ``@param doy : int`` (a type, its description indented below), ``@param doy: day of
# year``, ``@type doy: int``; any other ``@field`` ends the parameter before it.
_EPYDOC_FIELD = re.compile(r"^@(\w+)(?:\s+(\w+))?\s*:\s*(.*)$")
_EPYDOC_TYPE = re.compile(r"^(int|float|str|bool|complex|list|tuple|dict|set|string|integer|number)s?$", re.I)


def _doc_params(doc: str) -> dict[str, dict[str, str]]:
    """Parameter types and descriptions from numpydoc, Google or reST docstrings."""
    found: dict[str, dict[str, str]] = {}
    lines = inspect.cleandoc(doc).splitlines()
    section = ""
    current: str | None = None
    for index, raw in enumerate(lines):
        line = raw.rstrip()
        stripped = line.strip()
        nxt = lines[index + 1].strip() if index + 1 < len(lines) else ""
        if nxt and set(nxt) == {"-"} and stripped:
            section, current = stripped.lower(), None
            continue
        if stripped.lower().strip(":") == "parameters" and stripped.startswith(":"):
            section, current = "parameters", None  # ``:Parameters:`` (docutils field list)
            continue
        starred = _STARRED_PARAM.match(stripped) if section == "parameters" else None
        if starred:
            current = starred.group(1)
            found.setdefault(current, {})["type"] = starred.group(2).strip()
            continue
        if section == "parameters" and stripped.startswith(":") and stripped.endswith(":"):
            section, current = stripped.lower().strip(":"), None
            continue
        if stripped.lower().rstrip(":") in {
            "args",
            "arguments",
            "parameters",
            "params",
            "keyword args",
            "returns",
            "return",
            "raises",
            "examples",
            "yields",
            "notes",
        }:
            if stripped.endswith(":"):
                section, current = stripped.lower().rstrip(":"), None
                continue
        epydoc = _EPYDOC_FIELD.match(stripped)
        if epydoc:
            field_name, name, text = epydoc.groups()
            section, current = ("params", name) if field_name == "param" and name else ("", None)
            if field_name in {"param", "type"} and name:
                entry = found.setdefault(name, {})
                typed = field_name == "type" or _EPYDOC_TYPE.match(text.strip())
                entry["type" if typed else "doc"] = text.strip()
            continue
        rest = _REST_PARAM.match(stripped)
        if rest:
            entry = found.setdefault(rest.group(2), {})
            entry["doc"] = rest.group(3)
            if rest.group(1):
                entry["type"] = rest.group(1)
            continue
        rtype = _REST_TYPE.match(stripped)
        if rtype:
            found.setdefault(rtype.group(1), {})["type"] = rtype.group(2)
            continue
        field = _FIELD_PARAM.match(stripped)
        if field and field.group(1) not in {"return", "returns", "rtype", "raises", "self"}:
            entry = found.setdefault(field.group(1), {})
            entry.setdefault("doc", field.group(3))
            if field.group(2):
                entry.setdefault("type", field.group(2))
            continue
        if section in {"parameters", "other parameters"} and line and not line.startswith(" "):
            match = _NUMPY_PARAM.match(stripped)
            if match:
                current = None
                for name in match.group(1).split(","):
                    found.setdefault(name.strip().lstrip("*"), {})["type"] = match.group(2)
                    current = name.strip().lstrip("*")
            elif stripped and ":" not in stripped:
                current = stripped.lstrip("*")
                found.setdefault(current, {})
            continue
        if section in {"args", "arguments", "params", "keyword args"} and raw.startswith(("    ", "\t")):
            match = _GOOGLE_PARAM.match(stripped)
            indent = len(raw) - len(raw.lstrip())
            if match and indent <= 4:
                current = match.group(1).lstrip("*")
                entry = found.setdefault(current, {})
                if match.group(2):
                    entry["type"] = match.group(2)
                entry["doc"] = match.group(3)
                continue
        if (
            current
            and stripped
            and section in {"parameters", "other parameters", "args", "arguments", "params"}
        ):
            entry = found.setdefault(current, {})
            entry["doc"] = (entry.get("doc", "") + " " + stripped).strip()[:400]
    return found


def _returns_doc(doc: str) -> str:
    lines = inspect.cleandoc(doc).splitlines()
    for index, line in enumerate(lines):
        if line.strip().lower().rstrip(":") in {"returns", "return", "yields"}:
            body: list[str] = []
            following = lines[index + 1 : index + 12]
            for offset, item in enumerate(following):
                text = item.strip()
                nxt = following[offset + 1].strip() if offset + 1 < len(following) else ""
                if text.lower().rstrip(":") in _SECTIONS or (text and nxt and set(nxt) <= {"-", "="}):
                    break  # the next section starts
                if text and set(text) - {"-", "="}:
                    body.append(text)
            return " ".join(body)[:400]
    return ""


_DOTTED = r"([A-Za-z_]\w*(?:\.\w+)*)"
_RTYPE = re.compile(rf"^\s*:rtype:\s*(?::\w+:)?`*~?{_DOTTED}`*\s*$", re.M)
_LEADING_NAME = re.compile(rf"^(?::\w+:)?`*~?{_DOTTED}`*\s*(?::|$|\s)")
_RETURNS_PROSE = re.compile(
    r"\b(?i:returns?)\s+(?:(?i:a|an|the|new|one|instance|object|of)\s+)*(?::\w+:)?`*~?((?:[a-z_]\w*\.)*[A-Z]\w*)"
)


def _returned_names(doc: str) -> list[str]:
    """The names a docstring says its callable returns, most explicit first: ``:rtype: Rules``, the type
    that opens its Returns section (``Settings: the settings read.``), then prose (``returns a new
    Table``). Candidates only: the caller keeps a name only when it is a class of the library."""
    names = [m.group(1) for m in _RTYPE.finditer(doc)]
    section = _LEADING_NAME.match(_returns_doc(doc))
    names += [section.group(1)] if section else []
    names += [m.group(1) for m in _RETURNS_PROSE.finditer(doc)]
    return list(dict.fromkeys(name.rsplit(".", 1)[-1] for name in names))
