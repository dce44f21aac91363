"""Rows removed by a condition on several columns: "after removing rows where x, y or z is 0".

"Removing the rows where x, y or z is 0" keeps the rows where none of them is 0: ``x != 0 and y != 0 and
z != 0`` (a row goes when any one of them is 0). The words were refused ("removing", and the columns
read as unused). Written as the filter reader reads it, "for rows with x != 0 and y != 0 and z != 0", and
said in the reading.

Only a list joined by "or" (or one column), every name a numeric column with no missing value (the kept
condition ``x != 0`` would drop a row missing x, which removing the rows where x is 0 keeps), and a number
as the value: "where x and
y are 0" removes the rows where both are at once, which no list of conditions all kept can say, and is
left as written (still refused).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver

_VERBS = (
    r"removing|remove|removed|dropping|drop|dropped|excluding|exclude|discarding|discard|filtering\s+out|"
    r"filter\s+out|leaving\s+out|leave\s+out|deleting|delete"
)
_REMOVED = re.compile(
    rf"\b(?:after\s+|once\s+)?(?:{_VERBS})\s+(?:the\s+|all\s+|any\s+)?(?:[^\W\d]+\s+)?"
    r"(?:where|with|in\s+which|whose|for\s+which)\s+(?P<names>[^,;:?!.]+?(?:,\s*[^,;:?!.]+?)*)\s+"
    r"(?:is|are|equals?|==|=|is\s+equal\s+to|are\s+equal\s+to)\s+(?P<value>-?\d+(?:\.\d+)?)\b",
    re.IGNORECASE,
)
# "removing days with zero precipitation": the value before the column's name
_REMOVED_ZERO = re.compile(
    rf"\b(?:after\s+|once\s+)?(?:{_VERBS})\s+(?:the\s+|all\s+|any\s+)?(?P<noun>[^\W\d]+)\s+(?:with|having|that\s+have)\s+"
    r"(?P<value>zero|0)\s+(?P<names>[^\W\d][\w ]{0,40}?)(?=\s*(?:[,;:?!.]|$|\bthen\b|\band\b))",
    re.IGNORECASE,
)
_SPLIT = re.compile(r"\s*,\s*(?:or\s+)?|\s+or\s+", re.IGNORECASE)
_ROW_WORDS = frozenset(
    {"row", "rows", "record", "records", "observation", "observations", "entries", "lines"}
)


def removal_read_later(text: str, start: int) -> bool:
    """Whether the removal at ``start`` has the form read here ("removing rows where x or y is 0")."""
    return any(
        match.start() <= start < match.end()
        for pattern in (_REMOVED, _REMOVED_ZERO)
        for match in pattern.finditer(text)
    )


@dataclass
class Removed:
    """The text with the removal written as conditions kept, and what the reading says."""

    text: str
    notes: list[str] = field(default_factory=list)


def _noun_ok(match: re.Match[str], resolver: ColumnResolver) -> bool:
    """The word between the verb and "where" names the rows (rows, diamonds), not a column."""
    words = match.group(0).split()
    for i, word in enumerate(words):
        if word.lower() in {"where", "with", "in", "whose", "for"} and i > 0:
            noun = words[i - 1].lower()
            return (
                noun in _ROW_WORDS
                or re.fullmatch(_VERBS, noun, re.IGNORECASE) is not None
                or noun in {"the", "all", "any"}
                or resolver.resolve(noun, fuzzy=False) is None
            )
    return False


def _gaps(column: str, resolver: ColumnResolver) -> bool:
    """``column`` may miss values: a kept ``!=`` drops those rows too, which removing rows does not."""
    info = resolver.schema.get(column)
    return info is None or info.null_count > 0 or resolver.schema.sampled


def removed_rows(text: str, resolver: ColumnResolver) -> Removed:
    """``text`` with "removing rows where A, B or C is V" written "for rows with A != V and ..."."""
    low = text.lower()
    if not any(verb in low for verb in ("remov", "drop", "exclud", "discard", "filter", "leav", "delet")):
        return Removed(text=text)  # most requests: no pattern compiled
    match = _REMOVED.search(text)
    if match is None or not _noun_ok(match, resolver):
        return _zero_removed(text, resolver)
    names = [name.strip() for name in _SPLIT.split(match.group("names")) if name.strip()]
    if re.search(r"\band\b", match.group("names"), re.IGNORECASE):
        return Removed(text=text)  # "x and y are 0": both at once
    columns = [resolver.resolve(name, fuzzy=False) for name in names]
    if not columns or any(c is None or resolver.kind(c) != "numeric" or _gaps(c, resolver) for c in columns):
        return Removed(text=text)
    value = match.group("value")
    kept = " and ".join(f"{name} != {value}" for name in names)
    note = f"{match.group(0).strip()!r} read as: keep the rows where {kept}"
    return Removed(text=f"{text[: match.start()]}for rows with {kept}{text[match.end() :]}", notes=[note])


def _one_row_each(column: str | None, resolver: ColumnResolver) -> bool:
    """A noun naming no column, or a column with one row per value ("days" over a daily ``date``)."""
    if column is None:
        return True
    info = resolver.schema.get(column)
    rows = resolver.schema.rows
    return info is not None and rows is not None and not info.null_count and info.distinct_count == rows


def _zero_removed(text: str, resolver: ColumnResolver) -> Removed:
    """ "After removing days with zero precipitation": keep the rows where precipitation != 0."""
    match = _REMOVED_ZERO.search(text)
    if match is None:
        return Removed(text=text)
    noun = match.group("noun").lower()
    column = resolver.resolve(match.group("names").strip(), fuzzy=False)
    if noun not in _ROW_WORDS and not _one_row_each(resolver.resolve(noun, fuzzy=False), resolver):
        return Removed(text=text)  # "removing states with zero ...": groups, not rows
    if column is None or resolver.kind(column) != "numeric" or _gaps(column, resolver):
        return Removed(text=text)
    kept = f"{match.group('names').strip()} != 0"
    note = f"{match.group(0).strip()!r} read as: keep the rows where {kept}"
    return Removed(text=f"{text[: match.start()]}for rows with {kept}{text[match.end() :]}", notes=[note])
