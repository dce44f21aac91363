"""The phrase vocabulary of a request and the top-N / sort scanners; shared helpers of the phrase scanners.

The group and grain scanners live in ``groups``, the metric scanner in ``metrics``; they share the
:class:`Phrases` record and the helpers below (an aggregation word at a position, a list of columns,
an unknown column word).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from mcpforge import _lazy_re as re
from mcpforge.models import Aggregation
from mcpforge.pipeline.intent.words import ColumnResolver

AggFunc = Literal["count", "sum", "mean", "median", "min", "max", "std", "nunique", "cv", "var"]
TimeGrain = Literal["day", "week", "month", "quarter", "year", "weekday", "hour"]

_TOP_DESC = {
    "top",
    "first",
    "highest",
    "largest",
    "biggest",
    "best",
    "most",
    "busiest",
    "greatest",
    "maximum",
    "oldest",
    "latest",
    "newest",
    "longest",
    "hottest",
    "priciest",
}
_TOP_ASC = {"bottom", "lowest", "smallest", "least", "fewest", "worst", "minimum", "quietest", "youngest",
            "earliest", "cheapest", "shortest", "coldest"}  # fmt: skip
RANK_WORDS = frozenset(_TOP_DESC | _TOP_ASC)
# Superlatives that name the sort column themselves ("the 10 youngest drivers" sorts by age).
SUPERLATIVE_COLUMNS = {"youngest": "age", "oldest": "age", "cheapest": "price", "priciest": "price",
                       "hottest": "temperature", "coldest": "temperature", "earliest": "date",
                       "latest": "date", "newest": "date", "longest": "duration",
                       "shortest": "duration"}  # fmt: skip
_GRAMMAR = {"the", "a", "an", "its", "their", "each", "every", "all", "of", "in", "on", "for", "with", "to"}

AGG_WORDS: dict[tuple[str, ...], AggFunc] = {
    ("coefficient", "of", "variation"): "cv", ("coefficients", "of", "variation"): "cv",
    ("standard", "deviation"): "std", ("std", "dev"): "std", ("std",): "std", ("stdev",): "std",
    ("stddev",): "std", ("variability",): "std", ("spread",): "std", ("variance",): "var",
    ("average",): "mean", ("avg",): "mean", ("mean",): "mean", ("typical",): "mean",
    ("total", "number", "of"): "count", ("total",): "sum", ("sum",): "sum", ("summed",): "sum",
    ("median",): "median", ("minimum",): "min", ("min",): "min", ("smallest",): "min",
    ("lowest",): "min", ("maximum",): "max", ("max",): "max", ("largest",): "max", ("highest",): "max",
    ("biggest",): "max", ("peak",): "max", ("longest",): "max", ("shortest",): "min",
    ("number", "of", "distinct"): "nunique", ("number", "of", "unique"): "nunique",
    ("number", "of", "different"): "nunique", ("count", "of", "distinct"): "nunique",
    ("count", "of", "unique"): "nunique", ("how", "many", "distinct"): "nunique",
    ("how", "many", "unique"): "nunique", ("how", "many", "different"): "nunique",
    ("distinct", "count", "of"): "nunique", ("unique", "count", "of"): "nunique",
    ("count", "distinct"): "nunique",
    ("distinct",): "nunique",
    ("unique",): "nunique",
    ("number", "of"): "count", ("count", "of"): "count", ("how", "many"): "count", ("count",): "count",
    ("counts",): "count",
    ("range", "of"): "min",
    ("range",): "min", ("frequency",): "count", ("volume", "of"): "count", ("no", "of"): "count",
    ("how", "much"): "sum",
}  # fmt: skip
_AGG_SORTED = sorted(AGG_WORDS, key=len, reverse=True)


GROUP_TRIGGERS: list[tuple[str, ...]] = [
    ("grouped", "by"),
    ("group", "by"),
    ("broken", "down", "by"),
    ("break", "down", "by"),
    ("split", "by"),
    # "for every combination of cut and color": the groups of both keys at once
    ("for", "each", "combination", "of"),
    ("for", "every", "combination", "of"),
    ("for", "all", "combinations", "of"),
    ("each", "combination", "of"),
    ("every", "combination", "of"),
    ("by", "combination", "of"),
    ("per", "combination", "of"),
    ("for", "each"),
    ("for", "every"),
    ("in", "each"),
    ("in", "every"),
    ("within", "each"),
    ("across",),
    ("per",),
    ("by",),
    ("each",),
    ("rank",),
    ("ranking",),
    ("compare",),
]

OP_KEYWORDS: list[tuple[str, str]] = [
    (r"\bcross[- ]?tab(?:ulation|ulate)?s?\b|\bcontingency\b", "crosstab"),
    (r"\bpivot", "pivot_table"),
    (r"\bcorrelat|\bcorr\b|\brelationship between\b|\bassociation between\b", "correlation"),
    (r"\boutlier|\banomal|\bunusual (?:values|readings)|\bextreme values\b", "outliers"),
    (r"\bpercentiles?\b|\bquantiles?\b|\bquartiles?\b|\bdeciles?\b|\bp\d{1,2}\b"
     r"|\d+(?:st|nd|rd|th) percentile", "percentiles"),
    (r"\bmissing values?\b|\bmissing data\b|\bnull values?\b|\bnulls\b|\bnan values\b|\bcompleteness\b"
     r"|\bhow many (?:values )?(?:are )?missing\b|\bmissing (?:in|per|by) (?:each|every)? ?column"
     r"|\bmissing\b(?!.*\bwhere\b)",
     "missing_values"),
    (r"\bdescribe\b|\bsummary stat|\bsummary statistics\b|\bdescriptive stat|\bsummari[sz]e\b"
     r"|\bstatistics\b|\bstats\b|\boverview\b|\bsummary\b", "summary_stats"),
    (r"\bdistribution\b|\bhistogram\b|\bfrequenc(?:y|ies)\b|\bvalue counts\b|\bbreakdown\b|\bbreak down\b"
     r"|\bhow (?:are|is) .* distributed\b", "value_distribution"),
    (r"\bdistinct\b|\bunique\b|\bdifferent\b|\bcardinality\b", "distinct_count"),
]  # fmt: skip
SHARE_WORDS = re.compile(
    r"\bshares?\b|\bpercent(?:age)?s?\b|\bproportions?\b|%|\bfraction\b|\bratio\b|\brelative\b"
)


@dataclass(kw_only=True)
class Phrases:
    """What the phrase scanners found, with the token positions they used."""

    top_n: int | None = None
    descending: bool = True
    top_subject: int | None = None
    top_word: str | None = None
    sort_order: bool = False
    per_row: bool = False
    grain: TimeGrain | None = None
    part: str | None = None
    group_by: list[str] = field(default_factory=list)
    sort_column: str | None = None
    metrics: list[Aggregation] = field(default_factory=list)
    ranking_metric: bool = False
    additive: set[str] = field(default_factory=set)
    unknown: list[str] = field(default_factory=list)
    ambiguous: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    used: set[int] = field(default_factory=set)


def find_sort_order(tokens: list[str], out: Phrases) -> None:
    """``lowest first``, ``ascending``, ``sorted descending``: the sort direction."""
    for i, token in enumerate(tokens):
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        if token in {"ascending", "asc"} or (token in _TOP_ASC and nxt == "first"):
            out.descending = False
        elif token in {"descending", "desc"} or (token in _TOP_DESC and nxt == "first"):
            out.descending = True
        else:
            continue
        out.sort_order = True
        out.used.update({i, i + 1} if nxt == "first" else {i})


def find_value_counts(tokens: list[str], out: Phrases) -> None:
    """``value counts`` (pandas' name for a distribution) names the operation, and the column after it is
    the one distributed: its ``value`` is not the column that word would otherwise stand for, and its
    ``counts of`` is not a count of rows ("value counts of product" is about ``product``)."""
    for i, token in enumerate(tokens[:-1]):
        if token.lower() == "value" and tokens[i + 1].lower() in {"counts", "count"}:
            after = tokens[i + 2].lower() if i + 2 < len(tokens) else ""
            out.used.update(range(i, i + (3 if after in {"of", "for", "in", "on"} else 2)))


def counts_of_a_category(tokens: list[str], resolver: ColumnResolver) -> list[str]:
    """``counts of product`` reads as ``product counts``: the plural asks for a count per value of a
    category, as "product counts" and "counts of each product" do. Left as they are: "count of product"
    (one count), "counts of orders" (no column), "value counts of product" (find_value_counts)."""
    for i, token in enumerate(tokens[:-2]):
        if token != "counts" or tokens[i + 1] not in {"of", "for"} or (i > 0 and tokens[i - 1] == "value"):
            continue
        hit = resolver.match_at(tokens, i + 2)
        if hit is not None and resolver.kind(hit[0]) in {"categorical", "boolean"}:
            end = i + 2 + hit[1]
            return [*tokens[:i], *tokens[i + 2 : end], "counts", *tokens[end:]]
    return tokens


def find_top_n(tokens: list[str], out: Phrases) -> None:
    """``top 5``, ``10 most``, ``lowest 3``, ``bottom 3``."""
    for i, token in enumerate(tokens):
        if i > 0 and tokens[i - 1] in {"at", "no"}:
            continue  # "at least 10", "no more than 5" are filters
        number = int(tokens[i + 1]) if i + 1 < len(tokens) and tokens[i + 1].isdigit() else None
        if token in _TOP_DESC | _TOP_ASC and number is not None and 0 < number <= 10_000:
            out.top_n, out.descending, out.top_word = number, token in _TOP_DESC, token
            out.used.update({i, i + 1})
            out.top_subject = i + 2
            return
        if (
            token.isdigit()
            and i + 1 < len(tokens)
            and tokens[i + 1] in _TOP_DESC | _TOP_ASC
            and 0 < int(token) <= 10_000
        ):
            out.top_n, out.descending, out.top_word = int(token), tokens[i + 1] in _TOP_DESC, tokens[i + 1]
            out.used.update({i, i + 1})
            out.top_subject = i + 2
            if i + 2 < len(tokens) and tokens[i + 2] in {
                "common",
                "frequent",
                "popular",
                "expensive",
                "recent",
            }:
                out.used.add(i + 2)
                out.top_subject = i + 3
            return
    if _which_most(tokens, out) or _n_with_most(tokens, out) or _with_most(tokens, out):
        return
    for i, token in enumerate(tokens[:-1]):
        if token in {"most", "least"} and tokens[i + 1] in {"common", "frequent", "popular"}:
            out.top_n, out.descending = 1, token == "most"
            out.used.update({i, i + 1})
            out.top_subject = i + 2
            out.notes.append(f"'{token} {tokens[i + 1]}' read as the top 1 group")
            return


_SUPERLATIVES = {"most": True, "highest": True, "largest": True, "biggest": True, "greatest": True,
                 "busiest": True, "best": True, "fewest": False, "least": False, "lowest": False,
                 "smallest": False, "quietest": False, "worst": False}  # fmt: skip
_TIME_WORDS = {
    "day",
    "days",
    "week",
    "weeks",
    "month",
    "months",
    "year",
    "years",
    "hour",
    "hours",
    "weekday",
    "time",
}


def _n_with_most(tokens: list[str], out: Phrases) -> bool:
    """``the 3 departments with the most overtime`` → top 3 groups."""
    for i, token in enumerate(tokens):
        if not token.isdigit() or not 0 < int(token) <= 10_000 or (i > 0 and tokens[i - 1] in _NOT_TOP):
            continue
        for k in range(i + 2, min(len(tokens), i + 7)):
            if tokens[k] in _SUPERLATIVES and tokens[k - 1] in {"the", "most", "with", "by", *_SUPERLATIVES}:
                out.top_n, out.descending, out.top_subject = int(token), _SUPERLATIVES[tokens[k]], i + 1
                out.used.update({i, k})
                return True
    return False


_NOT_TOP = {"at", "no", "than", "over", "under", "above", "below", "between", "and", "of", "in", "to", "from"}


def _which_most(tokens: list[str], out: Phrases) -> bool:
    """``which region has the most fatal accidents`` → the top 1 group (subject right after "which")."""
    for i, token in enumerate(tokens[:-2]):
        if token not in {"which", "what"}:
            continue
        subject = i + 1
        while subject < len(tokens) and tokens[subject] in {"is", "are", "was", "were", "the"}:
            subject += 1
        count = 1
        if subject < len(tokens) and tokens[subject].isdigit() and 0 < int(tokens[subject]) <= 10_000:
            count = int(tokens[subject])  # "which 3 categories have the highest ..."
            out.used.add(subject)
            subject += 1
        if token == "what" and both_extremes(tokens, subject):
            return False  # "what were the highest and the lowest X": two values, no group ranked
        if subject < len(tokens) and tokens[subject] in _SUPERLATIVES:
            out.top_n, out.descending, out.top_subject = 1, _SUPERLATIVES[tokens[subject]], subject + 1
            out.used.add(subject)
            if _frequency_word(tokens, subject + 1):  # "what is the most common kind": a count per kind
                out.used.add(subject + 1)
                out.top_subject = subject + 2
            out.notes.append(
                f"'{token} ... {tokens[subject]}' read as the top 1 group{_side(tokens[subject])}"
            )
            return True
        if subject >= len(tokens) or tokens[subject] in _TIME_WORDS:
            return False
        for k in range(subject + 1, min(len(tokens), subject + 6)):
            if tokens[k] in _SUPERLATIVES:
                out.top_n, out.descending = count, _SUPERLATIVES[tokens[k]]
                out.top_subject = subject
                out.used.add(k)
                if _frequency_word(tokens, k + 1):  # "which kind appears most often": a count per kind
                    out.used.add(k + 1)
                groups = "top 1 group" if count == 1 else f"top {count} groups"
                out.notes.append(f"'{token} ... {tokens[k]}' read as the {groups}{_side(tokens[k])}")
                return True
        return False
    return False


# After "most" / "least": how often a value comes, i.e. its number of rows ("most common", "least often").
# Not "popular": liked or bought, which a measure may say ("the most popular continent" over a pop column).
_FREQUENCY = frozenset({"common", "frequent", "frequently", "often"})


def _frequency_word(tokens: list[str], i: int) -> bool:
    """Whether ``tokens[i]`` says how often, right after a "most" / "least" before it."""
    return 0 < i < len(tokens) and tokens[i - 1] in {"most", "least"} and tokens[i] in _FREQUENCY


def _side(word: str) -> str:
    """ "best" / "worst" said as the side they rank on ("best" for a rating: the highest)."""
    if word in {"highest", "lowest"}:
        return ""
    return " (the highest)" if _SUPERLATIVES[word] else " (the lowest)"


def both_extremes(tokens: list[str], i: int) -> bool:
    """``highest and (the) lowest`` at ``i``: a superlative joined to its opposite (two extremes asked)."""
    if i >= len(tokens) or tokens[i] not in _SUPERLATIVES or tokens[i + 1 : i + 2] != ["and"]:
        return False
    k = i + 2 + (tokens[i + 2 : i + 3] == ["the"])
    return k < len(tokens) and _SUPERLATIVES.get(tokens[k]) == (not _SUPERLATIVES[tokens[i]])


def _with_most(tokens: list[str], out: Phrases) -> bool:
    """``department with the highest mean cost`` → the top 1 group (subject right before "with")."""
    for k, token in enumerate(tokens[:-1]):
        at = k + 1 + (tokens[k + 1] == "the")
        if token != "with" or k == 0 or at >= len(tokens) or tokens[at] not in _SUPERLATIVES:
            continue
        start = k - 2 if k >= 2 and tokens[k - 2] not in _GRAMMAR else k - 1
        out.top_n, out.descending, out.top_subject = 1, _SUPERLATIVES[tokens[at]], start
        out.used.add(at)
        out.notes.append(f"'... with the {tokens[at]}' read as the top 1 group")
        return True
    return False


def trigger_at(tokens: list[str], i: int) -> int:
    for trigger in GROUP_TRIGGERS:
        if tuple(tokens[i : i + len(trigger)]) == trigger:
            return len(trigger)
    return 0


def column_list(
    tokens: list[str], start: int, resolver: ColumnResolver, out: Phrases
) -> tuple[list[str], int, str | None]:
    """Columns joined by and / , / & from ``start``: (columns, end, first unresolved word)."""
    columns: list[str] = []
    j = start
    while j < len(tokens):
        while j < len(tokens) and tokens[j] in {"the", "a", "an", "its", "their"}:
            j += 1
        if j >= len(tokens) or j in out.used:
            break
        hit = resolver.match_at(tokens, j, fuzzy=True)
        if hit is None:
            return columns, j, tokens[j]
        columns.append(hit[0])
        j += hit[1]
        if j < len(tokens) and tokens[j] in {"and", ",", "&", "then"} and j + 1 < len(tokens):
            nxt = resolver.match_at(tokens, j + 1 + (tokens[j + 1] in {"the", "a"}), fuzzy=True)
            if nxt is None:
                break
            j += 1
            continue
        break
    return columns, j, None


def record_unknown(out: Phrases, word: str, resolver: ColumnResolver) -> None:
    """Record a word that should name a column but does not (or names several)."""
    options = resolver.candidates(word)
    if options:
        out.ambiguous.append(f"{word!r} could be {' or '.join(repr(o) for o in options)}")
    else:
        out.unknown.append(word)


def looks_like_column_word(word: str) -> bool:
    return bool(re.fullmatch(r"[a-z][a-z_\-]{2,}", word)) and word not in _GRAMMAR | {
        "far", "default", "hand", "itself", "then", "how", "what", "which", "using", "name", "descending",
        "ascending", "value", "values", "size", "volume", "column", "columns", "field", "fields", "variable",
        "variables", "category_value", "group", "groups", "row", "rows", "first", "last", "order",
        "rate", "rates", "share", "shares", "percentage", "percent", "proportion", "fraction", "ratio",
    }  # fmt: skip


def agg_at(tokens: list[str], i: int) -> tuple[AggFunc, int] | None:
    for words in _AGG_SORTED:
        if tuple(tokens[i : i + len(words)]) == words:
            return AGG_WORDS[words], len(words)
    return None


def detect_operations(text: str) -> list[str]:
    """Catalogue operations whose keywords appear in the request, strongest first."""
    low = text.lower()
    return [op for pattern, op in OP_KEYWORDS if re.search(pattern, low)]


_PCT_NUMBER = re.compile(r"(\d{1,2}(?:\.\d+)?)(?:st|nd|rd|th)?")
_PCT_JOINERS = frozenset({",", "and", "&", "or", "the"})


def percentiles_in(text: str) -> list[float]:
    """``90th percentile`` → [90]; ``25th, 50th and 75th percentiles`` → [25, 50, 75]; ``p5, p95``;
    ``percentiles 5, 50 and 95``; ``quartiles`` → [25, 50, 75]; ``deciles``.

    Works on the joined tokens of a request too ("25th , 50th and 75th percentile"): a list of ordinal
    numbers right before the word is one answer with several points, never its last number alone.
    """
    low = text.lower()
    words = re.findall(r"\d+(?:\.\d+)?(?:st|nd|rd|th)?|[a-z]+|[,&]", low)
    found: list[float] = []
    for k, word in enumerate(words):
        if not word.startswith("percentile"):
            continue
        j = k - 1
        while j >= 0 and (_PCT_NUMBER.fullmatch(words[j]) or words[j] in _PCT_JOINERS):
            match = _PCT_NUMBER.fullmatch(words[j])
            if match:
                found.append(float(match.group(1)))
            j -= 1
    found += [float(m) for m in re.findall(r"\bp(\d{1,2})\b", low)]
    for chunk in re.findall(r"percentiles?\s+(?:of\s+)?(\d{1,2}(?:\s*(?:,|and)\s*\d{1,2})*)\b(?!\s*%)", low):
        found += [float(n) for n in re.findall(r"\d{1,2}", chunk)]
    if re.search(r"\bquartiles?\b", low):
        found += [25.0, 50.0, 75.0]
    if re.search(r"\bdeciles?\b", low):
        found += [float(d) for d in range(10, 100, 10)]
    return sorted({f for f in found if 0 <= f <= 100})
