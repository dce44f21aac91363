"""Ratios stated with "per": "revenue per customer", "orders per patient", "cost per day of stay".

"X per Y" is a grouping when Y is a category ("average amount per region"), but a ratio when Y is what
is counted or measured: an identifier (``customer_id``: the sum of X over the distinct customers), the
rows themselves ("per order" over a file of orders), or another measure ("total cost per length of
stay": the sum of X over the sum of Y). Reading such a ratio as one group per customer, per order date
or per stay length answers another question with numbers that look right, so the ratio is read here,
before the group scanner sees "per", and the reading sentence names both aggregates.

The numerator is a numeric column (summed), a quantity word ("items", "units") bound to the data's one
quantity column, or the rows / an entity ("orders", "admissions"; counted, or its distinct ids counted
when they repeat). An aggregation before X decides: none, "average" or "number of" make the ratio;
"total", "median", "max" ... before an identifier keep the grouping reading (one total per customer).
"X per Y" with a numeric Y ("cost per age": a group per age? "amount per quantity": a ratio?) is asked
back, with both readings as choices; quantity words ("per unit", "per item") are always the ratio.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Aggregation, Intent
from mcpforge.pipeline.intent.assemble import Parsed
from mcpforge.pipeline.intent.clarify import Answers, ask, offered
from mcpforge.pipeline.intent.groups.groups import is_level_column
from mcpforge.pipeline.intent.parse import Phrases
from mcpforge.pipeline.intent.words import ENTITY_WORDS, ColumnResolver, norm, singular

_MEAN_WORDS = frozenset({"average", "avg", "mean", "typical"})
_OTHER_AGGS = frozenset({"total", "sum", "median", "max", "maximum", "min", "minimum", "highest", "lowest",
                         "largest", "smallest", "std", "biggest", "overall"})  # fmt: skip
_COUNT_PHRASES = (("number", "of"), ("count", "of"), ("how", "many"), ("no", "of"))
_QUANTITY_WORDS = frozenset({"item", "unit", "piece", "article"})
_QUANTITY_COLUMNS = ("quantity", "qty", "units", "unit count", "items", "item count", "pieces")
_UNIQUE_SHARE = 0.9
_QUALIFIERS = frozenset({"sold", "bought", "purchased", "shipped", "placed", "served", "admitted", "enrolled",
                         "employed", "visited", "made", "recorded", "logged"})  # fmt: skip
_PHRASE_ENDS = frozenset({"by", "for", "in", "per", "across", "where", "with", "over", "under", "during",
                          "and", "on", "of", "from", "since", "between", "when", "whose", "that", "who",
                          "which", "excluding", "except", "only", "above", "below", "grouped", "broken",
                          "split", "sorted", "ordered", "ranked", "each", "within", "at"})  # fmt: skip


@dataclass(kw_only=True)
class Ratio:
    """A ratio found in the request: numerator and denominator aggregates, and the words it used."""

    numerator: Aggregation
    denominator: Aggregation
    per_row: bool = False
    """The denominator is one per row (the rows, or an id unique per row): the ratio is a plain mean."""
    notes: list[str] = field(default_factory=list)
    written_out: bool = False
    """Written as arithmetic ("sum of A divided by sum of B", ``quotients.py``), not with "per"."""
    percent: bool = False


def id_column(word: str, resolver: ColumnResolver) -> str | None:
    """The identifier column of an entity word: ``customer`` → ``customer_id``, ``sku`` → ``sku``."""
    base = singular(word)
    for name in resolver.names():
        if norm(name) in {f"{base} id", f"{base}id", f"{base} number", f"{base} code"}:
            return name
    info = resolver.schema.get(word) or resolver.schema.get(base)
    if info is not None and info.kind in {"categorical", "text"} and _unique(info.distinct_count, resolver):
        return info.name
    return None


def _unique(distinct: int, resolver: ColumnResolver) -> bool:
    schema = resolver.schema
    return not schema.sampled and schema.row_count > 0 and distinct >= _UNIQUE_SHARE * schema.row_count


def row_noun(resolver: ColumnResolver) -> str:
    """``admission`` for admissions.csv, ``poll`` for polls_us_election_2016.tsv (its one plural word):
    what one row of the file is called."""
    from mcpforge.pipeline.intent.rows.file_rows import file_nouns

    plural = file_nouns(resolver)
    if plural:
        return next(iter(plural))
    return singular(Path(resolver.schema.path).stem.lower().replace("-", "_").split("_")[-1])


def _is_rows(word: str, resolver: ColumnResolver) -> bool:
    base = singular(word)
    return base in ENTITY_WORDS or base == row_noun(resolver)


def _level(column: str) -> bool:
    return is_level_column(column) or "id" in norm(column).split()


def _denominator(  # noqa: PLR0911 - one answer per kind of word after "per"
    tokens: list[str], j: int, resolver: ColumnResolver
) -> tuple[Aggregation, int, str] | None:
    """What follows "per": (aggregate, width, kind): "id", "rows", "measure", "quantity"."""
    if j >= len(tokens):
        return None
    word = tokens[j]
    quantity = _quantity_column(resolver)
    if singular(word) in _QUANTITY_WORDS and quantity is not None and _ends(tokens, j + 1):
        return Aggregation(column=quantity, func="sum"), 1, "quantity"
    identifier = id_column(word, resolver) if word.isalpha() and _ends(tokens, j + 1) else None
    if identifier is not None:
        info = resolver.schema.get(identifier)
        unique = info is not None and _unique(info.distinct_count, resolver)
        return Aggregation(column=identifier, func="nunique"), 1, "rows" if unique else "id"
    hit = resolver.match_at(tokens, j, fuzzy=False)
    if hit is not None:
        column, width = hit
        if resolver.kind(column) == "numeric" and not _level(column):
            return Aggregation(column=column, func="sum"), width, "measure"
        return None
    if word.isalpha() and _is_rows(word, resolver) and _ends(tokens, j + 1):
        return Aggregation(func="count"), 1, "rows"
    return None


def _ends(tokens: list[str], k: int) -> bool:
    """The phrase after "per" ends at ``k`` ("per patient day" goes on: not a ratio per patient)."""
    return k >= len(tokens) or tokens[k] in _PHRASE_ENDS | _QUALIFIERS or tokens[k] in {",", ".", "?", ";"}


def _quantity_column(resolver: ColumnResolver) -> str | None:
    found = [n for n in resolver.names() if resolver.kind(n) == "numeric" and norm(n) in _QUANTITY_COLUMNS]
    return found[0] if len(found) == 1 else None


def _names_the_rows(word: str, resolver: ColumnResolver) -> bool:
    """``grades`` in grades.csv names the rows, though it partly matches ``grade_level``."""
    column = resolver.resolve(word)
    return (
        word.endswith("s")
        and singular(word) == row_noun(resolver)
        and (column is None or norm(column) != singular(word))
    )


def _entity(word: str, resolver: ColumnResolver, notes: list[str]) -> Aggregation | None:
    """An entity word before "per": its distinct ids when they repeat, else the rows; a quantity word."""
    quantity = _quantity_column(resolver)
    if singular(word) in _QUANTITY_WORDS and quantity is not None:
        notes.append(f"{word!r} read as the sum of {quantity!r}")
        return Aggregation(column=quantity, func="sum")
    identifier = id_column(word, resolver) if word.endswith("s") else None
    info = resolver.schema.get(identifier) if identifier else None
    if info is not None and not _unique(info.distinct_count, resolver):
        notes.append(f"{word!r} counted as distinct {info.name!r}")
        return Aggregation(column=info.name, func="nunique")
    if (_is_rows(word, resolver) and word.endswith("s")) or word in {"number", "count"}:
        return Aggregation(func="count")  # "number" alone: the tokenizer dropped "of orders"
    return None


def _numerator(
    tokens: list[str], i: int, resolver: ColumnResolver, notes: list[str]
) -> tuple[Aggregation, int] | None:
    """What stands before "per" at ``i``: (aggregate, start index)."""
    word = tokens[i - 1] if i > 0 else ""
    if _names_the_rows(word, resolver):
        return Aggregation(func="count"), i - 1
    for width in (3, 2, 1):
        start = i - width
        hit = resolver.match_at(tokens, start, fuzzy=width == 1) if start >= 0 else None
        if hit is not None and hit[1] == width and resolver.kind(hit[0]) == "numeric":
            return Aggregation(column=hit[0], func="sum"), start
    found = _entity(word, resolver, notes) if word.isalpha() else None
    return (found, i - 1) if found is not None else None


def _prefix(tokens: list[str], start: int, used: set[int]) -> tuple[str, int]:
    """The aggregation word(s) before the numerator: ("mean" | "count" | "other" | "none", start).

    A word another scanner already used ("the highest revenue per customer": the ranking) is no
    aggregation of the numerator.
    """
    k = start
    while k > 0 and tokens[k - 1] in {"the", "a", "an"}:
        k -= 1
    if k > 0 and k - 1 in used:
        return "none", k
    if k > 0 and tokens[k - 1] in _MEAN_WORDS:
        return "mean", k - 1
    for phrase in _COUNT_PHRASES:
        if tuple(tokens[max(0, k - 2) : k]) == phrase:
            back = k - 2
            if back > 0 and tokens[back - 1] in _MEAN_WORDS:
                return "mean", back - 1
            return "count", back
    if k > 0 and tokens[k - 1] in _OTHER_AGGS:
        return "other", k - 1
    return "none", k


def _refuse_qualified_rows(tokens: list[str], i: int, resolver: ColumnResolver, request: str) -> None:
    """``revenue per returned order``: per some of the rows; read as a grouping by `returned`, it is wrong.

    Raises:
        UnmappableRequestError: "per" + a qualifier + the noun for the rows (a ratio over a subset).
    """
    if i + 2 >= len(tokens) or not tokens[i + 1].isalpha() or not tokens[i + 2].isalpha():
        return
    noun = tokens[i + 2]
    rows = (
        _is_rows(noun, resolver) or id_column(noun, resolver) is not None or singular(noun) in _QUANTITY_WORDS
    )
    if not rows or _denominator(tokens, i + 1, resolver) is not None:
        return
    raise UnmappableRequestError(
        f"cannot map the request {request!r}: 'per {tokens[i + 1]} {noun}' is a ratio over some of the rows, "
        f"which is not read yet; ask for the measure of those rows instead (e.g. 'average ... of "
        f"{tokens[i + 1]} {noun}s')",
        understood={"per": f"{tokens[i + 1]} {noun}"},
    )


def ratio_phrase(
    tokens: list[str], resolver: ColumnResolver, phrases: Phrases, answers: Answers, *, request: str
) -> Ratio | None:
    """:func:`find_ratio`, with a ratio over one row each (a plain mean) added to the metrics instead."""
    ratio = find_ratio(tokens, resolver, phrases, answers, request=request)
    if ratio is None or not ratio.per_row:
        return ratio
    phrases.metrics.append(Aggregation(column=ratio.numerator.column, func="mean"))
    phrases.notes.extend(ratio.notes)
    return None


def _is_ratio(how: str, kind: str, numerator: Aggregation, denominator: Aggregation,
              resolver: ColumnResolver) -> bool:  # fmt: skip
    """Whether the words around "per" make a ratio rather than the grouping or count readings."""
    if how == "other" and kind not in {"measure", "quantity"}:
        return False  # "total amount per customer": one total per customer, a grouping
    if how == "count":
        return False  # "number of orders per customer": one count per customer, a grouping
    return numerator != denominator and not (kind == "rows" and numerator.func != "sum")


def _settled(
    key: str, numerator: Aggregation, denominator: Aggregation, answers: Answers, *, request: str
) -> str:
    """The person's answer to "X per Y" with a numeric Y (asks when there is none)."""
    given = answers.get(key)
    choices = {
        "ratio": (f"the sum of {numerator.column!r}" if numerator.column else "the number of rows")
        + f" divided by the sum of {denominator.column!r}",
        "group": f"one group per value of {denominator.column!r}",
    }
    choice = offered(given, choices)
    if choice is None:
        ask(key, f"What does {key!r} mean?", choices, request=request, rejected=given)
    return choice


