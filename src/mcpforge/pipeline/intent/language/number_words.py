"""Counts written as words: "which three ages", "zero affairs", "les cinq États", "older than thirty".

A number written as a word does to the numbers exactly what its digits do, so it is read as the digits
and the reading says so ("read 'three' as 3"); the digits then meet the same readers and the same
accounting as any number (an unused one still asks or refuses). Never read as a number:

- "one" / "un" / "eine" / "uno": a pronoun or an article far more often than a count (English "one"
  after "at least", "more than", "exactly", "at most" is a count, and so is "at least a", which is how
  "mindestens eine", "au moins une", "al menos una" read in English);
- a word joined by a hyphen ("two-sided", "two-sample", "zwei-seitig"): a method's name;
- a word that is part of a column's name or one of the file's category values ("Two-wheelers", ``Ten``);
- a count after "across the" / "between the" ("ANOVA across the five États"): the number of groups
  restated, not a selection;
- the French/German/Spanish words outside a request read in that language ("sept" is September in
  English, "tres" is French "très" once accents are dropped).
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver, fold, norm


def _counts(words: str, values: tuple[int, ...] = (0, *range(2, 11))) -> dict[str, int]:
    return dict(zip(words.split(), values, strict=True))


_WORDS: dict[str, dict[str, int]] = {
    "en": _counts(
        "zero two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty",
        (0, *range(2, 13), 15, 20, 30, 40, 50),
    ),
    "fr": _counts("zero deux trois quatre cinq six sept huit neuf dix"),
    "de": _counts(
        "zwei drei vier funf sechs sieben acht neun zehn", tuple(range(2, 11))
    ),  # "null": null values
    "es": _counts("cero dos tres cuatro cinco seis siete ocho nueve diez"),
}
# "at least one", "more than one", "exactly one": a count, not a pronoun
_BEFORE_ONE = [["least"], ["than"], ["exactly"], ["most"]]
# "across the five États", "between the three groups": the number of groups the data has, restated; it
# selects nothing, and as digits it would be an unused number.
_ACROSS = re.compile(
    r"\b(?:across|between|among|amongst|over)\s+(?:the\s+|all\s+|all\s+the\s+)?$", re.IGNORECASE
)
_WORD = re.compile(r"(?<![\w-])([^\W\d_]+)(?![\w-])")


def _protected(resolver: ColumnResolver) -> frozenset[str]:
    words = {word for name in resolver.names() for word in norm(name).split()}
    for info in resolver.schema.columns:
        if info.kind == "categorical":
            words |= {word for value in info.values for word in norm(str(value)).split()}
    return frozenset(words)


def spell_numbers(text: str, language: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` with its number words as digits (English, and the request's own language), and a note each."""
    table = {**_WORDS["en"], **_WORDS.get(language, {})} if language != "en" else _WORDS["en"]
    if not any(fold(word) in table or fold(word) in {"one", "a", "an"} for word in _WORD.findall(text)):
        return text, []
    protected = _protected(resolver)
    notes: list[str] = []

    def digits(match: re.Match[str]) -> str:
        word = match.group(1)
        key = fold(word)
        before = text[: match.start()].split()[-1:]
        after_count = [fold(w) for w in before] in _BEFORE_ONE
        if (key == "one" and after_count) or (key in {"a", "an"} and before in (["least"], ["exactly"])):
            notes.append(f"read {word!r} as 1")
            return "1"
        if key not in table or key in protected or _restates_groups(text[: match.start()]):
            return word
        notes.append(f"read {word!r} as {table[key]}")
        return str(table[key])

    return _WORD.sub(digits, text), notes


def _restates_groups(before: str) -> bool:
    return _ACROSS.search(before) is not None
