"""``Treat the year column as time: ...``: an instruction about the time axis, kept only when it holds.

People say which column carries the time before they ask ("Treat year as time and give the mean lifeExp
of Asia for every year", "treat enddate as the time column: how many polls ended in each month of 2016?").
When the reading already uses that column as its time (it groups per that column or per a period of it,
or restricts a range of it), the instruction changes no number: it is taken out of the words to read (a
date column stays named, so the readers take it rather than the file's first date column) and the reading
says it ("time: `year`, as asked"). When the reading does not use the column as time (a mean
per continent, a correlation with it), the instruction is not honoured by the numbers, so the request is
refused naming it and saying how to ask; a column that cannot be time (text, a measure that is no year)
is refused the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent.time.periods import year_column
from mcpforge.pipeline.intent.words import ColumnResolver

_INSTRUCTION = re.compile(
    r"(?:^|(?<=[.;:!?]\s)|(?<=[.;:!?]))\s*(?:please\s+)?(?:treat|use|consider|regard|take)\s+(?:the\s+)?"
    r"(?P<column>[`'\"]?[\w.-]+(?:\s+[\w.-]+){0,2}?[`'\"]?)(?:\s+(?:column|field|variable))?\s+as\s+"
    r"(?:the\s+|a\s+|our\s+)?(?:time|date|period|temporal)(?:\s+(?:column|axis|variable|dimension|index|"
    r"field|key))?\s*(?:[:;,.]+\s*(?:and\s+|then\s+)?|\s+(?:and|then)\s+|$)",
    re.IGNORECASE,
)
NOTE_PREFIX = "time column as asked: "  # reading.py shows it ("time: `year`, as asked")


@dataclass(frozen=True)
class TimeInstruction:
    """The instruction's words and the column it names."""

    phrase: str
    column: str
    verbs: tuple[str, ...] = ()


def find_time_instruction(text: str, resolver: ColumnResolver) -> tuple[str, TimeInstruction | None]:
    """``text`` without its "treat X as time" instruction, and the instruction (None: there is none, or
    its column names no column, and the words stay to be read or refused)."""
    low = text.lower()
    if " as " not in low or not any(w in low for w in ("time", "date", "period", "temporal")):
        return text, None
    match = _INSTRUCTION.search(text)
    if match is None:
        return text, None
    column = resolver.resolve(match.group("column").strip("`'\" "), fuzzy=False)
    if column is None:
        return text, None
    phrase = match.group(0).strip(" :;,.")
    # a date column stays named: the readers take the named date column as the time (not the first one)
    kept = f" {column} " if resolver.kind(column) == "datetime" else " "
    rest = (text[: match.start()] + kept + text[match.end() :]).strip()
    verbs: list[str] = []
    if resolver.kind(column) == "datetime":
        rest, verbs = _restating_verbs(rest, column)
    return rest, TimeInstruction(phrase=phrase, column=column, verbs=tuple(verbs))


_VERB = re.compile(r"\b([a-z]{3,}?)(?:ed|d|ing)\b", re.IGNORECASE)


def _restating_verbs(text: str, column: str) -> tuple[str, list[str]]:
    """``polls that ended in each month`` with ``enddate`` as the time: "ended" restates the column the
    instruction named (its name begins with the verb's stem), so it is said, not read as a condition."""
    name = re.sub(r"[^a-z]", "", column.lower())
    found: list[str] = []

    def drop(match: re.Match[str]) -> str:
        stem = match.group(1).lower()
        if name.startswith(stem) and name != stem and len(name) - len(stem) >= 3:
            found.append(match.group(0))
            return ""
        return match.group(0)

    return re.sub(r"\s{2,}", " ", _VERB.sub(drop, text)), found


def _can_be_time(column: str, resolver: ColumnResolver) -> bool:
    return resolver.kind(column) == "datetime" or column == year_column(resolver)


def _uses_as_time(intent: Intent, column: str) -> bool:
    """The reading groups per ``column`` (or a period of it) or restricts a range of it."""
    return (
        column in intent.group_by
        or intent.time_column == column
        or any(f.column == column for f in intent.filters)
        or column in {intent.options.get("date_column"), intent.options.get("time_column")}
    )


def keep_time_instruction(intent: Intent, found: TimeInstruction, resolver: ColumnResolver) -> Intent:
    """``intent`` saying the instruction, when the reading uses its column as time.

    Raises:
        UnmappableRequestError: the reading does not use the column as time, or it cannot be time.
    """
    column = found.column
    if not _can_be_time(column, resolver):
        why = f"{column!r} holds no dates or years"
    elif not _uses_as_time(intent, column):
        why = f"the reading ({intent.operation}) does not use {column!r} as time"
    else:
        unused = [*intent.unused_words, *(v for v in found.verbs if v not in intent.unused_words)]
        notes = [*intent.notes, f"{NOTE_PREFIX}{column}"]
        return intent.model_copy(update={"notes": notes, "unused_words": unused})
    raise UnmappableRequestError(
        f"cannot map the request {intent.request!r} onto a data analysis: {found.phrase!r} is not honoured: "
        f"{why}. Ask per {column} (e.g. 'per {column}') or for a range of it ('from ... to ...'), or leave "
        "the instruction out.",
        understood={"operation": intent.operation, "unknown": [found.phrase]},
    )
