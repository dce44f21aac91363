"""A column named with a describing word before it: ``for each model Year`` names the column ``Year``.

People put a word before a column's name that says what it is ("model Year", "flight Distance"). When
the person writes the column's name as the file spells it (its capitals: ``Year``, not ``year``) and the
word before it names nothing else (no column, value, analysis, time or selection word), the pair is read
as that column and the reading says so. Only where a name starts (after "the", "each", "by", "per",
"of"): a word that compares or joins two columns ("Horsepower versus Year") is never dropped.

In lower case ("model year") the pair is not read alone: "birth year" on a file whose ``year`` is the
survey's is data the file lacks. After a grouping word ("by model year"), when the request would
otherwise be refused, it gets one question (the column, or data the file lacks); a reading that needs no
question ("for each calendar month") is left as it was.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.accounting import analysis_vocabulary_word
from mcpforge.pipeline.intent.clarify import Answers, ask, offered
from mcpforge.pipeline.intent.parse import agg_at
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, tokenize
from mcpforge.pipeline.schema import DatasetSchema

# Words that choose rows, periods or values ("last Year", "first Name", "same Origin"): never a label.
_SELECTING = frozenset({
    "last", "first", "next", "previous", "prior", "past", "current", "this", "that", "these", "those",
    "recent", "latest", "earliest", "following", "same", "other", "another", "different", "new", "old",
    "each", "every", "any", "both", "either", "neither", "single", "whole", "entire", "overall", "more",
    "most", "less", "least", "many", "much", "few", "fewer", "versus", "against", "across", "split",
    # conditions ("rows with a known Altura" are the rows where it is not missing): a filter, never a label
    "known", "unknown", "missing", "recorded", "reported", "available", "valid", "invalid", "nonzero",
    "positive", "negative", "empty", "complete",
})  # fmt: skip
SELECTING_WORDS = _SELECTING  # shared with described_names ("household income")
# Where a name starts: after a determiner or a grouping word ("the model Year", "by model Year").
_BEFORE_A_NAME = frozenset({"the", "a", "an", "its", "their", "each", "every", "by", "per", "of"})
# After a grouping word an unknown word is refused anyway: there the lower-case pair is asked about.
_GROUPING = frozenset({"by", "per", "each"})
_NONE = "none"
_PLAIN_WORD = re.compile(r"[a-z]{3,}")


def qualified_columns(
    tokens: list[str], resolver: ColumnResolver, given: Answers, request: str
) -> tuple[list[str], list[str]]:
    """``tokens`` without each describing word before a column's name, and a note each.

    A lower-case pair ("by model year") is read as the column only once the person said so: before that
    it is asked about, and only when the request would otherwise be refused (:func:`ask_before_refusing`).
    """
    out: list[str] = []
    notes: list[str] = []
    for j, token in enumerate(tokens):
        column = _described_column(tokens, j, resolver)
        if column is not None and not _spelled_as_the_file(token, column, request):
            said = given.get(_key(token, column)) if tokens[j - 1] in _GROUPING else None
            column = offered(said, [column])
        if column is None:
            out.append(token)
            continue
        notes.append(f"'{token} {column}' read as the column {column!r}")
    return out, notes


def ask_before_refusing(request: str, schema: DatasetSchema, answers: dict[str, str], refused: str) -> None:
    """``How many cars for each model year?`` about to be refused for the pair's words (``refused`` names
    'model' or 'Year'): one question instead (the column ``Year``, or something the file does not have),
    unless the person already answered it.

    Raises:
        NeedsClarificationError: a lower-case described column after a grouping word, not answered yet.
    """
    tokens = tokenize(request)
    resolver = ColumnResolver(schema=schema)
    for j in range(1, len(tokens)):
        column = _described_column(tokens, j, resolver) if tokens[j - 1] in _GROUPING else None
        if column is None or _spelled_as_the_file(tokens[j], column, request):
            continue
        if repr(tokens[j]) not in refused and repr(column) not in refused:
            continue  # refused for another word: the question would not save the request
        key = _key(tokens[j], column)
        if any(name.strip().lower() == key for name in answers):
            return
        choices = {column: f"the column {column!r}", _NONE: "something the file does not have"}
        question = f"{key!r}: is it the column {column!r}, or something the file does not have?"
        ask(key, question, choices, request=request)


def _key(word: str, column: str) -> str:
    return f"{word} {column.lower()}"


def _spelled_as_the_file(word: str, column: str, request: str) -> bool:
    """``model Year`` for ``Year``: the column written with its own capitals, right after the word."""
    if column.islower() or column.isupper():
        return False  # "year" / "ID": no capital that tells the column's own spelling from a word
    pattern = rf"(?<![\w-])(?i:{re.escape(word)})\s+{re.escape(column)}(?![\w-])"
    return re.search(pattern, request) is not None


def _described_column(tokens: list[str], j: int, resolver: ColumnResolver) -> str | None:
    """The column ``tokens[j]`` describes: a plain word that names nothing, where a name starts, before
    a one-word column name."""
    if j + 1 >= len(tokens) or j == 0 or tokens[j - 1] not in _BEFORE_A_NAME:
        return None
    word = tokens[j]
    if not _PLAIN_WORD.fullmatch(word):
        return None
    column = next((c for c in resolver.schema.column_names if c.lower() == tokens[j + 1]), None)
    if column is None or (
        word in _SELECTING
        or word.endswith(("est", "ly"))  # "highest Year", "yearly Year": a ranking or a grain
        or analysis_vocabulary_word(word)
        or agg_at([word], 0) is not None
        or resolver.match_at([word], 0) is not None
        or resolver.candidates(word)
        or find_values([word], resolver)
    ):
        return None
    return column
