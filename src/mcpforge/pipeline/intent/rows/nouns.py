"""Row nouns: "how many counties have ...", "number of cars per class", "what share of days were sunny".

A plural noun in a row's place (after "how many", "number of", "share of", "the ... of", "all") that names
no column, no value and no analysis term names what one row of the file is: "counties" over a table of
counties, "vehicles" over a table of vehicles. It is read as the rows ("rows (counties)" in the reading).
The plural of an identifier column that holds one value per row ("comtés" beside ``Comté``, "days" beside
a date column with one row per day) names the rows too.

Never the rows: a person or customer word (one person has many rows: counting rows would answer another
question), a measure or quantity word, a word when the file's name says what its rows are (a file named
``airports`` holds airports, not runways; "airports" there is read as it always was), a number's unit
("30 days"), or two different such nouns in one request.

A plural written with a capital inside a sentence ("the Ipsos polls") is a name, a value of a column
whose values the schema does not list, never the rows: reading it as them would drop the filter it is.
A money word ("sales", "revenue") is the rows' noun only when counted ("how many sales", "the most
sales") over a file with no column it could mean; summed ("total sales") it stays a measure.
When the file's name says its rows are something else ("how many strikes" over ``birds.csv``), the noun
is asked about (one question), never read as the rows without one.

A file with a numeric column named like a count (``count``, ``cases``, ``total``, ``n``: each row already
counts something) asks too for a row word ("cases", "orders") counted in a row's place, values between
or not ("number of Measles cases"): counting its rows would silently answer another question.
"""

from __future__ import annotations

from pathlib import Path

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent.accounting import RATE_WORDS
from mcpforge.pipeline.intent.clarify import Answers, ask, exact_column, offered
from mcpforge.pipeline.intent.language.function_words import FILLER_WORDS, FUNCTION_WORDS
from mcpforge.pipeline.intent.language.spans import written_as_name
from mcpforge.pipeline.intent.measures import MEASURE_WORDS, counted_money_word
from mcpforge.pipeline.intent.parse import AGG_WORDS, detect_operations
from mcpforge.pipeline.intent.quantities.ratios import row_noun
from mcpforge.pipeline.intent.rows.bracketed_rows import bracketed_row_names
from mcpforge.pipeline.intent.rows.day_rows import DAY_NOUNS, daily_column
from mcpforge.pipeline.intent.rows.row_entities import ranked_by_count, rows_without_question
from mcpforge.pipeline.intent.rows.shaped_rows import IRREGULAR_PLURALS, counting_choices, plural_base
from mcpforge.pipeline.intent.rows.tally import phrase_at, tally_columns
from mcpforge.pipeline.intent.rows.tally_words import counted_by_name, summed_note
from mcpforge.pipeline.intent.words import (
    ENTITY_WORDS,
    ColumnResolver,
    find_values,
    norm,
    singular,
    tokenize,
)

_PEOPLE = frozenset({"customer", "client", "user", "patient", "student", "member", "visitor", "buyer",
                     "player", "employee", "person", "people", "passenger", "subscriber", "account",
                     "session", "author"})  # fmt: skip
_NOT_ROWS = frozenset({"value", "row", "record", "time", "item", "unit", "column", "field", "variable",
                       "group", "category", "decimal", "digit", "place", "percent", "point", "number",
                       "result", "outlier", "duplicate", "observation", "entry", "case", "level", "kind",
                       "type", "day", "week", "month", "year", "hour", "minute", "quarter",
                       "decade", "onward", "forward", "afterward"})  # fmt: skip
_ROW_PLACES = frozenset({"many", "of", "the", "all", "those", "these", "every", "most", "fewest"})
# "the mean for vehicles with an engine over 4 l": a plural qualified by a condition is the rows it keeps
_QUALIFIED_PLACES = frozenset({"for", "among"})
_RELATIVES = frozenset({"with", "whose", "who", "that", "which", "where"})
_COUNTING = frozenset({"many", "number", "count", "distinct", "unique", "different"})
_MOST = frozenset({"most", "fewest"})
_MOSTLY = 0.5
ROWS = "rows"
_SHARE_WORDS = frozenset(RATE_WORDS) | {"fraction", "proportion"}
_ANALYSIS = frozenset(word for words in AGG_WORDS for word in words)


def _file_rows(resolver: ColumnResolver) -> str | None:
    """The plural noun the file's name gives its rows (``airports.json`` → "airport"), if it has one."""
    parts = Path(resolver.schema.path).stem.lower().replace("-", "_").split("_")
    plural = [p for p in parts if p.isalpha() and len(p) > 3 and p.endswith("s") and not p.endswith("ss")]
    return singular(plural[-1]) if plural else None


def _unique_per_row(column: str, resolver: ColumnResolver) -> bool:
    info = resolver.schema.get(column)
    schema = resolver.schema
    return (
        info is not None
        and info.kind in {"categorical", "text", "datetime"}
        and not schema.sampled
        and schema.rows is not None
        and info.null_count == 0
        and info.distinct_count == schema.rows
    )


_ROW_ITSELF = frozenset({"row", "record", "line", "entry", "column", "field", "variable", "data", "item"})


