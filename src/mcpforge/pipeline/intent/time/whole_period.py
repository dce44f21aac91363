"""``over the whole period`` / ``over all years``: every period of the file, said again.

Beside a reading that restricts no period of the time column, the phrase changes no number ("How many
states have an average packpc above 120 over the whole period?" averages each state over every year
anyway): it is taken out of the words to read and said in the reading ("not used: 'over the whole
period'"). With a restriction of the time column ("in 1990 ... over the whole period") the two contradict,
and the request is refused naming the phrase. Only over a file with a time column (an integer year column
or a date column); elsewhere the words are left to the readers as they were.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent.time.periods import has_date_column, year_column
from mcpforge.pipeline.intent.words import ColumnResolver

_PHRASE = re.compile(
    r"[,;]?\s*\b(?:over|across|for|during|throughout|in)\s+(?:the\s+)?"
    r"(?:(?:whole|entire|full|complete)\s+(?:time\s+)?(?:period|time\s+span|span|sample\s+period|time\s+range)"
    r"|all\s+(?:the\s+)?years)"
    r"(?![\w-])(?!\s*(?:and|or|,|of|from|between)\b)"
    # "all years combined", "toutes années confondues" (read in French as "years confondues"), "todos los
    # años juntos", "alle Jahre zusammen"
    r"|[,;]?\s*\b(?:(?:all|toutes|todos)\s+(?:the\s+|les\s+|los\s+)?|alle\s+)?"
    r"(?:years|ann[ée]es|a[ñn]os|jahre)\s+(?:combined|pooled|together|confondues|combinados|juntos|zusammen)\b",
    re.IGNORECASE,
)


def _time_columns(resolver: ColumnResolver) -> set[str]:
    year = year_column(resolver)
    dates = {c for c in resolver.names() if resolver.kind(c) == "datetime"}
    return dates | ({year} if year is not None else set())


def find_whole_period(text: str, resolver: ColumnResolver) -> tuple[str, str | None]:
    """``text`` without "over the whole period" / "over all years", and the phrase (None: none there)."""
    low = text.lower()
    if not any(w in low for w in ("period", "span", "range", "years", "confondu", "jahre", "años", "anos")):
        return text, None  # no pattern compiled for most requests (refusal speed)
    if year_column(resolver) is None and not has_date_column(resolver):
        return text, None
    match = _PHRASE.search(text)
    if match is None:
        return text, None
    rest = (text[: match.start()] + " " + text[match.end() :]).strip()
    return re.sub(r"\s+([?.!])", r"\1", rest), match.group(0).strip(" ,;")


def keep_whole_period(intent: Intent, phrase: str, resolver: ColumnResolver) -> Intent:
    """``intent`` saying the phrase as not used, when it restricts no period.

    Raises:
        UnmappableRequestError: the reading restricts the time column the phrase says is whole.
    """
    restricted = sorted({f.column for f in intent.filters} & _time_columns(resolver))
    if not restricted:
        return intent.model_copy(update={"unused_words": [*intent.unused_words, phrase]})
    raise UnmappableRequestError(
        f"cannot map the request {intent.request!r} onto a data analysis: {phrase!r} is not read: the "
        f"reading restricts {restricted[0]!r}; ask for the whole period or for the restriction, not both.",
        understood={"operation": intent.operation, "unknown": [phrase]},
    )
