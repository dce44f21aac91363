"""Conditions whose column the person left out: "patients over 65", "orders over 500", "triage code 1".

``<comparison> <number>`` with no column before or after it names the column by its range: the age
column when the words around speak of people's age; else the one numeric column (ids excluded) whose
values span the number. Several such columns make a question. ``<numeric code column> <number>``
("triage code 1", "grade level 12") is an equality on that column.
"""

from __future__ import annotations

from pathlib import Path

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Filter
from mcpforge.pipeline.intent.clarify import Answers, ask, exact_column, offered
from mcpforge.pipeline.intent.conditions import COMPARATORS, FilterResult
from mcpforge.pipeline.intent.groups.group_sizes import group_size_at, group_size_or_more, rows_word
from mcpforge.pipeline.intent.time.phrases import open_end
from mcpforge.pipeline.intent.words import ENTITY_WORDS, ColumnResolver, norm, singular

_PEOPLE = frozenset({"patients", "patient", "people", "persons", "customers", "employees", "children",
                     "adults", "aged", "age", "ages", "students", "staff", "members", "users",
                     "kids"})  # fmt: skip
_NUMERIC_OPS = {">", ">=", "<", "<="}
# Plural words after a number that measure a value, not count rows: "over 500 dollars", "above 30 degrees".
MEASURE_PLURALS = frozenset({
    "years", "months", "weeks", "days", "hours", "hrs", "minutes", "mins", "seconds", "secs", "decades",
    "dollars", "euros", "pounds", "cents", "bucks", "usd", "eur", "gbp", "lbs", "kgs", "kilos", "kilograms",
    "grams", "tons", "tonnes", "ounces", "litres", "liters", "gallons", "metres", "meters", "kilometres",
    "kilometers", "kms", "miles", "feet", "inches", "yards", "degrees", "percent", "points", "pts",
    "percentage", "stars", "times", "units", "thousands", "millions", "billions", "calories", "watts",
    "volts", "mph", "bpm", "mmhg", "levels", "ratings", "votes", "runs", "goals",
})  # fmt: skip
_CODE_MAX_DISTINCT = 50


def _number(token: str) -> float | None:
    try:
        return float(token.replace(",", ""))
    except ValueError:
        return None


def _spans(resolver: ColumnResolver, value: float) -> list[str]:
    found = []
    for info in resolver.schema.columns:
        if info.kind != "numeric" or "id" in norm(info.name).split():
            continue
        low, high = info.minimum, info.maximum
        if isinstance(low, int | float) and isinstance(high, int | float) and low <= value <= high:
            found.append(info.name)
    return found


def _comparator(tokens: list[str], i: int) -> tuple[str, int] | None:
    for words, op in COMPARATORS:
        if op in _NUMERIC_OPS and tuple(tokens[i : i + len(words)]) == words:
            return op, len(words)
    return None


def implicit_comparisons(
    tokens: list[str], resolver: ColumnResolver, reserved: set[int], out: FilterResult, answers: Answers,
    *, request: str,
) -> None:  # fmt: skip
    """Add ``column op number`` for each comparison whose column the request leaves out.

    Raises:
        NeedsClarificationError: several numeric columns span the number and no answer says which.
    """
    if out.group_size is None:  # "with 20 or more rows": attached to the groups (assemble)
        out.group_size = group_size_or_more(tokens, resolver, answers, reserved | out.used)
    for i in range(len(tokens) - 1):
        if i in reserved or i in out.used or (out.group_size is not None and i in out.group_size.positions):
            continue
        matched = _comparator(tokens, i)
        if matched is None:
            continue
        op, width = matched
        j = i + width
        if _column_then_number(tokens, i, j, op, resolver, out):
            continue
        value = _number(tokens[j]) if j < len(tokens) else None
        if value is None or j in out.used:
            continue
        size = group_size_at(tokens, i, j, op, resolver, answers) if out.group_size is None else None
        if size is not None:  # "neighborhoods with at least 20 rows": attached to the groups (assemble)
            out.group_size = size
            continue
        _refuse_row_count(tokens, i, j, resolver, request)
        _refuse_group_condition(tokens, i, j, resolver, request)
        age = resolver.resolve("age", fuzzy=False)
        context = set(tokens[max(0, i - 3) : i])
        if age is not None and context & _PEOPLE and resolver.kind(age) == "numeric":
            options = [age]
        else:
            options = _spans(resolver, value)
        key = f"{' '.join(tokens[i:j])} {tokens[j]}"
        chosen = answers.get(key)
        column = offered(chosen, options) or exact_column(chosen, resolver.names())
        if column is not None:
            options = [column]
        if len(options) > 1 or (chosen is not None and column is None and options):
            choices = {name: f"{name} {op} {tokens[j]}" for name in options}
            question = f"Which column should be {key!r}?"
            ask(key, question, choices, request=request, rejected=chosen if column is None else None)
        if len(options) == 1:
            number = int(value) if value.is_integer() else value
            out.filters.append(Filter(column=options[0], op=op, value=number))
            out.used.update(range(i, j + 1))
            out.notes.append(f"{key!r} read as {options[0]!r} {op} {tokens[j]}")


def _counts_rows(word: str, resolver: ColumnResolver) -> bool:
    """``airports`` in airports.json, ``orders``, ``counties`` (a category column): a noun that counts rows
    or entities, not a unit of a value."""
    if not word.isalpha() or word in MEASURE_PLURALS:
        return False
    base = singular(word)
    column = resolver.resolve(word, fuzzy=False)
    if column is not None:
        return resolver.kind(column) in {"categorical", "text"}  # "more than 50 counties": distinct values
    rows = singular(Path(resolver.schema.path).stem.lower().replace("-", "_").split("_")[-1])
    return base in ENTITY_WORDS or base == rows or base != word