def _counted_row_word(tokens: list[str], i: int, resolver: ColumnResolver) -> bool:
    """``cases`` in "number of Measles cases" over a file with a ``count`` column: a counted row word."""
    token = tokens[i]
    base = singular(token)
    if base == token or not token.isalpha() or base in _ROW_ITSELF or not tally_columns(resolver):
        return False
    ranked = _ranked(tokens, i)  # "the most Measles cases": rows per state were counted before
    if not (_counted_at(tokens, i) or ranked) or resolver.resolve(token, fuzzy=False) is not None:
        return False
    people = base in _PEOPLE  # "number of Measles patients": counted rows silently before (R5)
    return base in ENTITY_WORDS or base == "case" or people or _unknown_noun(tokens, i, resolver)


def _ranked(tokens: list[str], i: int) -> bool:
    """``the most Measles cases``: a ranking word within the three words before ``i``."""
    return bool(_MOST & set(tokens[max(0, i - 3) : i]))


def _in_row_place(tokens: list[str], i: int, valued: set[int]) -> bool:
    while i > 0 and i - 1 in valued:  # "number of Measles cases": values stand between
        i -= 1
    before = tokens[i - 1] if i > 0 else ""
    qualified = before in _QUALIFIED_PLACES and tokens[i + 1 : i + 2] and tokens[i + 1] in _RELATIVES
    return before in _ROW_PLACES or before in _SHARE_WORDS or bool(qualified)


def _unknown_noun(tokens: list[str], i: int, resolver: ColumnResolver, *, plural: bool = True) -> bool:
    """``counties`` at ``i``: a plural content word that names nothing the file or the vocabulary knows."""
    token = tokens[i]
    base = plural_base(token)  # "children", "men": plurals too
    plural_form = base != token and (token.endswith("s") or token in IRREGULAR_PLURALS)
    if not (token.isalpha() and len(token) > 2 and (not plural or plural_form)):
        return False
    known = FUNCTION_WORDS | FILLER_WORDS | ENTITY_WORDS | _ANALYSIS | MEASURE_WORDS | _SHARE_WORDS
    if {token, base} & (known | _PEOPLE | _NOT_ROWS) or detect_operations(token):
        return False
    return resolver.resolve(token, fuzzy=True) is None and not resolver.candidates(token)


def _mostly_distinct(column: str, resolver: ColumnResolver) -> bool:
    info = resolver.schema.get(column)
    rows = resolver.schema.rows
    return (
        info is not None
        and info.kind in {"categorical", "text"}
        and bool(rows)
        and (info.distinct_count >= _MOSTLY * (rows or 0))
    )


def _counted_at(tokens: list[str], i: int) -> bool:
    return any(w in _COUNTING or w in _TOTALS for w in tokens[max(0, i - 3) : i])


_TOTALS = frozenset({"total", "totals", "sum"})  # "sum of the cases": a sum of no column


def _totalled(tokens: list[str], i: int, valued: set[int], resolver: ColumnResolver) -> bool:
    """``total Polio cases`` over a file with a ``count`` column: rows or the sum of ``count``, asked as
    "number of Polio cases" is (counting rows silently answered another question)."""
    while i > 0 and i - 1 in valued:
        i -= 1
    return i > 0 and tokens[i - 1] in _TOTALS and bool(tally_columns(resolver))


def _plural_of_row_column(tokens: list[str], i: int, resolver: ColumnResolver) -> str | None:
    """``days`` beside a daily ``date``: a column with one value per row; ``the comtés`` (not counted)
    beside ``Comté`` with mostly distinct names: the things the rows are."""
    token = tokens[i]
    if not token.endswith("s") or singular(token) == token:
        return None
    hit = resolver.match_at(tokens, i, fuzzy=False)
    if hit is None or hit[1] != 1 or norm(hit[0]) == token:
        return None
    if _unique_per_row(hit[0], resolver):
        return hit[0]
    if tokens[i - 1] in {"the", "all"} and not _counted_at(tokens, i) and _mostly_distinct(hit[0], resolver):
        return hit[0]
    return None


def one_row_noun(tokens: list[str], i: int, resolver: ColumnResolver) -> bool:
    """``vehicle`` in "the heaviest vehicle": a noun for one row of a file whose name does not say what
    its rows are (under the same guards as the plural)."""
    valued = {k for hit in find_values(tokens, resolver) for k in range(hit.start, hit.start + hit.width)}
    return (
        i not in valued
        and _unknown_noun(tokens, i, resolver, plural=False)
        and _file_rows(resolver) is None
        and singular(tokens[i]) != row_noun(resolver)
    )


def _confirmed_rows(word: str, resolver: ColumnResolver, given: Answers, request: str) -> str | None:
    """None when the person says each row is one ``word``; the numeric column they name instead; else
    the one question (a noun tied to no column could count rows or be counted by a column: "houses" over
    monthly city totals of ``sales`` and ``listings``)."""
    numeric = counting_choices(resolver)
    choices = {ROWS: f"each row of the file is one {plural_base(word)}: count rows"}
    choices |= {column: f"the sum of {column!r}" for column in numeric}
    said = given.get(word)
    answer = offered(said, choices) or exact_column(said, numeric)
    if answer is None:
        one = plural_base(word)
        question = (
            f"{word!r} names no column: is each row of the file one {one}, or which column counts them?"
        )
        ask(word, question, choices, request=request, rejected=said)
    return None if answer == ROWS else answer


