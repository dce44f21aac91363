"""A column named in brackets after the words that describe it, however long or foreign the name.

``language.languages.read_glosses`` reads a short English label before a bracketed name ("Peso
(Weight_in_lbs)"). Three shapes it stopped short of are read here first, each on its own evidence:

* an abbreviation the words spell: "a minimum legal drinking age (mlda) of 21" — the initials (or first
  letters) of the words before the bracket, in order, spell the name, so all of them are its label, even
  an analysis word ("minimum") when the abbreviation needs its letter, three or more words spell it and
  the request asks for an analysis elsewhere ("How many rows ..."); "mean age (mage)" keeps its mean (two
  words are too weak a sign) and so does "the total sales amount (tsa) by region" (its only aggregation);
* a name in another language, described word for word: "the maximum weekly manufacturing wage (Salaire
  hebdomadaire industrie)" — up to as many words as the name has are its label; a period word ("weekly")
  only when the name carries that period in its own language or the file has no date to group it by,
  never an aggregation, a number, grammar, a past participle ("cancelled": it picks rows) or "missing";
* a bracket that names a column and the kind of thing it holds: "states (state code)", "(county id)" —
  the kind noun says what the column holds, so the bracket names the column alone.

The reading says each ("'minimum legal drinking age' read as the label of (mlda)").
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS, describes_rows
from mcpforge.pipeline.intent.language.spans import Span, spans
from mcpforge.pipeline.intent.parse import AGG_WORDS, RANK_WORDS, detect_operations
from mcpforge.pipeline.intent.words import ColumnResolver, fold, norm

_MAX_INSIDE = 8  # words between the brackets
_MAX_ACRONYM_WORDS = 6
_STRONG_ACRONYM = 3  # words an abbreviation needs before it may take an analysis word as part of its label
_WORD = re.compile(r"[a-z][a-z'\-]*")
_ANALYSIS = frozenset(word for words in AGG_WORDS for word in words) | RANK_WORDS
# What a column holds, said after its name in a bracket (English, French, German, Spanish).
KIND_NOUNS = frozenset({
    "code", "codes", "id", "ids", "identifier", "number", "no", "name", "names", "abbreviation", "key",
    "label", "numero", "nom", "identifiant", "kennziffer", "kennung", "nummer", "kurzel", "schlussel",
    "codigo", "nombre", "identificador", "clave",
})  # fmt: skip
# Period words: a grain in English, and the same period in a name of another language.
_PERIODS: dict[str, frozenset[str]] = {
    "daily": frozenset({"daily", "day", "quotidien", "quotidienne", "journalier", "journaliere", "taglich",
                        "tages", "diario", "diaria"}),
    "weekly": frozenset({"weekly", "week", "hebdomadaire", "semaine", "wochentlich", "woche", "wochen",
                         "semanal", "semana"}),
    "monthly": frozenset({"monthly", "month", "mensuel", "mensuelle", "mois", "monatlich", "monat",
                          "monats", "mensual"}),
    "quarterly": frozenset({"quarterly", "quarter", "trimestriel", "trimestrielle", "vierteljahrlich",
                            "quartal", "trimestral"}),
    "yearly": frozenset({"yearly", "annual", "year", "annuel", "annuelle", "jahrlich", "jahres", "anual"}),
    "annual": frozenset({"yearly", "annual", "year", "annuel", "annuelle", "jahrlich", "jahres", "anual"}),
}  # fmt: skip
_NEVER_LABEL = frozenset({"missing", "null", "empty", "blank", "non", "not", "no", "without"})


@dataclass
class BracketNames:
    """The request with these brackets read, and what the reading says about them."""

    text: str
    notes: list[str] = field(default_factory=list)


def read_bracket_names(text: str, resolver: ColumnResolver) -> BracketNames:
    """``text`` with the labels of bracketed names dropped and kind nouns taken out (see the module)."""
    if "(" not in text:
        return BracketNames(text=text)
    found = spans(text)
    out: dict[int, str] = {}
    notes: list[str] = []
    for i, span in enumerate(found):
        if span.word != "(":
            continue
        close = next(
            (k for k in range(i + 1, min(len(found), i + _MAX_INSIDE + 2)) if found[k].word == ")"), None
        )
        if close is None or close == i + 1 or any(k in out for k in range(i, close + 1)):
            continue
        inside = [s.word for s in found[i + 1 : close]]
        hit = resolver.match_at(inside, 0, fuzzy=False)
        if hit is None:
            continue
        column, width = hit
        whole = resolver.resolve(" ".join(inside), fuzzy=False)
        if width == len(inside) - 1 and inside[-1] in KIND_NOUNS and whole in {None, column}:
            out[close - 1] = ""
            notes.append(f"{found[close - 1].raw!r} in brackets read as what {column!r} holds")
            continue
        if width != len(inside):
            continue
        label = _acronym_label(found, i, column, resolver) or _translated_label(found, i, column, resolver)
        if label:
            words = " ".join(text[found[k].start : found[k].end] for k in range(i - label, i))
            out.update(dict.fromkeys(range(i - label, i), ""))
            out[i] = out[close] = ""
            notes.append(f"read {words!r} as the label of ({column})")
    if not out:
        return BracketNames(text=text)
    return BracketNames(text=_rebuild(text, found, out), notes=notes)


def _rebuild(text: str, found: list[Span], out: dict[int, str]) -> str:
    parts: list[str] = []
    last = 0
    for k, span in enumerate(found):
        if k in out:
            parts.append(text[last : span.start])
            parts.append(out[k])
            last = span.end
    parts.append(text[last:])
    return re.sub(r"[ \t]{2,}", " ", "".join(parts)).strip()


def _compact(name: str) -> str:
    return fold(norm(name)).replace(" ", "").replace("'", "")


def _spelled(words: list[str], target: str) -> bool:
    """``target`` is a prefix (one letter or more) of each word in order, grammar words inside optional."""

    def fits(k: int, rest: str) -> bool:
        if k == len(words):
            return not rest
        word = words[k]
        if k > 0 and word in FUNCTION_WORDS and fits(k + 1, rest):
            return True
        return any(
            rest[:size] == word[:size] and fits(k + 1, rest[size:]) for size in range(len(rest), 0, -1)
        )

    return bool(target) and fits(0, target)


def _acronym_label(found: list[Span], i: int, column: str, resolver: ColumnResolver) -> int:
    """How many words before the bracket at ``i`` the bracketed ``column`` abbreviates (0: none)."""
    target = _compact(column)
    own = set(norm(column).split())
    for size in range(2, min(_MAX_ACRONYM_WORDS, i) + 1):
        words = [s.word for s in found[i - size : i]]
        if not all(_WORD.fullmatch(w) for w in words) or words[0] in FUNCTION_WORDS:
            continue
        if " ".join(words).replace(" ", "") == target or not _spelled(words, target):
            continue  # the name written out is the resolver's own match
        content = [w for w in words if w not in FUNCTION_WORDS]
        analysis = [w for w in content if _analysis(w)]
        if analysis and (len(content) < _STRONG_ACRONYM or not _analysis_elsewhere(found, i - size, i)):
            return 0  # "the total sales amount (tsa) by region": its only aggregation stays one
        if any(
            w not in own and (resolver.resolve(w, fuzzy=False) not in {None, column} or _a_value(w, resolver))
            for w in content
        ):
            return 0  # another column's word or a value: it keeps its meaning
        return size
    return 0


def _translated_label(found: list[Span], i: int, column: str, resolver: ColumnResolver) -> int:
    """How many words before the bracket describe a name of several words (0: let read_glosses decide)."""
    name = [fold(w) for w in norm(column).split()]
    if len(name) < 2:
        return 0
    taken = 0
    for k in range(i - 1, max(-1, i - 1 - len(name)), -1):
        word = found[k].word
        if not _label_word(word, name, column, resolver):
            break
        taken += 1
    return taken if taken >= 2 else 0


def _label_word(word: str, name: list[str], column: str, resolver: ColumnResolver) -> bool:
    if not re.fullmatch(r"[a-z][a-z'\-]{2,}", word) or word in FUNCTION_WORDS or word in _NEVER_LABEL:
        return False
    if word in _PERIODS:  # "weekly": a grain unless the name says the same period, or no date can group
        return bool(_PERIODS[word] & set(name)) or not _has_dates(resolver)
    if _analysis(word) or (not describes_rows(word) and not word.endswith("ing")):
        return False  # "cancelled", "expensive" pick rows; "manufacturing", "housing" name a thing
    hit = resolver.resolve(word, fuzzy=False)
    return (hit is None or hit == column) and not _a_value(word, resolver)


def _a_value(word: str, resolver: ColumnResolver) -> bool:
    """A word of a category value ("cancelled" of ``status``): a condition, never a label."""
    return any(word in fold(str(value)).split() for info in resolver.schema.columns for value in info.values)


def _analysis_elsewhere(found: list[Span], start: int, end: int) -> bool:
    """The request asks for an analysis outside the label ``found[start:end]`` ("How many rows have ...")."""
    words = [s.word for k, s in enumerate(found) if not start <= k < end]
    pairs = set(itertools.pairwise(words))
    return any(_analysis(word) for word in words) or bool(pairs & _COUNTING)


_COUNTING = frozenset({("how", "many"), ("number", "of"), ("count", "of")})


def _analysis(word: str) -> bool:
    return (
        word in _ANALYSIS or bool(detect_operations(word)) or bool(re.fullmatch(r"[a-z]+(?:est|iest)", word))
    )


def _has_dates(resolver: ColumnResolver) -> bool:
    return any(resolver.kind(name) == "datetime" for name in resolver.names())
