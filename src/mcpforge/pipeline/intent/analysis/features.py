"""Features defined in words next to their name: "the price per carat (price divided by carat)".

Also "the daily temperature range, i.e. temp_max minus temp_min", "the midpoint, defined as (a + b) / 2".

The definition is arithmetic over numeric columns and numbers, said with symbols (``+ - * /``, the
multiplication sign) or words ("plus", "minus", "times", "multiplied by", "divided by", "over"), or as "the
sum / difference / product / ratio of A and B". It becomes a derived column named after the words before
it, and the name with its definition is replaced in the text by that column, so "the mean of <feature>"
reads as usual. A definition naming anything but numeric columns and numbers is not one (the words stay
for the parser to report).
"""

from __future__ import annotations

from typing import Protocol

from mcpforge import _lazy_re as re
from mcpforge.models import DerivedColumn
from mcpforge.pipeline.intent.names.bracket_definitions import not_a_feature_name
from mcpforge.pipeline.intent.words import ColumnResolver

_I = re.IGNORECASE
# The definition after its name: "(A divided by B)", ", i.e. A minus B", ", defined as (A + B) / 2".
_PAREN = re.compile(r"\s*\((?P<body>[^()]*(?:\([^()]*\)[^()]*)*)\)")
_APPOSITIVE = re.compile(
    r"\s*,?\s*(?:i\.\s?e\.?,?|ie,?|that\s+is,?|namely|defined\s+as|computed\s+as|calculated\s+as|given\s+by)\s+"
    r"(?:the\s+)?(?P<body>[^,;?!]+?)(?=\s*(?:[,;?!]|\.(?:\s|$)|$))",
    _I,
)
_WHOLE_FORMS = [
    (re.compile(r"^(?:the\s+)?sum\s+of\s+(?P<a>.+?)\s+and\s+(?P<b>.+)$", _I), "+"),
    (re.compile(r"^(?:the\s+)?difference\s+(?:between|of)\s+(?P<a>.+?)\s+and\s+(?P<b>.+)$", _I), "-"),
    (re.compile(r"^(?:the\s+)?product\s+of\s+(?P<a>.+?)\s+and\s+(?P<b>.+)$", _I), "*"),
    (re.compile(r"^(?:the\s+)?ratio\s+of\s+(?P<a>.+?)\s+(?:to|over)\s+(?P<b>.+)$", _I), "/"),
]
# English, and French / Spanish / German (a translated "par" may read "per" or "by")
_BY = r"\s+(?:par|per|por|by)\b"
_DIVIDED = rf"\bdivided\s+by\b|\bover\b|\u00f7|\b(?:divis[ée]e?s?|dividid[oa]s?){_BY}|\bgeteilt\s+durch\b"
_MULTIPLIED = r"\b(?:multipli[ée]e?s?|multiplicad[oa]s?)"
_TIMES = rf"\bmultiplied\s+by\b|\btimes\b|\u00d7|(?<=\s)x(?=\s)|\bmal\b|{_MULTIPLIED}{_BY}"
_OPERATOR_WORDS = [
    (re.compile(_DIVIDED, _I), " / "),
    (re.compile(_TIMES, _I), " * "),
    (re.compile(r"\bminus\b|\u2212|\u2013|\bmoins\b|\bmenos\b", _I), " - "),
    (re.compile(r"\bplus\b|\bm[áa]s\b", _I), " + "),
]
_TOKEN = re.compile(r"\s*(\d+(?:\.\d+)?|[^\W\d](?:[\w.'\u2019]|-(?=[^\W\d]))*|_\w*|[-+*/()])")
_ARTICLES = frozenset(
    {"le", "la", "les", "l'", "el", "los", "las", "der", "die", "das", "den", "des", "a", "an"}
)
# Words that end a feature's name going backwards: what is computed of it, and the sentence around it.
_NAME_STOP = frozenset({
    "the", "a", "an", "its", "their", "of", "for", "in", "on", "with", "by", "from", "to", "and", "or",
    "what", "is", "are", "was", "were", "give", "compute", "calculate", "find", "show", "report", "get",
    "mean", "average", "avg", "median", "sum", "total", "count", "number", "std", "deviation", "variance",
    "max", "maximum", "min", "minimum", "highest", "lowest", "overall", "then", "please", "using", "pandas",
    "me", "us", "each", "every", "all", "as", "defined", "computed", "calculated", "given", "namely", "ie",
    "that", "where", "when", "which",
})  # fmt: skip
_ROWS = r"(?:rows?|records?|entry|entries|observations?|lines?)"


