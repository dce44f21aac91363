"""A rule the data should follow, stated before the question that checks it: context, not a condition.

"Une probabilité ne devrait pas dépasser 1 : combien d'observations ont une probabilité de condamnation
strictement supérieure à 1 ?", "A probability should not exceed 1: how many rows have X above 1?", "Ages
cannot be negative; how many rows have an age below 0?". The first sentence says why the question is asked;
the question after it states the condition itself. Read as one request, the premise's number, negation and
comparison verb are left over and refuse a complete reading.

A first sentence (ending in ":" or ";" or "." before the question) is set aside as a premise only on
positive evidence, so that no condition is ever dropped:

- it says what *should* or *can* be (a modal: should, must, cannot, devrait, doit, debería, debe, sollte,
  darf, ...) and states a bound (a number or "positive"/"negative");
- each of its numbers is written in the question too (the question states the bound it checks), and a
  sign word ("positive") has a sign word or a 0 in the question;
- every other word is grammar, a negation, a verb or word of comparing ("exceed", "dépasser", "superar",
  "überschreiten", "above", "greater"), "value", or a word of a column name the question writes in full
  ("probabilité" beside "probabilité de condamnation").

Any other word keeps the sentence in the request, where the word check asks about it or refuses as before.
The reading says what was set aside ("not used: 'Une probabilité ne devrait pas dépasser 1'").
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.language.function_words import FOREIGN_FUNCTION_WORDS, FUNCTION_WORDS
from mcpforge.pipeline.intent.words import ColumnResolver, fold, norm, singular


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_SPLIT = re.compile(r"^(?P<premise>[^:;.?!]{6,160}?)\s*[:;.]\s+(?P<question>\S.*)$", re.DOTALL)
_NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")
_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?|[a-z]'")
_MODALS = _words(
    "should must ought cannot can can't may shall devrait devraient doit doivent peut peuvent deberia "
    "deberian debe deben puede pueden sollte sollten darf durfen muss mussen kann konnen"
)  # fmt: skip
_BOUNDS = _words(
    "positive negative positif positifs negatif negatifs positivo positiva negativo negativa positiv "
    "negativ"
)  # fmt: skip
_COMPARING = _words(
    "not no never ne pas n' jamais nunca nicht nie kein keine be is are exceed exceeds exceeding "
    "above below over under greater larger higher more less smaller lower than go depasser exceder "
    "etre superieur superieure superieurs superieures inferieur inferieure inferieurs inferieures a "
    "plus moins que superar sobrepasar ser estar mayor menor mas de uberschreiten ubersteigen sein "
    "grosser kleiner hoher niedriger als uber unter value values valeur valeurs valor valores wert "
    "werte"
)  # fmt: skip
_ARTICLES = _words(
    "a an the un une le la les l' el los las ein eine der die das"
)  # fmt: skip


def set_aside_premise(text: str, resolver: ColumnResolver) -> tuple[str, str | None]:
    """``text`` without a premise sentence before its question, and the premise (None: none found)."""
    if not any(mark in text for mark in ":;."):
        return text, None  # one sentence: no pattern compiled
    match = _SPLIT.match(text.strip())
    if match is None or not _premise_of(match.group("premise"), match.group("question"), resolver):
        return text, None
    return match.group("question"), match.group("premise").strip()


def _premise_of(premise: str, question: str, resolver: ColumnResolver) -> bool:
    """Whether ``premise`` only states a rule that ``question`` then checks (see the module)."""
    words = _WORD.findall(fold(premise).replace("\u2019", "'"))
    numbers = _NUMBER.findall(premise)
    signs = _BOUNDS & set(words)
    if not any(word in _MODALS for word in words) or not (numbers or signs):
        return False
    asked = {n.replace(",", ".") for n in _NUMBER.findall(question)}
    if any(n.replace(",", ".") not in asked for n in numbers):
        return False
    if signs and not (asked & {"0", "-0"} or _BOUNDS & set(_WORD.findall(fold(question)))):
        return False  # "prices must be positive: what is the mean price?" may mean the positive ones
    named = _column_words(question, resolver)
    grammar = FUNCTION_WORDS | _ARTICLES | _MODALS | _BOUNDS | _COMPARING
    grammar |= frozenset().union(*FOREIGN_FUNCTION_WORDS.values())
    return all(word in grammar or word in named or singular(word) in named for word in words)


def _column_words(question: str, resolver: ColumnResolver) -> set[str]:
    """The words of the column names the question writes in full."""
    written = f" {norm(question)} "
    found: set[str] = set()
    for name in resolver.names():
        words = norm(name)
        if f" {words} " in written:
            found |= set(words.split())
    return found
