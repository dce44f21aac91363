"""Change between two periods: "By what percentage did Ireland's gdpPercap grow from 1952 to 2007?".

A word of change (grow, change, increase, fall, difference ...) together with two periods ("from 1952 to
2007", "between 2024-01 and 2024-03") reads as ``period_change``: the rest of the request — the measure,
its aggregation, its groups and filters ("Ireland's gdpPercap", "the total pop per continent") — is read by
the ordinary parser, then compared between the two periods. The time is the file's integer year column for
years (else its one date column, by year), its one date column for ``YYYY-MM`` / ``YYYY-Qn``.

What it decides: an aggregation the request names (total, average) combines each period's rows; none named
means one row per period (and group): the tool stops with a clear error naming the period when there are
several. A change word without two periods, periods without a time column to hold them, or a rest that is
not one measure is not read here (the ordinary reading asks or refuses as before).

The same question in French, Spanish or German ("de combien le salaire moyen a-t-il progressé entre 1976
et 1982", "variación porcentual de la tasa entre 1977 y 1999", "um wie viel ist X zwischen 1990 und 2000
gestiegen") is read the same way: its change words, its two periods and its framing ("de combien",
"cuánto", "um wie viel") are the English ones in other words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mcpforge import _lazy_re as re
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent.analysis.methods import read_methods
from mcpforge.pipeline.intent.clarify import Answers, ask, offered
from mcpforge.pipeline.intent.language.method_phrases import english_methods
from mcpforge.pipeline.intent.quantities.group_change import group_change_intent, tested
from mcpforge.pipeline.intent.quantities.period_words import FIRST_LAST, first_last, unit_restated
from mcpforge.pipeline.intent.time.periods import year_column
from mcpforge.pipeline.intent.time.year_occasions import year_occasions
from mcpforge.pipeline.intent.words import ColumnResolver
from mcpforge.pipeline.schema import DatasetSchema

Read = Callable[..., Intent]

_CHANGE = (
    r"grow|grew|grown|growth|change[ds]?|increase[ds]?|decrease[ds]?|rise|rose|risen|fall|fell|fallen|"
    r"drop(?:ped)?|decline[ds]?|difference|differ(?:s|ed)?"
    # French, Spanish, German: the verbs in every written form, the nouns of change
    r"|augment\w*|progress\w*|diminu\w*|baiss\w*|hauss\w*|recul\w*|chang\w*|\u00e9volu\w*|variation"
    r"|cambi\w*|aument\w*|crec\w*|creci\w*|disminu\w*|variaci[o\u00f3]n"
    r"|ver\u00e4nder\w*|gestiegen|gesunken|zugenommen|abgenommen|anstieg|zuwachs|r\u00fcckgang"
    # the difference between two groups (group_change.py)
    r"|diff\u00e9rence|diferencia|unterschied"
)
_PERIOD = r"\d{4}(?:-(?:0[1-9]|1[0-2])|-Q[1-4])?"
_FROM = r"from|between|entre|de|desde|zwischen|von"
_TO = r"to|and|until|et|\u00e0|y|a|hasta|und|bis|auf"
_YEAR_WORD = r"the\s+year|l['\u2019]ann\u00e9e|el\s+a\u00f1o|dem\s+jahr"
_SPAN = re.compile(
    rf"(?i)\b(?:{_FROM})\s+(?:(?:{_YEAR_WORD})\s+)?({_PERIOD})\s+(?:{_TO})\s+(?:(?:{_YEAR_WORD})\s+)?({_PERIOD})\b"
)
# "coefficient de variation": a measure of spread, never a change
_CHANGE_WORD = re.compile(
    rf"(?i)(?<!coefficient de )(?<!coeficiente de )\b(?:the\s+|la\s+|le\s+|el\s+|die\s+)?(?:{_CHANGE})"
    r"(?:\s+(?:in|of))?\b"
)
# How the change is asked for: the answer always has the change and the percent change.
_FRAMING = re.compile(
    r"(?i)\b(?:by\s+)?(?:what|how\s+much|how\s+many)\s+(?:(?:percentage|percent)(?:\s+points)?\b|%)?"
    r"|\b(?:the\s+)?(?:percentage|percent)\b(?!\s+of\b)|%"
    r"|\b(?:did|does|do|has|have|had|was|were|is|how)\b"
    r"|\b(?:de\s+combien|en\s+pourcentage|a-t-(?:il|elle)|ont-(?:ils|elles)|est-(?:il|elle))(?!\w)"
    r"|(?:\u00bf\s*)?\b(?:cu[a\u00e1]nto|cu[a\u00e1]nta|porcentual|en\s+porcentaje)\b"
    # "¿En qué porcentaje creció ...?", "de quel pourcentage", "um wie viel Prozent": with its "which"
    r"|(?:\u00bf\s*)?\b(?:en|de|por)\s+qu[e\u00e9]\s+(?:porcentaje|medida)\b"
    r"|\b(?:de|en)\s+quel\s+pourcentage\b|\bum\s+wie\s+viel\s+prozent\b|\bum\s+welchen\s+prozentsatz\b"
    r"|\b(?:um\s+wie\s+viele?|prozentuale?|wie\s+stark|hat|ist|sind)\b"
)
_POSSESSIVE = re.compile(r"\b([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)['\u2019]s\s+([^\s?.,!]+)")
_NO_AGGREGATION = "no aggregation named for"


def _grain(start: str, end: str) -> str | None:
    kinds = {"Q" if "Q" in p.upper() else ("M" if "-" in p else "Y") for p in (start, end)}
    return {"Y": "year", "M": "month", "Q": "quarter"}.get(kinds.pop()) if len(kinds) == 1 else None


def _time(resolver: ColumnResolver, grain: str) -> tuple[str, str] | None:
    """(time column, grain of the tool) holding periods of ``grain``."""
    if grain == "year" and (column := year_column(resolver)) is not None:
        return column, "value"
    dates = [c for c in resolver.names() if resolver.kind(c) == "datetime"]
    return (dates[0], grain) if len(dates) == 1 else None


# The aggregations a period's rows are combined by (catalogue/operations/period_change.py): the one the
# rest names, never another; a rest of any other aggregation (a deviation, a distinct count) is not a measure
_COMBINED = ("sum", "mean", "median", "min", "max", "count")
# A number of rows is compared only when the words count ("the number of cases", "count them"): "which 5
# countries grew the most" reads as a count per country, and is no count at all
_COUNT_SAID = re.compile(
    r"(?i)\b(?:count\w*|number|how\s+many|nombre|anzahl|n[u\u00fa]mero|cantidad|compt\w*|z[a\u00e4]hl\w*)\b"
)


def _measure(sub: Intent) -> tuple[str, str, list[str]] | None:
    """(value column, combine, group keys) of the rest's reading, when it is one measure.

    A number of rows ("the number of female cases") has no value column: "" stands for the time column,
    whose values the tool counts.
    """
    if sub.top_n is not None:
        return None  # "the 5 countries that grew the most": a ranking of the changes, not computed here
    defaulted = any(_NO_AGGREGATION in note for note in sub.notes)
    said_count = _COUNT_SAID.search(sub.request) is not None
    if sub.operation in ("aggregate", "group_aggregate") and len(sub.metrics) == 1:
        metric = sub.metrics[0]
        if metric.func == "count" and not defaulted and not sub.options.get("having") and said_count:
            return metric.column or "", "count", list(sub.group_by)
        if metric.column and metric.func in _COMBINED:
            combine = "single" if defaulted else metric.func
            return metric.column, combine, list(sub.group_by)
    counted = sub.operation == "group_count" and not sub.as_percentage and said_count and sub.top_n is None
    if counted and not (sub.options.get("having") or sub.options.get("count_groups")):
        return "", "count", list(sub.group_by)  # "count them per year"
    if sub.operation == "filter_rows" and len(sub.columns) == 1 and not sub.group_by:
        return sub.columns[0], "single", []
    return None


def _surely_several_rows(schema: DatasetSchema, sub: Intent, columns: list[str]) -> bool:
    """Some period (and group) has several rows for sure: more rows than combinations of the columns."""
    if sub.filters or schema.rows is None:
        return False
    counts = {info.name: info.distinct_count for info in schema.columns}
    combinations = 1
    for column in columns:
        distinct = counts.get(column)
        if not distinct:
            return False
        combinations *= int(distinct)
    return schema.rows > combinations


def _combine_asked(request: str, column: str, answers: dict[str, str] | None) -> str:
    """ "total" or "average" for a period of several rows: the person's answer, else one question."""
    key = f"{column} per period"
    choices = {"total": f"the sum of {column} over the period's rows", "average": f"the mean of {column}"}
    said = Answers(given=dict(answers or {})).get(key)
    chosen = offered(said, choices)
    if chosen is None:
        question = f"each period has several rows: compare the total or the average of {column!r}?"
        ask(key, question, choices, request=request, rejected=said)
    return "sum" if chosen == "total" else "mean"


