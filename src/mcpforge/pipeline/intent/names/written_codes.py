"""Codes that are also English words, written as codes (issue 25): "Hawaii (HI)", "WA, OR and CA".

A category value such as ``HI``, ``OR`` or ``IN`` is skipped as the word "hi", "or", "in" when values are
looked up, and a reading without it is refused (``guards.shadowed_values``). Two places say it is the code:

- alone in brackets, written in the data's capitals, maybe after its column's name: "Hawaii (HI)",
  "Ohio (État OH)", "('IN')". On a second reading of a request refused for that code, the bracket is
  written out as the condition "(state = HI)", which the filter reader reads (the bracket-label reader
  takes the words before as its label); a request the first reading answers never changes.
- inside a list of other codes of the same column, set off by a comma: "WA, OR and CA". The reading already
  filters on the others (``state in [WA, CA]``); the code joins that same condition.

"in" and "or" as plain words, in small letters or without a list or bracket around them, stay words; a
code that is a value of more than one column is left alone (the refusal names it).
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Filter, Intent
from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS
from mcpforge.pipeline.intent.words import ColumnResolver
from mcpforge.pipeline.schema import DatasetSchema

_QUOTE = "['\"\u2018\u2019\u201c\u201d]?"
_BRACKET = re.compile(
    rf"\(\s*(?:(?P<column>[^()=<>'\"]{{1,40}}?)\s+)?{_QUOTE}(?P<code>[A-Z][A-Z0-9]{{1,3}}){_QUOTE}\s*\)"
)
_SHADOWED = "is a value of the data and also an English word"  # guards.shadowed_values' refusal
_REREAD: ContextVar[bool] = ContextVar("codes_reread", default=False)
_LIST_ITEM = r"[A-Z][A-Z0-9]{1,3}"
_LIST = re.compile(
    rf"(?<![\w']){_LIST_ITEM}(?:\s*,\s*(?:(?:and|or|&)\s+)?{_LIST_ITEM}|\s+(?:and|or|&)\s+{_LIST_ITEM})+(?![\w'])"
)


def _grammar_codes(schema: DatasetSchema) -> dict[str, list[str]]:
    """Each value written in capitals that is also an English function word, with its columns."""
    codes: dict[str, list[str]] = {}
    for info in schema.columns:
        if info.kind != "categorical":
            continue
        for value in info.values:
            if value != value.lower() and value.lower() in FUNCTION_WORDS:
                codes.setdefault(value, []).append(info.name)
    return codes


def reread_codes(refused: str, read: Callable[[], Intent]) -> Intent | None:
    """A request refused for a code it wrote as grammar ("'HI' is a value of the data and also an English
    word"), read again with its bracketed codes as conditions, else None: a request the first reading
    answers never changes."""
    if _REREAD.get() or _SHADOWED not in refused:
        return None
    reset = _REREAD.set(True)
    try:
        return read()
    except UnmappableRequestError:
        return None
    finally:
        _REREAD.reset(reset)


def bracketed_codes(text: str, schema: DatasetSchema) -> tuple[str, list[str]]:
    """ "Hawaii (HI)" → "Hawaii (state = HI)" for a grammar-word code of one column, on a second reading
    (``reread_codes``); a note each."""
    if not _REREAD.get():
        return text, []
    codes = _grammar_codes(schema)
    if not codes:
        return text, []
    resolver = ColumnResolver(schema=schema)
    notes: list[str] = []

    def spelled(match: re.Match[str]) -> str:
        columns = codes.get(match.group("code"), [])
        said = match.group("column")
        if said is not None:
            named = resolver.resolve(said.strip(), fuzzy=False)
            columns = [c for c in columns if c == named]
        if len(columns) != 1:
            return match.group(0)
        notes.append(
            f"'({match.group('code')})' read as {columns[0]} = {match.group('code')!r} (a code in brackets)"
        )
        return f"({columns[0]} = {match.group('code')})"

    return _BRACKET.sub(spelled, text), notes


def listed_codes(request: str, schema: DatasetSchema, intent: Intent) -> Intent:
    """The reading with each grammar-word code listed among codes it filters on ("WA, OR and CA") added to
    that same condition; unchanged when no such list is written."""
    written = {word.strip(",.;:!?()'\"") for word in request.split()}
    if not any(2 <= len(word) <= 4 and word.isupper() for word in written):
        return intent  # no code in capitals: nothing to join
    codes = _grammar_codes(schema)
    if not any(code in written for code in codes):
        return intent
    filters = list(intent.filters)
    added: list[str] = []
    for match in _LIST.finditer(request):
        items = re.findall(_LIST_ITEM, match.group(0))
        shadowed = [item for item in items if item in codes]
        others = [item for item in items if item not in codes]
        if not shadowed or not others:
            continue
        for k, condition in enumerate(filters):
            values = condition.value if isinstance(condition.value, list) else [condition.value]
            if condition.op not in {"in", "=="} or not set(others) <= {str(v) for v in values}:
                continue
            fresh = [code for code in shadowed if condition.column in codes[code] and code not in values]
            if len(fresh) != len([code for code in shadowed if code not in values]):
                continue  # a listed code of another column: left to the refusal
            if fresh:
                filters[k] = Filter(column=condition.column, op="in", value=[*values, *fresh])
                added += fresh
    if not added:
        return intent
    listed = ", ".join(repr(code) for code in added)
    note = f"{listed} read as a value in the list with the others (a code, not a word)"
    return intent.model_copy(update={"filters": filters, "notes": [*intent.notes, note]})
