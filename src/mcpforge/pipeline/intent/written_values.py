"""Values of a long list that a request writes as the data writes them: "Ireland's GDP", "the Ipsos polls".

A column of countries, firms or pollsters has more distinct values than the schema lists for every
request (100), so "Germany" in "Germany's GDP in 2020" named nothing and the request was refused. The
schema keeps such a column's values apart (``ColumnInfo.long_values``, up to 5,000); before a request is
read, each column's list is narrowed to the values the request writes, and the reading sees only those.

A long list holds ordinary words too (a surname "Young", a first name "May", a title "Total"), where a
short list of categories rarely does. So a long-list value counts only when:

* the data writes it with a capital letter (a name, not a lower-case word of the sentence);
* the request writes it exactly so (same case), standing alone (a possessive "'s" may follow);
* it is not a function word ("IN", "OR": state codes that are also words) nor a placeholder ("UNKNOWN",
  "Other"), and has two characters or more and a letter;
* a one-word value is not the first word of a sentence only ("Young players …" is no surname).

Anything else keeps today's reading: the word names nothing and is reported (asked or refused), never a
silent filter on a column nobody named.
"""

from __future__ import annotations

import dataclasses

from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS
from mcpforge.pipeline.intent.words import STOP_VALUES
from mcpforge.pipeline.schema import ColumnInfo, DatasetSchema

_SENTENCE_ENDS = ".!?:;\u00bf\u00a1\n"
_OPENERS = "\"'\u201c\u2018(\u00ab "
_POSSESSIVES = ("'s", "\u2019s", "'", "\u2019")


def narrowed_to(schema: DatasetSchema, request: str) -> DatasetSchema:
    """``schema`` with each long-listed column's values narrowed to those ``request`` writes (see the
    module); the schema itself when no column has a long list."""
    if not any(column.long_values for column in schema.columns):
        return schema
    columns = tuple(_narrowed(column, request) if column.long_values else column for column in schema.columns)
    return dataclasses.replace(schema, columns=columns)


def _narrowed(column: ColumnInfo, request: str) -> ColumnInfo:
    written = (value for value in column.long_values if value.strip() in request)  # a fast first test
    kept = (value for value in written if _eligible(value.strip()) and _stands_alone(value.strip(), request))
    return dataclasses.replace(column, values=tuple(kept))


def _eligible(value: str) -> bool:
    return (
        len(value) >= 2
        and any(c.isalpha() for c in value)
        and any(c.isupper() for c in value)
        and value.lower() not in FUNCTION_WORDS
        and value.lower() not in STOP_VALUES  # "UNKNOWN", "Other": no name
    )


def _stands_alone(value: str, request: str) -> bool:
    """Whether ``request`` writes ``value`` as a word of its own, somewhere other than only as a sentence's
    first word (for a one-word value)."""
    start = request.find(value)
    while start >= 0:
        end = start + len(value)
        before = request[start - 1] if start > 0 else " "
        after = request[end:]
        alone = not (before.isalnum() or before in "_-") and _ends_word(after)
        if alone and (" " in value or not _opens_sentence(request, start)):
            return True
        start = request.find(value, start + 1)
    return False


def _ends_word(after: str) -> bool:
    for possessive in _POSSESSIVES:
        if after.startswith(possessive) and not after[len(possessive) :][:1].isalnum():
            return True
    return not after[:1].isalnum() and after[:1] not in ("_", "-")


def _opens_sentence(request: str, start: int) -> bool:
    before = request[:start].rstrip(_OPENERS)
    return before == "" or before[-1] in _SENTENCE_ENDS
