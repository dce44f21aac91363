"""Every word accounted for: a leftover word that carries meaning is never silently dropped.

After the scanners and the assembly, each request word is either used by the reading or left over. A
leftover number, comparison, aggregation word, rate word, measure word, column name or category value
means the reading may not be what the person asked: the request is refused naming those words (a wrong
answer that looks validated is the worst outcome; a refusal that says what was not understood is cheap).
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from mcpforge import _lazy_re as re
from mcpforge.models import Intent
from mcpforge.pipeline.intent.analysis.method_words import names_the_method, unused_method_name
from mcpforge.pipeline.intent.analysis.reported_names import unreported_statistic
from mcpforge.pipeline.intent.filters.units_after_numbers import unit_column
from mcpforge.pipeline.intent.language.discourse import INSTRUCTION_WORDS, discourse
from mcpforge.pipeline.intent.language.function_words import FILLER_WORDS, FUNCTION_WORDS, describes_rows
from mcpforge.pipeline.intent.language.ranking_verbs import unread_change
from mcpforge.pipeline.intent.language.restating_words import restates_the_reading
from mcpforge.pipeline.intent.measures import MEASURE_WORDS
from mcpforge.pipeline.intent.metrics import distinct_values_noun
from mcpforge.pipeline.intent.names.name_symbols import symbols_in_read_names
from mcpforge.pipeline.intent.names.named_values import unread_named_value
from mcpforge.pipeline.intent.parse import (
    AGG_WORDS,
    GROUP_TRIGGERS,
    RANK_WORDS,
    SUPERLATIVE_COLUMNS,
    detect_operations,
)
from mcpforge.pipeline.intent.quantities.ratios import id_column, row_noun
from mcpforge.pipeline.intent.restated_scope import states_the_row_count
from mcpforge.pipeline.intent.rows.superlatives import measure_word_why, restates_ranking
from mcpforge.pipeline.intent.time.calendar_names import calendar_word_why
from mcpforge.pipeline.intent.words import ENTITY_WORDS, ColumnResolver, find_values, fold, norm, singular

_NUMBER = re.compile(r"-?\d+(?:[.,]\d+)*(?:st|nd|rd|th|%|k)?")
_COMPARISONS = frozenset({"over", "under", "above", "below", "between", "greater", "less", "fewer",
                          "exceeding", "exceeds", "older", "younger", "least"})  # fmt: skip
_NEGATIONS = frozenset({"not", "except", "excluding", "exclude", "without", "non", "besides"})
_ONLY = frozenset({"only", "just", "solely"})
RATE_WORDS = frozenset({"rate", "rates", "share", "shares", "percentage", "percentages", "percent", "%",
                        "proportion", "proportions", "fraction", "ratio", "ratios"})  # fmt: skip
# Words that combine or compare quantities ("A minus B", "the gap between", "running total", "growth"):
# a reading that leaves one unused computed the parts, not what the person asked.
ARITHMETIC_WORDS = frozenset({"minus", "plus", "divided", "multiplied", "difference", "differences", "gap",
                         "range", "spread", "cumulative", "running", "growth", "increase", "increases",
                         "decrease", "decreases", "change", "changes"})  # fmt: skip
_SINGLE_AGG = {words[0]: func for words, func in AGG_WORDS.items() if len(words) == 1}
_WHOLE_TABLE_OPS = {"summary_stats", "missing_values", "distinct_count"}
_MIN_VALUE_WORD = 5
_VALUE_CUTOFF = 0.8
_PERCENT_OPS = {"value_distribution", "percentiles"}


@dataclass(frozen=True, kw_only=True)
class Leftover:
    """A meaningful word the reading did not use, and why it matters."""

    word: str
    why: str


def _metric_funcs(intent: Intent) -> set[str]:
    funcs: set[str] = {m.func for m in intent.metrics}
    if intent.operation in {"group_count", "value_distribution", "crosstab", "distinct_count"}:
        funcs.add("count")
    if intent.operation == "distinct_count" and len(intent.columns) == 1:  # "distinct values does X take"
        funcs.add("nunique")  # of one column: the word is the operation (two may be a synonym's misreading)
    if intent.operation == "summary_stats":
        funcs |= {"count", "mean", "std", "min", "max", "median"}
    if intent.operation == "percentiles":
        funcs.add("median")
    if intent.top_n is not None:
        funcs |= {"max", "min"}  # "highest" / "lowest" rank the groups
    return funcs


def _option_numbers(intent: Intent) -> set[float]:
    found: set[float] = set()
    for value in intent.options.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, int | float) and not isinstance(item, bool):
                found.add(float(item))
    return found


def _intent_columns(intent: Intent) -> set[str]:
    names = {*intent.group_by, *intent.columns, *(m.column for m in intent.metrics if m.column)}
    names |= {f.column for f in intent.filters} | {d.name for d in intent.derived}
    names |= {str(intent.options.get("pair_by") or ""), *intent.options.get("pair_choices", [])}  # paired
    if intent.time_column:
        names.add(intent.time_column)
    shares = intent.options.get("numerator_filters") or []  # a share's condition ("return rate": returned)
    names |= {str(rule.get("column") or "") for rule in shares if isinstance(rule, dict)}
    return {n for n in names if n}


def _why(  # noqa: PLR0911, PLR0912 - one early answer per kind of meaningful word
    token: str, i: int, tokens: list[str], intent: Intent, resolver: ColumnResolver
) -> str | None:
    measure = measure_word_why(tokens, i, intent, resolver)  # "wettest", "(the most southern)"
    if measure is not None:
        return measure or None
    reported = unreported_statistic(tokens, i, intent)  # "report rho" under a Pearson correlation
    if reported is not None:
        return reported or None
    change = unread_change(tokens, i, intent)  # "which region's rainfall dropped the most"
    if change is not None and not restates_the_reading(tokens, i, intent, resolver):  # "varied" beside a std
        return change
    method = unused_method_name(token, intent)  # "use a t-test" under a count per group
    if method is not None:
        return method
    if _NUMBER.fullmatch(token):
        digits = re.sub(r"[^\d.]", "", token).strip(".")
        if digits and float(digits) in _option_numbers(intent):
            return None  # "threshold 2.5", "90th percentile": the operation's own settings
        if states_the_row_count(tokens, i, intent, resolver):
            return None  # "over all 342 rows" of a file of 342 rows, every one read (restated_scope.py)
        return "a number the reading does not use"
    operator = _unused_operator(token, intent)
    if operator is not None:
        return operator
    after = resolver.match_at(tokens, i + 1) if token == "no" and i + 1 < len(tokens) else None
    if after is not None and "yes" not in tokens and after[0] not in {*intent.group_by, *intent.columns}:
        negated = any(f.op in {"!=", "not in", "=="} for f in intent.filters)
        if not negated:  # "orders with no discount": a condition on discount, not its mean
            return "a negation the reading does not use"
    if token in _ONLY and not intent.filters:
        return "a restriction the reading does not use"
    if token in RATE_WORDS and token not in {"rate", "rates"} and intent.as_percentage:
        return None
    if token in RATE_WORDS and not (
        intent.operation in _PERCENT_OPS or (intent.as_percentage and token != "rate")
    ):
        return "a rate or share the reading does not compute"
    func = _SINGLE_AGG.get(token)
    funcs = _metric_funcs(intent)
    counts_as_sum = func in {"sum", "count"} and funcs & {"sum", "count"} and not _sums_a_quantity(tokens, i)
    if func is not None and func not in funcs and not counts_as_sum:
        return f"an aggregation ({func}) the reading does not use"
    if token in MEASURE_WORDS:
        return "a measure word that names no column of the data"
    calendar = calendar_word_why(tokens, i)  # "in December", "on Mondays": a condition not written
    if calendar is not None:
        return calendar
    named = _unread_named_value(tokens, i, intent, resolver)  # "by color D", "colour Q"
    if named is not None:
        return named
    hit = None if distinct_values_noun(tokens, i) else resolver.match_at(tokens, i, fuzzy=len(token) >= 5)
    if hit is not None and hit[0] not in _intent_columns(intent):
        return f"it names the column {hit[0]!r}, which the reading does not use"
    return _resembled_value(token, intent, resolver)


# "total value", "sum of the amounts": what is summed is a quantity no column was found for, never the rows.
_QUANTITY_NOUNS = frozenset({"value", "values", "amount", "amounts", "worth", "volume", "volumes"})


def _sums_a_quantity(tokens: list[str], i: int) -> bool:
    """``total`` / ``sum`` before a quantity noun: a row count does not stand for it ("total orders" does)."""
    j = i + 1
    while j < len(tokens) and tokens[j] in {"of", "the", "all", "their", "its"}:
        j += 1
    return tokens[i] in {"sum", "total", "totals"} and j < len(tokens) and tokens[j] in _QUANTITY_NOUNS


def _unread_named_value(tokens: list[str], i: int, intent: Intent, resolver: ColumnResolver) -> str | None:
    named = unread_named_value(tokens, i, resolver)
    if named is None or any(f.column == named[0] for f in intent.filters) or _an_option(named[1], intent):
        return None
    if not named[1]:
        return f"it follows the column {named[0]!r} but is none of its values"
    return f"it is the value {named[1]!r} of {named[0]!r}, which the reading does not use"


def _an_option(value: str, intent: Intent) -> bool:
    """``f`` in "test ... between Antriebsart f and Antriebsart r": a group the test compares."""
    for option in intent.options.values():
        if value and value in (option if isinstance(option, list) else [option]):
            return True
    return False


def _unused_operator(token: str, intent: Intent) -> str | None:
    """A comparison, negation, "or", ranking or arithmetic word the reading does not compute."""
    negated = any(f.op in {"!=", "not in"} or f.value is False for f in intent.filters)
    pairwise = intent.operation in {"correlation", "crosstab"} or any(f.op == "in" for f in intent.filters)
    if token in _COMPARISONS and not (token == "between" and pairwise):
        return "a comparison the reading does not use"
    if token in _NEGATIONS and not negated:
        return "a negation the reading does not use"
    alternatives = any(f.op in {"in", "not in"} for f in intent.filters)
    if token == "or" and len(intent.filters) > 1 and not alternatives:
        return "a choice between conditions; the reading requires every condition at once"
    grouped = bool(intent.group_by or intent.time_grain)
    # "oldest employee in each department" ranks by another column; "which weekday has the most
    # accidents" is answered by the table sorted by its count, the first row first.
    unranked = token in RANK_WORDS and token != "first" and intent.top_n is None
    if unranked and (token in SUPERLATIVE_COLUMNS or not grouped):
        return "a ranking the reading does not compute"
    if token in ARITHMETIC_WORDS:
        return "arithmetic between quantities the reading does not compute"
    return None


def _resembled_value(token: str, intent: Intent, resolver: ColumnResolver) -> str | None:
    """``cardiolgy``: a close spelling of a category value the reading does not filter on."""
    if len(token) < _MIN_VALUE_WORD or not token.isalpha() or token in INSTRUCTION_WORDS:
        return None  # "computed" is an instruction, not a misspelt "completed"
    if token in FUNCTION_WORDS or token in FILLER_WORDS:
        return None  # "are there" is no misspelt "other"
    filtered = {f.column for f in intent.filters} | set(intent.group_by)
    for info in resolver.schema.columns:
        if info.kind != "categorical" or info.name in filtered:
            continue
        lowered = {value.lower(): value for value in info.values}
        close = difflib.get_close_matches(token, list(lowered), n=1, cutoff=_VALUE_CUTOFF)
        if close:
            value = lowered[close[0]]
            return f"it resembles the value {value!r} of {info.name!r}, which the reading does not use"
    return None


# Words before the head of a request; the conjunctions start what follows a preparation step ("bin Fare
# into 4 quantiles and count the rows in each bin" leaves "and count the rows ..."); the picture words
# ask for a chart of the answer (``intent/charts.py``), not for a measure.
_LEAD = frozenset({"what", "whats", "show", "give", "list", "me", "the", "a", "an", "is", "are", "get",
                   "compute", "calculate", "find", "please", "tell", "report", "display",
                   "and", "then", "also", "now", "next", "finally",
                   "plot", "chart", "graph", "draw", "visualize", "visualise", "histogram", "diagram",
                   "bar", "line"})  # fmt: skip
_HEAD_FOLLOWERS = frozenset({"by", "per", "count", "counts", "for", "in", "across"})


def _unknown_head(tokens: list[str], used: set[int], resolver: ColumnResolver) -> Leftover | None:
    """``gpa by subject``: the first word names what is measured; unknown, it must not become a row count."""
    k = next((i for i, token in enumerate(tokens) if token not in _LEAD), None)
    if k is None or k in used or k + 1 >= len(tokens) or tokens[k + 1] not in _HEAD_FOLLOWERS:
        return None
    word = tokens[k]
    if not word.isalpha() or singular(word) in ENTITY_WORDS or resolver.resolve(word, fuzzy=True) is not None:
        return None
    if (word.endswith("s") and not word.endswith(("ss", "is", "us"))) or detect_operations(word):
        return None  # "admissions per department" counts the rows; "outliers in age" names the operation
    if word in _SINGLE_AGG or word in RATE_WORDS or word in {"number", "how", "which", "rows", "records"}:
        return None
    if word in _ONLY:  # "only for 1985, ...": a restriction, checked by the word check
        return None
    return Leftover(word=word, why="what is measured is not a column of the data")


def _named_in_full(column: str, tokens: list[str], resolver: ColumnResolver) -> bool:
    """The request spells the column's whole name ("product type"), not a word it shares ("products")."""
    words = [singular(w) for w in norm(column).split()]
    plain = [singular(t) for t in tokens]
    # A name written exactly as the file has it ("math score", "Mar.2019") reaches here as a placeholder
    # word that stands for that one column (intent/instructions.py): named in full too.
    aliases: dict[str, str] = getattr(resolver, "aliases", {})
    if any(aliases.get(token) == column for token in tokens):
        return True
    if column.lower() in tokens or any(plain[i : i + len(words)] == words for i in range(len(plain))):
        return True
    # A one-word name written in another form of the same word ("urban" for Urbain, "décédée" for Décédé) is
    # named whole: a reading without it drops a condition ("how many urban cases" counted every row). A
    # word that means the column ("young" for age) is reported as itself.
    return len(words) == 1 and any(_stem_of_column(fold(token), {column}) for token in tokens)


