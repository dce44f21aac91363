"""Paired tests between two values of a column, paired by an id column: "paired t-test: did packs change
between 1985 and 1990, paired by state?", "Wilcoxon signed-rank (apparié par État): road deaths of 1988
against 1982".

A paired t-test or Wilcoxon signed-rank test of ONE measure that names two values of another column (two
years of a whole-number year column, two labels of a category) compares the measure at the first value
with the measure at the second, one pair per id: the rows are pivoted to one row per id and the ids
missing either side are dropped (the answer says how many pairs it used). The id is the column named
right after "by" / "per" / "within" / "across" / "for each" / "on" (not the measure, not the compared
column). When no id is named, or the named words fit several columns, the reading asks which column
pairs the rows, with the columns that can (key ``pair by``): pairing on a guessed column would be a wrong
answer that looks validated.
"""

from __future__ import annotations

from typing import Any

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent.analysis.listed_groups import listed_groups
from mcpforge.pipeline.intent.analysis.paired_values import two_named_labels
from mcpforge.pipeline.intent.analysis.paired_words import PAIRED_TESTS
from mcpforge.pipeline.intent.analysis.statistic_words import column_at
from mcpforge.pipeline.intent.clarify import Answers, ask, exact_column
from mcpforge.pipeline.intent.words import ColumnResolver, tokenize
from mcpforge.pipeline.schema import DatasetSchema

PAIR_KEY = "pair by"
_BEFORE_ID = frozenset({"by", "per", "within", "across", "each", "on", "matching", "matched"})
_SKIP = frozenset({"the", "a", "an", "each", "every", "same"})
_YEAR = re.compile(r"(?<![\w.,-])(1[6-9]\d\d|2[01]\d\d)(?![\w,%-]|\.\d)")


def _two_values(text: str, resolver: ColumnResolver, measure: str) -> tuple[str, list[Any]] | None:
    """The column and the two values the text compares: "between 1982 and 1988", "1988 ... 1982"."""
    listed = listed_groups(text, resolver, measure)
    if listed is not None and len(listed[1]) == 2:
        return listed[0], sorted(listed[1])
    years = list(dict.fromkeys(int(y) for y in _YEAR.findall(text)))
    if len(years) != 2:
        return two_named_labels(text, resolver, measure)  # "General Electric's ... Westinghouse's"
    holders = [
        info.name
        for info in resolver.schema.columns
        if info.name != measure
        and info.kind == "numeric"
        and info.is_integer
        and isinstance(info.minimum, int | float)
        and isinstance(info.maximum, int | float)
        and all(info.minimum <= y <= info.maximum for y in years)
    ]
    return (holders[0], sorted(years)) if len(holders) == 1 else None


def _named_ids(
    tokens: list[str], resolver: ColumnResolver, taken: set[str], *, after: frozenset[str] = _BEFORE_ID
) -> list[str]:
    """Columns named right after "by" / "per" / "across" / "for each" (not the measure, not the compared)."""
    found: list[str] = []
    for i, token in enumerate(tokens[:-1]):
        if token not in after:
            continue
        j = i + 1
        while j < len(tokens) and tokens[j] in _SKIP:
            j += 1
        hit = column_at(tokens, j, resolver) if j < len(tokens) else None
        if hit is not None and hit[0] not in taken and hit[0] not in found:
            found.append(hit[0])
    return found


def pairing_keys(text: str, resolver: ColumnResolver) -> list[str]:
    """The columns ``text`` names as what pairs the rows ("by year", "matching the same years"); not
    after "on", which also says what is tested ("a paired t-test on Mar.2019 and Mar.2020")."""
    return _named_ids(tokenize(text), resolver, set(), after=_BEFORE_ID - {"on"})


def id_candidates(schema: DatasetSchema, taken: set[str]) -> list[str]:
    """Columns that can pair rows: labels (else whole numbers) with more than two values, fewer than rows."""
    rows = schema.rows or 0
    fit = [i for i in schema.columns if i.name not in taken and 2 < i.distinct_count < max(rows, 3)]
    labels = [info.name for info in fit if info.kind in ("categorical", "text")]
    return labels or [info.name for info in fit if info.kind == "numeric" and info.is_integer]


def paired_by_id(
    test: str, text: str, columns: list[str], resolver: ColumnResolver, base: dict[str, Any], *, context: str
) -> Intent | None:
    """The paired test of one measure at two values of another column, paired by an id; None otherwise.

    The id is named in ``text`` or in the method sentences (``context``: "use a paired t-test by state").
    It is left empty (``pair_by`` = "") when the request names none: :func:`settle_pairing` asks.
    """
    if test not in PAIRED_TESTS:
        return None
    numeric = [c for c in columns if resolver.kind(c) == "numeric"]
    keys = pairing_keys(context, resolver)  # "matching the same years": the key, no measure
    for measure in [c for c in numeric if c not in keys] or numeric:
        compared = _two_values(text, resolver, measure)
        if compared is None:
            continue
        group, values = compared
        ids = _named_ids(tokenize(context), resolver, {measure, group})
        options = {"test": test, "groups": values, "pair_by": ids[0] if len(ids) == 1 else ""}
        if len(ids) > 1:
            options["pair_choices"] = ids
        return Intent(
            operation="statistical_test", columns=[measure], group_by=[group], options=options, **base
        )
    return None


def settle_pairing(intent: Intent, schema: DatasetSchema, given: Answers) -> Intent:
    """A paired test whose id column the request left open: the answer given, else one question.

    Raises:
        NeedsClarificationError: which column pairs the rows (the columns that can).
    """
    options = intent.options
    if intent.operation != "statistical_test" or options.get("pair_by", None) != "":
        return intent
    taken = {*intent.columns, *intent.group_by}
    choices = list(options.get("pair_choices") or id_candidates(schema, taken))
    answer = given.get(PAIR_KEY)
    chosen = exact_column(answer, choices)
    if chosen is None:
        if not choices:
            raise UnmappableRequestError(
                f"cannot map the request {intent.request!r} onto a data analysis: a paired test needs a "
                "column that pairs the rows (one row per id at each value compared), and the data has none",
                understood={"test": options.get("test"), "group_by": intent.group_by},
            )
        measure, group = intent.columns[0], intent.group_by[0]
        ask(
            PAIR_KEY,
            f"the paired test compares {measure!r} at {group} = {' and '.join(map(str, options['groups']))}: "
            "which column pairs the rows (one pair per value of it)?",
            {name: f"pair the rows by {name!r}" for name in choices},
            request=intent.request,
            rejected=answer,
        )
    kept = {k: v for k, v in options.items() if k != "pair_choices"}
    return intent.model_copy(update={"options": {**kept, "pair_by": chosen}})
