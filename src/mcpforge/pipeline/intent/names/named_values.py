"""Values and counts written next to their column's name: "color D", "have 6 Cylinders", "no state recorded".

Short codes (one letter, a digit, "IF") are too common as words to be read as values anywhere in a
sentence ("I", "a", "4"), so the general value scan skips them. Written right after the name of the
column that holds them, they are that column's value and nothing else: a condition on that column. Left
unread, "the mean carat of each cut for colour J" would average every colour — a wrong answer.

Only an exact value (case-insensitive) of a categorical column counts; a word that is not one of the
column's values is left to the other scanners (and to the accounting, which reports what nobody read).
"""

from __future__ import annotations

from difflib import SequenceMatcher

from mcpforge.models import Filter
from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS
from mcpforge.pipeline.intent.words import ColumnResolver, norm
from mcpforge.pipeline.schema import ColumnInfo

# "color = D", "color: D", "color is D" are read by the comparison scan; these join only a bare name.
_GROUP_WORDS = frozenset({"by", "per", "each", "every", "across", "for", "and", "or", "vs", "versus"})


def _skipped(token: str) -> bool:
    """A value word the general value scan (``words.find_values``) never reads."""
    return len(token) < 2 or token in FUNCTION_WORDS


def _exact_value(column: str, word: str, resolver: ColumnResolver) -> str | None:
    info = resolver.schema.get(column)
    if info is None or info.kind != "categorical" or not info.values:
        return None
    lowered = {str(value).lower(): str(value) for value in info.values}
    return lowered.get(word)


_SEEN: dict[int, tuple[object, frozenset[str], frozenset[str]]] = {}


def _known(resolver: ColumnResolver) -> tuple[frozenset[str], frozenset[str]]:
    """Every categorical value (lower case) and the last word of every categorical column's name, kept per
    schema: cheap first tests before any name look-up."""
    schema = resolver.schema
    kept = _SEEN.get(id(schema))
    if kept is not None and kept[0] is schema:
        return kept[1], kept[2]
    categorical = [info for info in schema.columns if info.kind == "categorical"]
    values = frozenset(str(value).lower() for info in categorical for value in info.values)
    lasts = frozenset(norm(info.name).split()[-1] for info in categorical if norm(info.name))
    if len(_SEEN) > _KEPT_SCHEMAS:
        _SEEN.clear()
    _SEEN[id(schema)] = (schema, values, lasts)
    return values, lasts


def _values(resolver: ColumnResolver) -> frozenset[str]:
    return _known(resolver)[0]


_KEPT_SCHEMAS = 16


def _column_ending_at(tokens: list[str], end: int, resolver: ColumnResolver) -> tuple[str, int] | None:
    """The column named by the words right before ``end``: (column, start); a close spelling only for a
    one-word name ("colour")."""
    if not _ends_a_name(tokens[end - 1], resolver):
        return None  # the common case, decided without the (slower) name look-up
    for width in range(min(4, end), 0, -1):
        hit = resolver.match_at(tokens, end - width, fuzzy=width == 1)
        if hit is not None and hit[1] == width:
            return hit[0], end - width
    return None


def named_value_filters(
    tokens: list[str], resolver: ColumnResolver, taken: set[int]
) -> list[tuple[Filter, set[int]]]:
    """Each ``<column name> <one of its values>`` outside ``taken``: (filter, the positions it used).

    Not after a grouping word ("by color D" groups by colour): the name there is a group key, and a value
    after it would be a second, different reading; that request is left to the accounting.
    """
    values = _values(resolver)
    # Only what the general scan skips (one letter; a word that is also grammar: "IF", "OR"): a value it
    # reads ("Premium", "rain") stays its, one reading of each value.
    candidates = [k for k, token in enumerate(tokens) if k and token in values and _skipped(token)]
    if not candidates:
        return []
    found: list[tuple[Filter, set[int]]] = []
    done: set[int] = set()
    for k in candidates:
        named = None if k in taken | done else _column_ending_at(tokens, k, resolver)
        if named is None:
            continue
        column, i = named
        value = _exact_value(column, tokens[k], resolver)
        span = set(range(i, k + 1))
        grouped = i > 0 and tokens[i - 1] in _GROUP_WORDS - {"for"}
        if value is None or grouped or span & taken:
            continue
        chosen = [value]
        # "color D and E", "colour D, E or F": the same column's values, one condition (any of them).
        last = k
        while last + 2 < len(tokens) and tokens[last + 1] in {"and", "or", ","} and last + 2 not in taken:
            more = _exact_value(column, tokens[last + 2], resolver)
            if more is None:
                break
            chosen.append(more)
            span |= {last + 1, last + 2}
            last += 2
        done |= span
        unique = list(dict.fromkeys(chosen))
        rule = Filter(column=column, op="==", value=unique[0]) if len(unique) == 1 else None
        found.append((rule or Filter(column=column, op="in", value=unique), span))
    return found