def _row_each(nouns: set[str]) -> re.Pattern[str]:
    """ "for each diamond", "per row" right before a definition: the feature is computed row by row."""
    words = "|".join(sorted({_ROWS, *(re.escape(n) + "s?" for n in nouns)}))
    return re.compile(
        rf"\s+(?:for|of)\s+(?:each|every)\s+(?:single\s+)?(?:{words})\s*$|\s+(?:per|by)\s+{_ROWS}\s*$"
        rf"|\s+{_ROWS}\s+by\s+{_ROWS}\s*$",
        _I,
    )


class Aliases(Protocol):
    aliases: dict[str, str]


def _operand(words: list[str], resolver: ColumnResolver) -> str | None:
    """A number, or the numeric column ``words`` name: exactly ("Revenu personnel"), without a leading
    article ("l'Âge"), or cut short as abbreviated_names reads it ("year sold" for ``Yr.Sold``)."""
    if len(words) == 1 and re.fullmatch(r"\d+(?:\.\d+)?", words[0]):
        return words[0]
    phrase = " ".join(words)
    column = resolver.resolve(phrase, fuzzy=False)
    if column is None and len(words) > 1 and words[0].lower() in _ARTICLES:
        column = resolver.resolve(" ".join(words[1:]), fuzzy=False)
    if column is None and len(words) > 1:
        column = _abbreviated(phrase, resolver)
    if column is None or resolver.kind(column) not in {"numeric", "boolean"}:
        return None
    return f"`{column}`"


def _abbreviated(phrase: str, resolver: ColumnResolver) -> str | None:
    """The one column ``phrase`` abbreviates as a whole ("year sold": ``Yr.Sold``); None if not one."""
    from mcpforge.exceptions import NeedsClarificationError
    from mcpforge.pipeline.intent.clarify import Answers
    from mcpforge.pipeline.intent.names.abbreviated_names import abbreviated_columns
    from mcpforge.pipeline.intent.words import tokenize

    try:
        out, notes = abbreviated_columns(tokenize(phrase), resolver, Answers(), phrase)
    except NeedsClarificationError:
        return None  # two columns fit: not a formula this reader can settle
    if len(notes) != 1:
        return None
    return next((name for name in resolver.names() if tokenize(name) == out), None)


def _operands(tokens: list[str]) -> list[list[str]]:
    """``tokens`` with each run of words made one operand (a name of several words), symbols alone."""
    grouped: list[list[str]] = []
    for token in tokens:
        word = re.fullmatch(r"[^\W\d].*", token) is not None
        if word and grouped and re.fullmatch(r"[^\W\d].*", grouped[-1][-1]):
            grouped[-1].append(token)
        else:
            grouped.append([token])
    return grouped


def _tokens(body: str) -> list[str] | None:
    """``body`` in words made symbols, cut into operands and operators; None when something else is left."""
    body = body.strip().rstrip(".")
    for pattern, op in _WHOLE_FORMS:
        if (match := pattern.match(body)) is not None:
            body = f"{match.group('a')} {op} {match.group('b')}"
            break
    for pattern, symbol in _OPERATOR_WORDS:
        body = pattern.sub(symbol, body)
    tokens, pos = [], 0
    while (match := _TOKEN.match(body, pos)) is not None:
        tokens.append(match.group(1))
        pos = match.end()
    if body[pos:].strip():
        return None
    return [t for t in tokens if not re.fullmatch(r"the|columns?|values?", t, _I)]


