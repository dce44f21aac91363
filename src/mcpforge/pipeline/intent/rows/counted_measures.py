"""A counted noun that a count column measures: "wie viele Todesfälle", "how many deaths" over ``Décès``.

A file whose rows are days (or places, or causes) often holds the thing counted as a number in a column:
``Décès`` = deaths that day. "Wie viele Todesfälle durch Durchfall gab es im Dezember insgesamt?" asks for
the sum of that column; counting the rows (31 days of December) answered another question with a number
that looked right. Whatever path read the request (a label in brackets took the noun, the file's name was
taken as what its rows are), a reading that counts rows while a word of the request names the noun a
whole-number column counts — literally, or through the glossary in another language (death, Todesfall,
décès, muerte) — is not given silently: one question, the rows or the sum of that column. The column must
be unused by the reading (a condition on it, "days with more than 10 deaths", counts rows rightly) and hold
whole numbers that are never negative.
"""

from __future__ import annotations

import json

from mcpforge.models import Aggregation, Intent
from mcpforge.pipeline.intent.clarify import Answers, ask, exact_column, offered
from mcpforge.pipeline.intent.names.glossary import glossary_forms
from mcpforge.pipeline.intent.time.periods import names_a_period
from mcpforge.pipeline.intent.words import ColumnResolver, fold, norm, singular, tokenize

_ROWS = "rows"
_GRAMMAR = frozenset({"of", "the", "de", "du", "des", "la", "le", "el", "los", "las", "der", "die", "das",
                      "number", "nombre", "anzahl", "numero", "n", "nb"})  # fmt: skip
_MIN_WORD = 3
# concepts of any quantity ("count", "total", "Anzahl"): a header of these names no counted noun
_GENERIC = frozenset({"number", "total", "amount", "value"})
# what one row has rather than counts ("30 years or older", "in year 2008", "age"): never a counted noun
_PROPERTIES = frozenset({"year", "month", "week", "day", "hour", "age", "time", "date"})
_SUMMED = frozenset({"aggregate", "group_aggregate"})


def _concept(word: str) -> str | None:
    """The glossary concept of one folded word (its plural cut too), else None."""
    forms = glossary_forms()
    candidates = [word, singular(word)]
    if len(word) >= 5:
        candidates += [word[: -len(end)] for end in ("es", "en", "er", "n", "s", "e") if word.endswith(end)]
    return next((forms[(c,)] for c in candidates if (c,) in forms), None)


def _counted_noun(column: str) -> str | None:
    """The one concept a column's header names ("Décès" → death; "Number of deaths" → death)."""
    words = [w for w in fold(norm(column)).replace("'", " ").split() if w not in _GRAMMAR]
    concepts = {_concept(w) or f"={singular(w)}" for w in words}
    if len(concepts) != 1 or concepts & (_GENERIC | _PROPERTIES) or names_a_period(column):
        return None
    return concepts.pop()


def _count_columns(resolver: ColumnResolver, used: set[str]) -> dict[str, str]:
    """concept -> the whole-number, never negative column that counts it (only one per concept)."""
    found: dict[str, list[str]] = {}
    for info in resolver.schema.columns:
        lowest = info.minimum
        if info.name in used or info.kind != "numeric" or not info.is_integer:
            continue
        if not isinstance(lowest, int | float) or lowest < 0:
            continue
        if (concept := _counted_noun(info.name)) is not None:
            found.setdefault(concept, []).append(info.name)
    return {concept: names[0] for concept, names in found.items() if len(names) == 1}


def _used_columns(intent: Intent, resolver: ColumnResolver) -> set[str]:
    """The columns the reading uses anywhere (filters, keys, metrics, preparation steps, features)."""
    read = intent.model_dump_json(exclude={"request", "notes", "unused_words", "data_source"})
    return {name for name in resolver.names() if json.dumps(name, ensure_ascii=False) in read}


def _counted_words(request: str, columns: dict[str, str]) -> dict[str, str]:
    """Each word of ``request`` that names the noun of one of ``columns`` -> that column."""
    found: dict[str, str] = {}
    for word in tokenize(fold(request.lower())):
        if len(word) >= _MIN_WORD and word.isalpha():
            column = columns.get(_concept(word) or f"={singular(word)}")
            if column is not None:
                found.setdefault(word, column)
    return found


def counted_keys(request: str, resolver: ColumnResolver) -> set[str]:
    """The words ``counted_measure`` may ask about (their answers are not the other readers' keys)."""
    return set(_counted_words(request, _count_columns(resolver, set())))


def counted_measure(request: str, intent: Intent, resolver: ColumnResolver, given: Answers) -> Intent:
    """``intent`` as read, or with its count of rows made the sum of the column that counts the noun the
    request names (as answered); asks first when that noun is there and no answer was given."""
    counts = [k for k, m in enumerate(intent.metrics) if m.func == "count" and m.column is None]
    if len(counts) != 1 or intent.operation not in _SUMMED:
        return intent
    columns = _count_columns(resolver, _used_columns(intent, resolver))
    if not columns:
        return intent
    for word, column in _counted_words(request, columns).items():
        said = given.get(word)
        choices = {_ROWS: "count the rows of the file", column: f"the sum of {column!r}"}
        answer = offered(said, choices) or exact_column(said, [column])
        if answer is None:
            question = f"{word!r}: count the rows, or add up {column!r} (the {word} each row holds)?"
            ask(word, question, choices, request=request, rejected=said)
        if answer == _ROWS:
            return intent
        metrics = list(intent.metrics)
        metrics[counts[0]] = Aggregation(column=column, func="sum")
        notes = [*intent.notes, f"{word!r} read as the sum of {column!r} (your answer)"]
        return intent.model_copy(update={"metrics": metrics, "notes": notes})
    return intent
