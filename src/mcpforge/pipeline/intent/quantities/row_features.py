"""A quantity computed for each row, then averaged: "A divided by B for each car, averaged" (issue 25).

People define a per-row feature and then aggregate it in a second clause: "Horsepower divided by
Weight_in_lbs for each car, averaged", "the ratio of bill_length_mm to bill_depth_mm per penguin, averaged
by species", "MPG Autobahn minus MPG Stadt, averaged over all cars", "For each row with sales > 0, compute
volume divided by sales, then average it over those rows". The arithmetic reader reads one form, "mean of
A / B for each row" (the per-row values averaged, what pandas gives for ``(df.A / df.B).mean()``); these
were refused on the words around it. Each is rewritten into that form, and the reading says so.

Read only when every part is there and says one thing:

- the quantity is arithmetic between named columns ("divided by", "/", "minus", "times", "plus", or
  "the ratio of A to B");
- the row is named: "for each <noun>", "per <noun>", "computed per <noun>" where the noun names no column
  (a car, a penguin, a row: each row is one) -- or, for a difference, product or sum, no row at all (the
  per-row and the pooled readings give the same mean);
- the aggregation is an average ("averaged", "then average it", "take the average"), followed at most by
  the rows it covers ("over all cars", "over those rows": every row kept) and a grouping ("by species",
  "within each class"), which stays for the grouping reader.

"per state" over a file with several rows per state names groups, not rows, and is left as written (the
ratio of the totals per state, averaged, would be other numbers); so is any other wording.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver

_OPERATOR = r"(?:divided\s+by|multiplied\s+by|minus|plus|times|over|/|-|\*|\+)"
_ROW_NOUNS = frozenset({"row", "rows", "record", "records", "observation", "observations", "entry", "line"})
_ROW = (
    r"(?:,\s*)?(?:computed\s+|calculated\s+)?(?:for\s+each|for\s+every|per|of\s+each|in\s+each)"
    r"\s+(?P<noun>[^\W\d]+)"
)
_AVERAGE = (
    r"(?:,\s*|\s+)(?:and\s+|then\s+)*(?:averaged|take\s+the\s+(?:average|mean)|average\s+(?:it|them|this|that|those)"
    r"|(?:compute|calculate|find|give|report)\s+(?:the\s+|its\s+|their\s+)?(?:average|mean))"
)
_OVER = r"(?:\s+(?:over|across|for)\s+(?:all\s+)?(?:the\s+|these\s+|those\s+)?(?P<over>[^\W\d]+))?"
_LABEL = re.compile(r"^\s*(?P<label>[^\W\d][\w\- ]{0,40}?):\s*(?=\S)")
_RATIO_OF = re.compile(r"^(?:the\s+)?ratio\s+(?:of\s+)?(?P<a>.+?)\s+(?:to|and)\s+(?P<b>.+)$", re.IGNORECASE)
_RATIO_BARE = re.compile(r"^(?:the\s+)?ratio\s+(?P<f>.+\S\s*/\s*\S.+)$", re.IGNORECASE)
_LEADING_ROW = re.compile(
    r"^\s*for\s+each\s+(?P<noun>[^\W\d]+)(?P<cond>\s+(?:with|where|whose)\s+[^,]+)?,\s*"
    r"(?:compute|calculate|take|divide)\s+",
    re.IGNORECASE,
)
_COMPUTE = re.compile(r"^\s*(?:compute|calculate)\s+", re.IGNORECASE)


@dataclass
class RowFeature:
    """The text with a per-row quantity then averaged written "mean of F for each row", and notes."""

    text: str
    notes: list[str] = field(default_factory=list)


def _names_row(noun: str, resolver: ColumnResolver) -> bool:
    """``noun`` ("car", "penguin", "row") names the file's rows, not a column's groups."""
    word = noun.lower()
    if word in _ROW_NOUNS:
        return True
    return (
        resolver.resolve(word, fuzzy=False) is None
        and resolver.resolve(word.rstrip("s"), fuzzy=False) is None
    )


def _columns_of(feature: str, resolver: ColumnResolver) -> list[str] | None:
    """The two column operands of ``feature`` ("A divided by B"), or None when it is anything else."""
    parts = re.split(rf"\s*{_OPERATOR}\s*", feature.strip(), maxsplit=1, flags=re.IGNORECASE)
    if len(parts) != 2:  # two operands
        return None
    found = [resolver.resolve(part.strip(), fuzzy=False) for part in parts]
    if any(column is None or resolver.kind(column) != "numeric" for column in found):
        return None
    return [str(column) for column in found]


def _feature(words: str, resolver: ColumnResolver) -> tuple[str, bool] | None:
    """``words`` as arithmetic between two columns (and whether it divides), or None."""
    words = words.strip().rstrip(",")
    if match := _RATIO_OF.match(words):
        words = f"{match.group('a')} / {match.group('b')}"
    elif match := _RATIO_BARE.match(words):
        words = match.group("f")
    if _columns_of(words, resolver) is None:
        return None
    divides = re.search(r"divided\s+by|/|\bover\b", words, re.IGNORECASE) is not None
    return words, divides


def _averaged_after(text: str, resolver: ColumnResolver) -> RowFeature | None:
    """ "[label:] F [for each <row>], averaged [over all <rows>] [by G]" (see the module)."""
    label = _LABEL.match(text)
    body = text[label.end() :] if label else text
    tail = re.compile(rf"(?:{_ROW})?{_AVERAGE}{_OVER}", re.IGNORECASE)
    match = tail.search(body)
    if match is None:
        return None
    feature = _feature(_COMPUTE.sub("", body[: match.start()]), resolver)
    if feature is None:
        return None
    words, divides = feature
    noun, over = match.group("noun"), match.group("over")
    if noun is not None and not _names_row(noun, resolver):
        return None
    if noun is None and divides:
        return None  # "A / B, averaged": the per-row ratio or the ratio of the totals; not said
    if over is not None and not _names_row(over, resolver):
        return None  # "averaged over the regions": groups, read by no one here
    notes = [f"{match.group(0).strip(' ,')!r} read as the mean of the per-row values"]
    if label:
        notes.append(f"'{label.group('label').strip()}' read as the name of that quantity")
    rest = body[match.end() :]
    rest, skipped = _skip_without(rest, _columns_of(words, resolver) or [], resolver)
    return RowFeature(text=f"mean of {words} for each row{rest}", notes=notes + skipped)


def _row_first(text: str, resolver: ColumnResolver) -> RowFeature | None:
    """ "For each row [with C], compute F [(description)], then average it [over those rows]"."""
    lead = _LEADING_ROW.match(text)
    if lead is None or not _names_row(lead.group("noun"), resolver):
        return None
    body = text[lead.end() :]
    tail = re.compile(rf"(?P<gloss>\s*\([^()0-9<>=]{{1,60}}\))?{_AVERAGE}{_OVER}", re.IGNORECASE)
    match = tail.search(body)
    if match is None:
        return None
    feature = _feature(body[: match.start()], resolver)
    over = match.group("over")
    if feature is None or (over is not None and not _names_row(over, resolver)):
        return None
    words = feature[0]
    said = f"{lead.group(0).strip(' ,')!r} ... {match.group(0).strip(' ,')!r}"
    notes = [f"{said} read as the mean of the per-row values"]
    if match.group("gloss"):
        notes.append(f"{match.group('gloss').strip()!r} read as the name of that quantity")
    condition = lead.group("cond") or ""
    return RowFeature(text=f"mean of {words} for each row{condition}{body[match.end() :]}", notes=notes)


def row_features(text: str, resolver: ColumnResolver) -> RowFeature:
    """``text`` with a per-row quantity then averaged in the form the arithmetic reader reads."""
    low = text.lower()
    if "averag" not in low and "mean" not in low:  # most requests: no pattern compiled
        return RowFeature(text=text)
    if re.match(r"^\s*(?:what\s+is\s+)?(?:the\s+)?(?:mean|average)\b", text, re.IGNORECASE):
        return _row_named(text, resolver)  # "mean of A / B ...": the arithmetic reader's own form
    return _row_first(text, resolver) or _averaged_after(text, resolver) or RowFeature(text=text)


_MEAN_OF = re.compile(
    r"^\s*(?:what\s+is\s+)?(?:the\s+)?(?:mean|average)\s+(?:of\s+)?(?:the\s+)?", re.IGNORECASE
)


def _row_named(text: str, resolver: ColumnResolver) -> RowFeature:
    """ "Mean of A divided by B, computed per penguin": the row named after the formula is "each row"."""
    lead = _MEAN_OF.match(text)
    marker = re.compile(_ROW + r"(?![\w'])", re.IGNORECASE)
    match = marker.search(text, lead.end()) if lead else None
    if lead is None or match is None or not _names_row(match.group("noun"), resolver):
        return RowFeature(text=text)
    if (
        match.group("noun").lower() in _ROW_NOUNS
        or _feature(text[lead.end() : match.start()], resolver) is None
    ):
        return RowFeature(text=text)
    note = f"{match.group(0).strip(' ,')!r} read as for each row"
    return RowFeature(text=f"{text[: match.start()]} for each row{text[match.end() :]}", notes=[note])


_SKIP_WITHOUT = re.compile(
    r"(?P<open>\(\s*|,\s*)(?:skip|skipping|excluding|exclude|ignore|ignoring|drop|dropping|leave\s+out|leaving\s+out)"
    r"\s+(?:the\s+|any\s+|all\s+)?(?P<noun>[^\W\d]+)\s+(?:without|missing|with\s+no|lacking)\s+(?:a\s+|an\s+)?"
    r"(?P<column>[^()]+?)\s*(?P<close>\)|(?=[.?!;]|$))",
    re.IGNORECASE,
)


def _skip_without(rest: str, operands: list[str], resolver: ColumnResolver) -> tuple[str, list[str]]:
    """ "(skip cars without Horsepower)" after a quantity of Horsepower: said, and taken out.

    A row missing an operand has no value of the quantity, so the mean already leaves it out: the words
    change no number. Any other column is left in the text (for the readers of preparation steps).
    """
    match = _SKIP_WITHOUT.search(rest)
    if match is None or not _names_row(match.group("noun"), resolver):
        return rest, []
    column = resolver.resolve(match.group("column").strip(), fuzzy=False)
    if column is None or column not in operands:
        return rest, []
    note = f"{match.group(0).strip(' ,()')!r}: the rows missing {column!r} have no value to average"
    return rest[: match.start()] + rest[match.end() :], [note]