def _refuse_row_count(tokens: list[str], i: int, j: int, resolver: ColumnResolver, request: str) -> None:
    """``how many cities have more than 5 airports``: the number counts rows per group (a HAVING on the
    row count), not a value of some column; a noun the rows are not known to be (group_sizes.py reads
    those that are) is refused, naming it and how to say rows.

    Raises:
        UnmappableRequestError: the word after the number counts rows or entities.
    """
    if j + 1 >= len(tokens) or not _counts_rows(tokens[j + 1], resolver):
        return
    words = " ".join(tokens[i : j + 2])
    noun, number = tokens[j + 1], " ".join(tokens[i : j + 1])
    why = (
        f"but nothing says each row of the file is one {singular(noun)} (a column could count them, or the "
        f"file's name says its rows are something else). For groups of that many rows, say rows ('with "
        f"{number} rows'); for a value, name its column"
    )
    if rows_word(noun):  # "where the airline has at least 5 rows" in a shape not read
        why = (
            "in a shape this reading does not take; write e.g. '<measure> per <column>, only <column> "
            f"groups with {number} rows'"
        )
    raise UnmappableRequestError(
        f"cannot map the request {request!r}: {words!r} compares a count of {noun!r} per group (groups "
        f"whose number of rows passes a threshold), {why}",
        understood={"condition": words},
    )


_HAVING = frozenset({"with", "have", "has", "having", "that", "which", "whose", "where"})


def _refuse_group_condition(
    tokens: list[str], i: int, j: int, resolver: ColumnResolver, request: str
) -> None:
    """``only cities with more than 5``, ``states that have over 10``: a bare number said of the values of a
    category column is a condition on each group (a HAVING), not on some numeric column whose range spans
    the number (it was read as ``longitude > 5``); the catalogue has no such condition, so refuse.

    Raises:
        UnmappableRequestError: the comparison's subject is a category column's values.
    """
    k = i - 1
    while k >= 0 and tokens[k] in _HAVING:
        k -= 1
    if k < 0 or k == i - 1:
        return  # "airports above 60": no "with" / "that have" joining a subject to the number
    column = resolver.resolve(tokens[k], fuzzy=False)
    if column is None or resolver.kind(column) not in {"categorical", "text"}:
        return
    words = " ".join(tokens[k : j + 1])
    raise UnmappableRequestError(
        f"cannot map the request {request!r}: {words!r} is a condition on each {column!r} group (groups "
        "whose count or total passes a threshold), not the value of a column; that condition is not in the "
        f"catalogue yet. Ask for the value per {column!r} instead and read the groups over the threshold, "
        "or let a model write it (--engine local)",
        understood={"condition": words},
    )


def _column_then_number(  # noqa: PLR0917 - the scan's position, passed through
    tokens: list[str], i: int, j: int, op: str, resolver: ColumnResolver, out: FilterResult
) -> bool:
    """``under age 18``: the comparison, the column, then the number."""
    hit = resolver.match_at(tokens, j) if j < len(tokens) else None
    if hit is None or resolver.kind(hit[0]) != "numeric" or j + hit[1] >= len(tokens):
        return False
    end = j + hit[1]
    value = _number(tokens[end])
    if value is None or set(range(i, end + 1)) & out.used:
        return False
    out.filters.append(Filter(column=hit[0], op=op, value=int(value) if value.is_integer() else value))
    out.used.update(range(i, end + 1))
    return True


def code_equalities(
    tokens: list[str], resolver: ColumnResolver, reserved: set[int], out: FilterResult
) -> None:
    """``triage code 1``: a numeric code column named right before a number is an equality."""
    for start in range(len(tokens)):
        if start in reserved or start in out.used:
            continue
        hit = resolver.match_at(tokens, start)
        if hit is None:
            continue
        column, width = hit
        j = start + width
        info = resolver.schema.get(column)
        if j >= len(tokens) or info is None or not info.is_integer or info.kind != "numeric":
            continue
        value = _number(tokens[j]) if tokens[j].isdigit() else None
        if value is None or j in out.used or not 0 < info.distinct_count <= _CODE_MAX_DISTINCT:
            continue
        values, end = _code_list(tokens, j, out)
        bound, tail = open_end(tokens, end) if len(values) == 1 else (None, set())
        if bound is not None:  # "the years 1945 and later": a range from that code on
            out.filters.append(Filter(column=column, op=bound, value=int(value)))
            out.used.update(tail)
        elif len(values) > 1:  # "month 6, 7 and 8": one of the codes (a row holds one value)
            out.filters.append(Filter(column=column, op="in", value=values))
        else:
            out.filters.append(Filter(column=column, op="==", value=int(value)))
        out.used.update(range(start, end))


def _code_list(tokens: list[str], j: int, out: FilterResult) -> tuple[list[int], int]:
    """The codes ``6, 7 and 8`` / ``6 or 7`` from ``j``: (values, index after the last one)."""
    values, end, k = [int(tokens[j])], j + 1, j + 1
    while k + 1 < len(tokens) and tokens[k] in {",", "and", "or"} and tokens[k + 1].isdigit():
        if k + 1 in out.used:
            break
        values.append(int(tokens[k + 1]))
        end = k = k + 2
    return values, end
