"""Numbered steps: "(1) drop every row before 1965; (2) for each country …; (3) report …".

A request written as steps labels them "1.", "1)", "(1)" (or "a)", "(a)", or "Step 1:", "Étape 1 :",
"Schritt 1:", "Paso 1:"); the labels are no numbers of
the analysis, but the reading took every one after the first as a number it did not use. Labels are read
only as a whole sequence: 1, 2, 3 … (or a, b, c …) in order, each at the start of the request or after a
colon, a semicolon, a comma or a full stop, so "round to 2. Then …" alone is never a label. A heading
before them ("Steps:", "Étapes :", "Schritte:", "Pasos:") goes with them. The steps stay in their order,
each its own clause; the labels are set aside and named as not used.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re

_LABEL = re.compile(
    r"(?:^|(?<=[:;,.])|(?<=[:;,.]\s)|(?<=[:;,.]\s\s)|(?<=\n))\s*"
    r"(?P<label>\((?P<a>\d{1,2}|[a-h])\)|(?P<b>\d{1,2}|[a-h])[.)]|"
    r"(?:step|[\u00e9e]tape|schritt|paso)\s+(?P<c>\d{1,2})\s*[:.)])\s+(?=[^\W\d])",
    re.IGNORECASE,
)
_HEADING = re.compile(
    r"^\s*(?:[^\W\d]+\s+){0,4}?(?:steps?|[ée]tapes?|schritten?|schritte|pasos?|procedure|proc[ée]dure|"
    r"procedimiento|vorgehen|follows|following|suit|suivantes?|siguientes?|folgt)\s*:\s*",
    re.IGNORECASE,
)


_STEP_WORDS = ("step", "tape", "schritt", "paso")  # "Step 1:", "Étape 1 :", "Schritt 1:", "Paso 1:"


def _rank(label: str) -> int:
    return int(label) if label.isdigit() else ord(label.lower()) - ord("a") + 1


def strip_step_labels(text: str) -> tuple[str, list[str]]:
    """``text`` without its step labels (and their heading) when they run 1, 2, 3 …; the labels set aside."""
    lowered = text.lower()
    if not any(mark in text for mark in (".", ")")) and not any(w in lowered for w in _STEP_WORDS):
        return text, []  # no label without one; no pattern compiled
    found = list(_LABEL.finditer(text))
    if len(found) < 2:
        return text, []
    ranks = [_rank(m.group("a") or m.group("b") or m.group("c")) for m in found]
    forms = {
        (re.sub(r"\w+", "x", m.group("label").lower()), m.group("label").strip("().:").isdigit())
        for m in found
    }
    if ranks != list(range(1, len(found) + 1)) or len(forms) > 1:
        return text, []
    pieces, start = [], 0
    for match in found:
        pieces.append(text[start : match.start("label")])
        start = match.end()
    pieces.append(text[start:])
    written = "".join(pieces)
    heading = _HEADING.match(written)
    labels = [m.group("label") for m in found]
    if heading is not None:
        labels.insert(0, heading.group(0).strip())
        written = written[heading.end() :]
    return written.strip(), labels
