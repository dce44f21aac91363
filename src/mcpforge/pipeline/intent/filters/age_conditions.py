"""An open-ended condition on an age or a duration in years: "30 years or older", "aged 65 and over",
"30 Jahre oder älter", "30 ans ou plus", "30 años o más", "married 10 years or more".

The number is a count of years, and years are the unit of the column measured in them: the age column
(``age``, ``Alter``, ``Edad``, ``âge``) or a duration named with "years" (``yearsmarried``). It is never a
year of the calendar: a file's ``year`` column is not "30 years or older". "older"/"younger" and "aged"
say age: the file's one age column. "N years or more" alone says only the unit: the column is the one
column measured in years, or the one whose name the request spells around the number ("married 10 years"
for ``yearsmarried``); when two fit and nothing tells them apart, nothing is read here, and the request
still asks or refuses. The reading says which column and bound it used ("'30 years or older' read as
'age' >= 30").
"""

from __future__ import annotations

from mcpforge.models import Filter
from mcpforge.pipeline.intent.conditions import FilterResult
from mcpforge.pipeline.intent.words import ColumnResolver, norm

_YEARS = frozenset({"year", "years", "yr", "yrs", "jahr", "jahre", "jahren", "ans", "ano", "anos"})
# The word after "or"/"and": the bound's side. Foreign words as the translation leaves them ("más", "plus").
_AT_LEAST = frozenset({"older", "more", "over", "above", "plus", "mas", "greater", "higher", "up"})
_AT_MOST = frozenset({"younger", "less", "under", "below", "fewer", "menos", "moins"})
_AGE_WORDS = frozenset({"older", "younger"})
_AGED = frozenset({"aged", "age"})
_JOINS = frozenset({"or", "and"})
_AGE_NAMES = ("age", "alter", "edad", "lebensalter")


def _numeric(resolver: ColumnResolver) -> list[str]:
    return [info.name for info in resolver.schema.columns if info.kind == "numeric"]


def _age_columns(resolver: ColumnResolver) -> list[str]:
    """Numeric columns whose name is an age: its first word is "age" in one of the four languages."""
    return [name for name in _numeric(resolver) if (norm(name).split() or [""])[0] in _AGE_NAMES]


def _squash(text: str) -> str:
    return "".join(ch for ch in text if ch.isalnum())


def _in_years(resolver: ColumnResolver) -> list[str]:
    """Numeric columns measured in years: an age, or a name with the word "years" in it."""
    found = _age_columns(resolver)
    for name in _numeric(resolver):
        squashed = _squash(norm(name))
        if name not in found and ("years" in squashed or "jahre" in squashed or "anos" in squashed):
            found.append(name)
    return found


def _spelled_around(
    columns: list[str], unit: str, neighbours: list[tuple[int, str]]
) -> tuple[str, int] | None:
    """The one column whose name is the unit and a word next to the phrase ("married" + "years")."""
    hits = []
    for name in columns:
        squashed = _squash(norm(name))
        for at, word in neighbours:
            if squashed in {unit + word, word + unit, unit + word.rstrip("s"), word + unit.rstrip("s")}:
                hits.append((name, at))
    return hits[0] if len(hits) == 1 else None


def _column(
    tokens: list[str], start: int, end: int, *, unit: str | None, side: str, resolver: ColumnResolver
) -> tuple[str, set[int]] | None:
    """The column of the phrase ``tokens[start:end]`` and any name word next to it, else None."""
    aged = start > 0 and tokens[start - 1] in _AGED
    if side in _AGE_WORDS or aged or "old" in tokens[start:end]:
        ages = _age_columns(resolver)
        return (ages[0], {start - 1} if aged else set()) if len(ages) == 1 else None
    if unit is None:
        return None  # "3 or more vehicles" is read elsewhere
    fitting = _in_years(resolver)
    neighbours = [(k, tokens[k]) for k in (start - 1, end) if 0 <= k < len(tokens)]
    around = _spelled_around(fitting, unit, neighbours)
    if around is not None:
        return around[0], {around[1]}
    return (fitting[0], set()) if len(fitting) == 1 else None


