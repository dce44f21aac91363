"""Measure words bound to a column: "revenue", "sales", "spend", "cost", "price", "income".

A person says "total sales per category" about a file whose money column is ``amount``. A measure word
that names no column itself is bound to the one numeric column whose name says it holds that kind of
number; with several candidates (or one that could also be derived, like quantity * unit_price) the
parser asks; with none it leaves the word for the word check, which refuses naming it.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.clarify import Answers, ask, exact_column, offered
from mcpforge.pipeline.intent.rows.panel_entities import panel_distinct
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, norm

_MONEY = ("revenue", "sales", "amount", "value", "turnover", "income", "total", "spend", "paid")
MEASURE_STEMS: dict[str, tuple[str, ...]] = {
    "revenue": _MONEY, "revenues": _MONEY, "sales": _MONEY, "turnover": _MONEY, "income": _MONEY,
    "earnings": _MONEY, "takings": _MONEY, "money": _MONEY,
    "bill": ("cost", "charge", "bill", "fee"), "bills": ("cost", "charge", "bill", "fee"),
    "charges": ("charge", "cost", "fee"),
    "spend": ("spend", "amount", "cost", "value"), "spending": ("spend", "amount", "cost", "value"),
    "cost": ("cost",), "costs": ("cost",), "price": ("price",), "prices": ("price",),
    "profit": ("profit", "margin"), "profits": ("profit", "margin"), "margin": ("margin", "profit"),
}  # fmt: skip
MEASURE_WORDS = frozenset(MEASURE_STEMS)
_COUNTED = {("number", "of"), ("how", "many"), ("count", "of"), ("count",), ("count", "the")}


# "total" heads a name only at its end ("order total"); first it totals what follows ("total rooms",
# ``Total.Bsmt.SF``, "Total Population"): a count or an area, never the money "sales" means.
_TOTAL_FIRST = "total"


def _names_the_stem(words: list[str], stem: str) -> bool:
    if stem == _TOTAL_FIRST:
        return bool(words) and stem in words[-1]
    return any(stem in part for part in words)


def _candidates(word: str, resolver: ColumnResolver) -> list[str]:
    stems = MEASURE_STEMS[word]
    found = []
    for name in resolver.names():
        words = norm(name).split()
        if resolver.kind(name) != "numeric" or "id" in words:
            continue
        if any(_names_the_stem(words, stem) for stem in stems):
            found.append(name)
    return found


_MONEY_COUNTED = frozenset({"many", "number", "count"})


def counted_money_word(tokens: list[str], i: int, resolver: ColumnResolver) -> bool:
    """``sales`` in "how many sales", "the most sales" over a file with no column "sales" could mean: the
    things sold, a noun for the rows; "total sales" and "highest sales" stay a sum of money."""
    token = tokens[i]
    counted = any(w in _MONEY_COUNTED for w in tokens[max(0, i - 3) : i]) or tokens[i - 1 : i] == ["most"]
    return (
        token in MEASURE_WORDS
        and token.endswith("s")
        and counted
        and not _candidates(token, resolver)
        and resolver.resolve(token, fuzzy=False) is None
    )


_QUANTITY = ("quantity", "qty", "units", "unit count", "count")
_UNIT_PRICE = ("unit price", "price")


def derivable_revenue(resolver: ColumnResolver) -> str | None:
    """``quantity * unit_price`` when the data has a quantity and a unit price column, else None."""
    numeric = [n for n in resolver.names() if resolver.kind(n) == "numeric"]
    quantity = next((n for n in numeric if norm(n) in _QUANTITY), None)
    price = next((n for n in numeric if norm(n) in _UNIT_PRICE), None)
    return f"{quantity} * {price}" if quantity and price else None


def _counted(tokens: list[str], i: int) -> bool:
    """``number of sales``: the rows, not a money column."""
    return any(tuple(tokens[max(0, i - len(p)) : i]) == p for p in _COUNTED)


_COST_VERBS = frozenset({"cost", "costs", "costing", "costed"})
_COMPARISON_STARTS = frozenset({"more", "less", "over", "under", "above", "below", "between", "at", "up",
                                "exactly", "no", ">", "<", ">=", "<=", "="})  # fmt: skip


def _price_verb(tokens: list[str], i: int, resolver: ColumnResolver) -> str | None:
    """The price column when ``tokens[i]`` is the verb "cost" before a comparison ("cost more than 500").

    What something costs is its price: bound only when the data has no column named for cost (that column
    would be meant) and exactly one numeric column named for price (two would need a question).
    """
    if tokens[i] not in _COST_VERBS or i + 1 >= len(tokens) or tokens[i + 1] not in _COMPARISON_STARTS:
        return None
    if _candidates("cost", resolver) or resolver.match_at(tokens, i, fuzzy=False) is not None:
        return None
    prices = _candidates("price", resolver)
    return prices[0] if len(prices) == 1 else None


def _bind_price_verbs(tokens: list[str], resolver: ColumnResolver) -> tuple[list[str], list[str]]:
    """ "diamonds that cost more than 10000": the verb bound to the price column it compares."""
    out = list(tokens)
    notes: list[str] = []
    if _COST_VERBS.isdisjoint(tokens):
        return out, notes
    for i, token in enumerate(tokens):
        price = _price_verb(tokens, i, resolver)
        if price is not None:
            out[i] = price.lower().replace(" ", "_")
            notes.append(f"{token!r} read as column {price!r}")
    return out, notes


def bind_measures(
    tokens: list[str], resolver: ColumnResolver, answers: Answers, *, request: str
) -> tuple[list[str], list[str], set[str]]:
    """Tokens with each measure word bound to its column, a note for each, and the money columns bound.

    A money word ("revenue", "sales") adds up: its column is summed when no aggregation is named.

    Raises:
        NeedsClarificationError: a measure word fits several columns and no answer says which.
    """
    additive: set[str] = set()
    out, notes = _bind_price_verbs(tokens, resolver)
    for i, token in enumerate(tokens):
        if out[i] != token or token not in MEASURE_WORDS or _counted(tokens, i):
            continue
        if resolver.match_at(tokens, i, fuzzy=False) is not None:
            continue  # the word (or a phrase starting with it) names a column itself
        if i > 0 and resolver.match_at(tokens, i - 1, fuzzy=False) not in (None,):
            hit = resolver.match_at(tokens, i - 1, fuzzy=False)
            if hit is not None and hit[1] >= 2:
                continue  # "order value" is one column
        options = _candidates(token, resolver)
        key = "revenue" if MEASURE_STEMS[token] is _MONEY else token
        chosen = answers.get(key) or answers.get(token)
        derived = derivable_revenue(resolver) if MEASURE_STEMS[token] is _MONEY else None
        if chosen is not None and derived is not None and chosen.replace(" ", "") == derived.replace(" ", ""):
            name = f"{key}_computed"
            resolver.extra[name] = "numeric"
            resolver.derived[name] = derived
            out[i] = name
            notes.append(f"{token!r} read as {derived} (your answer)")
            additive.add(name)
            continue
        # An answer is an offered choice or a column named exactly; anything else asks again.
        column = exact_column(chosen, resolver.names())
        if column is not None:
            out[i] = column_token(column, resolver)
            notes.append(f"{token!r} read as column {column!r} (your answer)")
            additive |= {column} if MEASURE_STEMS[token] is _MONEY else set()
            continue
        choices = {name: f"the column {name!r}" for name in options}
        if derived is not None:
            choices[derived.replace(" ", "")] = f"computed per row as {derived}"
        if chosen is not None and choices:
            ask(key, f"Which numbers does {token!r} mean?", choices, request=request, rejected=chosen)
        if derived is not None and options:
            ask(key, f"Which numbers does {token!r} mean?", choices, request=request)
        if len(options) == 1:
            out[i] = options[0].lower().replace(" ", "_")
            notes.append(f"{token!r} read as column {options[0]!r}")
            additive |= {options[0]} if MEASURE_STEMS[token] is _MONEY else set()
        elif len(options) > 1:
            ask(key, f"Which column does {token!r} mean?", choices, request=request)
    return out, notes, additive


def _singulars(word: str) -> set[str]:
    """What a plural may be the plural of: ``students`` student, ``cities`` city, ``classes`` class."""
    forms = {word[:-1]} if word.endswith("s") else {word}
    if word.endswith("ies"):
        forms.add(word[:-3] + "y")
    if word.endswith("es"):
        forms.add(word[:-2])
    return forms


_CLOSING_WORDS = frozenset(
    {"are", "is", "there", "in", "the", "data", "file", "dataset", "table", "exist", "do", "we", "have",
     "listed", "recorded", "altogether", "overall", "total", "?", "."}
)  # fmt: skip


def _nothing_after(tokens: list[str], i: int, resolver: ColumnResolver) -> bool:
    """``how many states are there?``: nothing after the counted word but words that close the question,
    or that only pick rows or groups: a value of another column, a year, a grouping ("how many countries
    of Africa are there", "… in 2016", "… per continent"); the rows or distinct question is the same."""
    rest = tokens[i + 1 :]
    picked = {k for hit in find_values(rest, resolver) for k in range(hit.start, hit.start + hit.width)}
    for start, token in enumerate(rest):  # "… per continent": a grouping, the same question in each group
        k = start
        hit = resolver.match_at(rest, k + 1) if token in _GROUPING else None
        while hit is not None:  # "per continent and year"
            picked.update(range(k, k + 1 + hit[1]))
            k += 1 + hit[1]
            hit = resolver.match_at(rest, k + 1) if k < len(rest) and rest[k] in {"and", ","} else None
    for k, token in enumerate(rest):
        if k in picked or token in _CLOSING_WORDS:
            continue
        if token in _ROW_PICKING and (k + 1 in picked or _is_year(rest, k + 1)):
            continue
        if _is_year(rest, k) and k > 0 and rest[k - 1] in _ROW_PICKING | {"in"}:
            continue
        return False
    return True


_GROUP_MEASURES = frozenset(
    {"average", "mean", "total", "sum", "median", "number", "count", "maximum", "minimum", "max", "min"}
)


def _condition_on_groups(rest: list[str], tokens: list[str]) -> bool:
    """Whether the words after a counted column's plural put a condition on each group ("have more than 5
    airports", "with an average price above 300") rather than on rows ("have a life_expectancy above 80",
    where counting rows would count each state once per row: that asks rows or distinct). A number of
    things anywhere in the request ("Which continents have more than 2 countries? Give the number of
    countries for each.") is such a condition too."""
    if any(token in _GROUP_MEASURES for token in rest):
        return True
    for k, token in enumerate(tokens[:-1]):  # "more than 25 countries": a number of things in each group
        after = tokens[k + 1]
        if _number(token) and after.isalpha() and after.endswith("s"):
            return True
    return False


def _number(token: str) -> bool:
    return token.replace(".", "", 1).replace(",", "").isdigit()


_ROW_PICKING = frozenset({"of", "from", "in", "for"})
_GROUPING = frozenset({"per", "by", "each"})


def _is_year(tokens: list[str], k: int) -> bool:
    return k < len(tokens) and tokens[k].isdigit() and len(tokens[k]) == 4


def _named_category(word: str, resolver: ColumnResolver) -> str | None:
    """The categorical column named exactly ``word`` ("pays", "Land": a plural written as the name)."""
    for name in resolver.names():
        if norm(name) == word and resolver.kind(name) == "categorical":
            return name
    return None


def column_token(column: str, resolver: ColumnResolver) -> str:
    """One request word that names ``column``: accents folded ("Comté" → ``comte``), spaces as ``_``."""
    for token in (norm(column).replace(" ", "_"), column.lower().replace(" ", "_")):
        hit = resolver.match_at([token], 0, fuzzy=False)
        if hit is not None and hit[0] == column:
            return token
    return column.lower().replace(" ", "_")


def _one(token: str, column: str) -> str:
    """What one counted thing is called: the column's own name when the word is its plural."""
    return norm(column) if norm(column) in _singulars(token) | {token} else token[:-1]


def _id_column(word: str, resolver: ColumnResolver) -> str | None:
    """The column whose values the plural ``word`` counts: ``<base> id``, or the column named ``<base>``
    itself ("how many states" over a ``state`` column whose values repeat)."""
    bases = _singulars(word)
    named = {f"{base} id" for base in bases} | {f"{base}id" for base in bases} | bases
    for name in resolver.names():
        if norm(name) in named:
            return name
    return None


def counted_entities(
    tokens: list[str], resolver: ColumnResolver, answers: Answers, *, request: str
) -> tuple[list[str], list[str]]:
    """``how many patients`` over a file where a patient has several rows: rows or distinct ids?

    Returns the tokens (the entity word replaced by its id column when the answer is "distinct") and notes.

    Raises:
        NeedsClarificationError: the id column repeats and no answer says which count is meant.
    """
    out = list(tokens)
    notes: list[str] = []
    named_distinct: list[int] = []
    schema = resolver.schema
    for i, token in enumerate(tokens):
        column = _id_column(token, resolver) if token.endswith("s") else None
        if column is None and tuple(tokens[max(0, i - 2) : i]) == ("how", "many"):
            column = _named_category(token, resolver)  # "how many pays": a name whose plural is itself
        if column is not None and i > 0 and tokens[i - 1] in {"distinct", "unique", "different"}:
            out[i] = column_token(column, resolver)  # "unique students": the distinct ids, no question
            notes.append(f"{token!r} counted as distinct {column!r}")
            continue
        itself = column is not None and norm(column) in _singulars(token) | {token}
        if not _counted(tokens, i) or not (token.endswith("s") or itself):
            continue
        info = schema.get(column) if column else None
        if column is None or info is None or schema.sampled or info.distinct_count >= schema.row_count:
            continue
        if (
            itself
            and not _nothing_after(tokens, i, resolver)
            and _condition_on_groups(tokens[i + 1 :], tokens)
        ):
            continue  # "how many states have more than 5 airports": a condition on each group (group_having)
        given = answers.get(token)
        panel = panel_distinct(token, column, tokens, resolver) if itself and given is None else None
        chosen = "distinct" if panel else offered(given, ("rows", "distinct"))  # "países" of country-years
        if chosen == "distinct":
            out[i] = column_token(column, resolver)
            if itself:  # the column itself, not an id: say "distinct"
                named_distinct.append(i)
            notes.append(panel or f"{token!r} counted as distinct {column!r} (your answer)")
        elif chosen == "rows":
            notes.append(f"{token!r} counted as rows (your answer)")
        else:
            choices = {
                "rows": f"count rows: each of the {schema.row_count:,} rows is one {_one(token, column)}",
                "distinct": f"count distinct {column!r} values ({info.distinct_count:,} in the file)",
            }
            question = f"Should {token!r} count rows or distinct {column!r} values?"
            ask(token, question, choices, request=request, rejected=given)
    for i in reversed(named_distinct):
        if i == 0 or out[i - 1] not in {"distinct", "unique", "different"}:
            out.insert(i, "distinct")
    return out, notes
