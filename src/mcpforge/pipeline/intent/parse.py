"""The phrase-level pieces of a request: top-N, time grain, group keys, metrics, operation words."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from mcpforge.models import Aggregation
from mcpforge.pipeline.intent.words import ENTITY_WORDS, ColumnResolver, singular

AggFunc = Literal["count", "sum", "mean", "median", "min", "max", "std", "nunique"]
TimeGrain = Literal["day", "week", "month", "quarter", "year", "weekday", "hour"]

_TOP_DESC = {
    "top",
    "first",
    "highest",
    "largest",
    "biggest",
    "best",
    "most",
    "busiest",
    "greatest",
    "maximum",
    "oldest",
    "latest",
    "newest",
    "longest",
    "hottest",
    "priciest",
}
_TOP_ASC = {"bottom", "lowest", "smallest", "least", "fewest", "worst", "minimum", "quietest", "youngest",
            "earliest", "cheapest", "shortest", "coldest"}  # fmt: skip
# Superlatives that name the sort column themselves ("the 10 youngest drivers" sorts by age).
SUPERLATIVE_COLUMNS = {"youngest": "age", "oldest": "age", "cheapest": "price", "priciest": "price",
                       "hottest": "temperature", "coldest": "temperature", "earliest": "date",
                       "latest": "date", "newest": "date", "longest": "duration",
                       "shortest": "duration"}  # fmt: skip
_GRAMMAR = {"the", "a", "an", "its", "their", "each", "every", "all", "of", "in", "on", "for", "with", "to"}

AGG_WORDS: dict[tuple[str, ...], AggFunc] = {
    ("standard", "deviation"): "std", ("std", "dev"): "std", ("std",): "std", ("stdev",): "std",
    ("stddev",): "std", ("variability",): "std", ("spread",): "std",
    ("average",): "mean", ("avg",): "mean", ("mean",): "mean", ("typical",): "mean",
    ("total", "number", "of"): "count", ("total",): "sum", ("sum",): "sum", ("summed",): "sum",
    ("median",): "median", ("minimum",): "min", ("min",): "min", ("smallest",): "min",
    ("lowest",): "min", ("maximum",): "max", ("max",): "max", ("largest",): "max", ("highest",): "max",
    ("biggest",): "max", ("peak",): "max", ("longest",): "max", ("shortest",): "min",
    ("number", "of", "distinct"): "nunique", ("number", "of", "unique"): "nunique",
    ("number", "of", "different"): "nunique", ("count", "of", "distinct"): "nunique",
    ("count", "of", "unique"): "nunique", ("how", "many", "distinct"): "nunique",
    ("how", "many", "unique"): "nunique", ("how", "many", "different"): "nunique",
    ("distinct", "count", "of"): "nunique", ("unique", "count", "of"): "nunique",
    ("count", "distinct"): "nunique",
    ("distinct",): "nunique",
    ("unique",): "nunique",
    ("number", "of"): "count", ("count", "of"): "count", ("how", "many"): "count", ("count",): "count",
    ("counts",): "count",
    ("range", "of"): "min",
    ("range",): "min", ("frequency",): "count", ("volume", "of"): "count", ("no", "of"): "count",
    ("how", "much"): "sum",
}  # fmt: skip
_AGG_SORTED = sorted(AGG_WORDS, key=len, reverse=True)

_GRAIN_PHRASES: dict[tuple[str, ...], TimeGrain | str] = {
    ("day", "of", "the", "week"): "weekday", ("days", "of", "the", "week"): "weekday",
    ("day", "of", "week"): "weekday", ("weekday",): "weekday", ("weekdays",): "weekday",
    ("day", "of", "the", "weekday"): "weekday",
    ("hour", "of", "the", "day"): "hour", ("hour", "of", "day"): "hour", ("hourly",): "hour",
    ("time", "of", "day"): "hour",
    ("month", "of", "the", "year"): "part:month", ("month", "of", "year"): "part:month",
    ("calendar", "month"): "part:month",
    ("daily",): "day", ("weekly",): "week", ("monthly",): "month", ("quarterly",): "quarter",
    ("yearly",): "year", ("annual",): "year", ("annually",): "year",
    ("month", "over", "month"): "month", ("year", "over", "year"): "year", ("over", "time"): "month",
    ("day", "by", "day"): "day", ("month", "by", "month"): "month",
}  # fmt: skip
_GRAIN_AFTER_TRIGGER: dict[str, TimeGrain] = {
    "day": "day", "days": "day", "date": "day", "week": "week", "weeks": "week", "month": "month",
    "months": "month", "quarter": "quarter", "quarters": "quarter", "year": "year", "years": "year",
    "hour": "hour", "hours": "hour", "weekday": "weekday",
}  # fmt: skip
GROUP_TRIGGERS: list[tuple[str, ...]] = [
    ("grouped", "by"),
    ("group", "by"),
    ("broken", "down", "by"),
    ("break", "down", "by"),
    ("split", "by"),
    ("for", "each"),
    ("for", "every"),
    ("in", "each"),
    ("within", "each"),
    ("across",),
    ("per",),
    ("by",),
    ("each",),
    ("rank",),
    ("ranking",),
    ("compare",),
]
_SORT_TRIGGERS = {("sorted", "by"), ("ordered", "by"), ("ranked", "by"), ("sort", "by"), ("order", "by"),
                  ("rank", "by"), ("sorted", "on")}  # fmt: skip

OP_KEYWORDS: list[tuple[str, str]] = [
    (r"\bcross[- ]?tab(?:ulation|ulate)?s?\b|\bcontingency\b", "crosstab"),
    (r"\bpivot", "pivot_table"),
    (r"\bcorrelat|\bcorr\b|\brelationship between\b|\bassociation between\b", "correlation"),
    (r"\boutlier|\banomal|\bunusual (?:values|readings)|\bextreme values\b", "outliers"),
    (r"\bpercentiles?\b|\bquantiles?\b|\bquartiles?\b|\bdeciles?\b|\bp\d{1,2}\b"
     r"|\d+(?:st|nd|rd|th) percentile", "percentiles"),
    (r"\bmissing values?\b|\bmissing data\b|\bnull values?\b|\bnulls\b|\bnan values\b|\bcompleteness\b"
     r"|\bhow many (?:values )?(?:are )?missing\b|\bmissing (?:in|per|by) (?:each|every)? ?column"
     r"|\bmissing\b(?!.*\bwhere\b)",
     "missing_values"),
    (r"\bdescribe\b|\bsummary stat|\bsummary statistics\b|\bdescriptive stat|\bsummari[sz]e\b"
     r"|\bstatistics\b|\bstats\b|\boverview\b|\bsummary\b", "summary_stats"),
    (r"\bdistribution\b|\bhistogram\b|\bfrequenc(?:y|ies)\b|\bvalue counts\b|\bbreakdown\b|\bbreak down\b"
     r"|\bhow (?:are|is) .* distributed\b", "value_distribution"),
    (r"\bdistinct\b|\bunique\b|\bdifferent\b|\bcardinality\b", "distinct_count"),
]  # fmt: skip
SHARE_WORDS = re.compile(
    r"\bshares?\b|\bpercent(?:age)?s?\b|\bproportions?\b|%|\bfraction\b|\bratio\b|\brelative\b"
)


@dataclass(kw_only=True)
class Phrases:
    """What the phrase scanners found, with the token positions they used."""

    top_n: int | None = None
    descending: bool = True
    top_subject: int | None = None
    top_word: str | None = None
    sort_order: bool = False
    per_row: bool = False
    grain: TimeGrain | None = None
    part: str | None = None
    group_by: list[str] = field(default_factory=list)
    sort_column: str | None = None
    metrics: list[Aggregation] = field(default_factory=list)
    ranking_metric: bool = False
    additive: set[str] = field(default_factory=set)
    unknown: list[str] = field(default_factory=list)
    ambiguous: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    used: set[int] = field(default_factory=set)


def find_sort_order(tokens: list[str], out: Phrases) -> None:
    """``lowest first``, ``ascending``, ``sorted descending``: the sort direction."""
    for i, token in enumerate(tokens):
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        if token in {"ascending", "asc"} or (token in _TOP_ASC and nxt == "first"):
            out.descending = False
        elif token in {"descending", "desc"} or (token in _TOP_DESC and nxt == "first"):
            out.descending = True
        else:
            continue
        out.sort_order = True
        out.used.update({i, i + 1} if nxt == "first" else {i})


def find_top_n(tokens: list[str], out: Phrases) -> None:
    """``top 5``, ``10 most``, ``lowest 3``, ``bottom 3``."""
    for i, token in enumerate(tokens):
        if i > 0 and tokens[i - 1] in {"at", "no"}:
            continue  # "at least 10", "no more than 5" are filters
        number = int(tokens[i + 1]) if i + 1 < len(tokens) and tokens[i + 1].isdigit() else None
        if token in _TOP_DESC | _TOP_ASC and number is not None and 0 < number <= 10_000:
            out.top_n, out.descending, out.top_word = number, token in _TOP_DESC, token
            out.used.update({i, i + 1})
            out.top_subject = i + 2
            return
        if (
            token.isdigit()
            and i + 1 < len(tokens)
            and tokens[i + 1] in _TOP_DESC | _TOP_ASC
            and 0 < int(token) <= 10_000
        ):
            out.top_n, out.descending, out.top_word = int(token), tokens[i + 1] in _TOP_DESC, tokens[i + 1]
            out.used.update({i, i + 1})
            out.top_subject = i + 2
            if i + 2 < len(tokens) and tokens[i + 2] in {
                "common",
                "frequent",
                "popular",
                "expensive",
                "recent",
            }:
                out.used.add(i + 2)
                out.top_subject = i + 3
            return
    if _which_most(tokens, out) or _n_with_most(tokens, out) or _with_most(tokens, out):
        return
    for i, token in enumerate(tokens[:-1]):
        if token in {"most", "least"} and tokens[i + 1] in {"common", "frequent", "popular"}:
            out.top_n, out.descending = 1, token == "most"
            out.used.update({i, i + 1})
            out.top_subject = i + 2
            out.notes.append(f"'{token} {tokens[i + 1]}' read as the top 1 group")
            return


_SUPERLATIVES = {"most": True, "highest": True, "largest": True, "biggest": True, "greatest": True,
                 "busiest": True, "best": True, "fewest": False, "least": False, "lowest": False,
                 "smallest": False, "quietest": False, "worst": False}  # fmt: skip
_TIME_WORDS = {
    "day",
    "days",
    "week",
    "weeks",
    "month",
    "months",
    "year",
    "years",
    "hour",
    "hours",
    "weekday",
    "time",
}


def _n_with_most(tokens: list[str], out: Phrases) -> bool:
    """``the 3 departments with the most overtime`` → top 3 groups."""
    for i, token in enumerate(tokens):
        if not token.isdigit() or not 0 < int(token) <= 10_000 or (i > 0 and tokens[i - 1] in _NOT_TOP):
            continue
        for k in range(i + 2, min(len(tokens), i + 7)):
            if tokens[k] in _SUPERLATIVES and tokens[k - 1] in {"the", "most", "with", "by", *_SUPERLATIVES}:
                out.top_n, out.descending, out.top_subject = int(token), _SUPERLATIVES[tokens[k]], i + 1
                out.used.update({i, k})
                return True
    return False


_NOT_TOP = {"at", "no", "than", "over", "under", "above", "below", "between", "and", "of", "in", "to", "from"}


def _which_most(tokens: list[str], out: Phrases) -> bool:
    """``which region has the most fatal accidents`` → the top 1 group (subject right after "which")."""
    for i, token in enumerate(tokens[:-2]):
        if token not in {"which", "what"}:
            continue
        subject = i + 1
        while subject < len(tokens) and tokens[subject] in {"is", "are", "was", "were", "the"}:
            subject += 1
        count = 1
        if subject < len(tokens) and tokens[subject].isdigit() and 0 < int(tokens[subject]) <= 10_000:
            count = int(tokens[subject])  # "which 3 categories have the highest ..."
            out.used.add(subject)
            subject += 1
        if subject < len(tokens) and tokens[subject] in _SUPERLATIVES:
            out.top_n, out.descending, out.top_subject = 1, _SUPERLATIVES[tokens[subject]], subject + 1
            out.used.add(subject)
            out.notes.append(f"'{token} ... {tokens[subject]}' read as the top 1 group")
            return True
        if subject >= len(tokens) or tokens[subject] in _TIME_WORDS:
            return False
        for k in range(subject + 1, min(len(tokens), subject + 6)):
            if tokens[k] in _SUPERLATIVES:
                out.top_n, out.descending = count, _SUPERLATIVES[tokens[k]]
                out.top_subject = subject
                out.used.add(k)
                out.notes.append(f"'{token} ... {tokens[k]}' read as the top 1 group")
                return True
        return False
    return False


def _with_most(tokens: list[str], out: Phrases) -> bool:
    """``department with the highest mean cost`` → the top 1 group (subject right before "with")."""
    for k, token in enumerate(tokens[:-1]):
        at = k + 1 + (tokens[k + 1] == "the")
        if token != "with" or k == 0 or at >= len(tokens) or tokens[at] not in _SUPERLATIVES:
            continue
        start = k - 2 if k >= 2 and tokens[k - 2] not in _GRAMMAR else k - 1
        out.top_n, out.descending, out.top_subject = 1, _SUPERLATIVES[tokens[at]], start
        out.used.add(at)
        out.notes.append(f"'... with the {tokens[at]}' read as the top 1 group")
        return True
    return False


def find_grain(tokens: list[str], resolver: ColumnResolver, out: Phrases) -> None:
    """Time grains: ``monthly``, ``per week``, ``by day of week``, ``by hour``, ``month of year``."""
    for i in range(len(tokens)):
        if i in out.used:
            continue
        for phrase, grain in sorted(_GRAIN_PHRASES.items(), key=lambda item: -len(item[0])):
            if tuple(tokens[i : i + len(phrase)]) == phrase:
                if grain == "hour" and resolver.resolve("hour", fuzzy=False) == "hour":
                    continue  # a real ``hour`` column wins; the group-key scanner takes it
                _set_grain(out, grain)
                out.used.update(range(i, i + len(phrase)))
                break
        else:
            trigger = _trigger_at(tokens, i)
            if tokens[i] == "and" and i > 0 and tokens[i - 1] not in _GRAIN_AFTER_TRIGGER:
                trigger = 1  # "by region and year": a grain at the end of a group list
            if trigger and i + trigger < len(tokens) and not _phrase_at(tokens, i + trigger):
                word = tokens[i + trigger]
                if word in _GRAIN_AFTER_TRIGGER and resolver.resolve(word, fuzzy=False) is None:
                    _set_grain(out, _GRAIN_AFTER_TRIGGER[word])
                    out.used.update(range(i, i + trigger + 1))
                    if _next_is(tokens, i + trigger + 1, "and"):
                        out.used.add(i + trigger + 1)


def _phrase_at(tokens: list[str], i: int) -> bool:
    return any(tuple(tokens[i : i + len(phrase)]) == phrase for phrase in _GRAIN_PHRASES if len(phrase) > 1)


def _set_grain(out: Phrases, grain: str) -> None:
    if grain.startswith("part:"):
        out.part = grain.removeprefix("part:")
    elif out.grain is None:
        out.grain = grain  # type: ignore[assignment]


def _next_is(tokens: list[str], i: int, word: str) -> bool:
    return i < len(tokens) and tokens[i] == word


def _trigger_at(tokens: list[str], i: int) -> int:
    for trigger in GROUP_TRIGGERS:
        if tuple(tokens[i : i + len(trigger)]) == trigger:
            return len(trigger)
    return 0


def _column_list(
    tokens: list[str], start: int, resolver: ColumnResolver, out: Phrases
) -> tuple[list[str], int, str | None]:
    """Columns joined by and / , / & from ``start``: (columns, end, first unresolved word)."""
    columns: list[str] = []
    j = start
    while j < len(tokens):
        while j < len(tokens) and tokens[j] in {"the", "a", "an", "its", "their"}:
            j += 1
        if j >= len(tokens) or j in out.used:
            break
        hit = resolver.match_at(tokens, j, fuzzy=True)
        if hit is None:
            return columns, j, tokens[j]
        columns.append(hit[0])
        j += hit[1]
        if j < len(tokens) and tokens[j] in {"and", ",", "&", "then"} and j + 1 < len(tokens):
            nxt = resolver.match_at(tokens, j + 1 + (tokens[j + 1] in {"the", "a"}), fuzzy=True)
            if nxt is None:
                break
            j += 1
            continue
        break
    return columns, j, None


def _leading_key(tokens: list[str], resolver: ColumnResolver, out: Phrases) -> None:
    """``department average salary``: a category column opening the request before a statistic is a key."""
    hit = resolver.match_at(tokens, 0)
    if (
        hit is None
        or resolver.kind(hit[0]) not in {"categorical", "boolean"}
        or set(range(hit[1])) & out.used
    ):
        return
    if _agg_at(tokens, hit[1]) is None or hit[0] in out.group_by:
        return
    out.group_by.insert(0, hit[0])
    out.used.update(range(hit[1]))


def find_groups(  # noqa: PLR0912 - one scan, each branch a phrase shape
    tokens: list[str], resolver: ColumnResolver, out: Phrases
) -> None:
    """Group keys after by / per / for each / across; ``sorted by`` columns; unknown words after them."""
    _leading_key(tokens, resolver, out)
    i = 0
    while i < len(tokens):
        if i in out.used:
            i += 1
            continue
        sort = next((len(t) for t in _SORT_TRIGGERS if tuple(tokens[i : i + len(t)]) == t), 0)
        width = sort or _trigger_at(tokens, i)
        if not width:
            i += 1
            continue
        start = i + width
        if start < len(tokens) and (
            _agg_at(tokens, start) or tokens[start] in {"count", "number", "frequency"}
        ):
            if out.top_n is not None or sort:
                out.ranking_metric = True
            i = start
            continue
        columns, end, unresolved = _column_list(tokens, start, resolver, out)
        if sort and columns:
            out.sort_column = columns[0]
        elif (
            columns and out.top_n is not None and tokens[i] == "by" and resolver.kind(columns[0]) == "numeric"
        ):
            out.sort_column = columns[0]
            out.ranking_metric = True
        elif columns and _ratio(tokens, i, columns[0], resolver):
            left = resolver.match_at(tokens, i - 1) if i else None
            name = left[0] if left else tokens[i - 1]
            out.ambiguous.append(
                f"'{tokens[i - 1]} per {tokens[start]}' could be a ratio of {name!r} to {columns[0]!r} "
                f"(define it: ratio = {name} / {columns[0]}) or one group per {columns[0]!r} value (say 'by')"
            )
        elif columns:
            before = _categorical_before(tokens, i, resolver, out)
            out.group_by.extend(c for c in [*before, *columns] if c not in out.group_by)
        elif unresolved and tokens[i] in {"by", "per"} and _is_entity_count(tokens, end):
            out.ranking_metric = True
            end += 2
        elif unresolved and tokens[i] in {"by", "per"} and singular(unresolved) in ENTITY_WORDS:
            out.notes.append(f"'{tokens[i]} {unresolved}' read as an average per row")
            out.per_row = True
            end += 1
        elif unresolved and tokens[i] in {"by", "per"} and _looks_like_column_word(unresolved):
            _unknown(out, unresolved, resolver)
        if columns or (unresolved and tokens[i] in {"by", "per"}):
            out.used.update(range(i, end))
        i = max(end, i + 1)


_LEVEL_WORDS = frozenset({"level", "grade", "code", "type", "class", "rating", "tier", "group", "year",
                          "month", "hour", "day", "week", "quarter", "rank", "score", "band"})  # fmt: skip


def _ratio(tokens: list[str], i: int, column: str, resolver: ColumnResolver) -> bool:
    """``amount per quantity``: "per" between two numeric columns reads as a ratio as much as a grouping."""
    if tokens[i] != "per" or i == 0 or resolver.kind(column) != "numeric":
        return False
    parts = column.lower().replace("-", "_").replace(" ", "_").split("_")
    if set(parts) & _LEVEL_WORDS or any(part.endswith(tuple(_LEVEL_WORDS)) for part in parts):
        return False  # "per grade level", "per triage code", "per Pclass": a numeric label, a group
    left = resolver.match_at(tokens, i - 1)
    return left is not None and left[1] == 1 and resolver.kind(left[0]) == "numeric"


def _is_entity_count(tokens: list[str], end: int) -> bool:
    """``by accident count`` / ``by number of orders``: rank by the row count."""
    return (
        end + 1 < len(tokens)
        and singular(tokens[end]) in ENTITY_WORDS
        and tokens[end + 1] in {"count", "counts"}
    )


def _categorical_before(tokens: list[str], i: int, resolver: ColumnResolver, out: Phrases) -> list[str]:
    """``severity by weather``: a category column right before by / per is a key too (a two-way table)."""
    if tokens[i] not in {"by", "per", "vs", "versus"}:
        return []
    for width in (3, 2, 1):
        start = i - width
        if start < 0 or any(p in out.used for p in range(start, i)):
            continue
        hit = resolver.match_at(tokens, start)
        after_agg = any(
            (agg := _agg_at(tokens, k)) is not None and k + agg[1] == start
            for k in range(max(0, start - 3), start)
        )
        if hit and hit[1] == width and resolver.kind(hit[0]) in {"categorical", "boolean"} and not after_agg:
            out.used.update(range(start, i))
            return [hit[0]]
    return []


def _unknown(out: Phrases, word: str, resolver: ColumnResolver) -> None:
    """Record a word that should name a column but does not (or names several)."""
    options = resolver.candidates(word)
    if options:
        out.ambiguous.append(f"{word!r} could be {' or '.join(repr(o) for o in options)}")
    else:
        out.unknown.append(word)


def _looks_like_column_word(word: str) -> bool:
    return bool(re.fullmatch(r"[a-z][a-z_\-]{2,}", word)) and word not in _GRAMMAR | {
        "far", "default", "hand", "itself", "then", "how", "what", "which", "using", "name", "descending",
        "ascending", "value", "values", "size", "volume", "column", "columns", "field", "fields", "variable",
        "variables", "category_value", "group", "groups", "row", "rows", "first", "last", "order",
    }  # fmt: skip


def _agg_at(tokens: list[str], i: int) -> tuple[AggFunc, int] | None:
    for words in _AGG_SORTED:
        if tuple(tokens[i : i + len(words)]) == words:
            return AGG_WORDS[words], len(words)
    return None


def _agg_run(
    tokens: list[str], i: int, reserved: set[int], resolver: ColumnResolver
) -> tuple[list[AggFunc], int]:
    """Aggregation words joined by and / , / or from ``i``: (functions, index after them)."""
    funcs: list[AggFunc] = []
    j = i
    while (
        (agg := _agg_at(tokens, j)) is not None
        and j not in reserved
        and not _starts_column(tokens, j, resolver)
    ):
        # "average number of vehicles" is one mean, not a mean and a count
        adjacent = bool(funcs) and tokens[j - 1] not in {"and", ",", "&", "or"}
        if tokens[j] == "range":
            funcs += ["min", "max"]  # "range of salary": the smallest and largest value
            j += 2 if j + 1 < len(tokens) and tokens[j + 1] == "of" else 1
            continue
        if adjacent and tokens[j - 1] in _RANKING_WORDS:
            funcs[-1] = agg[0]  # "the highest average salary": rank by the mean, do not also take the max
        elif not (adjacent and agg[0] == "count"):
            funcs.append(agg[0])
        j += agg[1]
        if j < len(tokens) and tokens[j] in {"and", ",", "&", "or"} and _agg_at(tokens, j + 1):
            j += 1
    return funcs, j


_RANKING_WORDS = {"highest", "lowest", "largest", "smallest", "biggest"}


def _starts_column(tokens: list[str], j: int, resolver: ColumnResolver) -> bool:
    """``total cost`` naming the column total_cost: the first word is part of a name, not an aggregation."""
    hit = resolver.match_at(tokens, j, fuzzy=False)
    return hit is not None and hit[1] >= 2


def _skip_filler(tokens: list[str], j: int) -> int:
    """Skip "of the", and entity words before the column: "median order amount", "average patient age"."""
    start = j
    while j < len(tokens) and (
        tokens[j] in {"of", "the", "a", "an", "in", "all"}
        or (singular(tokens[j]) in ENTITY_WORDS | _PERSON_WORDS and j - start < 3)
    ):
        j += 1
    return j


_PERSON_WORDS = frozenset(
    {"patient", "customer", "student", "user", "visitor", "client", "session", "member"}
)


def _ranges_after_column(
    tokens: list[str], resolver: ColumnResolver, out: Phrases, reserved: set[int]
) -> None:
    """``salary range`` → min and max of salary."""
    for i, token in enumerate(tokens):
        if token != "range" or i in out.used | reserved:
            continue
        for width in (3, 2, 1):
            start = i - width
            hit = resolver.match_at(tokens, start) if start >= 0 else None
            if hit and hit[1] == width and resolver.kind(hit[0]) in {"numeric", "datetime"}:
                _add(out, Aggregation(column=hit[0], func="min"))
                _add(out, Aggregation(column=hit[0], func="max"))
                out.used.update(range(start, i + 1))
                break


_POSTFIX_AGGS: dict[str, AggFunc] = {"total": "sum", "totals": "sum", "sum": "sum", "average": "mean",
                                     "mean": "mean", "median": "median", "maximum": "max",
                                     "minimum": "min"}  # fmt: skip


def _postfix_aggregations(
    tokens: list[str], resolver: ColumnResolver, out: Phrases, reserved: set[int]
) -> None:
    """``bonus total for each office``, ``salary average by department``: the column, then the word."""
    for i, token in enumerate(tokens):
        func = _POSTFIX_AGGS.get(token)
        if func is None or i in out.used | reserved or (i + 1 < len(tokens) and tokens[i + 1] == "of"):
            continue
        for width in (3, 2, 1):
            start = i - width
            hit = resolver.match_at(tokens, start) if start >= 0 else None
            if (
                hit
                and hit[1] == width
                and resolver.kind(hit[0]) == "numeric"
                and not set(range(start, i)) & out.used
            ):
                _add(out, Aggregation(column=hit[0], func=func))
                out.used.update(range(start, i + 1))
                break


def find_metrics(  # noqa: PLR0912 - one scan, each branch a phrase shape
    tokens: list[str], resolver: ColumnResolver, out: Phrases, reserved: set[int]
) -> None:
    """``average speed``, ``mean and max of duration``, ``number of distinct customers``, ``how many``."""
    _ranges_after_column(tokens, resolver, out, reserved)
    _postfix_aggregations(tokens, resolver, out, reserved)
    i = 0
    while i < len(tokens):
        funcs, j = _agg_run(tokens, i, reserved, resolver) if i not in out.used | reserved else ([], i)
        if not funcs:
            i += 1
            continue
        plain = j
        while j < len(tokens) and tokens[j] in {"of", "the", "a", "an", "in", "all"}:
            j += 1
        columns, end, unresolved = _column_list(tokens, j, resolver, out)
        numeric_funcs = any(f in {"sum", "mean", "median", "std"} for f in funcs)
        if numeric_funcs and columns and all(resolver.kind(c) != "numeric" for c in columns):
            columns = []  # "mean session duration": "session" is the entity, not session_date
        if not columns and any(f not in {"count", "nunique"} for f in funcs):
            skipped = _skip_filler(tokens, plain)
            more, more_end, _unresolved = _column_list(tokens, skipped, resolver, out)
            if more:
                columns, end, unresolved = more, more_end, None
        needs_column = any(f not in {"count", "nunique"} for f in funcs)
        if not columns and needs_column and unresolved and _looks_like_column_word(unresolved):
            if unresolved not in _ENTITY_HINTS:
                _unknown(out, unresolved, resolver)
        elif not columns and needs_column and out.top_n is None and not unresolved:
            i = j
            continue
        added = False
        for func in dict.fromkeys(funcs):
            if func == "count":
                _add(out, _count_metric(columns, resolver, out))
                added = True
            elif not columns:
                if func == "nunique" and unresolved:
                    _unknown(out, unresolved, resolver)
            else:
                for column in columns:
                    _add(out, Aggregation(column=column, func=func))
                added = True
        if added:  # a dropped aggregation word stays unused, so the word check sees it
            out.used.update(range(i, max(end, j)))
        i = max(end, j, i + 1)


_ENTITY_HINTS = frozenset(
    [
        "accidents",
        "accident",
        "rows",
        "records",
        "orders",
        "order",
        "employees",
        "readings",
        "sales",
        "crashes",
        "incidents",
        "entries",
        "people",
        "cases",
        "events",
        "transactions",
        "staff",
        "value",
        "values",
        "number",
        "count",
        "data",
    ]
)


def _count_metric(columns: list[str], resolver: ColumnResolver, out: Phrases) -> Aggregation:
    """``how many customers`` counts distinct customers; ``how many orders`` counts rows."""
    if columns and resolver.kind(columns[0]) == "categorical" and columns[0].lower().endswith("id"):
        out.notes.append(f"counted the distinct values of {columns[0]!r}")
        return Aggregation(column=columns[0], func="nunique")
    if columns and resolver.kind(columns[0]) == "numeric":
        out.notes.append(f"'number of {columns[0]}' read as the sum of {columns[0]!r}")
        return Aggregation(column=columns[0], func="sum")
    return Aggregation(column=None, func="count")


def _add(out: Phrases, metric: Aggregation) -> None:
    if metric not in out.metrics:
        out.metrics.append(metric)


def detect_operations(text: str) -> list[str]:
    """Catalogue operations whose keywords appear in the request, strongest first."""
    low = text.lower()
    return [op for pattern, op in OP_KEYWORDS if re.search(pattern, low)]


def percentiles_in(text: str) -> list[float]:
    """``90th percentile`` → [90]; ``p95`` → [95]; ``quartiles`` → [25, 50, 75]; ``deciles``."""
    low = text.lower()
    found = [
        float(m)
        for m in re.findall(r"(\d{1,2}(?:\.\d+)?)(?:st|nd|rd|th)?\s*(?:and\s+\d+\w*\s+)?percentile", low)
    ]
    found += [float(m) for m in re.findall(r"\bp(\d{1,2})\b", low)]
    for chunk in re.findall(r"percentiles?\s+(?:of\s+)?(\d{1,2}(?:\s*(?:,|and)\s*\d{1,2})*)", low):
        found += [float(n) for n in re.findall(r"\d{1,2}", chunk)]
    for chunk in re.findall(
        r"(\d{1,2}(?:st|nd|rd|th)?(?:\s*(?:,|and)\s*\d{1,2}(?:st|nd|rd|th)?)+)\s+percentiles", low
    ):
        found += [float(n) for n in re.findall(r"\d{1,2}", chunk)]
    if re.search(r"\bquartiles?\b", low):
        found += [25.0, 50.0, 75.0]
    if re.search(r"\bdeciles?\b", low):
        found += [float(d) for d in range(10, 100, 10)]
    return sorted({f for f in found if 0 <= f <= 100})
