"""Guards on a reading: what a template would answer with numbers for another question is asked or refused.

- **Shape**: "for each region, which weather …" is one row per region naming a weather; a template
  grouped by region and weather ranks the pairs across all regions.
- **Whose share**: "percentage of orders over 500 by region" is either how those orders split across
  regions or each region's own share; the parser asks (key ``share``).
- **Alternatives**: "weather is Rain or Snow" is one membership test, not two equalities at once.
- **Missing data words**: "total profit" over a file without profit is a final refusal for every engine
  (a model asked anyway computes something else under the word's name), unless the request defines it.
- **Value labels**: "the Online channel" is one condition; its column word is no second group key.
- **Values spelled like grammar**: "airports in HI" names the value HI, which the value finder skips as
  the word "hi"; a reading without that condition is refused, never answered over every row.
"""

from __future__ import annotations

from collections.abc import Sequence

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Aggregation, Filter, Intent
from mcpforge.pipeline.intent.accounting import ARITHMETIC_WORDS, RATE_WORDS
from mcpforge.pipeline.intent.clarify import Answers, ask, offered
from mcpforge.pipeline.intent.conditions import FilterResult
from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS
from mcpforge.pipeline.intent.parse import AGG_WORDS, detect_operations
from mcpforge.pipeline.intent.words import ColumnResolver
from mcpforge.pipeline.schema import DatasetSchema

# -- the shape of the answer

_EACH = re.compile(
    r"\b(?:for each|for every|in each|in every|per|by)\s+([a-z][a-z0-9_]*)(\s+and\b)?", re.IGNORECASE
)
_WITHIN = re.compile(r"\bwithin each\b", re.IGNORECASE)
# "which weather ...", "the product with the ...", and the value asked by how often it comes: "the most
# common kind per district" is one kind per district (its mode), never the top (kind, district) pair
_WHICH = re.compile(
    r"\b(?:which|what)\s+([a-z][a-z0-9_]*)|\bthe\s+([a-z][a-z0-9_]*)\s+(?:\w+\s+){0,2}with the\b"
    r"|\b(?:most|least)\s+(?:common|frequent|popular)\s+([a-z][a-z0-9_]*)",
    re.IGNORECASE,
)


def _column_for(word: str, columns: Sequence[str]) -> str | None:
    word = word.lower()
    singular = word[:-1] if word.endswith("s") and len(word) > 3 else word
    for column in columns:
        name = column.lower()
        if name in (word, singular) or name.split("_")[0] in (word, singular):
            return column
    return None


def one_row_per(request: str, columns: Sequence[str]) -> str | None:
    """The column the request asks one answer row per ("for each region, ..."), when there is one.

    None when the request groups by several columns ("per region and category") or asks for parts
    within groups ("within each region, each category's share").
    """
    if _WITHIN.search(request):
        return None
    matches = list(_EACH.finditer(request))
    if any(match.group(2) for match in matches):
        return None
    found = {column for match in matches if (column := _column_for(match.group(1), columns)) is not None}
    return found.pop() if len(found) == 1 else None


def asked_values_of(request: str, columns: Sequence[str]) -> str | None:
    """The column whose values the request asks for ("which weather ...", "the product with the ...")."""
    for match in _WHICH.finditer(request):
        column = _column_for(match.group(1) or match.group(2) or match.group(3), columns)
        if column is not None:
            return column
    return None


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


# -- whose share

SHARE_KEY = "share"


def _condition(filters: list[Filter]) -> str:
    return " and ".join(f"{f.column} {f.op} {f.value!r}" for f in filters)


def settle_share_scope(intent: Intent, given: Answers) -> Intent:
    """``intent`` with the person's answer on whose share it is (asks when not answered yet).

    Raises:
        NeedsClarificationError: a share per group over filtered rows, not answered yet.
        UnmappableRequestError: each group's own share of a ranked or conditioned count (not in the
            catalogue).
    """
    if intent.operation != "group_count" or not intent.as_percentage or not intent.filters:
        return intent
    condition = _condition(intent.filters)
    keys = ", ".join(intent.group_by)
    choices = {
        "split": f"how the rows where {condition} split across {keys} (the percents add up to 100)",
        "within": f"in each {keys}, the share of its own rows where {condition}",
    }
    said = given.get(SHARE_KEY)
    answer = offered(said, choices) or ""
    if answer == "split":
        return intent.model_copy(update={"notes": [*intent.notes, f"share read as {choices['split']}"]})
    if answer == "within" and not intent.options and intent.top_n is None:
        # each group's own share: the rows meeting the conditions over all its rows (group_ratio)
        return intent.model_copy(update={
            "operation": "group_ratio", "metrics": [Aggregation(func="count"), Aggregation(func="count")],
            "filters": [], "columns": list(dict.fromkeys(f.column for f in intent.filters)),
            "options": {"numerator_filters": [f.model_dump(mode="json") for f in intent.filters]},
            "notes": [*intent.notes, f"share read as {choices['within']}"],
        })  # fmt: skip
    if answer == "within":
        raise UnmappableRequestError(
            f"cannot map the request {intent.request!r}: {choices['within']} is not in the catalogue yet; "
            f"ask for the rows per {keys} with and without the condition (e.g. a crosstab of {keys} "
            "against a yes/no column), or let a model write it (--engine local)",
            understood={
                "group_by": list(intent.group_by),
                "filters": [f.model_dump() for f in intent.filters],
            },
        )
    return ask(SHARE_KEY, "Whose share do you mean?", choices, request=intent.request, rejected=said)


