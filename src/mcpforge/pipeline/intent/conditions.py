"""Filters in a request: comparisons, ranges, dates, null checks and category values."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from mcpforge import _lazy_re as re
from mcpforge.models import Filter
from mcpforge.pipeline.intent.clarify import Answers
from mcpforge.pipeline.intent.filters.sign_words import sign_filters
from mcpforge.pipeline.intent.groups.group_sizes import GroupSize
from mcpforge.pipeline.intent.names.equal_names import answered_column
from mcpforge.pipeline.intent.names.name_spans import words_of_named_columns
from mcpforge.pipeline.intent.names.named_values import (
    ABSENT_TAILS,
    blank_when_absent,
    counted_filters,
    named_value_filters,
)
from mcpforge.pipeline.intent.time.periods import month_column, year_column, year_filters
from mcpforge.pipeline.intent.time.phrases import day_filters, from_reading, month_filters, open_end
from mcpforge.pipeline.intent.time.year_ranges import ambiguous_years, settle_years, years_belong_to_time
from mcpforge.pipeline.intent.words import ColumnResolver, find_values

_YEAR = re.compile(r"(19|20)\d{2}")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}(?:[ t]\d{2}:\d{2}(?::\d{2})?)?")
_NUMBER = re.compile(r"-?\d+(?:[.,]\d+)*k?")

# Multi-word comparison phrases, longest first; each maps to a Filter op.
COMPARATORS: list[tuple[tuple[str, ...], str]] = sorted(
    [
        ((">",), ">"), ((">=",), ">="), (("≥",), ">="), (("<",), "<"), (("<=",), "<="), (("≤",), "<="),
        (("=",), "=="), (("==",), "=="), (("!=",), "!="),
        (("over",), ">"), (("above",), ">"), (("exceeding",), ">"), (("exceeds",), ">"),
        (("greater", "than"), ">"), (("more", "than"), ">"), (("higher", "than"), ">"),
        (("larger", "than"), ">"), (("bigger", "than"), ">"), (("older", "than"), ">"),
        (("heavier", "than"), ">"), (("longer", "than"), ">"), (("lighter", "than"), "<"),
        (("cheaper", "than"), "<"), (("shorter", "than"), "<"),
        (("at", "least"), ">="), (("no", "less", "than"), ">="),
        (("under",), "<"), (("below",), "<"), (("less", "than"), "<"), (("fewer", "than"), "<"),
        (("lower", "than"), "<"), (("smaller", "than"), "<"), (("younger", "than"), "<"),
        (("at", "most"), "<="), (("no", "more", "than"), "<="), (("up", "to"), "<="),
        (("equal", "to"), "=="), (("equals",), "=="), (("is", "not"), "!="), (("isn't",), "!="),
        (("not", "equal", "to"), "!="), (("is",), "=="), (("of",), "=="),
    ],
    key=lambda item: -len(item[0]),
)  # fmt: skip
_NUMERIC_ONLY = {">", ">=", "<", "<="}
_NEGATORS = {"not", "non", "excluding", "exclude", "except", "without", "no", "outside", "other", "besides"}
_NULL_WORDS = {"missing", "null", "empty", "blank", "nan", "unknown", "unrecorded"}
_DATE_WORDS = {"after": ">", "since": ">=", "from": ">=", "before": "<", "until": "<=", "till": "<=",
               "through": "<=", "in": "year", "during": "year", "of": "year", "to": "<=",
               "for": "year"}  # fmt: skip


_MONTHS = {
    m: n
    for n, m in enumerate(
        ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], start=1
    )
}
_MONTH_WORDS = frozenset(
    [
        "january",
        "february",
        "march",
        "april",
        "may",
        "june",
        "july",
        "august",
        "september",
        "october",
        "november",
        "december",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
    ]
)


@dataclass(kw_only=True)
class FilterResult:
    """Filters found, the token positions they used, and problems to report."""

    filters: list[Filter] = field(default_factory=list)
    used: set[int] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)
    ambiguous: list[str] = field(default_factory=list)
    used_width: int = 0
    answers: Answers | None = None
    """The person's answers, when the reading may ask (the main reading); helpers' scans only report."""
    request: str = ""
    value_columns: dict[str, list[str]] = field(default_factory=dict)
    """A word that is a value of several columns (none named near it): its message -> those columns."""
    group_size: GroupSize | None = None
    """ "neighborhoods with at least 20 rows": a condition on each group's row count, not on the rows; the
    reading attaches it to its groups once they are known (groups/group_sizes.py)."""


def _number(token: str) -> float | int | None:
    if not _NUMBER.fullmatch(token):
        return None
    scale = 1000 if token.endswith("k") else 1
    text = token.rstrip("k").replace(",", "")
    value = float(text) * scale
    return int(value) if value.is_integer() else value


def _value_token(token: str) -> Any:
    if _DATE.fullmatch(token):
        return token.replace("t", "T")
    return _number(token)


def _column_before(tokens: list[str], end: int, resolver: ColumnResolver) -> tuple[str, int] | None:
    """The column phrase that ends right before ``end`` (skipping is/was/are): (column, start)."""
    stop = end
    while stop > 0 and tokens[stop - 1] in {"is", "was", "are", "were", "be"}:
        stop -= 1
    for width in range(min(4, stop), 0, -1):
        hit = resolver.match_at(tokens, stop - width, fuzzy=True)
        if hit is not None and hit[1] == width:
            return hit[0], stop - width
    return None


def _category_value(column: str, word: str, resolver: ColumnResolver) -> str | None:
    info = resolver.schema.get(column)
    if info is None or not info.values:
        return None
    lowered = {v.lower(): v for v in info.values}
    if word in lowered:
        return lowered[word]
    close = difflib.get_close_matches(word, list(lowered), n=1, cutoff=0.8)
    return lowered[close[0]] if close else None


def _match_comparator(tokens: list[str], i: int) -> tuple[str, int] | None:
    for words, op in COMPARATORS:
        if tuple(tokens[i : i + len(words)]) == words:
            return op, len(words)
    return None


def _year_range(column: str, year: int, op: str) -> list[Filter]:
    if op == "year":
        return [
            Filter(column=column, op=">=", value=f"{year}-01-01"),
            Filter(column=column, op="<", value=f"{year + 1}-01-01"),
        ]
    if op == ">":
        return [Filter(column=column, op=">=", value=f"{year + 1}-01-01")]
    if op == ">=":
        return [Filter(column=column, op=">=", value=f"{year}-01-01")]
    if op == "<":
        return [Filter(column=column, op="<", value=f"{year}-01-01")]
    if op == "<=":
        return [Filter(column=column, op="<", value=f"{year + 1}-01-01")]
    return _year_range(column, year, "year")


def year_target(resolver: ColumnResolver, tokens: list[str]) -> str | None:
    """The column a year in the request filters: a date column the request names, else the file's integer
    year column, else its first date column.

    A column named for the year (``year``, ``Jahr``, ``année``, ``yr``) is what "the years 2010 through
    2013" restricts: a file can also carry a date of another event (``Date_Posted_or_Updated``, all in
    2014), and a window put on that date kept 0 rows of the years asked about.
    """
    return named_date_column(resolver, tokens) or year_column(resolver) or date_column(resolver, tokens)


def named_date_column(resolver: ColumnResolver, tokens: list[str]) -> str | None:
    """The datetime column the request names, if it names one."""
    for i in range(len(tokens)):
        hit = resolver.match_at(tokens, i)
        if hit and resolver.kind(hit[0]) == "datetime":
            return hit[0]
    return None


def _years(column: str, year: int, op: str, resolver: ColumnResolver) -> list[Filter]:
    """``in 2019`` on a date column (a date range) or on an integer year column (``year == 2019``)."""
    if resolver.kind(column) == "numeric":
        return year_filters(column, year, op)
    return _year_range(column, year, op)


def date_column(resolver: ColumnResolver, tokens: list[str]) -> str | None:
    """The datetime column the request names, else the dataset's first datetime column."""
    dates = [c for c in resolver.names() if resolver.kind(c) == "datetime"]
    for i in range(len(tokens)):
        hit = resolver.match_at(tokens, i)
        if hit and hit[0] in dates:
            return hit[0]
    return dates[0] if dates else None