def find_ratio(
    tokens: list[str], resolver: ColumnResolver, phrases: Phrases, answers: Answers, *, request: str
) -> Ratio | None:
    """The "X per Y" ratio of the request (its words marked used), or None when "per" makes a grouping.

    Raises:
        NeedsClarificationError: "X per Y" with a numeric Y: the ratio of the totals or a group per Y.
    """
    for i, token in enumerate(tokens):
        if token != "per" or i in phrases.used:
            continue
        _refuse_qualified_rows(tokens, i, resolver, request)
        found = _denominator(tokens, i + 1, resolver)
        notes: list[str] = []
        top = _numerator(tokens, i, resolver, notes) if found else None
        if found is None or top is None:
            continue
        denominator, width, kind = found
        numerator, start = top
        how, first = _prefix(tokens, start, phrases.used)
        if not _is_ratio(how, kind, numerator, denominator, resolver):
            continue
        if kind == "measure":
            key = f"{numerator.column or 'rows'} per {denominator.column}"
            if _settled(key, numerator, denominator, answers, request=request) != "ratio":
                continue
        if i + 1 + width < len(tokens) and tokens[i + 1 + width] in _QUALIFIERS:
            width += 1  # "per unit sold", "per order placed": the entity, qualified
        used = set(range(first, i + 1 + width))
        if tuple(tokens[-2:]) == ("on", "average"):
            used |= {len(tokens) - 2, len(tokens) - 1}
        if used & phrases.used:
            continue
        phrases.used |= used
        per_row = kind == "rows" and numerator.func == "sum"
        if per_row:
            notes.append(
                f"'per {tokens[i + 1]}' read as a mean per row (each row is one {singular(tokens[i + 1])})"
            )
        return Ratio(numerator=numerator, denominator=denominator, per_row=per_row, notes=notes)
    return None