# "Pour l'Allemagne (GERMANY), le log du revenu": a leading clause of whom, moved behind the measure
_LEADING_CLAUSE = re.compile(r"(?i)^((?:pour|para|f\u00fcr|for)\s[^,]{1,80}),\s*(.+)$")
_ARTICLE = re.compile(r"(?i)^(?:le|la|les|l['\u2019]|el|los|las|del|du|des|de\s+la|der|die|das|den|dem)\s*")
_FOR = re.compile(r"(?i)\b(?:pour|para|f\u00fcr)\b")


def _rest_forms(rest: str) -> list[str]:
    """``rest`` as the reader reads a measure: as written, then with the measure first and bare.

    A French, Spanish or German rest puts whom it is about first and an article before the measure
    ("Pour l'Allemagne, le log du revenu"); the reader reads a measure named right after "show".
    """
    forms = [rest]
    if (lead := _LEADING_CLAUSE.match(rest)) is not None:
        forms.append(f"{lead.group(2)} {lead.group(1)}")
    forms += [_FOR.sub("for", _ARTICLE.sub("", form, count=1)) for form in list(forms)]
    return list(dict.fromkeys(forms))


def _read_rest(rest: str, schema: DatasetSchema, read: Read, **options: Any) -> Intent | None:
    """The reading of the rest that is one measure, trying its forms in order (None: no form is).

    Last, each form is read as a total ("total log du revenu réel par habitant"), which names the measure
    in the forms "show" does not read; no aggregation was said, so the reading compares one row per
    period (and the tool stops, naming the period, when a period has several). At the very last, the rest
    as written, which may be numbered steps of its own ("Step 1: keep the female cases. Step 2: count
    them per year. Step 3: that count").
    """
    forms = _rest_forms(rest)
    texts = [*(f"show {form}" for form in forms), *(f"total {form}" for form in forms), rest]
    for i, text in enumerate(texts):
        try:
            sub = read(text, schema, **options)
        except UnmappableRequestError:
            continue
        except NeedsClarificationError:
            if i == 0:
                raise  # a question about the rest as written is the person's to answer
            continue
        if len(forms) <= i < 2 * len(forms):
            if sub.operation not in ("aggregate", "group_aggregate") or len(sub.metrics) != 1:
                continue
            sub = sub.model_copy(update={"notes": [*sub.notes, f"{_NO_AGGREGATION} the measure"]})
        if _measure(sub) is not None:
            return sub
    return None