def find_filters(
    tokens: list[str],
    resolver: ColumnResolver,
    reserved: set[int],
    *,
    given: Answers | None = None,
    request: str = "",
) -> FilterResult:
    """Every filter in ``tokens`` that does not touch the ``reserved`` positions.

    With ``given`` (the main reading), a range both columns could hold asks which one is meant.
    """
    out = FilterResult(answers=given, request=request)
    _or_more(tokens, resolver, reserved, out)
    for found, span in counted_filters(tokens, resolver, reserved | out.used):  # "have 6 Cylinders"
        out.filters.append(found)
        out.used.update(span)
    _missing_mentions(tokens, resolver, reserved, out)
    _comparisons(tokens, resolver, reserved, out)
    _date_words(tokens, resolver, reserved, out)
    for found, span in named_value_filters(tokens, resolver, reserved | out.used):
        out.filters.append(found)
        out.used.update(span)
    _category_values(tokens, resolver, reserved, out)
    _booleans(tokens, resolver, reserved, out)
    for found, span in sign_filters(tokens, resolver, reserved | out.used):  # "the return was positive"
        out.filters.append(found)
        out.used.update(span)
    return out


def _comparisons(tokens: list[str], resolver: ColumnResolver, reserved: set[int], out: FilterResult) -> None:
    i = 0
    while i < len(tokens):
        if i in reserved or i in out.used:
            i += 1
            continue
        i = _between_at(tokens, i, resolver, out) or _comparison_at(tokens, i, resolver, reserved, out)


