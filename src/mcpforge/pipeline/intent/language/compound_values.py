"""A category value written as the first part of a German compound: "Personen mit Bachelorabschluss" for
the rows where ``degree`` is ``bachelor``.

German joins a value and its kind into one word ("Bachelorabschluss": a bachelor's degree, "Dieselmotor":
a diesel engine). After "mit"/"ohne" (with/without), optionally with an article, such a word says the rows
have (or lack) that value: the compound is read as the value, and the reading says so ("read
'Bachelorabschluss' as the value 'bachelor' of 'degree'"). Only when the word starts with one value (four
letters or more) of exactly one column, the rest has four letters or more and names no column or value
itself; anywhere else ("das Bachelorgehalt": a measure) the word is left as written and the accounting
still asks or refuses.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.language.languages import detect_language
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, fold
from mcpforge.pipeline.schema import DatasetSchema

_WITH = r"(?:mit|ohne)(?:\s+(?:einem|einer|einen|ein|eine|dem|der|den|keinem|keiner|keinen|kein))?"
_COMPOUND = re.compile(rf"(?i)\b({_WITH})\s+([^\W\d_]{{8,}})\b")
_MIN_PART = 4


def _value_prefix(word: str, resolver: ColumnResolver) -> tuple[str, str] | None:
    """(column, value) of the one categorical value ``word`` starts with, the rest a plain word."""
    folded = fold(word.lower())
    hits = []
    for info in resolver.schema.columns:
        if info.kind != "categorical":
            continue
        for value in info.values:
            low = fold(str(value).lower())
            rest = folded[len(low) :]
            if len(low) >= _MIN_PART and folded.startswith(low) and len(rest) >= _MIN_PART and rest.isalpha():
                hits.append((info.name, str(value), rest))
    if len(hits) != 1:
        return None
    column, value, rest = hits[0]
    if resolver.resolve(rest, fuzzy=False) is not None or find_values([rest], resolver):
        return None  # "Bachelorverdienst" when ``verdienst`` is a column: a value and a measure
    return column, value


def compound_values(text: str, schema: DatasetSchema) -> tuple[str, list[str]]:
    """``text`` with each "mit <value><kind>" compound written as the value, and a note for each."""
    if not ({"mit", "ohne"} & set(text.lower().split())) or not _COMPOUND.search(text):
        return text, []
    resolver = ColumnResolver(schema=schema)
    if detect_language(text, resolver) != "de":
        return text, []
    notes: list[str] = []

    def replace(match: re.Match[str]) -> str:
        found = _value_prefix(match.group(2), resolver)
        if found is None:
            return match.group()
        column, value = found
        notes.append(f"read {match.group(2)!r} as the value {value!r} of {column!r}")
        return f"{match.group(1)} {value}"

    return _COMPOUND.sub(replace, text), notes
