"""Argmax and argmin: ``which month of 2015 was hottest``, ``the southernmost latitude``, ``in one month``.

An argmax question is answered with the row or period that wins and its value: the periods ranked by the
metric and the first kept (``top_n``), the groups ranked likewise, or the extreme value itself. Words that
name their own measure ("wettest" = most precipitation, "southernmost" = lowest latitude) are used only
when the reading ranks by that measure in that direction; anything else is left for the word check.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.models import Aggregation, Filter, Intent
from mcpforge.pipeline.intent.parse import Phrases, TimeGrain
from mcpforge.pipeline.intent.time.periods import has_date_column, month_column, year_column
from mcpforge.pipeline.intent.words import ColumnResolver, norm

# word -> (stems of the measure's column name, largest first?)
MEASURE_SUPERLATIVES: dict[str, tuple[tuple[str, ...], bool]] = {
    "wettest": (("precip", "rain"), True), "rainiest": (("precip", "rain"), True),
    "driest": (("precip", "rain"), False), "windiest": (("wind",), True), "calmest": (("wind",), False),
    "hottest": (("temp",), True), "warmest": (("temp",), True), "coldest": (("temp",), False),
    "coolest": (("temp",), False),
    "southernmost": (("lat",), False), "northernmost": (("lat",), True),
    "westernmost": (("lon", "lng"), False), "easternmost": (("lon", "lng"), True),
}  # fmt: skip
# "the most southern", "the least northern": the adjective ranks with most / least before it.
_DIRECTIONS: dict[str, tuple[tuple[str, ...], bool]] = {
    "southern": (("lat",), False), "northern": (("lat",), True),
    "western": (("lon", "lng"), False), "eastern": (("lon", "lng"), True),
}  # fmt: skip
_PLAIN: dict[str, bool] = {"most": True, "highest": True, "largest": True, "biggest": True, "greatest": True,
                           "busiest": True, "best": True, "maximum": True, "top": True, "peak": True,
                           "fewest": False, "least": False, "lowest": False, "smallest": False,
                           "quietest": False, "worst": False, "minimum": False}  # fmt: skip
_PERIODS: dict[str, TimeGrain] = {"day": "day", "date": "day", "week": "week", "month": "month",
                                  "quarter": "quarter", "year": "year"}  # fmt: skip
_YEAR = re.compile(r"(19|20)\d{2}")


def measure_columns(stems: tuple[str, ...], resolver: ColumnResolver) -> list[str]:
    """Numeric columns whose name starts a word with one of ``stems`` ("temp_max" for "temp")."""
    return [
        c
        for c in resolver.names()
        if resolver.kind(c) == "numeric" and any(w.startswith(stems) for w in norm(c).split())
    ]


def find_rankings(tokens: list[str], resolver: ColumnResolver, out: Phrases) -> None:
    """Every argmax / argmin shape of the request (each scanner leaves what it does not read)."""
    _extreme_measure(tokens, resolver, out)
    _period_ranking(tokens, resolver, out)
    _in_a_single_period(tokens, resolver, out)


def _extreme_measure(tokens: list[str], resolver: ColumnResolver, out: Phrases) -> None:
    """``the southernmost latitude`` → min of latitude; ``the windiest wind`` likewise; a measure word
    before its own column is the extreme value of that column."""
    for i, token in enumerate(tokens[:-1]):
        if token not in MEASURE_SUPERLATIVES or i in out.used:
            continue
        stems, descending = MEASURE_SUPERLATIVES[token]
        hit = resolver.match_at(tokens, i + 1)
        if hit is None or hit[0] not in measure_columns(stems, resolver) or out.top_n is not None:
            continue
        out.metrics.append(Aggregation(column=hit[0], func="max" if descending else "min"))
        out.used.update(range(i, i + 1 + hit[1]))
        out.notes.append(f"'{token} {' '.join(tokens[i + 1 : i + 1 + hit[1]])}' read as the "
                         f"{'largest' if descending else 'smallest'} {hit[0]!r}")  # fmt: skip


def _period_ranking(tokens: list[str], resolver: ColumnResolver, out: Phrases) -> None:
    """``which month of 2015 had the highest average temp_max`` / ``the wettest month of 2013``: the
    periods ranked by the metric, the first kept. A month is a month of one year only when the request
    names one year; across years "which month" could be the calendar month, and is not read here."""
    if out.grain is not None or out.part is not None:
        return
    found = _which_period(tokens, out) or _the_superlative_period(tokens, out)
    if found is None:
        return
    at, word, rank_at, descending = found
    if out.top_n is not None and out.top_subject not in {at, rank_at}:
        return  # "which city had the most sales in the busiest month": a ranking of something else
    if out.top_n is not None:
        descending = out.descending  # "the wettest month (highest total precipitation)": "highest" ranks
    grain = _PERIODS[word.removesuffix("s")]
    if grain != "year" and not _one_year_named(tokens):
        return
    keys = _integer_keys(grain, resolver)
    if keys is None:
        return
    out.top_n, out.descending, out.top_word = 1, descending, tokens[rank_at]
    out.used.update({at, rank_at} if tokens[rank_at] in _PLAIN else {at})
    if keys:
        out.group_by.extend(k for k in keys if k not in out.group_by)
    else:
        out.grain = grain
    out.notes.append(f"'{word}' with '{tokens[rank_at]}': the {word} ranked first by the metric")


def _which_period(tokens: list[str], out: Phrases) -> tuple[int, str, int, bool] | None:
    for i, token in enumerate(tokens[:-1]):
        if token not in {"which", "what"} or i in out.used:
            continue
        subject = i + 1
        while subject < len(tokens) and tokens[subject] in {"is", "was", "the"}:
            subject += 1
        if subject >= len(tokens) or tokens[subject].removesuffix("s") not in _PERIODS:
            return None
        for k in range(subject + 1, min(len(tokens), subject + 8)):
            direction = _direction(tokens[k])
            if direction is not None and k not in out.used:
                out.used.add(i)
                return subject, tokens[subject], k, direction
        return None
    return None


def _the_superlative_period(tokens: list[str], out: Phrases) -> tuple[int, str, int, bool] | None:
    for i, token in enumerate(tokens[:-1]):
        if (token in MEASURE_SUPERLATIVES or token in {"busiest", "quietest"}) and i not in out.used:
            word = tokens[i + 1]
            if word in _PERIODS and i > 0 and tokens[i - 1] == "the":
                direction = _direction(token)
                return (i + 1, word, i, bool(direction)) if direction is not None else None
    return None


def _direction(token: str) -> bool | None:
    if token in _PLAIN:
        return _PLAIN[token]
    return MEASURE_SUPERLATIVES[token][1] if token in MEASURE_SUPERLATIVES else None


def _one_year_named(tokens: list[str]) -> bool:
    years = {
        t
        for i, t in enumerate(tokens)
        if _YEAR.fullmatch(t) and i and tokens[i - 1] in {"in", "of", "during", "for"}
    }
    return len(years) == 1 and len({t for t in tokens if _YEAR.fullmatch(t)}) == 1


def _integer_keys(grain: TimeGrain, resolver: ColumnResolver) -> list[str] | None:
    """[] when a date column carries the time; the integer columns that make the period; None: neither."""
    if has_date_column(resolver):
        return []
    year, month = year_column(resolver), month_column(resolver)
    if grain == "year" and year:
        return [year]
    if grain == "month" and year and month:
        return [year, month]
    return None


def _in_a_single_period(tokens: list[str], resolver: ColumnResolver, out: Phrases) -> None:
    """``which city had the largest sales in a single month``: when each row is one month (integer year and
    month columns), the largest value of one row: the max of the column, not its total."""
    span = _single_month_span(tokens)
    if span is None or _integer_keys("month", resolver) in (None, []):
        return
    start, end = span
    column, at = _measure_before(tokens, start, resolver)
    if column is None:
        return
    superlative = at - 1 if at > 0 and tokens[at - 1] in _PLAIN else None
    if out.top_n is not None:
        descending = out.descending
    elif superlative is not None:
        descending = _PLAIN[tokens[superlative]]
    else:
        return
    out.metrics.append(Aggregation(column=column, func="max" if descending else "min"))
    out.used.update(range(at, end))
    if superlative is not None:
        out.used.add(superlative)
    out.notes.append(f"'{' '.join(tokens[start:end])}': each row is one month, so the "
                     f"{'largest' if descending else 'smallest'} {column!r} of one row")  # fmt: skip


def _single_month_span(tokens: list[str]) -> tuple[int, int] | None:
    """``in a single month``, ``in one month``, ``in any single month``: (start, end) of the phrase."""
    for i, token in enumerate(tokens):
        if token != "in":
            continue
        j = i + 1
        words = []
        while j < len(tokens) and tokens[j] in {"a", "any", "one", "single"}:
            words.append(tokens[j])
            j += 1
        if j < len(tokens) and tokens[j] == "month" and {"single", "one"} & set(words):
            return i, j + 1
    return None


def _measure_before(tokens: list[str], end: int, resolver: ColumnResolver) -> tuple[str | None, int]:
    for width in (3, 2, 1):
        start = end - width
        if start < 0:
            continue
        hit = resolver.match_at(tokens, start)
        if hit is not None and hit[1] == width and resolver.kind(hit[0]) == "numeric":
            return hit[0], start
    return None, end


def restates_ranking(tokens: list[str], i: int, intent: Intent, resolver: ColumnResolver) -> bool:
    """``wettest`` beside a reading ranked by the most precipitation; ``(the most southern)`` beside one
    ranked by the lowest latitude: the word says what the reading already computes."""
    token = tokens[i]
    if token in MEASURE_SUPERLATIVES:
        stems, descending = MEASURE_SUPERLATIVES[token]
    elif token in _DIRECTIONS and i > 0 and tokens[i - 1] in {"most", "least"}:
        stems, descending = _DIRECTIONS[token]
        descending = descending if tokens[i - 1] == "most" else not descending
    else:
        return False
    ranked = _ranked_column(intent)
    if ranked is None or ranked[0] not in measure_columns(stems, resolver):
        return False
    return ranked[1] == descending


def _ranked_column(intent: Intent) -> tuple[str, bool] | None:
    """The column a reading ranks by and whether largest first."""
    if intent.operation == "top_n_rows" and intent.columns:
        return intent.columns[0], intent.sort_descending
    metric = intent.metrics[0] if intent.metrics else None
    if metric is None or metric.column is None:
        return None
    if intent.top_n is not None:
        return metric.column, intent.sort_descending
    if intent.operation == "aggregate" and metric.func in {"min", "max"}:
        return metric.column, metric.func == "max"
    return None


def known_keys(intent: Intent, resolver: ColumnResolver) -> Intent:
    """``which city has the most airports``: a row with no city is no city; ranked groups leave it out."""
    if intent.top_n is None or intent.operation not in {"group_count", "group_aggregate"}:
        return intent
    present = {f.column for f in intent.filters if f.op == "not null"}
    extra: list[Filter] = []
    for key in intent.group_by:
        info = resolver.schema.get(key)
        if info is not None and info.null_count > 0 and key not in present:
            extra.append(Filter(column=key, op="not null"))
    if not extra:
        return intent
    notes = [*intent.notes, *(f"rows with no {f.column!r} are left out of the ranking" for f in extra)]
    return intent.model_copy(update={"filters": [*intent.filters, *extra], "notes": notes})


def measure_word_why(tokens: list[str], i: int, intent: Intent, resolver: ColumnResolver) -> str | None:
    """For a word that names its own measure: "" when the reading ranks by it, else why it matters; None
    for any other word."""
    token = tokens[i]
    if token not in MEASURE_SUPERLATIVES and not (
        token in _DIRECTIONS and i and tokens[i - 1] in {"most", "least"}
    ):
        return None
    if restates_ranking(tokens, i, intent, resolver):
        return ""
    return "a ranking by a measure the reading does not rank by"