def _between_at(tokens: list[str], i: int, resolver: ColumnResolver, out: FilterResult) -> int:
    """``X between A and B`` at ``i``: the index after it, or 0 when there is none."""
    if tokens[i] != "between" or i + 3 >= len(tokens) or tokens[i + 2] not in {"and", "to"}:
        return 0
    low, high = _value_token(tokens[i + 1]), _value_token(tokens[i + 3])
    if low is None or high is None:
        return 0
    left = _column_before(tokens, i, resolver)
    start = left[1] if left else i
    if left is not None and left[1] > 0 and tokens[left[1] - 1] in {"by", "per", "each", "every"}:
        start = i  # "sales per year between 2010 and 2014": the year is a key and the range's column
    time = year_target(resolver, tokens)
    to_time = years_belong_to_time(tokens, i, left, resolver, time)
    if to_time is None and out.answers is not None:  # "sales between 2011 and 2013 per city": ask which
        to_time = settle_years(tokens, i, left, time, out.answers, out.notes, out.request)
    if to_time is None:
        out.ambiguous.append(ambiguous_years(tokens, i, left, time))
        out.used.update(range(i, i + 4))
        return i + 4
    if to_time:
        start = i  # "total volume between 2000 and 2015": the volume is the measure, the years are time
    if left is not None and resolver.kind(left[0]) == "numeric" and not to_time:
        found = [Filter(column=left[0], op="between", value=[low, high])]
    else:
        column = left[0] if left and resolver.kind(left[0]) == "datetime" else year_target(resolver, tokens)
        if column is not None and _year_like(tokens[i + 1]) and _year_like(tokens[i + 3]):
            found = [*_years(column, int(low), ">=", resolver), *_years(column, int(high), "<=", resolver)]
        elif column is not None and isinstance(low, str) and isinstance(high, str):
            found = [Filter(column=column, op="between", value=[low, high])]
        else:
            return 0
    out.filters += found
    out.used.update(range(start, i + 4))
    return i + 4


def _a_span_not_a_bound(tokens: list[str], i: int, j: int) -> bool:
    """``over the years``, ``über alle Jahre``: "over"/"above" before no number is the span the aggregate
    covers, no comparison with a missing column; its words are left to the word accounting."""
    return tokens[i] in {"over", "above"} and not any(char.isdigit() for char in tokens[j])


def _comparison_at(
    tokens: list[str], i: int, resolver: ColumnResolver, reserved: set[int], out: FilterResult
) -> int:
    """``column <comparator> value`` (or ``<comparator> N column``) at ``i``: the index to continue from."""
    matched = _match_comparator(tokens, i)
    if matched is None:
        return i + 1
    op, width = matched
    left = _column_before(tokens, i, resolver)
    j = i + width
    if j < len(tokens) and tokens[j] in {"the", "a"}:
        j += 1
    age = resolver.resolve("age", fuzzy=False)
    if left is None and tokens[i] in {"older", "younger"} and age:
        left = (age, i)
    if left is None and j + 1 < len(tokens) and _reversed(tokens, j, op, resolver, out):
        out.used.update(range(i, j + 1 + out.used_width))
        return j + 1 + out.used_width
    # "carat of the 5 diamonds with ...": the 5 (reserved: the top N) is no value of carat
    if (
        left is None
        or j >= len(tokens)
        or any(p in reserved or p in out.used for p in [*range(left[1], i), j])
    ):
        return i + width
    column, start = left
    result = _filter_for(column, op, tokens=tokens, i=i, j=j, resolver=resolver)
    if result is None:
        if tokens[i] in {"is", "of", "or"} or _a_span_not_a_bound(tokens, i, j):
            return i + width
        out.unknown.append(f"{column} {' '.join(tokens[i : j + 1])}")
        return j + 1
    found, end = result
    out.filters += found
    out.used.update(range(start, end + 1))
    return end + 1


