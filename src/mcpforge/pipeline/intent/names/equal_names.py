"""A word that fits two or more columns equally: one question with those columns (issue 25).

"income" over ``income_1990`` and ``income_2000``, "price" over ``price_min`` and ``price_max``, "salaire"
over nine ``Salaire hebdomadaire …`` columns: the word is a part of every one of those names and the whole
of none, so no column fits better. A refusal ("it is ambiguous") left the person to guess a rephrasing,
while the data allows exactly these columns: the reading asks which one, with them as the choices. The
answer, a column named exactly, is put in the word's place on the next reading; an answer that names none
of them asks again. A word one column fits better than the others is read as that column without asking
(``words.py``), as before. A value two columns hold ("white" in ``race`` and ``preRace``), with neither
named near it, is asked the same way: which column it is a value of.

Only when the rest of the request was read: a request that also holds a word nothing fits is refused, as
before, naming both (one question would not make it answerable).
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.clarify import Answers, ask, exact_column
from mcpforge.pipeline.intent.measures import column_token
from mcpforge.pipeline.intent.words import ColumnResolver

# The message parse.py's record_unknown writes for a word several columns fit: "'income' could be ..."
_COULD_BE = re.compile(r"'(?P<word>[a-z][a-z_\-]+)' could be ")
# The message conditions.py writes for a value several columns hold: "'white' is a value of ..."
_VALUE_OF = re.compile(r"'(?P<word>[^']+)' is a value of ")


def ask_between_columns(
    names: list[str],
    values: list[str],
    value_columns: dict[str, list[str]],
    *,
    unknown: list[str],
    resolver: ColumnResolver,
    request: str,
) -> None:
    """Ask which column is meant (raises) when every ambiguity of the reading is a word several columns fit
    equally (``names``) or a value several columns hold (``values``, their columns in ``value_columns``)
    and no word is left unknown; else return (the caller refuses)."""
    if not (names or values) or unknown or any(message not in value_columns for message in values):
        return
    words = [match.group("word") if (match := _COULD_BE.match(message)) else None for message in names]
    if any(word is None for word in words):
        return  # an ambiguity of another kind ("X per Y", years of two columns): refused as before
    if words:
        word = str(words[0])
        options = resolver.candidates(word)
        if len(options) >= 2:  # a choice needs two
            choices = {name: f"the column {name!r}" for name in options}
            ask(word, f"Which column does {word!r} mean?", choices, request=request)
        return
    value = _VALUE_OF.match(values[0])
    if value is not None:
        word = value.group("word")
        choices = {name: f"{word!r} as a value of {name!r}" for name in value_columns[values[0]]}
        ask(word, f"Which column is {word!r} a value of?", choices, request=request)


def answered_column(word: str, columns: list[str], given: Answers | None, request: str) -> str | None:
    """The column of ``columns`` the person chose for ``word`` (a value several columns hold), None when
    no answer was given for it; an answer naming none of them asks again."""
    if given is None or word not in {key.strip().lower() for key in given.given}:
        return None
    answer = given.get(word)
    column = exact_column(answer, columns)
    if column is None:
        choices = {name: f"{word!r} as a value of {name!r}" for name in dict.fromkeys(columns)}
        ask(word, f"Which column is {word!r} a value of?", choices, request=request, rejected=answer)
    return column


def chosen_columns(
    tokens: list[str], resolver: ColumnResolver, given: Answers, request: str
) -> tuple[list[str], list[str]]:
    """``tokens`` with each word several columns fit replaced by the column the person chose for it."""
    if not given.given:
        return tokens, []  # no answer given: nothing to put (the common case, no column looked up)
    keys = {key.strip().lower() for key in given.given}
    out, notes = list(tokens), []
    for i, token in enumerate(tokens):
        if token not in keys:
            continue
        options = resolver.candidates(token)
        if len(options) < 2:
            continue
        answer = given.get(token)
        column = exact_column(answer, options)
        if column is None:
            choices = {name: f"the column {name!r}" for name in options}
            ask(token, f"Which column does {token!r} mean?", choices, request=request, rejected=answer)
        out[i] = column_token(column, resolver)
        notes.append(f"{token!r} read as column {column!r} (your answer)")
    return out, notes
