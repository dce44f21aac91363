"""Superlatives that name their measure by meaning: "the heaviest car", "the most expensive diamond".

"heaviest" ranks by a weight, "cheapest" / "most expensive" by a price, "longest" / "shortest" by a length
or a duration, "oldest" / "youngest" by an age, "tallest" by a height, "fastest" / "slowest" by a speed or
a time (the German, French and Spanish forms too: "älteste", "le plus âgé", "el más rápido"). The words are
put in the parser's own shape before the phrase scanners read them: "the heaviest car" → "the car with the
highest <weight column>" (the row that wins, with its value); "which cut is the cheapest on average" →
"which cut is the lowest <price column> on average" (the group that wins). When the request asks for the
value itself ("how old is the oldest participant", "the age of the oldest runner", "the heaviest weight",
"the fastest half-marathon time in each year", "the cheapest flight per airline") the word is the column's
maximum or minimum: "the maximum <column>". The measure is the one column whose name means it; with two
the reading asks which, with none the word is left for the word check (which refuses naming it). "the
cheapest cut" (a superlative before a column) is left alone: the row of the cheapest item or the cut
with the lowest mean price?

The words and the columns each may rank are in language/measure_adjectives.py ("fastest" is the lowest
of a time and the highest of a speed). A row asked per group ("in each office, who is the youngest") is
left to the word check: ranking the groups instead would answer another question. A value after the word
("the most expensive Ideal diamond") stays a filter, never a row noun.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent.clarify import Answers, ask, offered
from mcpforge.pipeline.intent.language.gender_values import says_a_sex
from mcpforge.pipeline.intent.language.measure_adjectives import (
    HOW_WORDS,
    MEASURE_NOUNS,
    SUPERLATIVE_WORDS,
    measure_candidates,
)
from mcpforge.pipeline.intent.parse import Phrases
from mcpforge.pipeline.intent.rows.nouns import one_row_noun
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, tokenize

_ENDS = frozenset(
    {"on", "overall", "?", ".", ",", "in", "for", "among", "of", "per", "by", "and", "one", "ones"}
)
_EACH = frozenset({"per", "each", "every"})
_WHICH = frozenset({"which", "who", "whom", "whose"})


def _word_at(tokens: list[str], i: int) -> tuple[tuple[str, ...], tuple[str, ...], bool] | None:
    for width in (2, 1):
        words = tuple(tokens[i : i + width])
        if len(words) < width or words not in SUPERLATIVE_WORDS:
            continue
        if width == 2 and words[0] in {"plus", "moins"} and (i == 0 or tokens[i - 1] != "the"):
            continue  # "height plus age": arithmetic; "le plus âgé" has its article
        if tokens[i + width : i + width + 1] in (["que"], ["than"]):
            continue  # "plus âgé que", "más joven que": a comparison, not the extreme
        meanings, largest = SUPERLATIVE_WORDS[words]
        return words, meanings, largest
    return None


def _measure(
    word: str, meanings: tuple[str, ...], resolver: ColumnResolver, given: Answers, request: str
) -> tuple[str, bool] | None:
    """The one column that holds the meaning and whether "more" is its highest; asks when several do;
    None when none does."""
    found = measure_candidates(meanings, resolver)
    if len(found) <= 1:
        return next(iter(found.items()), None)
    chosen = offered(given.get(word), found)
    if chosen is None:
        choices = {
            name: f"rank by {name!r}" + ("" if more else " (lowest first)") for name, more in found.items()
        }
        kind = " or ".join("speed or time" if m == "speed" else m for m in meanings)
        ask(word, f"{word!r} ranks by which {kind} column?", choices, request=request)
    return chosen, found[chosen]


_AGGREGATES = frozenset({"average", "mean", "median", "total", "maximum", "minimum"})
_NOT_SKIPPED = (
    _ENDS | _AGGREGATES | {"the", "a", "an", "with", "than", "is", "was", "are", "were", "has", "had"}
)


def _measured_column(
    tokens: list[str], at: int, found: dict[str, bool], resolver: ColumnResolver
) -> str | None:
    """The column of the meaning named right after the word, past one aggregation word ("longest average
    flipper_length_mm"): the superlative only says which way to rank it."""
    start = at + 1 if at < len(tokens) and tokens[at] in _AGGREGATES else at
    hit = resolver.match_at(tokens, start, fuzzy=False) if start < len(tokens) else None
    if hit is None or start == at:
        return None
    return hit[0] if hit[0] in found else None


def _named_value(
    tokens: list[str], at: int, meanings: tuple[str, ...], found: dict[str, bool], resolver: ColumnResolver
) -> tuple[int, int, str | None] | None:
    """(start, end, column) of the measure named within three words after the word: its column ("the
    heaviest weight") or a noun of its meaning ("the fastest half-marathon time"); None when none is."""
    nouns = frozenset().union(*(MEASURE_NOUNS[m] for m in meanings))
    for start in range(at, min(at + 3, len(tokens))):
        hit = resolver.match_at(tokens, start, fuzzy=False)
        if hit is not None and hit[0] in found:
            return start, start + hit[1], hit[0]
        if tokens[start] in nouns and (hit is None or resolver.kind(hit[0]) != "numeric"):
            return start, start + 1, None
        if (
            hit is not None
            or tokens[start] in _NOT_SKIPPED
            or not re.fullmatch(r"[a-z][a-z0-9'-]*", tokens[start])
        ):
            return None
    return None


def _asks_value(
    tokens: list[str], span: tuple[int, int], column: str, resolver: ColumnResolver, *, named: bool = False
) -> bool:
    """The request asks for the measure's value, not the row or group that has it: "how old is the oldest
    X", "the age of the oldest X", "the cheapest flight per airline"; never with "which" / "who" (the
    row or group asked), unless "which" asks the measure itself ("welches Alter")."""
    for k, token in enumerate(tokens):
        if token in _WHICH:
            hit = resolver.match_at(tokens, k + 1, fuzzy=False) if k + 1 < len(tokens) else None
            if hit is None or hit[0] != column:
                return False
    if named or _EACH & set(tokens) or _how_at(tokens, column, resolver) is not None:
        return True  # ``named``: the measure itself follows the word ("the fastest time")
    said = _columns_named(tokens, span, resolver)
    if said - {column}:
        return False  # "the Name of the heaviest car": the row's Name is asked
    return column in said


def _columns_named(tokens: list[str], span: tuple[int, int], resolver: ColumnResolver) -> set[str]:
    """The columns the request names outside ``span``."""
    named = set()
    for k in range(len(tokens)):
        hit = None if span[0] <= k < span[1] else resolver.match_at(tokens, k, fuzzy=False)
        named |= {hit[0]} if hit is not None else set()
    return named


def _how_at(tokens: list[str], column: str, resolver: ColumnResolver) -> int | None:
    """Where "how old" / "wie alt" (its adjective) stands when it asks the superlative's own measure."""
    for k, token in enumerate(tokens[:6]):
        meaning = HOW_WORDS.get(token)
        if meaning is None or not (k == 0 or tokens[k - 1] == "how"):
            continue
        if column in measure_candidates((meaning,), resolver):
            return k
    return None


_COUNTS = frozenset({"top", "first", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"})


def _counted(tokens: list[str], span: tuple[int, int], written: str, request: str) -> bool:
    """A number of rows beside the word ("the 3 heaviest", "the fastest 5"): the rows ranked.

    Raises:
        UnmappableRequestError: the number is of rows of each group ("the 5 cheapest per cut").
    """
    (start, after) = span
    before = tokens[start - 1] if start > 0 else ""
    counted = before.isdigit() or before in _COUNTS or (after < len(tokens) and tokens[after].isdigit())
    if counted and _EACH & set(tokens):  # the N first rows of each group: no shape of the catalogue
        raise UnmappableRequestError(
            f"cannot map the request {request!r}: {written!r} with a number of rows for each group asks "
            "for the first rows of every group, which the catalogue cannot rank yet; ask for the extreme "
            "value per group, or for one group at a time",
            understood={"words": written},
        )
    return counted


def _is_noun(token: str, resolver: ColumnResolver) -> bool:
    return (
        token.isalpha() and token not in _NOT_SKIPPED and resolver.match_at([token], 0, fuzzy=False) is None
    )


def _noun_before(out: list[str], words: tuple[str, ...], resolver: ColumnResolver) -> int:
    """How many written tokens end with the noun a French or Spanish superlative follows ("le coureur le
    plus âgé", "el corredor más joven"): that noun is the row, or the measure itself; 0 in English."""
    if len(words) != 2:
        return 0
    back = 2 if out[-1:] == ["the"] else 1
    return back if len(out) >= back and _is_noun(out[-back], resolver) and not says_a_sex(out[-back]) else 0


def _as_value(
    tokens: list[str],
    span: tuple[int, int, int],
    found: tuple[str, bool],
    out: list[str],
    resolver: ColumnResolver,
) -> str:
    """Write the superlative of ``span`` (its start, its end, the end of the words kept after it) as
    "maximum <column>" into ``out``, its noun and the "how old" of the question dropped; the note."""
    (i, after, end), (column, up) = span, found
    words = tuple(tokens[i:after])
    how = _how_at(tokens, column, resolver)
    if how is not None and how < len(out):
        out[max(0, how - 1) : how + 1] = ["what"]  # "how old is ..." → "what is ..."
    back = _noun_before(out, words, resolver)
    del out[len(out) - back :]
    extreme = "maximum" if up else "minimum"
    out += [extreme, *tokenize(column), *tokens[after:end]]
    return f"{' '.join(words)!r} read as the {extreme} of {column!r}"


def _superlative(  # noqa: PLR0911, PLR0912, PLR0915 - each return is one shape of the phrase
    tokens: list[str], i: int, out: list[str], resolver: ColumnResolver, asked: tuple[Answers, str]
) -> tuple[int, list[str]] | None:
    """Read the superlative at ``i`` into ``out``: the next index and notes, or None (left as written)."""
    given, request = asked
    found = _word_at(tokens, i)
    if found is None or resolver.match_at(tokens, i, fuzzy=False) is not None:
        return None
    words, meanings, largest = found
    written = " ".join(words)
    nxt = i + len(words)
    noun = tokens[nxt] if nxt < len(tokens) else "?"
    candidates = measure_candidates(meanings, resolver)
    measured = _measured_column(tokens, nxt, candidates, resolver)
    if measured is not None:  # "the longest average flipper_length_mm": the column says the measure
        out.append("highest" if largest == candidates[measured] else "lowest")
        return nxt, [f"as stated: {written!r} ranks by {measured!r}"]
    counted = _counted(tokens, (i, nxt), written, request)  # "the 3 heaviest": rows ranked, no value
    value = None if counted else _named_value(tokens, nxt, meanings, candidates, resolver)
    before = _noun_before(out, words, resolver)
    if (
        value is None
        and not counted
        and before
        and out[-before] in frozenset().union(*(MEASURE_NOUNS[m] for m in meanings))
    ):
        value = (nxt, nxt, None)  # "el tiempo más rápido": the noun before says the measure
    if value is not None:  # "the heaviest weight", "the fastest half-marathon time": its extreme
        column_named = value[2]
        chosen = (
            (column_named, candidates[column_named])
            if column_named is not None
            else _measure(written, meanings, resolver, given, request)
        )
        if chosen is None:
            return None
        column, more = chosen
        others = _columns_named(tokens, (i, value[1]), resolver) - {column}
        if not others and not _asks_value(tokens, (i, value[1]), column, resolver, named=True):
            return None  # "which year had the fastest time": the year of one row, or ranked by a mean?
        if not _EACH & set(tokens) and others:
            up = largest == more  # "the Name of the heaviest car (Weight_in_lbs)": the row's Name
            out += [
                "row",
                "with",
                "the",
                "highest" if up else "lowest",
                *tokenize(column),
                *tokens[nxt : value[0]],
            ]
            return value[1], [f"{written!r} read as the {'highest' if up else 'lowest'} {column!r}"]
        return value[1], [_as_value(tokens, (i, nxt, value[0]), (column, largest == more), out, resolver)]
    named = resolver.match_at(tokens, nxt, fuzzy=False) if nxt < len(tokens) else None
    at_end, notes = noun in _ENDS, []
    on_average = tokens[nxt + 1 : nxt + 3] == ["on", "average"]
    if named is None and on_average and (noun in {"rows", "row"} or one_row_noun(tokens, nxt, resolver)):
        at_end, nxt = True, nxt + 1  # "which Origin has the heaviest cars on average": the group's mean
        if noun not in {"rows", "row"}:
            notes.append(f"read as rows ({noun}): one row of the file is one of them")
    if named is not None or not (at_end or noun.isalpha()):
        return None  # "the cheapest cut": the row or the group? left to the word check
    if not at_end and any(h.start <= nxt < h.start + h.width for h in find_values(tokens, resolver)):
        return None  # "the most expensive Ideal diamond": a value, no row noun, stays a filter
    if not at_end and says_a_sex(noun):
        return None  # "the youngest woman": the women's rows, not every row
    chosen = _measure(written, meanings, resolver, given, request)
    if chosen is None:
        return None
    column, more = chosen
    up = largest == more
    end = nxt if at_end else nxt + 1
    if not counted and _asks_value(
        tokens, (i, end), column, resolver
    ):  # "how old is the oldest participant": the maximum
        return end, [*notes, _as_value(tokens, (i, nxt, nxt), (column, up), out, resolver)]
    if _EACH & set(tokens):
        return None  # "in each office, who is the youngest": a row per group, not the group ranked first
    ranking = ["highest" if up else "lowest", *tokenize(column)]
    if at_end:
        out += ranking  # "which cut is the cheapest on average"
    else:
        row = "row" if one_row_noun(tokens, nxt, resolver) else noun  # "vehicle" naming one row
        out += [row, "with", "the", *ranking]  # "the heaviest car" → "the car with the highest weight"
        if row != noun:
            notes.append(f"read as a row ({noun}): one row of the file is one of them")
    return end, [*notes, f"{written!r} read as the {'highest' if up else 'lowest'} {column!r}"]


def meaning_superlatives(
    tokens: list[str], resolver: ColumnResolver, given: Answers, *, request: str
) -> tuple[list[str], list[str]]:
    """``tokens`` with each meaning superlative spelled as a ranking by its column (or as its maximum or
    minimum, when the value is asked), and a note for each.

    Raises:
        NeedsClarificationError: two columns hold the word's meaning and no answer says which.
    """
    out: list[str] = []
    notes: list[str] = []
    i = 0
    while i < len(tokens):
        read = _superlative(tokens, i, out, resolver, (given, request))
        if read is None:
            out.append(tokens[i])
            i += 1
            continue
        i, said = read
        notes += said
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