def _filter_for(
    column: str, op: str, *, tokens: list[str], i: int, j: int, resolver: ColumnResolver
) -> tuple[list[Filter], int] | None:
    """The filters ``column op tokens[j]`` means, and the last token used; None when it means nothing."""
    word = tokens[j]
    if op in {"==", "!="} and word in _NULL_WORDS:
        return [Filter(column=column, op="is null" if op == "==" else "not null")], j
    if (
        op == "=="
        and tokens[i] == "is"
        and word == "not"
        and j + 1 < len(tokens)
        and tokens[j + 1] in _NULL_WORDS
    ):
        return [Filter(column=column, op="not null")], j + 1
    found = _value_filter(column, op, word, resolver)
    if found is None and tokens[i] not in {"is", "of", "or"}:
        found = _year_column(column, word, resolver, tokens, op) or None
    return (found, j) if found else None


def _value_filter(column: str, op: str, word: str, resolver: ColumnResolver) -> list[Filter] | None:
    kind = resolver.kind(column)
    value = _value_token(word)
    if kind == "datetime" and _year_like(word) and op in _NUMERIC_ONLY | {"=="}:
        return _year_range(column, int(word), "year" if op == "==" else op)
    if value is not None and kind in {"numeric", "datetime"}:
        return [Filter(column=column, op=op, value=value)]
    equality = op in {"==", "!="}
    if equality and kind == "categorical" and (category := _category_value(column, word, resolver)):
        return [Filter(column=column, op=op, value=category)]
    if equality and kind == "boolean" and word in {"true", "false", "yes", "no"}:
        return [Filter(column=column, op=op, value=boolean_value(column, word in {"true", "yes"}, resolver))]
    return None


def boolean_value(column: str, truth: bool, resolver: ColumnResolver) -> bool | str:
    """The value a yes/no column holds for ``truth``: True/False, or its own text ("Yes", "N")."""
    info = resolver.schema.get(column)
    literals = info.values if info is not None else ()
    words = {"yes", "y", "true", "t", "1"} if truth else {"no", "n", "false", "f", "0"}
    return next((value for value in literals if value.strip().lower() in words), truth)


def _reversed(tokens: list[str], j: int, op: str, resolver: ColumnResolver, out: FilterResult) -> bool:
    """``more than 2 casualties``, ``at least 3 vehicles``: comparator, number, then the column."""
    value = _number(tokens[j])
    if value is None or op not in _NUMERIC_ONLY:
        return False
    hit = resolver.match_at(tokens, j + 1, fuzzy=True)
    if hit is None or resolver.kind(hit[0]) != "numeric":
        return False
    out.filters.append(Filter(column=hit[0], op=op, value=value))
    out.used_width = hit[1]
    return True


def _or_more(tokens: list[str], resolver: ColumnResolver, reserved: set[int], out: FilterResult) -> None:
    """``3 or more vehicles`` / ``2 or fewer casualties``."""
    for i in range(len(tokens) - 3):
        if {i, i + 1, i + 2} & (reserved | out.used) or tokens[i + 1] != "or":
            continue
        op = {"more": ">=", "over": ">=", "fewer": "<=", "less": "<=", "under": "<="}.get(tokens[i + 2])
        value = _number(tokens[i])
        hit = resolver.match_at(tokens, i + 3, fuzzy=True)
        if op and value is not None and hit and resolver.kind(hit[0]) == "numeric":
            out.filters.append(Filter(column=hit[0], op=op, value=value))
            out.used.update(range(i, i + 3 + hit[1]))


def _year_like(token: str) -> bool:
    return bool(_YEAR.fullmatch(token))


def _year_column(
    column: str, word: str, resolver: ColumnResolver, tokens: list[str], op: str
) -> list[Filter]:
    """``year > 2023`` on a dataset without a year column: a range on its date column."""
    del column
    if not _year_like(word):
        return []
    target = year_target(resolver, tokens)
    return _years(target, int(word), op, resolver) if target else []


