"""A describing word before a one-word column name: "household income" for ``income``.

People say what a column holds with a word before its name ("household income", "market value",
"federal states"). The rule, decided by what the word can do to the numbers:

- Only a word the request would be refused for: the request is read as usual, and only when that reading
  is refused naming the word ("'household'") is it read again with the word (:func:`reread_described`).
  A request the first reading answers never changes.
- The word is read as part of the column's name only when the file itself shows nothing else it could
  be: it names no column (whole, partial or by spelling), no value of any column (a value is a filter),
  no analysis, selection, ranking or condition word ("positive change", "known score"). The reading says
  so: "'household' read as part of the name 'income'".
- A word that is a known modifier of a figure ("net", "real", "nominal", "adjusted", "annual",
  "monthly", "per capita" …) changes the numbers when the column holds the other figure: it gets one
  question (the column, or something the file does not have), never a silent reading. "gross" is not
  one of them: it names the figure before any deduction, which a plain column holds.
- Before a time column (a year, a month, a date) the word may name another time ("birth year" on a file
  whose ``year`` is the survey's): one question ("fiscal year": the column ``year``?). A word naming the
  recording of the row itself ("survey year") is read before this, by ``observed_times``.
- Only where a name starts: after a determiner or grouping word, a statistic ("mean", "median"), a
  ranking ("lowest", "top 3") or a number; never as the request's first word ("Cap earnings at 30"), and
  a word that compares or joins two columns is never dropped.

Capitalised pairs spelled as the file spells the column ("model Year") are read before this, by
``qualified_names``.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar

from mcpforge import _lazy_re as re
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent.accounting import analysis_vocabulary_word
from mcpforge.pipeline.intent.clarify import Answers, ask, offered
from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS
from mcpforge.pipeline.intent.names.noun_forms import noun_forms
from mcpforge.pipeline.intent.names.qualified_names import SELECTING_WORDS
from mcpforge.pipeline.intent.names.trailing_names import statistic_named, trailing_column, trailing_value
from mcpforge.pipeline.intent.parse import agg_at
from mcpforge.pipeline.intent.time.periods import names_a_period
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, norm, tokenize
from mcpforge.pipeline.schema import DatasetSchema

# Words that turn one figure into another (after deductions, for prices, rescaled to a period or a
# person): a column holding the other figure gives other numbers, so these are asked about.
NUMBER_CHANGING_MODIFIERS = frozenset({
    "net", "real", "nominal", "adjusted", "unadjusted", "deflated", "inflated", "seasonally", "disposable",
    "taxable", "pretax", "aftertax", "discounted", "weighted", "unweighted", "normalized", "normalised",
    "standardized", "standardised", "scaled", "logged", "log", "relative", "cumulative", "marginal",
    "annual", "annualized", "annualised", "monthly", "weekly", "daily", "hourly", "quarterly", "yearly",
    "capita", "expected", "predicted", "estimated", "projected", "forecast",
    "lagged", "excess", "residual", "equivalised", "equivalized",
    # a change between rows, never a label of the column ("growth gdp" is no mean of gdp)
    "growth", "change", "increase", "decrease", "decline", "difference", "variation",
})  # fmt: skip
_NAME_STARTS = frozenset({"the", "a", "an", "its", "their", "each", "every", "by", "per", "of", "top"})
# Grammar that may stand where a name starts ("which state", "those values"); a noun for what a row is
# ("household income", "passenger age") describes the column and is read with it.
_GRAMMAR = frozenset({
    "which", "where", "whose", "whom", "there", "these", "those", "they", "them", "their", "theirs", "you",
    "your", "were", "being", "had", "has", "have", "having", "would", "should", "could", "might", "must",
    "shall", "about", "while", "whether", "such", "same", "other", "another", "most", "more", "less",
    "much", "many", "few", "here", "again", "ever", "still", "amount", "amounts", "thing", "things", "one",
    "ones", "way", "ways", "stat", "all", "any", "what", "how", "give", "show", "list", "tell", "find",
})  # fmt: skip
_PLAIN_WORD = re.compile(r"[a-z]{3,}")
_NUMBER = re.compile(r"\d+")
_NONE = "none"
# Conditions and signs written as adjectives ("positive change", "known score"): a filter, never a label.
_CONDITIONS = frozenset({
    "positive", "negative", "known", "unknown", "missing", "valid", "invalid", "nonzero", "zero", "empty",
    "null", "non", "nonmissing", "complete", "incomplete", "odd", "even", "top", "bottom", "upper", "lower",
})  # fmt: skip
# The words a request was refused for: only these are read as part of a name, on a second reading.
_REFUSED: ContextVar[frozenset[str]] = ContextVar("described_refused", default=frozenset())


def described_columns(
    tokens: list[str], resolver: ColumnResolver, given: Answers, request: str
) -> tuple[list[str], list[str]]:
    """``tokens`` without each describing word before a one-word column name, and a note each.

    Raises:
        NeedsClarificationError: the word is a modifier that changes the numbers ("net income"), not
            answered yet.
    """
    out: list[str] = []
    notes: list[str] = []
    for j, token in enumerate(tokens):
        answered = _answered_time(token, resolver, given, request)  # "survey year", asked on refusal
        if answered is not None:
            notes.append(f"'{token} {answered}' read as the column {answered!r}, as answered")
            continue
        trailing = _trailing(tokens, j, resolver) if token in _REFUSED.get() else None
        if trailing is not None and out:  # "clarity grade", "the median price"
            named = trailing_column(tokens, j, resolver) is not None
            out[-1] += "_" if named and statistic_named(trailing) else ""  # "median_": the column
            what = "the name" if named else "a value of"
            notes.append(f"'{token}' read as part of {what} {trailing!r} (said after it)")
            continue
        column = _described_column(tokens, j, resolver) if token in _REFUSED.get() else None
        if column is not None and names_a_time(column, resolver):
            column = None  # asked only when the request would be refused (ask_before_refusing_described)
        if column is not None and _has_longer_sibling(column, resolver):
            column = None  # "cigarette tax" over `tax` and `taxs`: the description may pick either
        if column is not None and token in NUMBER_CHANGING_MODIFIERS:
            column = _asked(token, column, given, request)
            if column is not None:
                notes.append(f"'{token} {tokens[j + 1]}' read as the column {column!r}, as answered")
                continue
        elif column is not None:
            notes.append(f"'{token}' read as part of the name {column!r}")
            continue
        out.append(token)
    return out, notes


def _has_longer_sibling(column: str, resolver: ColumnResolver) -> bool:
    """Whether another column's name extends ``column``'s (``taxs`` or ``tax_incl`` for ``tax``)."""
    stem = column.lower()
    return any(other.lower() != stem and other.lower().startswith(stem) for other in resolver.names())


def ask_before_refusing_described(
    request: str, schema: DatasetSchema, answers: dict[str, str], refused: str
) -> None:
    """``Mean income in survey year 2000?`` about to be refused for 'survey': one question instead (the
    column ``year``, or a time the file does not have), unless the person already answered it.

    Raises:
        NeedsClarificationError: a describing word before a time column, not answered yet.
    """
    tokens = tokenize(request)
    resolver = ColumnResolver(schema=schema)
    for j, token in enumerate(tokens):
        column = _described_column(tokens, j, resolver, anywhere=True)  # the word was refused already
        if column is None or not names_a_time(column, resolver) or repr(token) not in refused:
            continue
        if _key(token, column) not in {name.strip().lower() for name in answers}:
            _asked(token, column, Answers(), request)


def reread_described(
    request: str, schema: DatasetSchema, refused: str, read: Callable[[], Intent]
) -> Intent | None:
    """The reading of a request refused for a describing word ("'household'"), read again with that word
    as part of the column's name (or asked about), else None: a request the first reading answers is
    never read this way, so no reading that stood changes.

    Raises:
        NeedsClarificationError: the word is a modifier that changes the numbers ("net income").
    """
    if _REFUSED.get():
        return None  # already the second reading
    tokens = tokenize(noun_forms(request, schema)[0])  # "gross investment": the column invest
    resolver = ColumnResolver(schema=schema)
    words = frozenset(
        token
        for j, token in enumerate(tokens)
        if repr(token) in refused
        and (_described_column(tokens, j, resolver) is not None or _trailing(tokens, j, resolver) is not None)
    )
    if not words:
        return None
    reset = _REFUSED.set(words)
    try:
        return read()
    except NeedsClarificationError:
        raise  # "net income": the one question
    except UnmappableRequestError:
        return None
    finally:
        _REFUSED.reset(reset)


def names_a_time(column: str, resolver: ColumnResolver) -> bool:
    """A year, month or date column: a word before it may name another time ("birth year")."""
    return names_a_period(column) or resolver.kind(column) == "datetime"


def _answered_time(word: str, resolver: ColumnResolver, given: Answers, request: str) -> str | None:
    """The time column the person said ``word`` describes ("survey year": the column ``year``)."""
    if not given.given:
        return None
    for column in resolver.schema.column_names:
        written = rf"(?<![\w-])(?i:{re.escape(word)})\s+(?i:{re.escape(column)})(?![\w-])"
        if (
            names_a_time(column, resolver)
            and re.search(written, request) is not None
            and offered(given.get(_key(word, column)), [column]) is not None
        ):
            return column
    return None


def _key(word: str, column: str) -> str:
    return f"{word} {column.lower()}"


def _asked(word: str, column: str, given: Answers, request: str) -> str | None:
    key = _key(word, column)
    said = given.get(key)
    if said is not None:
        return offered(said, [column])
    choices = {column: f"the column {column!r}", _NONE: "something the file does not have"}
    question = f"{key!r}: is it the column {column!r}, or something the file does not have?"
    ask(key, question, choices, request=request)
    return None  # pragma: no cover - ask raises


def _starts_a_name(tokens: list[str], j: int) -> bool:
    if j == 0:
        return False  # "Cap earnings at 30": a verb starts a request as often as a label
    before = tokens[j - 1]
    return (
        before in _NAME_STARTS
        or before.endswith("est")  # "the lowest household income"
        or _NUMBER.fullmatch(before) is not None  # "top 3 federal states"
        or agg_at(tokens, j - 1) is not None  # "median market value"
    )


def _trailing(tokens: list[str], j: int, resolver: ColumnResolver) -> str | None:
    """The column before ``tokens[j]`` that the word after it describes ("clarity grade"), or None."""
    column = trailing_column(tokens, j, resolver)
    if column is None:  # "the suv class": a label noun after a value of one column
        return trailing_value(tokens, j, resolver) if names_nothing(tokens, j, resolver) else None
    if names_nothing(tokens, j, resolver):
        return column
    word = tokens[j]  # "the median price": a measure word, naming no data, says what `median` holds
    names_data = (
        word in FUNCTION_WORDS
        or agg_at([word], 0) is not None
        or resolver.match_at([word], 0) is not None
        or bool(resolver.candidates(word))
        or bool(find_values([word], resolver))
    )
    return column if statistic_named(column) and not names_data else None


def _described_column(
    tokens: list[str], j: int, resolver: ColumnResolver, *, anywhere: bool = False
) -> str | None:
    """The one-word column ``tokens[j]`` describes, or None."""
    if j + 1 >= len(tokens) or not (anywhere or _starts_a_name(tokens, j)):
        return None
    word = tokens[j]
    found = resolver.match_at(tokens, j + 1)
    column = found[0] if found is not None and found[1] == 1 else None
    if column is None or len(norm(column).split()) != 1 or column not in resolver.schema.column_names:
        return None
    ranks = word not in NUMBER_CHANGING_MODIFIERS and (
        word in SELECTING_WORDS or word.endswith(("est", "ly"))  # "highest income", "yearly income"
    )
    return column if names_nothing(tokens, j, resolver) and not ranks else None


def names_nothing(tokens: list[str], j: int, resolver: ColumnResolver) -> bool:
    """``tokens[j]`` names no column, value, analysis, selection or condition in the file."""
    word = tokens[j]
    return not (
        not _PLAIN_WORD.fullmatch(word)
        or word in FUNCTION_WORDS
        or word in _GRAMMAR
        or word in _CONDITIONS
        or word.endswith("most")  # "southernmost latitude": a ranking
        or agg_at([word], 0) is not None  # "mean income": the statistic, read by the parser
        or analysis_vocabulary_word(word)
        or resolver.match_at([word], 0) is not None
        or resolver.candidates(word)
        or find_values([word], resolver)  # "female income": a value of another column, a filter
        or resolver.match_at(tokens, j) is not None  # the word begins a longer name of its own
    )
