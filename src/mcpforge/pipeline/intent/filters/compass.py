"""Compass thresholds: "west of longitude -100" is ``longitude < -100``; "north of 60" on the latitude.

North and east are the larger coordinate (latitude grows northward, longitude eastward), south and west
the smaller. The column is the one the words name, or the file's one latitude / longitude column; with
none or several the words stay unused and the word check refuses them. "north of 60" over a file with no
latitude column is never read as a condition on some other number.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.models import Filter
from mcpforge.pipeline.intent.conditions import FilterResult
from mcpforge.pipeline.intent.rows.superlatives import measure_columns
from mcpforge.pipeline.intent.words import ColumnResolver

_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")
# direction (and its -ern form) -> (stems of the coordinate's column name, comparison)
_DIRECTIONS: dict[str, tuple[tuple[str, ...], str]] = {
    "north": (("lat",), ">"), "south": (("lat",), "<"),
    "east": (("lon", "lng"), ">"), "west": (("lon", "lng"), "<"),
}  # fmt: skip


def _direction(word: str) -> tuple[tuple[str, ...], str] | None:
    return _DIRECTIONS.get(word.removesuffix("ern").removesuffix("ward"))


def _value(tokens: list[str], k: int) -> float | None:
    if k < len(tokens) and _NUMBER.fullmatch(tokens[k]):
        number = float(tokens[k])
        return int(number) if number.is_integer() else number
    return None


def with_compass(found: FilterResult, compass: FilterResult) -> FilterResult:
    """``found`` with the compass thresholds read before it (they come first, as they were read first)."""
    found.filters[:0] = compass.filters
    found.used |= compass.used
    found.notes[:0] = compass.notes
    return found


def compass_filters(tokens: list[str], resolver: ColumnResolver, reserved: set[int]) -> FilterResult:
    """``west of longitude -100``, ``north of 60 (latitude)``, ``east of -80 longitude``: a threshold on
    the coordinate the direction runs along. Read before category values: "north of 40" is no region."""
    out = FilterResult()
    for i, token in enumerate(tokens[:-2]):
        found = _direction(token)
        if found is None or tokens[i + 1] != "of" or {i, i + 1} & (reserved | out.used):
            continue
        stems, op = found
        candidates = measure_columns(stems, resolver)
        j = i + 2 + (tokens[i + 2] == "the")
        named = resolver.match_at(tokens, j)
        width = 0
        if named is not None and named[0] in candidates:
            column, width = named[0], named[1]
        elif len(candidates) == 1:
            column = candidates[0]
        else:
            continue
        value = _value(tokens, j + width)
        end = j + width + 1
        if value is None:
            continue
        after = resolver.match_at(tokens, end)
        if width == 0 and after is not None and after[0] == column:
            end += after[1]  # "east of -80 longitude"
        out.filters.append(Filter(column=column, op=op, value=value))
        out.used.update(range(i, end))
        out.notes.append(f"'{' '.join(tokens[i:end])}' read as {column} {op} {value}")
    return out