def _date_words(tokens: list[str], resolver: ColumnResolver, reserved: set[int], out: FilterResult) -> None:
    """``after 2024-01-01``, ``since 2022``, ``in 2023``, ``year > 2023`` (no year column)."""
    for i, token in enumerate(tokens[:-1]):
        if i in reserved or i in out.used:
            continue
        nxt = tokens[i + 1]
        op = _DATE_WORDS.get(token)
        if token == "year" and resolver.resolve("year", fuzzy=False) is None:
            matched = _match_comparator(tokens, i + 1)
            if matched and i + 1 + matched[1] < len(tokens) and _year_like(tokens[i + 1 + matched[1]]):
                column = date_column(resolver, tokens)
                if column:
                    year = int(tokens[i + 1 + matched[1]])
                    out.filters += _year_range(column, year, "year" if matched[0] == "==" else matched[0])
                    out.used.update(range(i, i + 2 + matched[1]))
                    out.notes.append(f"'year' read as the year of {column!r}")
            continue
        if op is None or (i + 1) in reserved or (i + 1) in out.used:
            continue
        column = year_target(resolver, tokens)
        if column is None:
            continue
        op, tail = from_reading(tokens, i + 1) if token == "from" else (op, set())  # "from 1975": that year
        bound, later = open_end(tokens, i + 2) if op == "year" and _year_like(nxt) else (None, set())
        op, tail = (bound, later) if bound is not None else (op, tail)  # "in 1945 and later"
        found = len(out.filters)
        month = _MONTHS.get(nxt[:3]) if nxt[:3] in _MONTHS and nxt in _MONTH_WORDS else None
        column = _date_or_year(column, nxt, month=month, resolver=resolver, tokens=tokens)
        if resolver.kind(column) == "numeric":
            _integer_year_words(tokens, i, op, month, column, resolver, out)
        elif month and i + 2 < len(tokens) and _year_like(tokens[i + 2]):
            out.filters += month_filters(column, int(tokens[i + 2]), month, op)
            out.used.update({i, i + 1, i + 2})
        elif _year_like(nxt):
            out.filters += _year_range(column, int(nxt), op)
            out.used.update({i, i + 1})
        elif _DATE.fullmatch(nxt) and (dated := _date_filters(column, op, nxt)):
            out.filters += dated
            out.used.update({i, i + 1})
        if len(out.filters) > found:
            out.used.update(tail)


def _date_or_year(
    column: str, word: str, *, month: int | None, resolver: ColumnResolver, tokens: list[str]
) -> str:
    """The date column for a full date or a month with no month column ("after 2014-03-01", "in May
    2014") over a file whose years go to its integer year column; else ``column``."""
    if resolver.kind(column) == "numeric" and (
        _DATE.fullmatch(word) or (month and not month_column(resolver))
    ):
        return date_column(resolver, tokens) or column
    return column


def _date_filters(column: str, op: str, date: str) -> list[Filter]:
    """``after 2024-01-01``; ``in`` / ``from 2024-01-03`` alone: that day."""
    if op != "year":
        return [Filter(column=column, op=op, value=date.replace("t", "T"))]
    return day_filters(column, date) or []


def _integer_year_words(  # noqa: PLR0917 - the scan's position, passed through
    tokens: list[str],
    i: int,
    op: str,
    month: int | None,
    column: str,
    resolver: ColumnResolver,
    out: FilterResult,
) -> None:
    """``in 2019`` → year == 2019, ``from 2011`` → year >= 2011; ``in July 2015`` with a month column too."""
    nxt = tokens[i + 1]
    months = month_column(resolver)
    if month and months and op == "year":
        out.filters.append(Filter(column=months, op="==", value=month))
        out.used.update({i, i + 1})
        if i + 2 < len(tokens) and _year_like(tokens[i + 2]):
            out.filters += year_filters(column, int(tokens[i + 2]), op)
            out.used.add(i + 2)
    elif _year_like(nxt):
        out.filters += year_filters(column, int(nxt), op)
        out.used.update({i, i + 1})


