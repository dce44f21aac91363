"""Whether the person asked to *see* the answer: "plot monthly accidents", "show the distribution of …".

A chart never changes what is computed: the answer table is the same with or without it, and mcpforge
draws the chart from that validated table (``mcpforge.charts``). This module only decides whether a chart
was asked for and which kind fits the answer: a line over time, a histogram of a distribution, bars of
a value per group. Answers that no chart fits (a single number, a correlation matrix) get none, with a note.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.models import ChartKind, Intent

#: Words that ask for a picture, whatever the answer is.
_DRAW = re.compile(
    r"\b(plot|plots|plotted|plotting|chart|charts|graph|graphs|draw|visuali[sz]e|visuali[sz]ation|"
    r"histogram|bar\s+chart|line\s+chart|diagram)\b"
)
#: "show (me) the distribution/trend of …": a picture of a shape, not a table.
_SHOW_SHAPE = re.compile(r"\bshow\b(\s+\w+){0,3}\s+(distribution|trend|histogram|evolution)\b")
_EXPLICIT: tuple[tuple[re.Pattern[str], ChartKind], ...] = (
    (re.compile(r"\bhistogram\b"), "histogram"),
    (re.compile(r"\bline\s+(chart|graph|plot)\b"), "line"),
    (re.compile(r"\b(bar|column)\s+(chart|graph|plot)\b|\bbars\b"), "bar"),
)
_BY_OPERATION: dict[str, ChartKind] = {
    "time_resample": "line",
    "date_part": "bar",
    "value_distribution": "histogram",
    "group_count": "bar",
    "group_aggregate": "bar",
    "top_n": "bar",
    "distinct_count": "bar",
    "percentiles": "bar",
}


def asks_for_chart(request: str) -> bool:
    """The request asks to see the answer drawn."""
    low = request.lower()
    return bool(_DRAW.search(low) or _SHOW_SHAPE.search(low))


def chart_for(request: str, intent: Intent) -> Intent:
    """``intent`` with the chart kind the request asks for, or a note when no chart fits its answer."""
    if not asks_for_chart(request):
        return intent
    low = request.lower()
    kind = next((kind for pattern, kind in _EXPLICIT if pattern.search(low)), None)
    fitting = _BY_OPERATION.get(intent.operation)
    if fitting is None:
        note = f"no chart: a {intent.operation.replace('_', ' ')} answer is shown as a table only"
        return intent.model_copy(update={"notes": [*intent.notes, note]})
    return intent.model_copy(update={"chart": kind or fitting})