def _refuse_counted_threshold(tokens: list[str], word: str, column: str, request: str) -> None:
    """``makers with at least 2 vehicles`` with the vehicles counted by ``units``: the number is a total of
    ``units`` per group (a HAVING on a sum), never a value of ``units`` on each row, which replacing the
    noun by the column would read; refused, naming it.

    Raises:
        UnmappableRequestError: a number right before the noun answered with a column.
    """
    i = tokens.index(word)
    if i == 0 or not tokens[i - 1].replace(",", "").isdigit():
        return
    words = f"{tokens[i - 1]} {word}"
    raise UnmappableRequestError(
        f"cannot map the request {request!r}: {words!r} counted by {column!r} is a total of {column!r} per "
        f"group, not a value of {column!r} on each row; ask for the total per group instead (e.g. 'total "
        f"{column} per <column>') and read the groups over the threshold",
        understood={"condition": words, "counted_by": column},
    )


def _summed(tokens: list[str], word: str, column: str, *, ranked: bool = False) -> list[str]:
    """``tokens`` with ``word`` replaced by ``column`` and the counting phrase before it by "total":
    "number of Measles cases" answered ``count`` is "total Measles count", the sum of ``count``."""
    out: list[str] = []
    for token in tokens:
        if token != word:
            out.append(token)
            continue
        for start in range(max(0, len(out) - 5), len(out)):  # earliest first: "total number of"
            phrase = phrase_at(out, start)
            if phrase is not None:
                out[start : start + len(phrase)] = ["total"]
                break
        else:  # "the most Measles cases": no counting phrase, the ranking is of the total
            out.extend(["total"] if ranked else [])
        out.extend(tokenize(column))
    return out


def rows_named(
    tokens: list[str], resolver: ColumnResolver, given: Answers, request: str
) -> tuple[list[str], list[str]]:
    """``tokens`` with each noun that names the file's rows replaced by "rows", and a note for each; a
    noun tied to no column is the rows only when the person says so (one question)."""
    valued = {k for hit in find_values(tokens, resolver) for k in range(hit.start, hit.start + hit.width)}
    file_rows = _file_rows(resolver)
    found: dict[str, str] = {}
    asked_only: set[str] = set()  # nouns the file's name contradicts: the rows only when the person says
    for i, token in enumerate(tokens):
        after_number = i > 0 and tokens[i - 1].isdigit()  # "the last 30 days": a span, not the rows
        totalled = _totalled(tokens, i, valued, resolver)
        placed = _in_row_place(tokens, i, valued) or counted_money_word(tokens, i, resolver)
        if i in valued or not (placed or after_number or totalled):  # "how many house sales"
            continue
        column = None if after_number else _plural_of_row_column(tokens, i, resolver)
        if column is None and not after_number and token in DAY_NOUNS:
            column = daily_column(resolver)  # "on how many days" over a file with one row per date
        unnamed = not written_as_name(token, request)
        if unnamed and not after_number and _counted_row_word(tokens, i, resolver):
            found[token] = "it names no column, and one row of the file is one of them"
        elif column is not None:
            found[token] = f"each row is one {column!r}"
        elif (
            unnamed
            and (_unknown_noun(tokens, i, resolver) or counted_money_word(tokens, i, resolver))
            and singular(token) != row_noun(resolver)
        ):
            found[token] = "it names no column, and one row of the file is one of them"
            asked_only |= {token} if file_rows is not None else set()
    unknown = [word for word, why in found.items() if why.startswith("it names")]
    if len(unknown) > 1:
        return tokens, []  # "how many counties have more cities ...": which of them is the row is not said
    summed: list[str] = []
    for word in unknown:  # "houses" over monthly city totals are not its rows: the person says
        if ranked_by_count(tokens, tokens.index(word)):  # "top 3 occupations by number of cases": groups
            del found[word]  # the file does not have under that name: left for the accounting to refuse
            continue
        plain = None if word in asked_only else rows_without_question(tokens, tokens.index(word), resolver)
        if plain is not None:
            found[word] = plain
            continue
        named = counted_by_name(word, tokens, resolver)  # "number of Measles cases" over one ``count``
        column = named or _confirmed_rows(word, resolver, given, request)
        if column is not None:
            _refuse_counted_threshold(tokens, word, column, request)
            del found[word]
            ranked = bool(named) and _ranked(tokens, tokens.index(word))
            tokens = _summed(tokens, word, column, ranked=ranked)
            summed += [summed_note(word, named)] if named else []
    out = ["rows" if token in found else token for token in tokens]
    out, bracketed = bracketed_row_names(out, resolver)  # "the 5 counties (Comté)"
    notes = [f"read as rows ({word}): {why}" for word, why in found.items()]
    return out, notes + summed + bracketed
