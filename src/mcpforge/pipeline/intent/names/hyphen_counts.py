"""A count written before a noun with a hyphen: "8-cylinder cars", "eight-cylinder", "2-door" (issue 25).

"8-cylinder cars" are the cars whose ``Cylinders`` is 8: the number is a value of the column the noun
names, not a number for another column nearby (it had been read as ``Horsepower == 8``). Read when the
noun, singular or plural, names a numeric column of whole numbers whose range holds the number; the
hyphenated pair is written as the condition ("Cylinders = 8") and said in the reading. A time column is
never read this way: "3-month average", "10-year change" name a span, not month 3 or year 10. Two counts
of one column ("4-cylinder and 6-cylinder cars") are left as written (refused): two equalities on one
column would select no row. The count may be an English number word ("eight-cylinder", "two-bedroom").
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.time.periods import names_a_period
from mcpforge.pipeline.intent.words import ColumnResolver
from mcpforge.pipeline.schema import DatasetSchema

_COUNT_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip
_HYPHENED = re.compile(
    rf"(?<![\w.,-])(?P<count>\d{{1,3}}|{'|'.join(_COUNT_WORDS)})-(?P<noun>[^\W\d_]{{3,}})(?![\w-])",
    re.IGNORECASE,
)


def _count(written: str) -> int:
    return _COUNT_WORDS.get(written.lower()) or int(written)


def _counted_column(noun: str, resolver: ColumnResolver, count: int) -> str | None:
    for form in dict.fromkeys((noun, f"{noun}s", noun[:-1] if noun.endswith("s") else noun)):
        column = resolver.resolve(form, fuzzy=False)
        info = resolver.schema.get(column) if column else None
        if (
            info is not None
            and info.kind == "numeric"
            and info.is_integer
            and not names_a_period(info.name)
            and isinstance(info.minimum, float | int)
            and isinstance(info.maximum, float | int)
            and info.minimum <= count <= info.maximum
        ):
            return info.name
    return None


def hyphen_counts(text: str, schema: DatasetSchema) -> tuple[str, list[str]]:
    """``text`` with "8-cylinder" written as "Cylinders = 8", and a note each."""
    if "-" not in text:
        return text, []
    resolver = ColumnResolver(schema=schema)
    notes: list[str] = []
    found = [
        _counted_column(m.group("noun").lower(), resolver, _count(m.group("count")))
        for m in _HYPHENED.finditer(text)
    ]
    once = {column for column in found if column is not None and found.count(column) == 1}

    def read(match: re.Match[str]) -> str:
        count = _count(match.group("count"))
        column = _counted_column(match.group("noun").lower(), resolver, count)
        if column is None or column not in once:  # "4-cylinder and 6-cylinder": no two equalities
            return match.group(0)
        notes.append(f"{match.group(0)!r} read as {column} = {count}")
        return f"{column} = {count}"

    return _HYPHENED.sub(read, text), notes