_CLOSE = 0.8


def _ends_a_name(word: str, resolver: ColumnResolver) -> bool:
    """Whether ``word`` is (or is spelt close to) the last word of a categorical column's name."""
    lasts = _known(resolver)[1]
    return word in lasts or any(SequenceMatcher(None, word, last).ratio() >= _CLOSE for last in lasts)


_CODE_LENGTH = 3


def unread_named_value(tokens: list[str], i: int, resolver: ColumnResolver) -> tuple[str, str] | None:
    """(column, value) when ``tokens[i]`` is a value of the column named right before it ("by color D"),
    or a short code there that is none of its values ("colour Q": value ``""``).

    For the accounting: such a word, left unused, is a condition the reading drops.
    """
    word = tokens[i]
    # a letter or two ("Q"), or letters with digits ("VS3"); not a short word ("use", "in")
    code = word.isalnum() and not word.isdigit()  # a number there is read (or refused) as a number
    code = code and (len(word) <= 2 or (len(word) <= _CODE_LENGTH and not word.isalpha()))
    code = code and word not in FUNCTION_WORDS | _GROUP_WORDS
    # a value the general scan reads is accounted for by it (accounting.leftovers: find_values)
    if i == 0 or not (code or (_skipped(word) and word in _values(resolver))):
        return None
    named = _column_ending_at(tokens, i, resolver)
    info = resolver.schema.get(named[0]) if named is not None else None
    if named is None or info is None or info.kind != "categorical":
        return None
    value = _exact_value(named[0], word, resolver)
    if value is not None:
        return named[0], value
    short = all(len(str(v)) <= _CODE_LENGTH for v in info.values)
    return (named[0], "") if code and short else None


# The verbs of a survey answer: "reported 0 affairs" is the count answered (read with the condition).
_REPORTING = frozenset({"report", "reports", "reported", "reporting", "declare", "declares", "declared"})
_HAVING = frozenset({"have", "has", "had", "having", "with"}) | _REPORTING
_FEW_COUNTS = 30


def counted_filters(
    tokens: list[str], resolver: ColumnResolver, taken: set[int]
) -> list[tuple[Filter, set[int]]]:
    """``cars that have 6 Cylinders``, ``houses with 3 bedrooms``: a whole number of what a count column
    counts, after "have" or "with", is that column equal to the number.

    Only a column that counts things: whole numbers, few of them, a plural name ("Cylinders"), and a number
    inside its range; "with 100 horsepower" (a measure, not a count) is left to the accounting.
    """
    found: list[tuple[Filter, set[int]]] = []
    if _HAVING.isdisjoint(tokens):
        return found
    for i in range(1, len(tokens) - 1):
        if tokens[i - 1] not in _HAVING or not tokens[i].isdigit() or {i - 1, i, i + 1} & taken:
            continue
        hit = resolver.match_at(tokens, i + 1, fuzzy=False)
        info = resolver.schema.get(hit[0]) if hit is not None else None
        if hit is None or info is None or not _counts_things(info.name, info):
            continue
        number = int(tokens[i])
        low, high = info.minimum, info.maximum
        if not (isinstance(low, int | float) and isinstance(high, int | float) and low <= number <= high):
            continue
        span = set(range(i - (tokens[i - 1] in _REPORTING), i + 1 + hit[1]))
        found.append((Filter(column=hit[0], op="==", value=number), span))
    return found


def _counts_things(name: str, info: ColumnInfo) -> bool:
    last = name.strip().lower().replace("_", " ").split()[-1] if name.strip() else ""
    plural = last.endswith("s") and not last.endswith(("ss", "us", "is"))
    return info.kind == "numeric" and info.is_integer and 0 < info.distinct_count <= _FEW_COUNTS and plural


ABSENT_TAILS = frozenset({"recorded", "given", "listed", "entered", "value", "set", "stated", "filled"})
_EMPTY_MARKERS = frozenset({"none", "n/a", "na", "nan", "null", "unknown", "missing", "-", "?", "", "no"})


def blank_when_absent(column: str, resolver: ColumnResolver) -> bool:
    """A text column whose absent entries are empty cells, never a written marker ("None", "unknown").

    A number ("no discount") may be 0 or empty; a marker written in the data would not be an empty cell:
    both are left to the accounting, which refuses them.
    """
    info = resolver.schema.get(column)
    if info is None or info.kind != "categorical" or not info.null_count:
        return False
    if len(info.values) < info.distinct_count:
        return False  # a value not listed could be such a marker
    return not any(str(value).strip().lower() in _EMPTY_MARKERS for value in info.values)
