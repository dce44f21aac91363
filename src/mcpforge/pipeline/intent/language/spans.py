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


_SENTENCE_ENDS = frozenset(".?!:;¿¡()\n")


def _spots(word: str, request: str) -> list[int]:
    """Where ``word`` starts as a whole word in ``request`` (any case)."""
    low, found, at = request.lower(), [], request.lower().find(word)
    while at >= 0:
        end = at + len(word)
        alone = (at == 0 or not low[at - 1].isalnum()) and (end == len(low) or not low[end].isalnum())
        found += [at] if alone else []
        at = low.find(word, at + 1)
    return found


def _sentence_starts_at(request: str, at: int) -> bool:
    before = request[:at].rstrip(" \t\"'«“")
    return not before or before[-1] in _SENTENCE_ENDS or before[-1].isdigit()


def written_as_name(word: str, request: str) -> bool:
    """``Ipsos`` in "all the Ipsos polls": every time the request writes the word, it starts with a capital
    and no sentence starts there: a name (a value the schema may not list), not a noun for the rows."""
    spots = _spots(word, request)
    return bool(spots) and all(request[at].isupper() and not _sentence_starts_at(request, at) for at in spots)
