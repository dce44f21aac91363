"""The model's answer held to the parser's accounting before any of its code runs (issue 25).

The rules parser answers only when every content word of a request is used; the model route must not be
the way around that. Before validation runs the model's code (or a template renders the model's chosen
operation), what the answer uses (:mod:`model_use`) is compared with the request:

- every column, condition, grouping and aggregation the parser read (:mod:`partial_reading`);
- every number of the request (a threshold, a year, a top N, a rounding) among the answer's numbers;
- every word the parser could not place, by what it can do to the numbers: a comparison needs an
  inequality, a negation a negated condition, a share a division, a ranking a sort or an extreme, an
  aggregation word that aggregation, a column or value word a use of that column, a named method
  (Kendall, chi-square, IQR) the method; any other word only by a value or column the code reads
  (a noun naming data the file lacks cannot be);
- every method named by the request.

A word left unaccounted refuses the answer, naming the word. A column or condition the code uses that
no request word names stays an *assumption*, shown with the reading (``code_reading``). Words that
cannot change the numbers (discourse) never reach here: the parser sets them aside.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import NoReturn

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent.accounting import ARITHMETIC_WORDS
from mcpforge.pipeline.intent.clarify import ask
from mcpforge.pipeline.intent.language.discourse import strip_numbering
from mcpforge.pipeline.intent.measures import MEASURE_WORDS
from mcpforge.pipeline.intent.parse import AGG_WORDS
from mcpforge.pipeline.intent.words import fold, norm, singular, tokenize
from mcpforge.pipeline.modelgen.model_use import ModelUse
from mcpforge.pipeline.modelgen.partial_reading import Condition, PartialReading, Unplaced
from mcpforge.pipeline.schema import DatasetSchema

_NUMBER = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)*)\s*(k\b|%|th\b|st\b|nd\b|rd\b)?", re.IGNORECASE)
_YEAR = re.compile(r"^(\d{4})-\d{2}-\d{2}")
_QUOTED = re.compile(r"""(?:column|of) (['"])(.+?)\1""")
_EQUALITY = {"==", "in", "contains"}
_INEQUALITY = {">", ">=", "<", "<=", "between"}
# What each kind of unplaced word needs in the answer, keyed by the accounting's own words for it.
_NEEDS = (
    ("comparison", "inequality", "a comparison the model's code does not make"),
    ("negation", "negation", "a negation the model's code does not apply"),
    ("choice between", "either", "a choice between conditions the model's code does not make"),
    ("rate or share", "divide", "a rate or share the model's code does not compute"),
    ("ranking", "rank", "a ranking the model's code does not compute"),
    ("arithmetic", "arithmetic", "arithmetic the model's code does not compute"),
)
# A named method and what its use looks like in code.
_METHODS = {
    "kendall": ("kendall",), "spearman": ("spearman",), "pearson": ("pearson", "corr"), "chi": ("chi2",),
    "chi-square": ("chi2",), "chi-squared": ("chi2",), "anova": ("f_oneway", "anova"),
    "iqr": ("quantile", "iqr", "percentile"), "regression": ("linregress", "ols", "polyfit", "regression"),
    "skewness": ("skew",), "kurtosis": ("kurt",), "wilcoxon": ("wilcoxon",), "kruskal": ("kruskal",),
    "shapiro": ("shapiro",), "levene": ("levene",), "zscore": ("zscore", "std"), "z-score": ("zscore", "std"),
}  # fmt: skip
_TOLERANCE = 1e-9
# Any other word the parser could not place is content ("hurricane season", "CO2 emissions"): the answer
# uses it only when it names a value or column the code reads; a measure word ("cost") gets a question.
_NO_DATA = "a measure the file has no column named for"
_UNUSED = "it names no value or column the model's code reads"
_STEM, _MIN_STEM = 5, 3
_SINGLE_AGG = {words[0]: func for words, func in AGG_WORDS.items() if len(words) == 1}


@dataclass(frozen=True, kw_only=True)
class Unaccounted:
    """A content word of the request the model's answer does not use, and why it matters."""

    word: str
    why: str

    def text(self) -> str:
        return f"{self.word!r} ({self.why})"


def request_numbers(request: str, schema: DatasetSchema) -> dict[str, set[float]]:
    """Each number of ``request`` (not a question label, not part of a column name) and its readings."""
    text, _label = strip_numbering(request.strip())
    for name in sorted(schema.column_names, key=len, reverse=True):
        if any(ch.isdigit() for ch in name):
            text = re.sub(re.escape(name), " ", text, flags=re.IGNORECASE)
    found: dict[str, set[float]] = {}
    for match in _NUMBER.finditer(text):
        digits, suffix = match.group(1), (match.group(2) or "").lower()
        readings = set()
        for form in {digits.replace(",", ""), digits.replace(",", ".")}:
            try:
                readings.add(float(form))
            except ValueError:
                continue
        readings |= {r * 1000 for r in readings} if suffix == "k" else set()
        # "30%" may be written 0.3, "the 25th percentile" 0.25
        readings |= {r / 100 for r in readings} if suffix and suffix != "k" else set()
        found[match.group(0).strip()] = readings
    return found


def _number_used(readings: set[float], use: ModelUse) -> bool:
    return any(abs(r - n) < _TOLERANCE for r in readings for n in use.numbers)


def _same(a: object, b: object) -> bool:
    return str(a).strip().lower() == str(b).strip().lower()


def _applied(condition: Condition, use: ModelUse) -> bool:
    """Whether the answer applies ``condition`` (a value must match; an inequality needs one)."""
    on_column = [c for c in use.conditions if c.column == condition.column]
    if condition.op in _EQUALITY and condition.value is not None:
        wanted = condition.value if isinstance(condition.value, list | tuple) else [condition.value]
        values = [
            item for c in on_column for item in (c.value if isinstance(c.value, list | tuple) else [c.value])
        ]
        return all(any(_same(w, v) for v in values) for w in wanted)
    if condition.op in _INEQUALITY:
        # "in 2015" may be written as the year of the date; "an average above 10" compares the mean
        numbers = [v for v in _values(condition.value) if isinstance(v, int | float)]
        years = [int(m.group(1)) for v in _values(condition.value) if (m := _YEAR.match(str(v)))]
        if years and condition.column in use.columns and _number_used({float(years[0])}, use):
            return True  # "in 2015": the year of the date, however the code takes it
        compared = "inequality" in use.operators and bool(numbers)
        return any(c.op in _INEQUALITY or c.part for c in on_column) or (
            compared and all(_number_used({abs(float(n))}, use) for n in numbers)
        )
    return bool(on_column)


def _values(value: object) -> list[object]:
    return list(value) if isinstance(value, list | tuple) else [value]


def _restated(word: str, request: str) -> bool:
    """``the Arctic circle (latitude > 66.56)``: a phrase restated in brackets right after it."""
    return re.search(rf"\b{re.escape(word)}\b(?:\s+[\w-]+){{0,2}}\s*\(", request, re.IGNORECASE) is not None


def _unplaced(item: Unplaced, use: ModelUse, request: str) -> Unaccounted | None:  # noqa: PLR0911
    """Whether the answer uses a word the parser could not place (None: it does, or it is discourse)."""
    arithmetic = item.word.lower() in ARITHMETIC_WORDS  # "maximum minus minimum": any arithmetic of the code
    why = f"{item.why}; arithmetic" if arithmetic else item.why
    if "number" in why:
        return None  # every number is checked on its own
    if item.word == "between" and len(use.columns) > 1:
        return None  # "a test between weather and year": the pair, not a range
    for key, operator, problem in _NEEDS:
        if key in why:
            return None if operator in use.operators else Unaccounted(word=item.word, why=problem)
    if "restriction" in why:
        return None if use.conditions else Unaccounted(word=item.word, why="a restriction the code omits")
    aggregation = re.search(r"aggregation \((\w+)\)", why)
    if aggregation is not None:
        func = aggregation.group(1)
        return None if use.computes(func) else Unaccounted(word=item.word, why=f"the code computes no {func}")
    quoted = _QUOTED.search(why)
    if "names this column" in why or quoted is not None:
        column = item.word if quoted is None else quoted.group(2)
        if column in use.columns:
            return None
        return Unaccounted(word=item.word, why=f"it names {column!r}, which the model's code does not use")
    if _after_most(item.word, request):  # "the most common", "the least popular": a ranking by frequency
        return (
            None if "rank" in use.operators else Unaccounted(word=item.word, why="a ranking the code omits")
        )
    func = _SINGLE_AGG.get(item.word.lower())
    if func is not None:
        return None if use.computes(func) else Unaccounted(word=item.word, why=f"the code computes no {func}")
    if _restated(item.word, request) or _in_the_data(item.word, use) or item.word.lower() in _METHODS:
        return None  # a named method is checked on its own
    if item.word.lower() in MEASURE_WORDS:
        return Unaccounted(word=item.word, why=_NO_DATA)
    return Unaccounted(word=item.word, why=_UNUSED)


def _after_most(word: str, request: str) -> bool:
    return re.search(rf"\b(?:most|least)\s+{re.escape(word)}\b", request, re.IGNORECASE) is not None


def _in_the_data(word: str, use: ModelUse) -> bool:
    """``European`` beside the condition Origin == 'Europe': a value or column the code reads."""
    plain = fold(word)
    size = min(_STEM, len(plain))
    data = [*use.columns, *(str(v) for c in use.conditions if c.value is not None for v in _values(c.value))]
    parts = {part for text in data for part in re.findall(r"[a-z0-9]+", fold(text))}
    return size >= _MIN_STEM and any(part[:size] == plain[:size] for part in parts if len(part) >= size)


def _read_parts(partial: PartialReading, use: ModelUse) -> list[Unaccounted]:
    """The columns, conditions, groupings and aggregations the parser read that the answer leaves out."""
    found: list[Unaccounted] = []
    for column in partial.columns:
        if column not in use.columns:
            found.append(Unaccounted(word=column, why="a column the request names; the code does not use it"))
    for condition in partial.conditions:
        if condition.column in use.columns and not _applied(condition, use):
            found.append(Unaccounted(word=condition.text(), why="a condition the code does not apply"))
    for key in partial.group_by:
        compared = {str(c.value) for c in use.conditions if c.column == key and c.op == "=="}
        if key not in use.group_keys and len(compared) < 2:  # two groups compared
            found.append(Unaccounted(word=key, why="a grouping the code does not make"))
    for func in dict.fromkeys(partial.funcs):
        if not use.computes(func):
            found.append(Unaccounted(word=func, why=f"an aggregation ({func}) the code does not compute"))
    return found


def _numbers_on_unnamed_columns(
    request: str, schema: DatasetSchema, partial: PartialReading, use: ModelUse
) -> list[Unaccounted]:
    """``more than 5 airports`` read as ``iata > 5``: a number on a column the request never names."""
    words = {singular(w) for w in tokenize(request)}
    named = set(partial.columns) | {
        c for c in schema.column_names if all(singular(w) in words for w in norm(c).split())
    }
    found = []
    for text, readings in request_numbers(request, schema).items():
        for c in use.conditions:
            values = [v for v in _values(c.value) if isinstance(v, int | float | str)]
            hit = any(_as_number(v) is not None and abs(abs(_as_number(v) or 0) - r) < _TOLERANCE
                      for v in values for r in readings)  # fmt: skip
            if hit and c.column not in named:
                why = f"a number the answer compares with {c.column!r}, a column the request does not name"
                found.append(Unaccounted(word=text, why=why))
    return found


def _as_number(value: object) -> float | None:
    try:
        return float(str(value))
    except ValueError:
        return None


def unaccounted(
    request: str, schema: DatasetSchema, partial: PartialReading, use: ModelUse
) -> list[Unaccounted]:
    """The content words of ``request`` the model's answer ``use`` does not account for."""
    found = _read_parts(partial, use)
    for text, readings in request_numbers(request, schema).items():
        if not _number_used(readings, use):
            found.append(Unaccounted(word=text, why="a number the code does not use"))
    found += _numbers_on_unnamed_columns(request, schema, partial, use)
    found += [p for p in (_unplaced(item, use, request) for item in partial.unplaced) if p is not None]
    tokens = set(re.findall(r"[a-z][a-z\-]*", request.lower()))
    for method, evidence in _METHODS.items():
        if method in tokens and not any(stem in use.names for stem in evidence):
            found.append(Unaccounted(word=method, why="a method the code does not use"))
    return list({item.word: item for item in found}.values())


def hold_back(request: str, schema: DatasetSchema, problems: list[Unaccounted]) -> NoReturn:
    """One question when a measure word left out can be a numeric column; else a refusal naming the words.

    The question's key is the measure word itself, the key the parser reads its answer under
    (``intent/measures.py``): answered, the parser binds the word and may read the request whole.

    Raises:
        NeedsClarificationError: which numeric column a measure word ("cost") means.
        UnmappableRequestError: final (no other engine is tried), naming every word left out.
    """
    numeric = [c.name for c in schema.columns if c.kind == "numeric"]
    for problem in problems:
        if problem.why == _NO_DATA and problem.word.lower() in MEASURE_WORDS and numeric:
            word = problem.word.lower()
            choices = {name: f"the column {name!r}" for name in numeric}
            ask(word, f"Which column does {word!r} mean?", choices, request=request)
    words = "; ".join(p.text() for p in problems)
    raise UnmappableRequestError(
        f"cannot answer {request!r} with a model-written tool: the model's answer does not use every word "
        f"of the request that changes the numbers: {words}. Rephrase naming each column and value as the "
        "file spells them (e.g. 'mean price where cut = Premium'), or ask one analysis at a time.",
        understood={"unaccounted": [p.word for p in problems]},
        final=True,
    )