def leftovers(
    tokens: list[str],
    used: set[int],
    intent: Intent,
    resolver: ColumnResolver,
    *,
    mentioned: list[str] | None = None,
    strangers: bool = True,
) -> list[Leftover]:
    """The meaningful words of ``tokens`` outside ``used`` that ``intent`` does not account for.

    ``mentioned`` are the columns the request names anywhere; each must be part of the reading.
    ``strangers``: also report words that resemble nothing known (the plain reading's vocabulary). The
    statistical reading keeps it on too, after marking its method's own words used
    (analysis/method_vocabulary.py).
    """
    found: list[Leftover] = []
    read = _intent_columns(intent)
    used = used | symbols_in_read_names(tokens, used, read | set(mentioned or []))  # "pauvreté (%)"
    whole_table = intent.operation in _WHOLE_TABLE_OPS and not intent.columns
    for column in mentioned or []:
        if column not in read and not whole_table and _named_in_full(column, tokens, resolver):
            found.append(
                Leftover(word=column, why="the request names this column but the reading does not use it")
            )
    head = _unknown_head(tokens, used, resolver)
    if head is not None:
        found.append(head)
    for i, token in enumerate(tokens):
        if i in used:
            continue
        why = _why(token, i, tokens, intent, resolver)
        if why is not None:
            found.append(Leftover(word=token, why=why))
    if strangers:
        found += _unaccounted(tokens, used, intent, resolver, {item.word for item in found})
    filtered = {f.column for f in intent.filters}
    free = [i for i in range(len(tokens)) if i not in used]
    for hit in find_values([tokens[i] for i in free], resolver):
        if hit.column not in filtered and hit.column not in intent.group_by:
            word = " ".join(tokens[free[hit.start] : free[hit.start] + hit.width])
            found.append(Leftover(word=word, why=f"it is a value of {hit.column!r} the reading does not use"))
    return found


