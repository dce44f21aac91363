"""A column of calendar years compared with a number that is no year: the reading is wrong, not the data.

"How many people are under 30 years old" over a file with ``year`` (1992 ... 2012) and ``age`` read
"years" as the ``year`` column and counted ``year < 30``: zero rows, a confident wrong answer. Whatever
word led there (a unit "years", a plural, a typo), comparing a column of four-digit years with a number
below 1000 answers nothing anyone asked, so the reading is refused and says how to name the column
measured in years. ("year 85", a two-digit year, has its own message in ``time/written_years.py``.)
"""

from __future__ import annotations

from mcpforge.models import Intent
from mcpforge.pipeline.schema import DatasetSchema

_EARLIEST_YEAR = 1000


def _years_column(schema: DatasetSchema, column: str) -> tuple[float, float] | None:
    info = schema.get(column)
    if info is None or not info.is_integer:
        return None
    low, high = info.minimum, info.maximum
    if not isinstance(low, int | float) or not isinstance(high, int | float):
        return None
    return (low, high) if low >= _EARLIEST_YEAR and high <= 2999 else None


def non_year_comparison(intent: Intent, schema: DatasetSchema) -> str | None:
    """Why the reading compares a column of years with a number that is no year, else None."""
    for rule in intent.filters:
        held = _years_column(schema, rule.column)
        if held is None:
            continue
        values = rule.value if isinstance(rule.value, list) else [rule.value]
        numbers = [v for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
        odd = [v for v in numbers if abs(v) < _EARLIEST_YEAR]
        if odd:
            return (
                f"the reading compares {rule.column!r}, which holds years ({held[0]:.0f} to {held[1]:.0f}), "
                f"with {odd[0]:g}, which is no year; if {odd[0]:g} is an age or a duration, name the column "
                "measured in years (e.g. 'age under 30')"
            )
    return None
