"""A grouping word said twice, "year by year", "année par année", "Jahr für Jahr", "año por año", is
one grouping: per year (issue 25).

Read word by word, "median beer tax, year by year" groups by the year and measures the year too (each
group's value its own key: refused), or leaves the second "year" unused. The repetition only says "one
answer for each": it is rewritten to "per year" before the reading, and the reading says so. After an
aggregation word ("average packpc by packpc") the first is the measure: the pair stays as written.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re

_JOINERS = r"(?:by|per|after|par|apr[eè]s|f[uü]r|nach|por|tras)"
# Words after which the first of the pair is what is measured or counted, not a grouping said twice.
_MEASURED = frozenset(
    [
        "of",
        "the",
        "average",
        "mean",
        "median",
        "sum",
        "total",
        "count",
        "number",
        "max",
        "min",
        "maximum",
        "minimum",
    ]
)
_REPEATED = re.compile(rf"(?i)(?<![\w'])([^\W\d_]+(?:[ -][^\W\d_]+)?) {_JOINERS} \1(?![\w'])")


def repeated_grouping(text: str) -> tuple[str, list[str]]:
    """``text`` with "X by X" (in any of the languages read) as "per X", and a note for each."""
    notes: list[str] = []

    def one(match: re.Match[str]) -> str:
        before = text[: match.start()].split()
        if before and before[-1].lower() in _MEASURED:
            return match.group()  # "average packpc by packpc": the first one is the measure
        notes.append(f"{match.group()!r} read as per {match.group(1)}")
        return f"per {match.group(1)}"

    return _REPEATED.sub(one, text), notes
