"""German compound nouns whose parts name a column: "Kinderzahl", "kinderlos", "Erhebungsjahr".

German writes a column's meaning as one word built from its parts. Three forms are read, each only when
exactly one column of the file fits, and each said in a note:

* ``<word>zahl`` / ``<word>anzahl`` ("Kinderzahl", "Geschwisteranzahl"): the number of <word>, the one
  numeric column with <word> in its name ("Anzahl Kinder");
* ``<word>los`` ("kinderlos"): none of <word>, that numeric column equal to 0 ("Anzahl Kinder gleich 0");
* ``<aggregation><column>`` ("Gesamtumsatz", "Durchschnittsalter"): the total or the average of the
  column the rest names whole ("gesamt Umsatz", then "total Umsatz" like any German "gesamt");
* ``<survey word><column>`` ("Erhebungsjahr", "Befragungsjahr"): the survey's own <column> ("Jahr"), when
  the first part only says the rows are a survey. Any other first part changes the meaning
  ("Geburtsjahr" is the year of birth, not the survey year) and is left as written, so it still refuses.

A word that is already a column's name or a word of one is never taken apart; a part shorter than four
letters, a column that is not numeric for the counting forms, or two columns that fit leave the word as
written (the accounting then asks or refuses).
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver, fold, norm

_MIN_PART = 4
_COUNT_TAILS = ("anzahl", "zahl")
_NONE_TAIL = "los"
# the aggregation a compound's first part says → the German word the language layer puts in English
_AGGREGATION_HEADS = {"gesamt": ("gesamt", "total"), "durchschnitts": ("durchschnittlich", "average")}
_SURVEY_HEADS = ("erhebungs", "befragungs", "umfrage", "interview", "stichproben")
_ENDING = r"(?:e|en|es|s|n)?"  # "Erhebungsjahre": the years of the survey
_WORD = re.compile(r"(?<![\w\-])([^\W\d_]{6,})(?![\w\-])")


def _numeric_with_word(part: str, resolver: ColumnResolver) -> str | None:
    """The one numeric column with ``part`` (folded) as a word of its name, else None."""
    hits = [
        info.name
        for info in resolver.schema.columns
        if info.kind == "numeric" and part in norm(info.name).split() and len(norm(info.name).split()) > 1
    ]
    return hits[0] if len(hits) == 1 else None


def _named_column(part: str, resolver: ColumnResolver) -> str | None:
    """The one column whose whole name (folded) is ``part``, with a plural or case ending, else None."""
    hits = [
        info.name
        for info in resolver.schema.columns
        if re.fullmatch(re.escape(norm(info.name)) + _ENDING, part)
    ]
    return hits[0] if len(hits) == 1 else None


def _reading(word: str, resolver: ColumnResolver) -> tuple[str, str] | None:
    """(replacement text, what it means) for a compound ``word``, else None."""
    folded = fold(word)
    for tail in _COUNT_TAILS:
        part = folded[: -len(tail)]
        if folded.endswith(tail) and len(part) >= _MIN_PART:
            column = _numeric_with_word(part, resolver)
            if column is not None:
                return column, f"the column {column!r}"
    part = folded[: -len(_NONE_TAIL)]
    if folded.endswith(_NONE_TAIL) and len(part) >= _MIN_PART:
        column = _numeric_with_word(part, resolver)
        if column is not None:
            return f"mit {column} gleich 0", f"{column!r} = 0"
    for head, (german, english) in _AGGREGATION_HEADS.items():
        rest = folded[len(head) :]
        if folded.startswith(head) and len(rest) >= _MIN_PART:
            column = _named_column(rest, resolver)
            if column is not None:
                return f"{german} {column}", f"the {english} of {column!r}"
    for head in _SURVEY_HEADS:
        rest = folded[len(head) :]
        if folded.startswith(head) and len(rest) >= _MIN_PART:
            column = _named_column(rest, resolver)
            if column is not None:
                return column, f"the column {column!r}"
    return None


def compound_names(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` with German compounds that name one column written as that column, and a note for each."""
    own = {word for name in resolver.names() for word in norm(name).split()}
    notes: list[str] = []

    def swap(match: re.Match[str]) -> str:
        word = match.group(1)
        if fold(word) in own:
            return word
        read = _reading(word, resolver)
        if read is None:
            return word
        notes.append(f"read {word!r} as {read[1]}")
        return read[0]

    return _WORD.sub(swap, text), notes