# -- Words that resemble nothing ---------------------------------------------------------------------------
# A leftover word that is no grammar, no analysis term, no column, no value and no generic noun may still
# carry meaning ("orders per store manager": "manager"): it is reported, so the request is refused naming
# it, instead of being answered without it.
_ANALYSIS_WORDS = frozenset(
    {word for words in AGG_WORDS for word in words}
    | {word for words in GROUP_TRIGGERS for word in words}
    | RANK_WORDS | RATE_WORDS | _COMPARISONS | _NEGATIONS | _ONLY | MEASURE_WORDS | _LEAD
    | {"ascending", "descending", "asc", "desc", "top", "bottom", "than", "more", "equal", "equals",
       "exactly", "percentile", "percentiles", "quartile", "quartiles", "decile", "deciles", "median", "row",
       "rows", "record", "records", "entries", "entry", "group", "groups", "per", "yes", "no", "true",
       "false", "all", "value", "values", "count", "counts", "counted", "average", "averages", "column",
       "columns", "field", "fields", "variable",
       # a column's label word ("Weather type" for Weather), degree words of a relation, rounding words
       "type", "types", "kind", "kinds", "category", "categories", "strongly", "weakly", "closely", "decimal",
       "decimals", "place", "places", "digits"}
)  # fmt: skip


