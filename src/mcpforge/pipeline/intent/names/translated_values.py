"""A category value named in another language or spelling: "diarrhée" or "Durchfall" for ``Diarrhaea``.

The request's words and each category value are put into the concepts of ``glossary`` (as
``translated_names`` does for headers); a run of words whose concepts are exactly those of one value of a
column, and of no other value of it, is that value, and the text names the value instead. The reading
says so ("'diarrhée' read as the value 'Diarrhaea' of 'Cause du décès' (the value in other words)").
Issue 25: "Les décès par diarrhée" refused 'diarrhee' as a column the file lacks.

A literal value or column wins (the words are left alone), and so does a header of the same concepts
("Precipitación" over a column ``precipitation`` and a value ``rain``); two columns holding such a value
leave the words as they are, so the reading still asks or refuses about them. English words for an
English value are the resolver's synonyms, not a translation, unless they are a spelling of it
("diarrhoea" for ``Diarrhaea``). Concepts that qualify or count ("other", "high", "total", a unit of
time) never become a value: "den anderen", "wie hoch" are the question's grammar, not ``Other``, ``High``;
nor what a row is ("per city" over a value ``Stadt``, "women" over ``Frau``): rows/ reads those.
"""

from __future__ import annotations

import functools

from mcpforge.pipeline.intent.names.translated_names import (
    ENTITIES,
    GRAMMAR,
    Word,
    concept_set,
    grammar_here,
    header_keys,
    joined,
    words_of,
)
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, fold, norm, tokenize
from mcpforge.pipeline.schema import DatasetSchema

_MAX_WORDS = 3
_SPELLING_PREFIX = 4  # "diarrhoea" and "diarrhaea": one word spelt two ways shares its start
NOTE = "{words!r} read as the value {value!r} of {column!r} (the value in other words)"
# Concepts that qualify, compare or count: a question's grammar far more often than a category value.
_NOT_VALUES = frozenset({"other", "first", "start", "end", "high", "low", "small", "large", "young", "old",
                         "total", "number", "value", "amount", "rate", "share", "per", "real", "nominal",
                         "gross", "net", "public", "private", "domestic", "status", "type", "category",
                         "level", "group", "name", "identifier", "log", "north", "south", "east", "west",
                         "time", "date", "day", "week", "month", "year", "hour", "million", "thousand",
                         "full time", "part time"})  # fmt: skip


@functools.lru_cache(maxsize=64)
def _value_keys(
    values: tuple[tuple[str, tuple[str, ...]], ...],
) -> dict[frozenset[str], list[tuple[str, str, bool]]]:
    """Concepts → (column, value, the value is in another language than English) of each category value
    all of whose words are glossary words."""
    keys: dict[frozenset[str], list[tuple[str, str, bool]]] = {}
    for column, column_values in values:
        for value in column_values:
            words = tuple(norm(value).replace("'", " ").split())
            read = concept_set(words) if 0 < len(words) <= _MAX_WORDS else None
            if (
                read is None
                or any(concept.startswith("=") for concept in read[0])
                or read[0] & (_NOT_VALUES | ENTITIES)  # "per country" over a value "Land": the rows
            ):
                continue
            keys.setdefault(read[0], []).append((column, value, read[1]))
    return keys


def translated_values(text: str, schema: DatasetSchema) -> tuple[str, list[str]]:
    """``text`` with each run of words naming one category value in other words written as that value."""
    categorical = tuple(
        (info.name, tuple(str(value) for value in info.values))
        for info in schema.columns
        if info.kind == "categorical"
    )
    keys = _value_keys(categorical)
    if not keys:
        return text, []
    headers = frozenset(concepts for concepts, _native, _name in header_keys(tuple(schema.column_names)))
    keys = {concepts: values for concepts, values in keys.items() if concepts not in headers}
    matches = words_of(text)
    words = [fold(text[match.start : match.end]) for match in matches]
    resolver = ColumnResolver(schema=schema)
    out, notes, at, i = [], [], 0, 0
    while i < len(words):
        found = _value_at(words, matches, text, i, keys=keys, resolver=resolver)
        if found is None:
            i += 1
            continue
        width, column, value = found
        start, end = matches[i].start, matches[i + width - 1].end
        notes.append(NOTE.format(words=text[start:end], value=value, column=column))
        out.append(text[at:start] + value)
        at, i = end, i + width
    return "".join(out) + text[at:], notes


def _value_at(
    words: list[str],
    matches: list[Word],
    text: str,
    i: int,
    *,
    keys: dict[frozenset[str], list[tuple[str, str, bool]]],
    resolver: ColumnResolver,
) -> tuple[int, str, str] | None:
    """The longest run of words at ``i`` naming one value in other words: (width, column, value)."""
    if words[i] in GRAMMAR:
        return None
    for width in range(min(_MAX_WORDS, len(words) - i), 0, -1):
        last = i + width - 1
        if words[last] in GRAMMAR:
            continue
        if not all(joined(text[matches[k].end : matches[k + 1].start]) for k in range(i, last)):
            continue
        read = concept_set(tuple(words[i : last + 1]))
        if read is None or read[0] not in keys:
            continue
        if text[matches[last].end :].lstrip().startswith("("):
            return None  # "Durchfall (Diarrhaea)": the bracket names the value (bracket glosses)
        said = text[matches[i].start : matches[last].end]
        fits = [
            (column, value)
            for column, value, native in keys[read[0]]
            if native or read[1] or _spelling_of(words[i : last + 1], value)
        ]
        columns = {column for column, _value in fits}
        if len(fits) != 1 or len(columns) != 1:
            return None  # none, or one per column of several: the words stay and are asked about
        if (
            (width == 1 and grammar_here(words[i], text, resolver))  # "Wie hoch war": was, no war
            or resolver.resolve(said, fuzzy=False) is not None
            or find_values(tokenize(said), resolver)
        ):
            return None  # the language's grammar, or a column or a value as written: those readings win
        return width, *fits[0]
    return None


def _spelling_of(words: list[str], value: str) -> bool:
    """Whether English words are another spelling of an English value ("diarrhoea" for ``Diarrhaea``), not
    a synonym ("men" for ``Male``): each word starts as the value's word at its place."""
    own = fold(value).split()
    return len(own) == len(words) and all(
        len(word) >= _SPELLING_PREFIX and word[:_SPELLING_PREFIX] == mine[:_SPELLING_PREFIX] and word != mine
        for word, mine in zip(words, own, strict=True)
    )
