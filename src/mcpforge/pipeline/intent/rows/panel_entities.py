"""The things of a panel counted by name: "how many countries of Africa are in the data?" over country-years.

A file keyed by a name and a period (``country`` x ``year``: each country on one row per year, the rows
filling at least half of the pairs) has rows that are each one country *in one year*. Counting rows for
"countries" would count country-years, which nobody calls countries: the count is of distinct
``country`` values, read with no question and said ("'countries' counted as distinct 'country': ...").

Only with no number and no comparison in the request other than a year of the file's time column: "how
many countries have a life expectancy above 80" could mean in any year or in every year, and still asks
rows or distinct (measures.py). With a comparison, only when the request keeps one year of the year axis
("... below 50 in 2007"): each country is then on one row at most, and the count is the same either way.
A column whose values repeat without a period keying the rows (one row
per city and state, "how many states") still asks too.
"""

from __future__ import annotations

from mcpforge.pipeline.intent.time.periods import names_a_period, year_column
from mcpforge.pipeline.intent.words import ColumnResolver, norm, singular

_PANEL = 0.5  # name x period keys the rows when the rows fill at least this share of the pairs
_COMPARING = frozenset({"above", "below", "over", "under", "than", "exceed", "exceeds", "exceeding",
                        "least", "greater", "higher", "lower", "between", "at", "mayor",
                        "menor", "superieur", "superieure", "inferieur", "inferieure", "uber", "unter",
                        "mehr", "weniger", "plus", "moins", "mas", "menos", "average", "mean", "median",
                        "maximum", "minimum", "max", "min", "sum", "total"})  # fmt: skip


_AT_A_TIME = frozenset({"in", "en", "im", "for", "during", "au", "para", "durante", "pendant"})


def period_axis(column: str, resolver: ColumnResolver) -> str | None:
    """The time column that, with ``column``, keys the rows of the file (a panel), if one does."""
    schema = resolver.schema
    info = schema.get(column)
    rows = schema.rows or 0
    if info is None or schema.sampled or not rows or info.distinct_count * 2 > rows:
        return None
    axes = [c.name for c in schema.columns if c.kind == "datetime" or names_a_period(c.name)]
    for axis in axes:
        other = schema.get(axis)
        pairs = info.distinct_count * (other.distinct_count if other else 0)
        if pairs and _PANEL * pairs <= rows <= pairs:
            return axis
    return None


def _years_only(tokens: list[str], resolver: ColumnResolver) -> bool:
    """No comparison word, and every number is a year the file's year column holds."""
    if _COMPARING & set(tokens):
        return False
    year = year_column(resolver)
    info = resolver.schema.get(year) if year else None
    for token in tokens:
        if not any(ch.isdigit() for ch in token):
            continue
        if info is None or not token.isdigit():
            return False
        low, high = info.minimum, info.maximum
        if not (isinstance(low, int | float) and isinstance(high, int | float) and low <= int(token) <= high):
            return False
    return True


def _one_year_kept(tokens: list[str], resolver: ColumnResolver, axis: str) -> bool:
    """ "in 2007": the one number of the request in the range of the panel's year axis, said as a time
    ("in", "en", "im", "for"), keeps one year: each name is then on one row at most, and counting rows or
    distinct names gives the same number, whatever the other conditions ("lifeExp below 50")."""
    info = resolver.schema.get(axis)
    if year_column(resolver) != axis or info is None:
        return False
    low, high = info.minimum, info.maximum
    if not (isinstance(low, int | float) and isinstance(high, int | float)):
        return False
    years = [k for k, t in enumerate(tokens) if t.isdigit() and low <= int(t) <= high]
    return len(years) == 1 and years[0] > 0 and tokens[years[0] - 1] in _AT_A_TIME


def panel_distinct(token: str, column: str, tokens: list[str], resolver: ColumnResolver) -> str | None:
    """The note for ``token`` ("countries") counted as distinct ``column`` values of a panel, else None."""
    axis = period_axis(column, resolver)
    if axis is None:
        return None
    if _years_only(tokens, resolver):
        return f"{token!r} counted as distinct {column!r}: each row is one {column!r} in one {axis!r}"
    if _one_year_kept(tokens, resolver, axis):
        return (
            f"{token!r} counted as distinct {column!r}: each row is one {column!r} in one {axis!r}, "
            "and one year is kept (the same as its rows)"
        )
    return None


# -- The entity named as the population of the rows --------------------------------------------------------
# "the average savings rate of the OPEC countries", "la población media de los países en 1960" over
# country x year: the plural names whom the rows are about, not a grouping and not a count. A mean, a
# filter or a test over the rows is then over country-years, and the reading says so. A word that groups,
# counts, ranks or asks which ("per country", "how many countries", "which countries", "top 5 countries")
# before it leaves it to the other readings (they group, count distinct, ask or refuse). The column's own
# singular ("the average country") stresses one number per country, a mean of country means on an
# unbalanced panel, and is not read here. "country-years", "person-years" are the rows of the panel.
# "across countries" groups (across_scope); "of all countries" is restated_scope.py's (one row each).
_NOT_A_POPULATION = frozenset({"across", "all", "per", "by", "each", "every", "je", "jede", "jedes", "jeder",
                               "pro", "por", "cada", "par", "chaque", "which", "what", "welche", "quels",
                               "quelles", "cuales", "que", "top", "bottom", "list", "name", "names",
                               "highest", "lowest", "largest", "smallest", "first", "last"})  # fmt: skip