def _expression(body: str, resolver: ColumnResolver) -> str | None:
    """The arithmetic ``body`` says, over real numeric columns; None when it is not exactly that."""
    tokens = _tokens(body)
    if tokens is None:
        return None
    parts: list[str] = []
    depth, expect_operand = 0, True
    for words in _operands(tokens):
        token = words[0]
        if expect_operand and token in {"(", "-"}:
            depth += token == "("
            parts.append(token)
        elif expect_operand:
            operand = _operand(words, resolver)
            if operand is None:
                return None
            parts.append(operand)
            expect_operand = False
        elif token == ")" and depth > 0:
            depth -= 1
            parts.append(token)
        elif token in {"+", "-", "*", "/"}:
            parts.append(token)
            expect_operand = True
        else:
            return None
    return None if expect_operand else _finish(parts, depth)


def _finish(parts: list[str], depth: int) -> str | None:
    has_column = any(part.startswith("`") for part in parts)
    if depth != 0 or not has_column or not any(p in {"+", "-", "*", "/"} for p in parts):
        return None
    return " ".join(parts).replace("( ", "(").replace(" )", ")")


def _name_before(text: str, end: int) -> tuple[int, str] | None:
    """Where the feature's name starts before ``end``, and its words (None: no name there)."""
    words = list(re.finditer(r"[A-Za-z][\w.'-]*", text[:end]))
    start, kept = end, list[str]()
    for word in reversed(words):
        gap = text[word.end() : start]
        if gap.strip() or word.group(0).lower() in _NAME_STOP:
            break
        kept.insert(0, word.group(0))
        start = word.start()
        if len(kept) == 5:
            break
    return (start, " ".join(kept)) if kept else None


def _feature_name(words: str, resolver: ColumnResolver, taken: set[str]) -> str:
    base = re.sub(r"\W+", "_", words.lower()).strip("_") or "feature"
    name, n = base, 2
    while name in taken or resolver.schema.get(name) is not None:
        name, n = f"{base}_{n}", n + 1
    return name


def add_feature(
    words: str,
    expression: str,
    resolver: ColumnResolver,
    aliases: Aliases,
    derived: list[DerivedColumn],
    *,
    placeholder: str,
) -> str:
    """Add the feature ``words`` = ``expression`` to ``derived`` (registered in ``resolver`` as numeric) and
    return the placeholder word that stands for it in the request."""
    name = _feature_name(words, resolver, {d.name for d in derived})
    derived.append(DerivedColumn(name=name, expression=expression))
    resolver.extra[name] = "numeric"
    count = len(aliases.aliases)
    word = f"{placeholder}{chr(ord('a') + count % 26)}{'x' * (count // 26)}"
    aliases.aliases[word] = name
    return word


def read_features(
    text: str, resolver: ColumnResolver, aliases: Aliases, *, placeholder: str, row_nouns: set[str]
) -> tuple[str, list[DerivedColumn]]:
    """``text`` with each named feature and its definition replaced by a derived column, and the columns.

    Args:
        text: the request (method sentences and quoted names already read).
        resolver: resolves the operands; the new columns are registered in it as numeric.
        aliases: the placeholder words of the request; each feature gets one standing for it.
        placeholder: the stem of placeholder words.
        row_nouns: what one row is called ("diamond"), so "for each diamond" reads as row by row.
    """
    derived: list[DerivedColumn] = []
    row_each = _row_each(row_nouns)
    for pattern in (_APPOSITIVE, _PAREN):
        pos = 0
        while (match := pattern.search(text, pos)) is not None:
            pos = match.end()
            expression = _expression(match.group("body"), resolver)
            head = row_each.sub("", text[: match.start()])
            named = _name_before(head, len(head)) if expression is not None else None
            if named is not None and not_a_feature_name(head, named[1], resolver):
                continue  # "rate in California (A / B)": a value or a rate, read by arithmetic.py
            if expression is None or named is None:
                continue
            start, words = named
            word = add_feature(words, expression, resolver, aliases, derived, placeholder=placeholder)
            replaced = f"{head[:start]}{word}"
            text = replaced + text[match.end() :]
            pos = len(replaced)
    return text, derived