_ONE_PLACE = re.compile(r"(?i)\b(redonde\w*\s+(?:a\s+)?(?:1|un|una|uno))\s+decimal\b(?!\w)")


# "... ? Report the percentage rounded to 1 decimal.": once the framing and rounding are out, a sentence
# of a reporting verb alone says nothing more
_EMPTY_SENTENCE = re.compile(
    r"(?i)(?<=[.?!])\s*(?:report|give|state|show|return|donne[zr]?|indique[zr]?|da|indica)"
    r"(?:\s+(?:it|me|us|the\s+(?:answer|result)))?\s*[.?!]?\s*$"
)


def _rounded(sub: Intent, digits: int | None) -> Any:
    """The method of the rest's reading, with the rounding the request asked for."""
    return sub.method if digits is None else sub.method.model_copy(update={"round_digits": digits})


def period_change_intent(  # noqa: PLR0911 - one early way out per thing that is not a change of periods
    request: str, schema: DatasetSchema, read: Read, **options: Any
) -> Intent | None:
    """The ``period_change`` reading of ``request`` (None: not a change between two periods)."""
    if not _CHANGE_WORD.search(request):
        return None
    if not (re.search(r"\d{4}", request) or FIRST_LAST.search(request)):
        return group_change_intent(request, schema, read, **options)  # "between North and South"
    if tested(request, schema):
        return None  # no change word, or a change a test judges ("is the change ... significant?")
    resolver = ColumnResolver(schema=schema)
    dated, dated_notes = year_occasions(request, resolver)  # "entre la encuesta de 1978 y la de 2016"
    dated, bounds = first_last(dated, schema, resolver)
    dated_notes = [*dated_notes, *bounds]
    # "rounded to 1 decimal", "redondeada a 1 decimal" (the Spanish singular put in the plural the
    # rounding words of language/method_phrases.py read)
    spanned = _SPAN.search(dated) is not None
    rounding = read_methods(english_methods(_ONE_PLACE.sub(r"\1 decimales", dated))[0] if spanned else "")
    text = rounding.text
    span = _SPAN.search(text) if spanned else None
    start, end = (span.group(1), span.group(2)) if span is not None else ("", "")
    grain = _grain(start, end) if span is not None else None
    time = _time(resolver, grain) if grain is not None and start != end else None
    if span is None or time is None:
        return group_change_intent(request, schema, read, **options) if span is None else None
    rest = _FRAMING.sub(" ", text[: span.start()] + " " + text[span.end() :])
    changed = _CHANGE_WORD.search(rest)
    word = re.sub(r"(?i)^the\s+|\s+(?:in|of)$", "", changed.group(0).strip()) if changed else ""
    if changed is None or any(word.lower() == name.lower() for name in resolver.names()):
        return None  # no change word, or it is a column's name ("the average change between ...")
    rest = _POSSESSIVE.sub(r"\2 for \1 ", rest[: changed.start()] + " " + rest[changed.end() :])
    rest = re.sub(r"\s+", " ", _EMPTY_SENTENCE.sub(" ", rest)).strip(" ?.")
    rest, unit_notes = unit_restated(text, rest, resolver, time[0])
    bare = re.sub(r"(?i)^(?:the|of|in)\s+", "", rest)
    named = [c for c in resolver.names() if c.lower() == bare.lower() and resolver.kind(c) == "numeric"]
    answers: dict[str, str] | None = options.get("answers")
    explicit = [k for k in options.get("explicit", ()) if not k.lower().endswith(" per period")]
    sub = (
        Intent(request=rest, operation="filter_rows", columns=named, data_source=schema.path)
        if named
        else _read_rest(rest, schema, read, answers=answers, explicit=explicit)
    )
    measure = _measure(sub) if sub is not None else None
    if sub is None or measure is None:
        return None  # the rest is not one measure: the ordinary reading refuses the whole request
    if time[1] == "value" and measure[2] == [time[0]]:  # "count them per year": the periods themselves
        measure = (measure[0], measure[1], [])
    if any(f.column == time[0] for f in sub.filters) or time[0] in measure[2]:
        return None
    column, combine, keys = measure
    column = column or time[0]  # a number of rows: the rows of each period that have one
    if combine == "single" and _surely_several_rows(schema, sub, [time[0], *keys]):
        combine = _combine_asked(request, column, answers)
    notes = [*dated_notes, *unit_notes, *(n for n in sub.notes if _NO_AGGREGATION not in n)]
    notes.append(f"{word!r} read as the change from {start} to {end} of {time[0]!r}")
    return sub.model_copy(
        update={
            "request": request,
            "operation": "period_change",
            "columns": [column],
            "metrics": [],
            "group_by": keys,
            "time_column": time[0],
            "options": {**sub.options, "grain": time[1], "start": start, "end": end, "combine": combine},
            "method": _rounded(sub, rounding.method.round_digits),
            "notes": notes,
        }
    )
