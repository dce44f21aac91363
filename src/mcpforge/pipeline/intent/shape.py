"""The shape an answer must have: "for each region, which weather …" is one row per region, naming a weather.

A template's table has a fixed shape: one row per group of its keys, or the top N groups overall. When the
request asks for one row per X naming a Y ("for each region, the product with the highest units"), a
template grouped by X and Y gives several rows per X (or, with top N, the best pair overall) — numbers
that look validated and answer another question. Such a reading is not a catalogue answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from mcpforge.models import Intent
from mcpforge.pipeline.validation.answer_checks import asked_values_of, one_row_per


def shape_problem(request: str, columns: Sequence[str], intent: Intent) -> str | None:
    """Why a template with ``intent``'s keys cannot have the shape ``request`` asks for (None: it can)."""
    asked = asked_values_of(request, columns)
    if asked is None or not intent.group_by:
        return None  # nothing is named per group: every grouped table has the asked shape
    if asked not in intent.group_by:
        return f"it asks which {asked!r}, but the reading groups by {', '.join(map(repr, intent.group_by))}"
    key = one_row_per(request, columns)
    if key is not None and key != asked and key in intent.group_by and len(intent.group_by) > 1:
        return (
            f"it asks for one {asked!r} per {key!r} (the one that comes first in each), but a catalogue "
            f"table grouped by {', '.join(map(repr, intent.group_by))} "
            + ("ranks the pairs across all of them" if intent.top_n else "gives several rows per value")
        )
    return None