def analysis_vocabulary_word(word: str) -> bool:
    """A grammar, analysis, entity or operation word (the discourse fillers of FILLER_WORDS are not)."""
    forms = {word, singular(word)}
    return bool(forms & (FUNCTION_WORDS | _ANALYSIS_WORDS | ENTITY_WORDS)) or bool(detect_operations(word))


# Time words ("last quarter", "this year", "recent") are not in the vocabulary above: unused, they are a
# period the reading does not restrict to, and are reported.
_MIN_STEM = 4


def _stem_of_column(word: str, columns: set[str]) -> bool:
    """``hired`` ~ ``hire_date``, ``restocked`` ~ ``last_restock``: a word form of a column in the reading."""
    for column in columns:
        for part in norm(column).split():
            common = next((k for k in range(min(len(word), len(part)), 0, -1) if word[:k] == part[:k]), 0)
            if common >= _MIN_STEM and common >= 0.6 * min(len(word), len(part)):
                return True
    return False


def _unaccounted(
    tokens: list[str], used: set[int], intent: Intent, resolver: ColumnResolver, reported: set[str]
) -> list[Leftover]:
    """Leftover words that resemble nothing the request vocabulary, the reading or the data knows."""
    columns = _intent_columns(intent)
    found: list[Leftover] = []
    for i, token in enumerate(tokens):
        # "log10", "covid19": letters with a number glued on are words too, never passed unread
        if i in used or token in reported or not re.fullmatch(r"[a-z][a-z'\-]{2,}|[a-z]{2,}\d+", token):
            continue
        forms = {token, singular(token), token.removesuffix("s")}  # "skus": singular() keeps "-us" words
        if (
            forms & (FUNCTION_WORDS | FILLER_WORDS | _ANALYSIS_WORDS | ENTITY_WORDS)
            or detect_operations(token)
            or any(resolver.resolve(form, fuzzy=False) is not None for form in forms)
            or _stem_of_column(token, columns)
            or _restates_a_value(token, intent)
            or restates_ranking(tokens, i, intent, resolver)
            or any(_is_row_noun(form, resolver) for form in forms)
            or _describes_the_rows(tokens, i, resolver)
            or _before_a_step(tokens, i)
            or discourse(tokens, i, intent, resolver)  # "using pandas", "how much do they weigh"
            or names_the_method(token, intent)  # "Spearman's" beside a Spearman correlation
            or unreported_statistic(tokens, i, intent) == ""  # "rho" of a Spearman correlation
            or unit_column(tokens, i, intent) is not None  # "under 10 an hour" (units_after_numbers.py)
        ):
            continue
        found.append(Leftover(word=token, why="it names no column, value or analysis term the reading uses"))
    return found