def ratio_intent(p: Parsed, ratio: Ratio) -> Intent:
    """The ``group_ratio`` reading: the ratio per group key (or the subject of "which ... highest").

    Raises:
        UnmappableRequestError: the request also asks for other measures or a time grain with the ratio.
    """
    if p.phrases.metrics or p.phrases.grain or p.phrases.part:
        extra = "other measures" if p.phrases.metrics else "a time grain"
        raise UnmappableRequestError(
            f"cannot map the request {p.request!r}: a ratio together with {extra} is not supported; ask for "
            "the ratio alone (e.g. 'revenue per customer by region')",
            understood={
                "numerator": ratio.numerator.model_dump(),
                "denominator": ratio.denominator.model_dump(),
            },
        )
    keys = list(p.phrases.group_by)
    ranked = p.phrases.top_n is not None
    if (
        not keys
        and ranked
        and p.subject is not None
        and p.resolver.kind(p.subject) in {"categorical", "boolean"}
    ):
        keys = [p.subject]
    fields = p.base()
    per = [] if ratio.written_out else ["'per' read as a ratio of two aggregates, not as a grouping"]
    fields["notes"] = [*p.notes, *ratio.notes, *per]
    if ratio.percent:
        fields["as_percentage"] = True
    return Intent(
        operation="group_ratio", group_by=keys, metrics=[ratio.numerator, ratio.denominator], **fields
    )
