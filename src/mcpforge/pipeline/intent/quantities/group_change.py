"""Change of a measure between two named groups: "what is the difference in mean price between North and
South", "by how much does the median wage differ between women and men".

The two groups are two values of one category column, written "between A and B" / "from A to B"; the rest
of the request — the measure, its aggregation, its other filters — is read by the ordinary parser, as for
a change between two periods (period_change.py). The reading is ``period_change`` over that column taken as
it is (``grain="value"``, start A, end B): the answer gives both groups' values, the difference B - A and
the percent difference (B - A) / A * 100, so the direction is the one the words state.

What it decides: the aggregation is the one the request names; none named over several rows a group is
asked (total or average), never guessed; a rest that is not one measure, or two values that are not of
the same category column, is not read here (the ordinary reading asks or refuses as before).
"""

from __future__ import annotations

from typing import Any

from mcpforge import _lazy_re as re
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Filter, Intent
from mcpforge.pipeline.intent.analysis.methods import read_methods
from mcpforge.pipeline.intent.language.method_phrases import english_methods
from mcpforge.pipeline.intent.words import ColumnResolver
from mcpforge.pipeline.schema import DatasetSchema

# A difference a test judges ("is the difference ... significant?") is the test's, never a subtraction
TESTED = re.compile(
    r"(?i)\b(?:signifi\w*|signifikan\w*|tests?|testing|tested|p[- ]?values?|t-test\w*|anova|alpha|"
    r"confiden\w*|statistic\w*|welch|mann|wilcoxon|kruskal|chi)\b|\u03b1|\bp\s*[<>=]"
)


def tested(request: str, schema: DatasetSchema) -> bool:
    """The request asks a test about the change (a word of testing that is no column's name: "test score")."""
    names = " ".join(info.name.lower() for info in schema.columns)
    return any(found.group(0).lower() not in names for found in TESTED.finditer(request))


_FROM = r"between|from|entre|zwischen|von"
_TO = r"and|to|et|y|und|bis"
_ARTICLE = r"(?:(?:the|le|la|les|l['\u2019]|el|los|las|der|die|das|den)\s*)?"


def _pair(sub: Intent, text: str, resolver: ColumnResolver) -> tuple[Filter, str, str] | None:
    """The filter of the two groups, and its values in the order written ("between A and B")."""
    pairs = [
        f
        for f in sub.filters
        if f.op == "in"
        and isinstance(f.value, list)
        and len(f.value) == 2
        and resolver.kind(f.column) == "categorical"
    ]
    if len(pairs) != 1:
        return None
    pair = pairs[0]
    first, second = (str(v) for v in pair.value)
    for start, end in ((first, second), (second, first)):
        one, other = re.escape(start), re.escape(end)
        written = rf"(?i)\b(?:{_FROM})\s+{_ARTICLE}{one}\s+(?:{_TO})\s+{_ARTICLE}{other}\b"
        if re.search(written, text):
            return pair, start, end
    return None


def _rest(text: str, resolver: ColumnResolver) -> tuple[str, str] | None:
    """(the request less its framing and its word of difference, that word), None: no such word."""
    from mcpforge.pipeline.intent.quantities import period_change as periods

    rest = periods._FRAMING.sub(" ", text)
    word = periods._CHANGE_WORD.search(rest)
    said = re.sub(r"(?i)^(?:the|la|le|el|die)\s+|\s+(?:in|of)$", "", word.group(0).strip()) if word else ""
    if word is None or any(said.lower() == name.lower() for name in resolver.names()):
        return None  # no word of difference, or a column's name ("the average change between ...")
    rest = periods._POSSESSIVE.sub(r"\2 for \1 ", rest[: word.start()] + " " + rest[word.end() :])
    return re.sub(r"\s+", " ", periods._EMPTY_SENTENCE.sub(" ", rest)).strip(" ?."), said


def group_change_intent(request: str, schema: DatasetSchema, read: Any, **options: Any) -> Intent | None:
    """The ``period_change`` reading of a change between two groups (None: not one)."""
    from mcpforge.pipeline.intent.quantities import period_change as periods

    changed = periods._CHANGE_WORD.search(request)
    resolver = ColumnResolver(schema=schema)
    rounding = read_methods(english_methods(request)[0])
    text = rounding.text
    cut = _rest(text, resolver) if changed is not None and not tested(request, schema) else None
    if cut is None:
        return None
    rest, said = cut
    answers: dict[str, str] | None = options.get("answers")
    try:
        sub = read(f"show {rest}", schema, answers=answers, explicit=options.get("explicit", ()))
    except (UnmappableRequestError, NeedsClarificationError):
        return None  # the ordinary reading of the whole request asks or refuses
    found = _pair(sub, text, resolver)
    if found is None:
        return None
    pair, start, end = found
    others = [f for f in sub.filters if f is not pair]
    keys = [k for k in sub.group_by if k != pair.column]
    sub = sub.model_copy(update={"filters": others, "group_by": keys})  # "no aggregation named": single
    measure = periods._measure(sub)
    if measure is None or pair.column in measure[2] or any(f.column == pair.column for f in others):
        return None
    column, combine, keys = measure
    column = column or pair.column
    if combine == "single" and periods._surely_several_rows(schema, sub, [pair.column, *keys]):
        combine = periods._combine_asked(request, column, answers)
    notes = [n for n in sub.notes if "no aggregation named" not in n and "side by side" not in n]
    notes.append(
        f"{said!r} read as the difference from {start} to {end} of {pair.column!r} ({end} minus {start})"
    )
    changed_intent: Intent = sub.model_copy(
        update={
            "request": request,
            "operation": "period_change",
            "columns": [column],
            "metrics": [],
            "group_by": keys,
            "time_column": pair.column,
            "options": {**sub.options, "grain": "value", "start": start, "end": end, "combine": combine},
            "method": periods._rounded(sub, rounding.method.round_digits),
            "notes": notes,
        }
    )
    return changed_intent