def _restates_a_value(word: str, intent: Intent) -> bool:
    """``european`` beside the condition Origin == Europe: the value's own adjective, already a condition.

    Only a word that starts with the whole value (or the value less its last letter: "Italy" → "italian")
    and only a value the reading keeps as an equality: the word can change no number the reading gives.
    """
    for rule in intent.filters:
        if rule.op not in {"==", "in"}:
            continue
        for value in rule.value if isinstance(rule.value, list) else [rule.value]:
            low = str(value).lower()
            if len(low) >= _MIN_STEM and low.isalpha() and word != low and word.startswith((low, low[:-1])):
                return True
    return False


def _before_a_step(tokens: list[str], i: int) -> bool:
    """``After removing duplicates, ...``: the order of preparation steps, not a date condition.

    The preparation reader takes the step's own words out of the text, leaving a bare "after" first.
    """
    if tokens[i] not in {"after", "before", "then", "first"}:
        return False
    nxt = tokens[i + 1] if i + 1 < len(tokens) else ","
    return i == 0 or nxt == "," or nxt.endswith("ing")


def _describes_the_rows(tokens: list[str], i: int, resolver: ColumnResolver) -> bool:
    """``traffic`` in "Analyze traffic accidents by ...": the request's head names the rows it is about.

    Only at the head (after the lead words): a modifier inside the question ("orders per store manager",
    "number of online orders") is a condition the reading would drop.
    """
    head = next(
        (k for k, token in enumerate(tokens) if token not in _LEAD and token not in FILLER_WORDS), None
    )
    if i != head or i + 1 >= len(tokens) or not describes_rows(tokens[i]):
        return False
    nxt = tokens[i + 1]
    forms = {nxt, singular(nxt), nxt.removesuffix("s")}
    return bool(forms & ENTITY_WORDS) or any(_is_row_noun(form, resolver) for form in forms)


def _is_row_noun(word: str, resolver: ColumnResolver) -> bool:
    """``admission`` in admissions.csv, ``patient`` beside ``patient_id``: what the rows are about."""
    return word == row_noun(resolver) or id_column(word, resolver) is not None
