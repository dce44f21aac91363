"""Superlatives that name their measure by meaning: "the heaviest car", "the most expensive diamond".

"heaviest" ranks by a weight, "cheapest" / "most expensive" by a price, "longest" / "shortest" by a length
or a duration. The words are put in the parser's own shape before the phrase scanners read them: "the
heaviest car" → "the car with the highest <weight column>" (the row that wins, with its value); "which
cut is the cheapest on average" → "which cut is the lowest <price column> on average" (the group that
wins). The measure is the one column whose name means it; with two the reading asks which, with none the
word is left for the word check (which refuses naming it). "the cheapest cut" (a superlative before a
column) is left alone: the row of the cheapest item or the cut with the lowest mean price?
"""

from __future__ import annotations

from mcpforge.pipeline.intent.clarify import Answers, ask, offered
from mcpforge.pipeline.intent.parse import Phrases
from mcpforge.pipeline.intent.rows.nouns import one_row_noun
from mcpforge.pipeline.intent.words import ColumnResolver, norm, tokenize

# meaning -> stems of the column names that hold it
_MEANINGS: dict[str, tuple[str, ...]] = {
    "price": ("price", "cost", "prix", "preis", "precio", "kosten"),
    "weight": ("weight", "mass", "gewicht", "poids", "peso", "kg", "lbs"),
    "length": ("length", "duration", "distance", "longueur", "lange", "dauer", "duree", "km", "miles"),
}
# word (or two words) -> (meaning, largest first)
_WORDS: dict[tuple[str, ...], tuple[str, bool]] = {
    ("most", "expensive"): ("price", True), ("least", "expensive"): ("price", False),
    ("priciest",): ("price", True), ("dearest",): ("price", True), ("cheapest",): ("price", False),
    ("heaviest",): ("weight", True), ("lightest",): ("weight", False),
    ("longest",): ("length", True), ("shortest",): ("length", False),
}  # fmt: skip
_ENDS = frozenset(
    {"on", "overall", "?", ".", ",", "in", "for", "among", "of", "per", "by", "and", "one", "ones"}
)


def _candidates(meaning: str, resolver: ColumnResolver) -> list[str]:
    stems = _MEANINGS[meaning]
    return [
        name
        for name in resolver.names()
        if resolver.kind(name) == "numeric" and any(w.startswith(stems) for w in norm(name).split())
    ]


def _word_at(tokens: list[str], i: int) -> tuple[tuple[str, ...], str, bool] | None:
    for words, (meaning, largest) in _WORDS.items():
        if tuple(tokens[i : i + len(words)]) == words:
            return words, meaning, largest
    return None


def _measure(word: str, meaning: str, resolver: ColumnResolver, given: Answers, request: str) -> str | None:
    """The one column that holds the meaning; asks when several do; None when none does."""
    found = _candidates(meaning, resolver)
    if len(found) <= 1:
        return found[0] if found else None
    chosen = offered(given.get(word), found)
    if chosen is None:
        choices = {name: f"rank by {name!r}" for name in found}
        ask(word, f"{word!r} ranks by which {meaning} column?", choices, request=request)
    return chosen


_AGGREGATES = frozenset({"average", "mean", "median", "total", "maximum", "minimum"})


def _measured_column(tokens: list[str], at: int, meaning: str, resolver: ColumnResolver) -> str | None:
    """The column of the meaning named right after the word, past one aggregation word ("longest average
    flipper_length_mm"): the superlative only says which way to rank it."""
    start = at + 1 if at < len(tokens) and tokens[at] in _AGGREGATES else at
    hit = resolver.match_at(tokens, start, fuzzy=False) if start < len(tokens) else None
    if hit is None or start == at:
        return None
    return hit[0] if hit[0] in _candidates(meaning, resolver) else None


def meaning_superlatives(
    tokens: list[str], resolver: ColumnResolver, given: Answers, *, request: str
) -> tuple[list[str], list[str]]:
    """``tokens`` with each meaning superlative spelled as a ranking by its column, and a note for each.

    Raises:
        NeedsClarificationError: two columns hold the word's meaning and no answer says which.
    """
    out: list[str] = []
    notes: list[str] = []
    i = 0
    while i < len(tokens):
        found = _word_at(tokens, i)
        if found is None or resolver.match_at(tokens, i, fuzzy=False) is not None:
            out.append(tokens[i])
            i += 1
            continue
        words, meaning, largest = found
        nxt = i + len(words)
        noun = tokens[nxt] if nxt < len(tokens) else "?"
        named = resolver.match_at(tokens, nxt, fuzzy=False) if nxt < len(tokens) else None
        at_end = noun in _ENDS
        measured = _measured_column(tokens, nxt, meaning, resolver)
        if measured is not None:  # "the longest average flipper_length_mm": the column says the measure
            out.append("highest" if largest else "lowest")
            notes.append(f"as stated: {' '.join(words)!r} ranks by {measured!r}")
            i = nxt
            continue
        on_average = tokens[nxt + 1 : nxt + 3] == ["on", "average"]
        if named is None and on_average and (noun in {"rows", "row"} or one_row_noun(tokens, nxt, resolver)):
            at_end, nxt = True, nxt + 1  # "which Origin has the heaviest cars on average": the group's mean
            if noun not in {"rows", "row"}:
                notes.append(f"read as rows ({noun}): one row of the file is one of them")
        if named is not None or not (at_end or noun.isalpha()):
            out.append(tokens[i])  # "the cheapest cut": the row or the group? left to the word check
            i += 1
            continue
        column = _measure(" ".join(words), meaning, resolver, given, request)
        if column is None:
            out.append(tokens[i])
            i += 1
            continue
        ranking = ["highest" if largest else "lowest", *tokenize(column)]
        if at_end:
            out += ranking  # "which cut is the cheapest on average"
            i = nxt
        else:
            row = "row" if one_row_noun(tokens, nxt, resolver) else noun  # "vehicle" naming one row
            out += [row, "with", "the", *ranking]  # "the heaviest car" → "the car with the highest weight"
            i = nxt + 1
            if row != noun:
                notes.append(f"read as a row ({noun}): one row of the file is one of them")
        notes.append(f"{' '.join(words)!r} read as the {'highest' if largest else 'lowest'} {column!r}")
    return out, notes


_RANKERS = frozenset({"highest", "lowest", "largest", "smallest", "biggest", "greatest", "most", "least"})


def rank_by_the_named_measure(tokens: list[str], resolver: ColumnResolver, out: Phrases) -> None:
    """``the carat of the diamond with the lowest price``: the rows are ranked by the price, and the carat
    is shown beside it (ranking by the first column named would answer another question)."""
    if out.sort_column is not None:
        return
    for i in range(len(tokens) - 3):
        if tokens[i] != "with" or tokens[i + 1] != "the" or tokens[i + 2] not in _RANKERS:
            continue
        hit = resolver.match_at(tokens, i + 3, fuzzy=False)
        if hit is not None and resolver.kind(hit[0]) == "numeric":
            out.sort_column = hit[0]
            return