# -- alternatives joined by "or"


def merge_alternatives(tokens: list[str], reserved: set[int], found: FilterResult) -> None:
    """Merge the equalities on one column into an ``in`` filter when an unused "or" joins them."""
    joins = [i for i, token in enumerate(tokens) if token == "or" and i not in reserved | found.used]
    if not joins:
        return
    by_column: dict[str, list[Filter]] = {}
    for item in found.filters:
        if item.op == "==":
            by_column.setdefault(item.column, []).append(item)
    merged = {column: items for column, items in by_column.items() if len(items) > 1}
    if not merged:
        return
    kept = [f for f in found.filters if f.op != "==" or f.column not in merged]
    for column, items in merged.items():
        values = list(dict.fromkeys(item.value for item in items))
        kept.append(Filter(column=column, op="in", value=values))
    found.filters[:] = kept
    found.used.update(joins[: sum(len(items) - 1 for items in merged.values())])


# -- data words the file lacks

_MIN_LENGTH = 3
_AGGREGATIONS = frozenset(word for words in AGG_WORDS for word in words)
_GRAMMAR = frozenset({"number", "amount", "total", "value", "values", "count", "their", "its", "than",
                      "more", "most", "less", "least", "each", "every", "over", "under", "between",
                      "and", "or", "with", "without", "where", "which", "what", "that", "those",
                      "these", "this", "who", "whose", "all", "any", "same", "other", "others",
                      "overall", "whole"})  # fmt: skip


def _defined(word: str, request: str) -> bool:
    """The request defines ``word`` ("revenue is ...", "revenue = ...", "profit, computed as ...")."""
    definition = r"(?:=|:=|\bis\b|\bare\b|\bmeans\b|,?\s*(?:computed|calculated|defined)\s+as\b)"
    pattern = rf"\b{re.escape(word)}\b\s*{definition}"
    return re.search(pattern, request, re.IGNORECASE) is not None


def missing_data_words(unknown: list[str], request: str) -> list[str]:
    """The words of ``unknown`` that name data the file does not have (and the request does not define)."""
    found: list[str] = []
    for phrase in unknown:
        words = phrase.lower().split()
        if len(words) != 1:
            continue  # a run of unread words is a phrase the parser could not place, not a column name
        word = words[0]
        if len(word) < _MIN_LENGTH or not word.isalpha() or word in FUNCTION_WORDS or word in _GRAMMAR:
            continue
        if word in ARITHMETIC_WORDS or word in RATE_WORDS or word in _AGGREGATIONS or detect_operations(word):
            continue
        if not _defined(word, request):
            found.append(word)
    return found


# -- a value followed by its own column's name


def absorb_value_labels(tokens: list[str], resolver: ColumnResolver, found: FilterResult) -> None:
    """ "the Online channel", "the Furniture category": the column word names the filter's column.

    Left unused, the scanners after the conditions read it as a second group key ("orders from the Online
    channel per region" grouped by channel and region); it belongs to the condition.
    """
    values = {
        str(value).lower(): f.column
        for f in found.filters
        if f.op in {"==", "!=", "in", "not in"}
        for value in (f.value if isinstance(f.value, list) else [f.value])
    }
    for i in range(len(tokens) - 1):
        column = values.get(tokens[i])
        if column is None or i + 1 in found.used:
            continue
        hit = resolver.match_at(tokens, i + 1, fuzzy=False)
        if hit is not None and hit[0] == column:
            found.used.update(range(i + 1, i + 1 + hit[1]))


# -- values spelled like grammar

# Two to four capitals: "HI", "OR", "IN" (one letter would catch the pronoun "I" and the article "A").
# Quoted ("'OR'") it is the code all the more; an apostrophe inside a word ("it's") is no quote.
_CODE = re.compile(r"(?<!\w)(?<!\w['\u2019])[A-Z][A-Z0-9]{1,3}(?!\w)(?!['\u2019]\w)")


def shadowed_values(request: str, schema: DatasetSchema, intent: Intent) -> list[str]:
    """Category values written as in the data that the reading had to take for grammar, and did not use.

    "airports in HI", "for WA, OR and CA", "counties of IN": a code that is also an English word ("in",
    "or", "hi", "me") is skipped as grammar when values are found, so the condition would silently vanish
    and the answer cover every row. Written in the data's own capitals, it is the value; a reading that
    does not filter on it must not answer.
    """
    used = {
        str(item)
        for condition in intent.filters
        for item in (condition.value if isinstance(condition.value, list) else [condition.value])
    }
    grammar_codes = {
        value
        for info in schema.columns
        if info.kind == "categorical"
        for value in info.values
        if value != value.lower() and value.lower() in FUNCTION_WORDS
    }
    written = dict.fromkeys(match.group(0) for match in _CODE.finditer(request))
    return [code for code in written if code in grammar_codes and code not in used]