def _category_values(
    tokens: list[str], resolver: ColumnResolver, reserved: set[int], out: FilterResult
) -> None:
    named = words_of_named_columns(tokens, resolver)  # the "de" of "taux de chômage" is no State
    hits = [
        h
        for h in find_values(tokens, resolver)
        if not (set(range(h.start, h.start + h.width)) & (reserved | out.used | named))
    ]
    by_position: dict[int, list[str]] = {}
    for hit in hits:
        by_position.setdefault(hit.start, []).append(hit.column)
    mentioned = _mentioned_columns(tokens, resolver)
    chosen: dict[tuple[str, str], list[str]] = {}
    for hit in hits:
        columns = by_position[hit.start]
        if len(columns) > 1:
            near = [c for c in columns if c in mentioned]
            picked = answered_column(tokens[hit.start], columns, out.answers, out.request)
            near = near if len(near) == 1 or picked is None else [picked]  # "white=race" answered
            if len(near) != 1:
                message = f"{tokens[hit.start]!r} is a value of {', '.join(repr(c) for c in columns)}"
                if message not in out.ambiguous:
                    out.ambiguous.append(message)
                    out.value_columns[message] = list(dict.fromkeys(columns))
                continue
            if hit.column != near[0]:
                continue
        window = tokens[max(0, hit.start - 3) : hit.start]
        negated = any(w in _NEGATORS for w in window) and not {"only", "just"} & set(window)
        chosen.setdefault((hit.column, "!=" if negated else "=="), []).append(hit.value)
        out.used.update(range(hit.start, hit.start + hit.width))
        if negated:  # "outside the USA": the word that made it != is used by the filter
            out.used.update(k for k in range(max(0, hit.start - 3), hit.start) if tokens[k] in _NEGATORS)
    for (column, op), values in chosen.items():
        unique = list(dict.fromkeys(values))
        if len(unique) == 1:
            out.filters.append(Filter(column=column, op=op, value=unique[0]))
        else:
            out.filters.append(Filter(column=column, op="in" if op == "==" else "not in", value=unique))


_GROUP_WORDS = {"by", "per", "each", "across", "vs", "versus", "and", "or", ","}


def _booleans(tokens: list[str], resolver: ColumnResolver, reserved: set[int], out: FilterResult) -> None:
    """``remote employees`` → remote == True; ``non-remote`` / ``not remote`` → remote == False."""
    for i, token in enumerate(tokens):
        if i in reserved or i in out.used:
            continue
        word = token[:-2] if token.endswith("ly") and len(token) > 5 else token  # "remotely" → remote
        column = resolver.resolve(word, fuzzy=False)
        if column is None or resolver.kind(column) != "boolean" or _key_of(column) != word:
            continue
        before = tokens[i - 1] if i else ""
        if before in _GROUP_WORDS or (
            i + 1 < len(tokens) and tokens[i + 1] in {"by", "vs", "and"} and before in _GROUP_WORDS
        ):
            continue
        negated = before in {"not", "non", "no"}
        out.filters.append(Filter(column=column, op="==", value=boolean_value(column, not negated, resolver)))
        out.used.update({i - 1, i} if negated else {i})


def _key_of(column: str) -> str:
    return column.lower()


_VALUE_TAIL = (["value"], ["values"], ["entry"], ["entries"])


def _absent(tokens: list[str], i: int, hit: tuple[str, int], resolver: ColumnResolver) -> bool:
    """``no state`` (a text column empty when absent), ``no gdp value`` (any column: a 0 is a value)."""
    return blank_when_absent(hit[0], resolver) or tokens[i + 1 + hit[1] : i + 2 + hit[1]] in _VALUE_TAIL


def _missing_mentions(
    tokens: list[str], resolver: ColumnResolver, reserved: set[int], out: FilterResult
) -> None:
    """``with a missing driver age`` → driver_age is null; ``with a known driver age`` → not null."""
    for i in range(1, len(tokens) - 1):
        if {i - 1, i} & (reserved | out.used) or tokens[i - 1] not in {
            "with",
            "have",
            "has",
            "a",
            "an",
            "where",
        }:
            continue
        op = (
            "is null"
            if tokens[i] in _NULL_WORDS
            else "not null"
            if tokens[i] in {"known", "recorded"}
            else None
        )
        hit = resolver.match_at(tokens, i + 1, fuzzy=True)
        if op and hit:
            out.filters.append(Filter(column=hit[0], op=op))
            out.used.update(range(i, i + 1 + hit[1]))
        elif tokens[i] == "no" and hit and tokens[i - 1] != "a" and _absent(tokens, i, hit, resolver):
            # "airports with no state (recorded)": the text column is empty there
            end = i + 1 + hit[1]
            out.filters.append(Filter(column=hit[0], op="is null"))
            out.used.update(range(i, end + (end < len(tokens) and tokens[end] in ABSENT_TAILS)))


def _mentioned_columns(tokens: list[str], resolver: ColumnResolver) -> set[str]:
    found: set[str] = set()
    for i in range(len(tokens)):
        hit = resolver.match_at(tokens, i)
        if hit:
            found.add(hit[0])
    return found
