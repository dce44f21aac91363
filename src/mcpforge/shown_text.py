"""Text from a tool, a library or a file as people are shown it: data, never a control or markup.

One rule, used by every surface that shows such text (the terminal, the review screens, the conversion
report): the characters that steer a terminal or reorder a line are removed, and markdown that wraps the
text in a code span or fence is built so that nothing inside can close it. Removed: C0 controls except
newline and tab (ESC starts the terminal's escape sequences, CR rewrites a line, BS erases), DEL, C1
controls (U+0080-U+009F: CSI, OSC and friends on terminals that read 8-bit controls), and the Unicode
controls that reorder or split what a person reads (bidi embeddings, overrides and isolates, the marks
LRM/RLM/ALM, line and paragraph separators) — the "Trojan Source" characters.

A top-level module, without third-party imports, so the CLI, the pipeline and convert share it.
"""

from __future__ import annotations

import re

UNSAFE_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")
"""Every character :func:`strip_controls` removes (newline and tab are kept)."""

_BACKTICK_RUN = re.compile(r"`+")
# Characters that can start markup anywhere in a line; "_" only outside a word (CommonMark does not
# emphasize intraword underscores, so column names keep their readable form) and "#" only first.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*\[\]<>|~&]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])|^#)")


def strip_controls(text: str) -> str:
    """``text`` without the characters that could move the cursor, recolor, rewrite or reorder a line.

    ``\\r\\n`` and a lone ``\\r`` become ``\\n`` first, so text written on Windows keeps its lines.
    """
    return UNSAFE_CONTROLS.sub("", text.replace("\r\n", "\n").replace("\r", "\n"))


def escape_controls(text: str) -> str:
    """``text`` (JSON already) with every unsafe character written as a ``\\uXXXX`` escape.

    For JSON printed to a terminal: the escape is the same string to a JSON reader, and nothing to a
    terminal. Only valid on JSON text, where these characters can only occur inside strings.
    """
    return UNSAFE_CONTROLS.sub(lambda match: f"\\u{ord(match.group(0)):04x}", text)


def visible_controls(text: str) -> str:
    """``text`` with every unsafe character written out as ``\\xXX`` / ``\\uXXXX`` text (for review pages).

    Where a person reviews code, a removed character would hide what the interpreter reads; written out,
    a bidi override that would reorder the line is seen for what it is.
    """
    return UNSAFE_CONTROLS.sub(lambda match: ascii(match.group(0))[1:-1], text)


def fence_for(text: str, char: str = "`") -> str:
    """A code fence that no run of ``char`` inside ``text`` can close (at least three)."""
    runs = re.findall(re.escape(char) + "+", text)
    return char * max(3, max((len(run) for run in runs), default=0) + 1)


def fenced(text: str, info: str = "text") -> str:
    """``text`` as a fenced code block that no line of it can close, its controls removed."""
    clean = strip_controls(text).rstrip("\n")
    fence = fence_for(clean)
    return f"{fence}{info}\n{clean}\n{fence}"


def _one_line(text: object) -> str:
    """``text`` on one line: unsafe characters and runs of whitespace (newlines included) as one space."""
    return " ".join(UNSAFE_CONTROLS.sub(" ", str(text)).split())


def inline_text(text: object) -> str:
    """``text`` as one line of markdown that renders literally (no markup, no HTML, no line breaks)."""
    return _MARKDOWN_SPECIAL.sub(lambda match: "\\" + match.group(0), _one_line(text))


def code_span(text: object) -> str:
    """``text`` as one inline code span: on one line, its delimiter longer than any backtick run inside.

    Whitespace (newlines included) collapses to single spaces, so a blank line cannot end the paragraph.
    """
    flat = _one_line(text)
    longest = max((len(run) for run in _BACKTICK_RUN.findall(flat)), default=0)
    delimiter = "`" * (longest + 1)
    pad = " " if longest else ""
    return f"{delimiter}{pad}{flat}{pad}{delimiter}"
