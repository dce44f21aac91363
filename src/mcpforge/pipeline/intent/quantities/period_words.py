"""Periods and units a change between two periods writes in words (period_change.py reads the change).

"From the first to the last year" names the file's own first and last years; "by how many minutes"
names the unit the change is counted in, and so the one column measured in it.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.time.periods import year_column
from mcpforge.pipeline.intent.words import ColumnResolver
from mcpforge.pipeline.schema import DatasetSchema

# "from the first to the last year", "between the first and the last year": the file's own first and last
FIRST_LAST = re.compile(
    r"(?i)\b(from|between)\s+the\s+(?:first|earliest)\s+(?:year\s+)?(to|and)\s+the\s+(?:last|latest)\s+year\b"
)


def first_last(text: str, schema: DatasetSchema, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` with "the first ... the last year" written as the years, and the note saying so.

    The years are the time column's smallest and largest over the whole file; a sampled file's are not
    known for sure, and its words stay (the request is then not read as a change).
    """
    found = FIRST_LAST.search(text)
    if found is None or schema.sampled:
        return text, []
    column = year_column(resolver)
    dates = [c for c in resolver.names() if resolver.kind(c) == "datetime"]
    column = column or (dates[0] if len(dates) == 1 else None)
    info = next((c for c in schema.columns if c.name == column), None)
    if info is None or info.minimum is None or info.maximum is None:
        return text, []
    first, last = (str(v)[:4] if isinstance(v, str) else str(int(v)) for v in (info.minimum, info.maximum))
    said = f"{found.group(1)} {first} {found.group(2)} {last}"
    note = f"the first and the last year read as {first} and {last}, the years of {column!r} in the file"
    return text[: found.start()] + said + text[found.end() :], [note]


# "By how many minutes did ...": the unit the change is counted in
_UNIT = re.compile(r"(?i)\bby\s+how\s+many\s+([^\W\d_]+)\b")
_ARTICLES = frozenset({"the", "a", "an", "le", "la", "les", "el", "los", "las", "der", "die", "das"})


def unit_restated(text: str, rest: str, resolver: ColumnResolver, time: str) -> tuple[str, list[str]]:
    """``rest`` with its word for the time column read as the measure the framing's unit names.

    "By how many minutes did the median half-marathon time change from 2017 to 2018": the change is
    counted in minutes, so the measure is the one column measured in minutes ("Temps de course
    (minutes)"), and "time" restates it — it cannot be the date column that holds the periods. Read only
    when the unit names exactly one numeric column and a word of the rest names the (date) time column;
    the unit then stands in that word's place, right after the aggregation word ("the median minutes
    half-marathon"). Anything else is left as written.
    """
    unit = _UNIT.search(text)
    if unit is None or resolver.kind(time) != "datetime":
        return rest, []
    column = resolver.resolve(unit.group(1), fuzzy=False)
    if column is None or column == time or resolver.kind(column) != "numeric":
        return rest, []
    words = [w for w in rest.split() if w.lower() != unit.group(1).lower()]
    named = [i for i, w in enumerate(words) if w.isalpha() and resolver.resolve(w, fuzzy=False) == time]
    if len(named) != 1:
        return rest, []
    del words[named[0]]
    lead = next((i for i, w in enumerate(words) if w.lower() not in _ARTICLES), len(words))
    words.insert(min(lead + 1, len(words)), unit.group(1))
    note = f"{unit.group(1)!r} read as the unit of {column!r}, the measure compared"
    return " ".join(words), [note]
