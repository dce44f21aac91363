"""A time zone said about times: "using the timestamps exactly as given (UTC)", "per hour (UTC)".

A date column written as ``2017-01-01T06:48:46Z`` holds times in UTC; the tools read a time as the file
writes it (a zone marker is dropped, the clock time kept: ``catalogue/tool_helpers/time_columns.py``), so
the weekday, hour and month of each row are those of the UTC clock. A request that says so ("UTC", "in
UTC", "the timestamps as given", "as recorded") changes no number; its words were left over and the
request refused. They are taken out of the words to read and said in the reading ("times as the file
writes them (UTC)").

The statement is kept only when it holds: the reading uses a date column as time, and that column's times
are UTC or carry no zone (the clock time as written). A column whose times carry another offset
(``+02:00``) would give other hours in UTC: the request is refused, naming the words.
"""

from __future__ import annotations

from dataclasses import dataclass

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent.words import ColumnResolver

_ZONE = r"(?:utc|gmt|zulu(?:\s+time)?)"
_AS_GIVEN = r"(?:exactly\s+|just\s+)?as\s+(?:given|recorded|written|stored|(?:it|they)\s+(?:is|are))"
_TIMES = r"(?:time\s*stamps?|times|dates|date\s+column)"
_PHRASES = re.compile(
    # "Using the timestamps exactly as given (UTC),", "taking the times as recorded"
    rf"\b(?:using|use|with|taking|take|keeping|keep|reading|read)\s+the\s+{_TIMES}\s+{_AS_GIVEN}"
    rf"(?:\s*\(\s*{_ZONE}\s*\))?\s*,?"
    # "(UTC)", "(UTC, as in the date column)", "(in UTC)"
    rf"|\(\s*(?:in\s+)?{_ZONE}(?:\s*,\s*as\s+in\s+the\s+[\w.-]+\s+column)?\s*\)"
    # "in UTC", ", UTC"
    rf"|\b(?:in|as)\s+{_ZONE}\b|,\s*{_ZONE}\b",
    re.IGNORECASE,
)
NOTE = "times as the file writes them (UTC), as asked"


@dataclass(frozen=True)
class ZoneWords:
    """The words that said the zone."""

    phrases: tuple[str, ...]


def find_time_zone(text: str, resolver: ColumnResolver) -> tuple[str, ZoneWords | None]:
    """``text`` without its time-zone words, and the words (None: there are none, or no date column)."""
    low = text.lower()
    if not any(w in low for w in ("utc", "gmt", "zulu", " as ")):
        return text, None  # most requests: no zone said (no pattern run)
    found = [m.group(0).strip(" ,") for m in _PHRASES.finditer(text)]
    if not found or not any(resolver.kind(c) == "datetime" for c in resolver.names()):
        return text, None
    return re.sub(r"\s{2,}", " ", _PHRASES.sub(" ", text)).strip(), ZoneWords(phrases=tuple(found))


def _offset(value: object) -> str | None:
    """The zone written at the end of a time ("+00:00", "Z"; None: none written)."""
    match = re.search(r"(Z|[+-]\d{2}:?\d{2})$", str(value or "").strip())
    return match.group(1) if match else None


def _utc_or_as_written(column: str, resolver: ColumnResolver) -> bool:
    info = next((i for i in resolver.schema.columns if i.name == column), None)
    if info is None:
        return False
    offsets = {_offset(info.minimum), _offset(info.maximum)}
    return offsets <= {None, "Z", "+00:00", "+0000", "-00:00"}


def _time_column(intent: Intent, resolver: ColumnResolver) -> str | None:
    """The date column the reading uses as time (its time column, a grouping or a range of it)."""
    dates = [c for c in resolver.names() if resolver.kind(c) == "datetime"]
    used = [intent.time_column, *intent.group_by, *(f.column for f in intent.filters)]
    return next((c for c in used if c in dates), None)


def keep_time_zone(intent: Intent, found: ZoneWords, resolver: ColumnResolver) -> Intent:
    """``intent`` saying the zone, when the reading's times are the UTC clock.

    Raises:
        UnmappableRequestError: the reading uses no date column, or its times carry another zone.
    """
    column = _time_column(intent, resolver)
    if column is not None and _utc_or_as_written(column, resolver):
        return intent.model_copy(update={"notes": [*intent.notes, NOTE]})
    why = (
        "the reading uses no date column as time"
        if column is None
        else f"the times of {column!r} carry another zone than UTC, and the tools read them as written"
    )
    said = ", ".join(map(repr, found.phrases))
    raise UnmappableRequestError(
        f"cannot map the request {intent.request!r} onto a data analysis: {said} is not honoured: {why}. "
        "Leave the time zone out, or convert the times first.",
        understood={"operation": intent.operation, "unknown": list(found.phrases)},
    )
