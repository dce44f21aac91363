"""Quantities a request defines from columns in words (issue 25, class 3).

"the mean of rawpoll_clinton minus rawpoll_trump", "(count / population * 100000)", "the population-weighted
mean lifeExp (weights = pop)". Each is rewritten into words the other readers already compute, so there is
one way to compute each thing:

- arithmetic between columns without a division ("A minus B", "A - B", "A plus B", "A times B") is a
  derived column computed per row (``derived.py``'s form), and the text names it: "the mean of A minus B" is
  the mean of the per-row difference, what pandas gives for ``(df.A - df.B).mean()``;
- ``A / B`` (times a constant) in brackets with no aggregation word before it defines the quantity the
  words before it describe ("rate per 100,000 people"): the ratio of the totals over the rows the request
  selects, "sum of A divided by sum of B" (``quotients.py``); for one row it is the row's own value, for
  several the pooled rate, and the reading says so. The rate word is consumed by the formula, "per N ..."
  only when N is the formula's constant (else refused). Written inline without an aggregation ("A divided
  by B per state") it stays unread, as before: the per-row ratio averaged would be other numbers;
- "mean of A / B": the per-row ratio averaged and the ratio of the totals are other numbers: asked, unless
  the request says "for each row";
- a condition in brackets after the words describing it ("national polls (state 'U.S.')") consumes them;
- a weighted mean ("<w>-weighted mean of X", "weighted mean of X (weights = w)", "mean of X weighted by w")
  is sum(X * w) / sum(w) over the rows where both are present.

Anything else (an operand that is not a numeric column, a weight that names no column) is left in the text,
so the accounting still asks or refuses on the word.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import DerivedColumn
from mcpforge.pipeline.intent.clarify import Answers, ask, offered
from mcpforge.pipeline.intent.names.bracket_definitions import described_condition
from mcpforge.pipeline.intent.words import ColumnResolver

_TOKEN = re.compile(
    r"(?:divided\s+by|multiplied\s+by|minus|plus|times)\b|[A-Za-z_][A-Za-z0-9_]*|\d{1,3}(?:,\d{3})+(?:\.\d+)?"
    r"|\d+(?:\.\d+)?|[-+*/]",
    re.IGNORECASE,
)
_SAID = "as stated: "  # reading.py says these notes back in the reading sentence
_SYMBOL = {"divided by": "/", "multiplied by": "*", "minus": "-", "plus": "+", "times": "*"}
_NAME_OF = {"-": "minus", "+": "plus", "*": "times", "/": "over"}
_MEAN_BEFORE = re.compile(r"\b(?:mean|average|avg)\s+(?:of\s+)?(?:the\s+)?$", re.IGNORECASE)
_AGG_BEFORE = re.compile(
    r"\b(?:mean|average|avg|sum|total|median|max|maximum|min|minimum|std|highest|lowest)\s+(?:of\s+)?"
    r"(?:the\s+)?$",
    re.IGNORECASE,
)
_EACH_ROW = re.compile(r"\b(?:for each row|per row|row[- ]wise|row by row|of each row)\b", re.IGNORECASE)
_RATE_WORD = re.compile(
    r"\b(rate|ratio|proportion)\b(\s+per\s+(\d{1,3}(?:,\d{3})+|\d+)\s+[A-Za-z]+)?", re.IGNORECASE
)


@dataclass
class Spelled:
    """The text with its quantities rewritten, the derived columns they need and what was read."""

    text: str
    derived: list[DerivedColumn] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class _Expression:
    start: int
    end: int
    parts: list[str]
    columns: list[str]


def _number(token: str) -> str | None:
    plain = token.replace(",", "")
    return plain if re.fullmatch(r"\d+(?:\.\d+)?", plain) else None


def _expression_at(text: str, start: int, resolver: ColumnResolver) -> _Expression | None:
    """``column (op operand)+`` starting at ``start`` with at least two numeric columns, or None."""
    parts: list[str] = []
    columns: list[str] = []
    pos, end = start, start
    expect_operand = True
    while (match := _TOKEN.match(text, pos)) is not None and (pos == start or not text[end:pos].strip()):
        token = " ".join(match.group(0).lower().split()) if not expect_operand else match.group(0)
        if expect_operand:
            number = _number(token)
            column = None if number else resolver.resolve(token, fuzzy=False)
            if number is None and (column is None or resolver.kind(column) != "numeric"):
                break
            parts.append(number or str(column))
            columns += [column] if column else []
        elif token in _SYMBOL or token in _NAME_OF:
            parts.append(_SYMBOL.get(token, token))
        else:
            break
        expect_operand = not expect_operand
        end = match.end()
        pos = end
        while pos < len(text) and text[pos].isspace():
            pos += 1
    if parts and parts[-1] in _NAME_OF:
        parts.pop()
        end = _end_of(text, start, parts)
    if len(columns) < 2 or len(parts) < 3 or parts[0] not in columns:  # two operands, one op
        return None
    return _Expression(start=start, end=end, parts=parts, columns=columns)


def _end_of(text: str, start: int, parts: list[str]) -> int:
    """Where the first ``len(parts)`` tokens from ``start`` end."""
    pos = start
    for _ in parts:
        match = _TOKEN.search(text, pos)
        pos = match.end() if match else pos
    return pos


def _quoted(part: str) -> str:
    """A column name as the expression language reads it: in backquotes unless a plain identifier."""
    if part in _NAME_OF or _number(part) or re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", part):
        return part
    return f"`{part}`"


def _name(parts: list[str]) -> str:
    return "_".join(_NAME_OF.get(p, p) for p in parts).lower().replace(".", "_")


def _register(spelled: Spelled, resolver: ColumnResolver, name: str, expression: str) -> str:
    if name not in {d.name for d in spelled.derived}:
        spelled.derived.append(DerivedColumn(name=name, expression=expression))
        resolver.extra[name] = "numeric"
    return name


def _quotient(parts: list[str]) -> tuple[str, str, str] | None:
    """``A / B``, ``A / B * k`` or ``A * k / B``: (A, B, k); None for any other formula with a division."""
    if parts.count("/") != 1:
        return None
    if len(parts) == 3 and parts[1] == "/":
        return parts[0], parts[2], "1"
    if len(parts) == 5 and parts[1] == "/" and parts[3] == "*" and _number(parts[4]):
        return parts[0], parts[2], parts[4]
    if len(parts) == 5 and parts[1] == "*" and parts[3] == "/" and _number(parts[2]):
        return parts[0], parts[4], parts[2]
    return None


def _ratio_words(spelled: Spelled, resolver: ColumnResolver, top: str, bottom: str, scale: str) -> str:
    """ "sum of A divided by sum of B" (``quotients.py``), with the constant carried by A."""
    numerator = top
    if float(scale) != 1:
        numerator = _register(spelled, resolver, _name([top, "*", scale]), f"{top} * {scale}")
    spelled.notes.append(
        f"{_SAID}{top} / {bottom}" + (f" * {scale}" if float(scale) != 1 else "")
        + f" pooled: the sum of {top!r} over the sum of {bottom!r}"
        + (f", times {scale}" if float(scale) != 1 else "")
        + ", over the rows the request selects (for one row, that row's value)"
    )  # fmt: skip
    return f" sum of {numerator} divided by sum of {bottom} "


def _bracketed(text: str, found: _Expression) -> tuple[int, int] | None:
    """The brackets around exactly ``found`` ("(count / population * 100000)"), or None."""
    before = text[: found.start].rstrip()
    after = text[found.end :].lstrip()
    if before.endswith("(") and after.startswith(")"):
        return len(before) - 1, len(text) - len(after) + 1
    return None


def _described(text: str, limit: int, scale: str, request: str) -> tuple[int, int] | None:
    """The rate words a bracketed formula defines ("rate per 100,000 people"), in the clause before it.

    Raises:
        UnmappableRequestError: "per N ..." with N other than the formula's constant.
    """
    clause_start = max(text.rfind(c, 0, limit) for c in ".?;") + 1
    match = None
    for found in _RATE_WORD.finditer(text, clause_start, limit):
        match = found  # the last rate word before the formula
    if match is None:
        return None
    if match.group(3) is not None and float(match.group(3).replace(",", "")) != float(scale):
        raise UnmappableRequestError(
            f"cannot map the request {request!r}: {match.group(0)!r} does not match the formula in brackets "
            f"(times {scale}); say which one is meant",
            understood={"formula_scale": scale, "words": match.group(0)},
        )
    return match.start(), match.end()


def _rewrite_expressions(spelled: Spelled, resolver: ColumnResolver, given: Answers, request: str) -> None:
    text = spelled.text
    pos = 0
    while (start := _next_word(text, pos)) is not None:
        found = _expression_at(text, start, resolver)
        if found is None:
            pos = start + 1
            while pos < len(text) and (text[pos].isalnum() or text[pos] == "_"):
                pos += 1
            continue
        expression = " ".join(map(_quoted, found.parts))  # "`MPG Autobahn` - `MPG Stadt`"
        quotient = _quotient(found.parts)
        said = (request, text)  # "for each row" in either (row_features.py writes it)
        brackets = _bracketed(text, found)
        span = brackets or (found.start, found.end)
        if "/" in found.parts:
            before = text[: span[0]]
            if quotient is None:
                replacement = f" {_register(spelled, resolver, _name(found.parts), expression)} "
            elif brackets is not None and _AGG_BEFORE.search(before) is None:
                replacement = _ratio_words(spelled, resolver, *quotient)
                if brackets is not None and (described := _described(text, span[0], quotient[2], request)):
                    spelled.notes.append(
                        f"{_SAID}{text[described[0] : described[1]]!r} read as the formula in brackets"
                    )
                    text = text[: described[0]] + replacement + text[described[1] : span[0]] + text[span[1] :]
                    replacement = None
            elif _MEAN_BEFORE.search(before) is not None and _per_row(expression, quotient, given, said):
                name = _register(spelled, resolver, _name(found.parts), expression)
                spelled.notes.append(f"{_SAID}{expression} computed for each row, then averaged")
                replacement = f" {name} "
            else:
                pos = found.end
                continue
        else:
            name = _register(spelled, resolver, _name(found.parts), expression)
            spelled.notes.append(f"{text[found.start : found.end]!r} computed for each row as {expression}")
            replacement = f" {name} "
        if replacement is not None:
            text = text[: span[0]] + replacement + text[span[1] :]
        pos = span[0] + 1
    spelled.text = text


def _next_word(text: str, pos: int) -> int | None:
    match = re.compile(r"(?<![A-Za-z0-9_])[A-Za-z_]").search(text, pos)
    return match.start() if match else None


def _per_row(expression: str, quotient: tuple[str, str, str], given: Answers, said: tuple[str, str]) -> bool:
    """ "mean of A / B": the per-row ratio averaged (True) or the ratio of the totals (asked).

    ``said``: the request and its text as rewritten ("for each car" written "for each row").
    """
    request, text = said
    if _EACH_ROW.search(request) or _EACH_ROW.search(text):
        return True
    key = f"mean of {expression}"
    choices = {
        "per_row": f"compute {expression} for each row, then average those values",
        "totals": f"the sum of {quotient[0]!r} divided by the sum of {quotient[1]!r}",
    }
    choice = offered(given.get(key), choices)
    if choice is None:
        ask(key, f"What does {key!r} mean?", choices, request=request, rejected=given.get(key))
    if choice == "totals":
        raise UnmappableRequestError(
            f"cannot map the request {request!r}: ask for the ratio of the totals in words "
            f"('sum of {quotient[0]} divided by sum of {quotient[1]}')",
            understood={"formula": expression},
        )
    return True


_WEIGHTS_BRACKET = re.compile(
    r"\s*\(\s*(?:weights?\s*(?:=|:|is|are)|weighted\s+by|weighting\s+by)\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)",
    re.IGNORECASE,
)
_WEIGHTED_MEAN = re.compile(
    r"\b(?:([A-Za-z_][A-Za-z0-9_]*)(-|\s+))?weighted\s+(?:mean|average)\s+(?:of\s+)?(?:the\s+)?"
    r"([A-Za-z_][A-Za-z0-9_]*)",
    re.IGNORECASE,
)
_MEAN_OF = re.compile(
    r"\b(?:mean|average)\s+(?:of\s+)?(?:the\s+)?([A-Za-z_][A-Za-z0-9_]*)(?=,?\s+(?:weighted|with\s+weights?|"
    r"using\s+weights?)\b)",
    re.IGNORECASE,
)
_WEIGHTED_BY = re.compile(
    r"\s*,?\s*(?:weighted\s+by|with\s+weights?|using\s+weights?)\s+(?:the\s+)?([A-Za-z_][A-Za-z0-9_]*)",
    re.IGNORECASE,
)


def _numeric(resolver: ColumnResolver, word: str | None) -> str | None:
    column = resolver.resolve(word, fuzzy=False) if word else None
    return column if column is not None and resolver.kind(column) == "numeric" else None


def _weight(resolver: ColumnResolver, said: list[tuple[str, str | None]], request: str) -> str | None:
    """The one numeric column the weight words name ("pop-weighted", "weighted by pop", "(weights = pop)").

    A bracket naming the weights consumes a describing "<word>-weighted" that names no column
    ("population-weighted ... (weights = pop)"); two words naming different columns are refused.

    Raises:
        UnmappableRequestError: the weight words name different columns.
    """
    named = {word: _numeric(resolver, word) for word, _ in said}
    stated = [column for (word, how) in said if how != "prefix" and (column := named[word])]
    prefixes = [(word, named[word]) for word, how in said if how == "prefix"]
    if any(column is None for word, how in said if how != "prefix" for column in [named[word]]):
        return None  # "(weights = x)" naming no numeric column: left for the accounting to name
    if any(column is None for _, column in prefixes) and not stated:
        return None  # "population-weighted" naming no column, and nothing else says the weights
    columns = {c for c in [*stated, *(column for _, column in prefixes)] if c is not None}
    if len(columns) > 1:
        raise UnmappableRequestError(
            f"cannot map the request {request!r}: the weights are named as different columns "
            f"({', '.join(sorted(columns))}); say which one weighs the mean",
            understood={"weights": sorted(columns)},
        )
    return columns.pop() if columns else None


def _rewrite_weighted_mean(spelled: Spelled, resolver: ColumnResolver, request: str) -> None:
    text = spelled.text
    said: list[tuple[str, str | None]] = []
    if (found := _WEIGHTED_MEAN.search(text)) is not None:
        value_word = found.group(3)
        prefix = found.group(1)
        if prefix and (found.group(2) == "-" or _numeric(resolver, prefix) is not None):
            said.append((prefix, "prefix"))  # "pop-weighted", "population-weighted", "pop weighted"
        elif prefix:
            found = _WEIGHTED_MEAN.search(text, found.start(2) + 1) or found  # "the weighted mean"
    elif (found := _MEAN_OF.search(text)) is not None:
        value_word = found.group(1)
    else:
        return
    after = _WEIGHTED_BY.match(text, found.end())
    if after is not None:
        said.append((after.group(1), "by"))
    bracket = _WEIGHTS_BRACKET.search(text)
    if bracket is not None:
        said.append((bracket.group(1), "bracket"))
    value = _numeric(resolver, value_word)
    weight = _weight(resolver, said, request) if said else None
    if value is None or weight is None or value == weight:
        return
    top = _register(spelled, resolver, f"{value}_times_{weight}".lower(), f"{value} * {weight}")
    bottom = _register(spelled, resolver, f"{weight}_where_{value}".lower(), f"{weight} + 0 * {value}")
    spelled.notes.append(
        f"{_SAID}weighted mean of {value!r} with weights {weight!r} (sum of {value} * {weight} over sum of "
        f"{weight}), over the rows where both are present"
    )
    end = after.end() if after is not None else found.end()
    cuts = [(found.start(), end, f" sum of {top} divided by sum of {bottom} ")]
    if bracket is not None:
        cuts.append((bracket.start(), bracket.end(), " "))
    for start, stop, words in sorted(cuts, reverse=True):
        text = text[:start] + words + text[stop:]
    spelled.text = text


def spell_out_arithmetic(text: str, resolver: ColumnResolver, given: Answers, request: str) -> Spelled:
    """``text`` with arithmetic between columns, bracketed formulas and weighted means in words others read.

    Raises:
        NeedsClarificationError: "mean of A / B": the per-row ratio averaged, or the ratio of the totals.
        UnmappableRequestError: the words before a formula in brackets say another constant than the formula.
    """
    spelled = Spelled(text=text)
    spelled.text, condition = described_condition(text, resolver)  # "national polls (state 'U.S.')"
    spelled.notes += [_SAID + condition] if condition else []
    _rewrite_weighted_mean(spelled, resolver, request)
    _rewrite_expressions(spelled, resolver, given, request)
    return spelled
