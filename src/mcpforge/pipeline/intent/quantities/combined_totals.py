"""A measure added up over the rows: "the combined investment of the firms", "the firms' combined sales".

"combined" before a numeric column says its values are added up, as "total" does: "In which year was the
combined investment of the firms highest?" ranks the years by the sum of invest over every firm. It
was left over and the request refused. It is written "total" when a numeric column follows it (within
the next words, "the combined market value"); "of the firms" / "of all firms" after it names the rows
being added (a categorical column's entities, every one of them), said in the reading and taken out.

Left as written: "combined" before anything but a numeric column ("cut and color combined", "combined
with"), so the word check still sees it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver

_COMBINED = re.compile(r"\bcombined\s+(?=\S)", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d][\w%()-]*")
_OF_ALL = re.compile(r"^\s+of\s+(?:all\s+)?(?:the\s+)?(?P<who>[^\W\d]+)\b", re.IGNORECASE)
_WIDEST = 4


@dataclass
class Combined:
    """The text with "combined X" written "total X", and what the reading says."""

    text: str
    notes: list[str] = field(default_factory=list)


def _measure_after(text: str, start: int, resolver: ColumnResolver) -> tuple[str, int] | None:
    """The numeric column written right at ``start`` (up to four words), and where its name ends."""
    words = list(_WORD.finditer(text, start))[:_WIDEST]
    if not words or words[0].start() != start:
        return None
    for width in range(len(words), 0, -1):
        phrase = text[start : words[width - 1].end()]
        column = resolver.resolve(phrase, fuzzy=False)
        if column is not None and resolver.kind(column) == "numeric":
            return column, words[width - 1].end()
    return None


def _entities(word: str, resolver: ColumnResolver) -> str | None:
    """The categorical column whose entities ``word`` names ("firms" for ``firm``), or None."""
    for candidate in (word, word.rstrip("s"), word[:-2] if word.endswith("es") else word):
        column = resolver.resolve(candidate, fuzzy=False)
        if column is not None and resolver.kind(column) == "categorical":
            return column
    return None


def combined_totals(text: str, resolver: ColumnResolver) -> Combined:
    """``text`` with "combined <numeric column>" written "total <column>" (see the module)."""
    out = Combined(text=text)
    if "combined" not in text.lower():  # most requests: no pattern compiled
        return out
    for match in reversed(list(_COMBINED.finditer(text))):
        found = _measure_after(out.text, match.end(), resolver)
        if found is None:
            continue
        column, end = found
        rest = out.text[end:]
        scope = _OF_ALL.match(rest)
        who = _entities(scope.group("who"), resolver) if scope else None
        said = f"{match.group(0).strip()!r} read as the total of {column!r}"
        if scope is not None and who is not None:
            rest = rest[scope.end() :]
            said += f", added up over every {who!r} ({scope.group(0).strip()!r})"
        out.text = f"{out.text[: match.start()]}total {out.text[match.end() : end]}{rest}"
        out.notes.insert(0, said)
    return out
