"""Short codes in capitals ("LA", "DE", "IN", "OR", "ME") are values only when written as codes (issue 25).

A US state or ISO code is spelled like grammar in some language: Spanish "la", "de", English "in", "or",
"me". Written in small letters it is that grammar word ("¿Cuál es la mediana de tax por año?" names no
state); written in the data's capitals, or quoted, it is the value. A word in small letters is therefore
never kept as such a value: the translator reads it as the word it is, and a reading that still filters on
it (``code_values_not_written``) does not answer.
"""

from __future__ import annotations

from collections.abc import Iterable

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.language.spans import Span
from mcpforge.pipeline.schema import DatasetSchema

CODE = re.compile(r"[A-Z][A-Z0-9]{1,3}")  # one letter would be the pronoun "I" or the article "A"
_QUOTES = "'\"\u2018\u2019\u201c\u201d`"


def code_values(schema: DatasetSchema) -> set[str]:
    """The category values of ``schema`` that are short codes in capitals ("LA", "DE")."""
    return {
        value
        for info in schema.columns
        if info.kind == "categorical"
        for value in info.values
        if CODE.fullmatch(value) and any(c.isalpha() for c in value)
    }


def written_as_code(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is written in capitals or quoted."""
    word = text[start:end]
    quoted = start > 0 and end < len(text) and text[start - 1] in _QUOTES and text[end] in _QUOTES
    return word == word.upper() or quoted


def codes_in_small_letters(text: str, spans: Iterable[Span], schema: DatasetSchema) -> set[int]:
    """Positions of words that spell a code value in small letters ("la" for ``LA``): no value."""
    codes = {code.lower() for code in code_values(schema)}
    return {
        i
        for i, span in enumerate(spans)
        if span.raw in codes and not written_as_code(text, span.start, span.end)
    }


def code_values_not_written(request: str, schema: DatasetSchema, values: Iterable[object]) -> list[str]:
    """Code values a reading filters on that the request never writes as codes (in capitals or quoted)."""
    codes = code_values(schema)
    out: list[str] = []
    for value in dict.fromkeys(str(v) for v in values):
        if value not in codes:
            continue
        found = re.finditer(rf"(?i)(?<![\w]){re.escape(value)}(?![\w])", request)
        if not any(written_as_code(request, m.start(), m.end()) for m in found):
            out.append(value)
    return out