_RANGE_JOINS = frozenset({"to", "and", "through", "bis", "a", "à", "y", "et", "und"})
_INCLUSIVE = frozenset({"inclusive", "included", "incl", "inclusively"})
# Between "working-age" and its range: the people it describes and the restriction ("people only, 18 to 64").
_BETWEEN_AGE_AND_RANGE = frozenset({"people", "persons", "individuals", "adults", "only", ",", "those"})
_MOST_SKIPPED = 3


def _says_age(token: str) -> bool:
    """ "aged", "age", or an age named by what it is for ("working-age", "school-age")."""
    return token in _AGED or (token.endswith("-age") and token[:-4].isalpha())


def _number(token: str) -> float | None:
    return float(token) if token.replace(".", "", 1).isdigit() else None


def _age_ranges(tokens: list[str], resolver: ColumnResolver, reserved: set[int], out: FilterResult) -> None:
    """ "aged 18 to 64 (inclusive)", "aged between 25 and 40": the age column between the two, ends kept."""
    ages = _age_columns(resolver)
    for i, token in enumerate(tokens):
        if not _says_age(token) or len(ages) != 1:
            continue
        k = i + 1
        while k < len(tokens) and k - i <= _MOST_SKIPPED and tokens[k] in _BETWEEN_AGE_AND_RANGE:
            k += 1  # "working-age people only, 18 to 64"
        k += k < len(tokens) and tokens[k] == "between"
        if k + 2 >= len(tokens) or tokens[k + 1] not in _RANGE_JOINS:
            continue
        low, high = _number(tokens[k]), _number(tokens[k + 2])
        if low is None or high is None or low > high:
            continue
        end = k + 3
        end += end < len(tokens) and tokens[end] in _YEARS
        end += end < len(tokens) and tokens[end] == "old"
        end += end < len(tokens) and tokens[end] in _INCLUSIVE  # the ends are kept either way
        span = set(range(i, end))
        if span & (reserved | out.used):
            continue
        for op, value in ((">=", low), ("<=", high)):
            out.filters.append(
                Filter(column=ages[0], op=op, value=int(value) if value.is_integer() else value)
            )
        out.used |= span
        said = " ".join(tokens[i:end])
        out.notes.append(
            f"{said!r} read as {ages[0]!r} between {tokens[k]} and {tokens[k + 2]}, both included"
        )


def age_conditions(tokens: list[str], resolver: ColumnResolver, reserved: set[int]) -> FilterResult:
    """Each "N [years] [old] or older/more/..." on a column measured in years, outside ``reserved``; each
    "aged A to B" on the age column."""
    out = FilterResult()
    if any(_says_age(token) for token in tokens):
        _age_ranges(tokens, resolver, reserved, out)
    for i, token in enumerate(tokens):
        if not token.replace(".", "", 1).isdigit() or i in reserved:
            continue
        k = i + 1
        unit = tokens[k] if k < len(tokens) and tokens[k] in _YEARS else None
        k += unit is not None
        k += unit is not None and k < len(tokens) and tokens[k] == "old"
        if k + 1 >= len(tokens) or tokens[k] not in _JOINS:
            continue
        side = tokens[k + 1]
        op = ">=" if side in _AT_LEAST else "<=" if side in _AT_MOST else None
        found = None if op is None else _column(tokens, i, k + 2, unit=unit, side=side, resolver=resolver)
        span = set(range(i, k + 2)) | (found[1] if found else set())
        if op is None or found is None or span & (reserved | out.used):
            continue
        value = float(token)
        out.filters.append(Filter(column=found[0], op=op, value=int(value) if value.is_integer() else value))
        out.used |= span
        said = " ".join(tokens[min(span) : max(span) + 1])
        out.notes.append(f"{said!r} read as {found[0]!r} {op} {token} (years as the unit of {found[0]!r})")
    return out
