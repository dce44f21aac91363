"""A feature named and defined by an arithmetic formula in words, in any of the request's languages.

"Engineer a feature: the share of life spent married = yearsmarried divided by age. What is its median?",
"Mean weight in kilograms, where kg = Weight_in_lbs * 0.4536", "Définissez la part des décès liés à
l'alcool comme Décès routiers liés à l'alcool divisé par Décès routiers", "Defina el salario real como
salario dividido por ipc", "Definiere die Dichte als Einwohner geteilt durch Fläche".

Two forms, read after :mod:`named_definitions` (English "compute <name> as ..." with a short name):

- ``<name> = <formula>`` at the start of a sentence or clause (after ".", ":", ";", "where", "with"), the
  name one to eight words, optionally after "create a feature:";
- a verb of defining in French, Spanish or German (or "engineer") with "comme" / "como" / "als" / "as".

The formula is read by :func:`features._expression` (numeric columns, numbers, ``+ - * /`` in symbols or
words); anything else there and nothing is read (the words stay for the accounting to ask or refuse). The
feature is added through :func:`features.add_feature`; its later mentions stand for it. A definition
given after its use ("where kg = ...") must name something said before it — the name itself or its unit
("in kilograms" for ``kg``, with the word before naming a column of the formula: "weight in kilograms") —
else nothing is read: a name the question never uses would leave the question without its measure.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.models import DerivedColumn
from mcpforge.pipeline.intent.analysis.feature_mentions import pointed_mention
from mcpforge.pipeline.intent.analysis.features import Aliases, _expression, add_feature
from mcpforge.pipeline.intent.words import ColumnResolver, norm

_I = re.IGNORECASE
_WORD = r"[^\W\d_][\w'\u2019-]*"
# A name never runs over the words that open a definition ("monthly revenue where revenue = ..." defines
# ``revenue``; the words before "where" are what is asked of it).
_NAME_WORD = rf"(?!(?:where|with)\b){_WORD}"
_NAME = rf"(?P<name>{_NAME_WORD}(?:\s+{_NAME_WORD}){{0,7}}?)"
_BODY = r"(?P<body>[^,;?!=]+?)(?=\s*(?:[,;?!]|\.(?:\s|$)|$))"
_LEAD_IN = (
    r"(?:(?:engineer|create|add|build|make|derive|define)\s+(?:a|an|one|the)\s+(?:new\s+)?"
    r"(?:feature|column|variable|field|measure)\s*:\s*)"
)
_EQUALS = re.compile(
    rf"(?P<lead>^|(?<=[.;:!?])\s*|\b(?P<after>where|with)\s+)\s*{_LEAD_IN}?"
    rf"(?:(?:the|a|an)\s+)?{_NAME}\s*:?=\s*(?:the\s+)?{_BODY}",
    _I,
)
_VERB_AS = re.compile(
    r"(?P<lead>)\b(?:engineer|d[ée]finisse?z|d[ée]finis|d[ée]finir|calculez|cr[ée]ez|defin[ae]|definir|"
    r"calcul[ae]|cr[ée][ae]|definiere|definieren\s+sie|berechne|berechnen\s+sie|erstelle|bilde)\s+"
    r"(?:(?:the|a|an|la|le|les|l'|el|los|las|una?|die|der|das|den|eine?n?)\s+)?"
    rf"{_NAME}\s+(?:comme|como|als|as)\s+(?:(?:the|le|la|el|die|der|das)\s+)?{_BODY}",
    _I,
)
# A unit the name abbreviates, said in full where the name is used ("in kilograms" for kg).
_UNIT_WORDS = {
    "kg": r"kilo(?:gram(?:me)?s?|s)?", "g": r"grams?|grammes?", "km": r"kilomet(?:er|re)s?",
    "m": r"met(?:er|re)s?", "cm": r"centimet(?:er|re)s?", "lb": r"pounds?", "lbs": r"pounds?",
    "l": r"lit(?:er|re)s?", "h": r"hours?", "min": r"minutes?", "usd": r"dollars?", "eur": r"euros?",
}  # fmt: skip
_SPACE = r"\s+"
_VERB_STEMS = ("engineer", "finis", "finir", "calcul", "créez", "creez", "defin", "crea", "cree", "berechne",
               "erstelle", "bilde")  # fmt: skip
_OPERATOR_WORDS = frozenset({"divided", "by", "over", "times", "multiplied", "x", "minus", "plus", "mal"})
_AS_WORDS = frozenset({"comme", "como", "als", "as"})
_NEXT_SENTENCE = re.compile(r"\s*[.;:]?\s*[^.;?!]*[?!.]?")
_STATISTIC = re.compile(
    r"(?:\b(?:its|their|ihre?[nm]?|seine?[nm]?|su|sus|sa|son|ses|leurs?)\s+)?"
    r"\b(?P<stat>mean|average|median|sum|total|standard\s+deviation|std|variance|minimum|maximum|min|max)\b(?!\s+of\b)",
    _I,
)
_NOT_A_NAME = frozenset({"it", "this", "that", "them", "mean", "average", "median", "sum", "total", "count",
                         "number", "correlation", "value", "values", "rows", "row"})  # fmt: skip


def drop_lead_ins(text: str, placeholder: str) -> str:
    """``Create a feature: <defined feature>`` → ``<defined feature>``: the lead-in says what was read.

    Only before a feature already defined (its placeholder): a lead-in before words no reader defined
    stays, and the accounting asks about it.
    """
    return re.sub(rf"{_LEAD_IN}(?:(?:the|a|an)\s+)?(?={re.escape(placeholder)})", "", text, flags=_I)


def _spelled(words: str) -> re.Pattern[str]:
    spelled = _SPACE.join(map(re.escape, words.split()))
    return re.compile(rf"(?<![\w-]){spelled}(?![\w-])", _I)


def _earlier_mention(
    before: str, name: str, expression: str, resolver: ColumnResolver
) -> re.Match[str] | None:
    """Where ``before`` uses the name defined after it: the name, or "<column word> in <unit in full>"."""
    if exact := list(_spelled(name).finditer(before)):
        return exact[-1]
    unit = _UNIT_WORDS.get(name.lower())
    if unit is None:
        return None
    for match in reversed(list(re.finditer(rf"\b(?P<word>{_WORD})\s+in\s+(?:{unit})\b", before, _I))):
        column = resolver.resolve(match.group("word"))
        if column is not None and f"`{column}`" in expression:
            return match  # "weight in kilograms" with kg = Weight_in_lbs * 0.4536
    return None


def _derived_form(name: str, body: str) -> bool:
    """ "revenue = units * unit_price": one identifier and symbols only, the form derived.py reads."""
    words = re.findall(r"[A-Za-z_]\w*", body)
    return (
        re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) is not None
        and re.fullmatch(r"[A-Za-z0-9_.\s+*/()-]+", body) is not None
        and not {w.lower() for w in words} & _OPERATOR_WORDS
    )


def _asked_of(after: str, word: str, resolver: ColumnResolver) -> str | None:
    """The next sentence asking a statistic of no column ("what is the median?", the possessive of "su
    mediana" already dropped), made to ask it of the new column; None when it names a column or no statistic.
    """
    sentence = _NEXT_SENTENCE.match(after)
    if sentence is None:
        return None
    tokens = [norm(t) for t in re.findall(r"[\w.%'-]+", sentence.group(0))]
    if any(resolver.match_at(tokens, i) for i in range(len(tokens))):
        return None
    asked = _STATISTIC.search(sentence.group(0))
    if asked is None:
        return None
    return f"{after[: asked.start()]}{asked.group('stat')} of {word} {after[asked.end() :]}"


def read_formula_definitions(
    text: str, resolver: ColumnResolver, aliases: Aliases, *, placeholder: str
) -> tuple[str, list[DerivedColumn]]:
    """``text`` without each "<name> = <formula>" / "définissez <name> comme <formula>", the name's mentions
    replaced by a placeholder word for the new column; the new columns (registered in ``resolver``)."""
    derived: list[DerivedColumn] = []
    lowered = text.lower()
    if "=" not in text and not (any(v in lowered for v in _VERB_STEMS) and _AS_WORDS & set(lowered.split())):
        return text, derived  # no "=" and no verb of defining with its "as": no pattern compiled
    for pattern in (_EQUALS, _VERB_AS):
        pos = 0
        while (match := pattern.search(text, pos)) is not None:
            pos = match.end()
            name = match.group("name").strip()
            if name.lower() in _NOT_A_NAME or resolver.resolve(name, fuzzy=False) is not None:
                continue  # "where price = ...": a condition on a column the file has, not a new feature
            after_use = "after" in match.groupdict() and bool(match.group("after"))
            if not after_use and _derived_form(name, match.group("body")):
                continue  # "revenue = units * unit_price; ...": derived.py's form, read there
            expression = _expression(match.group("body"), resolver)
            if expression is None:
                continue
            start = match.start("lead") if match.group("lead") else match.start()
            before, after = text[:start], text[match.end() :]
            if after_use:
                earlier = _earlier_mention(before, name, expression, resolver)
                if earlier is None:
                    continue  # defined after its use, but nothing before uses it
                word = add_feature(name, expression, resolver, aliases, derived, placeholder=placeholder)
                before = f"{before[: earlier.start()]} {word} {before[earlier.end() :]}"
                text = before.rstrip(" ,") + after
                pos = len(before.rstrip(" ,"))
                continue
            word = add_feature(name, expression, resolver, aliases, derived, placeholder=placeholder)
            later, mentioned = _spelled(name).subn(f" {word} ", after)
            if not mentioned:  # "this per-member income" for "income per household member"
                later, mentioned = pointed_mention(later, name, f" {word} ")
            if not mentioned and (asked := _asked_of(later, word, resolver)) is not None:
                later, mentioned = asked, 1  # "Définissez X comme A / B. Quelle est la médiane ?"
            text = f"{before} {'' if mentioned else word} {later}".replace("  ", " ")
            pos = len(before)
    return text, derived
