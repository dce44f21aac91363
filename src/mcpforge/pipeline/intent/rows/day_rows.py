"""``days`` as the rows of a daily file: "on how many days was the return positive".

A file whose one date column (a datetime, or a column named "date", "Datum", "fecha", "day") holds one
distinct value on every row has one row per day, so counting days is counting rows. With two such
columns, a date column with gaps or repeats, or a sampled schema (the counts are not known), "days" is
not read here and the request asks or refuses as before.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.words import ColumnResolver, norm

DAY_NOUNS = frozenset({"days"})
_DATE_NAMES = frozenset({"date", "datum", "fecha", "day", "tag", "jour", "dia"})


def daily_column(resolver: ColumnResolver) -> str | None:
    """The one date column with one distinct, non-empty value per row, or None."""
    schema = resolver.schema
    if schema.sampled or not schema.rows:
        return None
    dated = [
        info
        for info in schema.columns
        if info.kind == "datetime"
        or (info.kind in {"numeric", "categorical"} and norm(info.name) in _DATE_NAMES)
    ]
    if len(dated) != 1:
        return None
    info = dated[0]
    return info.name if info.null_count == 0 and info.distinct_count == schema.rows else None