# A count or a share anywhere in the request ("the percentage of countries with gdp above 5000", "among the
# OPEC countries, how many ...") is of countries, not of country-years: a number the rows do not give.
# "rate" only as "rate of" ("the savings rate" is a column).
_COUNTS_OR_SHARES = frozenset({"many", "number", "count", "counts", "counted", "counting", "distinct",
                               "unique", "different", "most", "fewest", "least", "nombre", "numero",
                               "anzahl", "viele", "combien", "cuantos", "cuantas", "share", "shares",
                               "percentage", "percent", "%", "proportion", "fraction", "pourcentage",
                               "porcentaje", "proporcion", "anteil", "prozent", "prozentsatz"})  # fmt: skip
_LOOK_BACK = 5
_OF = frozenset({"of", "for", "among", "amongst", "from", "over", "in", "within", "der", "von", "unter",
                 "fur", "bei", "de", "des", "du", "pour", "parmi", "para", "del"})  # fmt: skip
# Ranking anywhere in the request names the entities ("rank the countries of Europe by gdp").
_RANKS = frozenset({"highest", "lowest", "largest", "smallest", "biggest", "greatest", "most", "least", "top",
                    "bottom", "rank", "ranked", "ranking", "rankings", "sort", "sorted", "order", "ordered",
                    "best", "worst", "first", "last"})  # fmt: skip
# Two sub-populations set against each other ("OPEC vs non-OPEC countries", "communist and other
# countries"): the plural is then the pair of groups, which this rule does not read (it stays refused).
_CONTRASTS = frozenset({"vs", "versus", "compared", "comparing", "contrast", "between", "other", "others",
                        "rest", "remaining", "autres", "otros", "otras", "andere", "anderen", "entre",
                        "zwischen", "gegenuber"})  # fmt: skip
_YEAR_WORDS = frozenset({"years", "jahre", "jahren", "annees", "anos"})


def _population_word(tokens: list[str], i: int, resolver: ColumnResolver) -> bool:
    """The plural is the object of "of", "for", "among" ... ("the mean gdp of the OPEC countries"), with no
    word that groups, ranks or asks which between: the subject of a listing ("the countries with the
    highest gdp", "show the countries whose ...") wants their names, and is not read here."""
    for k in range(i - 1, max(-1, i - 1 - _LOOK_BACK), -1):
        word = tokens[k]
        if word in _NOT_A_POPULATION or any(ch.isdigit() for ch in word):
            return False
        if word in _OF or _genitive(tokens, k, resolver):
            return True
    return False


def _genitive(tokens: list[str], k: int, resolver: ColumnResolver) -> bool:
    """ "income the states": a German genitive ("income der Staaten") put in English loses its "of"."""
    if tokens[k] != "the" or k == 0:
        return False
    column = resolver.resolve(tokens[k - 1], fuzzy=False)
    return column is not None and resolver.kind(column) == "numeric"


def _counted_or_shared(tokens: list[str]) -> bool:
    """A count, a share or a ranking anywhere in the request (see ``_COUNTS_OR_SHARES``, ``_RANKS``)."""
    rate_of = any(
        t in {"rate", "rates", "ratio"} and tokens[k + 1 : k + 2] == ["of"] for k, t in enumerate(tokens)
    )
    return rate_of or bool((_COUNTS_OR_SHARES | _RANKS) & set(tokens))


def _contrasted(tokens: list[str]) -> bool:
    """The request sets two groups of the rows against each other ("vs", "non-OPEC", "the others")."""
    return any(token in _CONTRASTS or token.startswith("non-") or token == "non" for token in tokens)


def _panel_column(word: str, resolver: ColumnResolver) -> tuple[str, str] | None:
    """The entity column a plural names ("countries" beside ``country``) and the period keying it."""
    if (
        not word.isalpha()
        or singular(word) == word
        or norm(word) in {norm(c.name) for c in resolver.schema.columns}
    ):
        return None
    column = resolver.resolve(singular(word), fuzzy=False)
    if column is None or resolver.kind(column) == "numeric":
        return None
    axis = period_axis(column, resolver)
    return (column, axis) if axis is not None else None


def entity_population(tokens: list[str], resolver: ColumnResolver) -> tuple[list[str], list[str]]:
    """``tokens`` with the panel's entity plural read as the rows (dropped) and "country-years" as "rows"."""
    out: list[str] = []
    notes: list[str] = []
    for i, token in enumerate(tokens):
        head, _, tail = token.partition("-")
        if tail in _YEAR_WORDS and (
            found := _panel_column(head + "s", resolver) or _panel_column(head, resolver)
        ):
            out.append("rows")
            notes.append(f"{token!r} read as the rows (one per {found[0]!r} and {found[1]!r})")
            continue
        found = _panel_column(token, resolver)
        if (
            found is not None
            and _population_word(tokens, i, resolver)
            and not _contrasted(tokens)
            and not _counted_or_shared(tokens)
        ):
            notes.append(f"{token!r} read as the rows (one per {found[0]!r} and {found[1]!r})")
            continue
        out.append(token)
    return out, notes
