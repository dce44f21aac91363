"""The words of a request with where they are: what the language layer translates and rebuilds."""

from __future__ import annotations

from dataclasses import dataclass

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import fold

WORD = re.compile(r"(?i)\b(?:qu|[ldjmnstc])['\u2019](?=\w)|\w+(?:-\w+)*|%|[()=<>]")


@dataclass(frozen=True, kw_only=True)
class Span:
    start: int
    end: int
    word: str  # folded
    raw: str


def spans(text: str) -> list[Span]:
    return [Span(start=m.start(), end=m.end(), word=fold(m.group()).replace("\u2019", "'"),
                  raw=m.group().lower()) for m in WORD.finditer(text)]  # fmt: skip
