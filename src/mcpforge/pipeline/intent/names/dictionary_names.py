"""Headers in another language read through a dictionary: "personal income" for ``Revenu personnel``.

The glossary (``glossary``) knows the nouns of economic and social data; a file's headers use many more
("Altura", "Velocidad", "Número de motores", "Estado del cielo"). When the system has FreeDict's
dictionaries (``mcpforge.lexicon``), each word of a header in German, French or Spanish becomes a *slot*:
the concepts a request word may be to fill it (the word itself, its glossary concept, or any English
translation), of which its usual senses are *strong*. A run of request words names a header when its
concepts fill the header's slots one to one, in any order; a leading "total" ("Gesamtes
Familieneinkommen") may be left unsaid.

What keeps a rare sense from naming a column (the wrong answer this must never give):
- the headers must be in that language (most of their words are the dictionary's, more than English's);
- one request word alone names a one-word header only through a strong sense ("Geschlecht" is gender
  and sex, and "house" only in a rare sense: "per house" does not become "per Geschlecht"), and only
  when it is an English word;
- a part of a header names it only through its head noun and only by the glossary's nouns of data
  ("income" for ``Revenu personnel``; "car" is no ``Fahrzeugklasse``);
- words of grammar and verbs have no senses (``mcpforge.lexicon.freedict``);
- everything else ``translated_names`` asks of a match holds too (a literal column or value wins, two
  columns that fit are asked about, and the reading says "'speed' read as the column 'Velocidad'").
"""

from __future__ import annotations

import functools
import itertools
from typing import NamedTuple

from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS
from mcpforge.pipeline.intent.names.glossary import english_forms, glossary_forms
from mcpforge.pipeline.intent.names.translated_names import GRAMMAR, concepts_of_word, plain_forms
from mcpforge.pipeline.intent.words import norm, singular

_LANGUAGES = ("de", "fr", "es")
_MIN_HEADER_WORD = 3
_MIN_FOREIGN_WORDS = 2
_MAX_READINGS = 12  # one header's readings (words with phrase translations multiply them)
_OPTIONAL = frozenset({"total"})
# Concepts that compute or qualify rather than name ("the number of strikes", "the total", "per year"):
# never part of a header's name by themselves.
_NEVER_PART = frozenset({"total", "number", "share", "growth", "rate", "log", "per", "value", "amount",
                         "index", "year", "month", "week", "day", "hour"})  # fmt: skip


class Slot(NamedTuple):
    concepts: frozenset[str]  # what a request word may be to fill it
    strong: frozenset[str]  # the word's usual senses: one request word alone names it only through these
    optional: bool  # "Gesamtes" (total) in a header: a request may leave it out
    head: bool = False  # the noun the header is about: the last in German, the first in French or Spanish
    stems: frozenset[str] = frozenset()  # the header word's forms: "persönlichen" fills "persönliches"


Reading = tuple[Slot, ...]


@functools.lru_cache(maxsize=64)
def dictionary_keys(names: tuple[str, ...]) -> tuple[tuple[Reading, str], ...]:
    """(a reading of the header as slots, the header) for each header of a file whose headers are German,
    French or Spanish, when a dictionary is installed; () otherwise."""
    language = header_language(names)
    if language is None:
        return ()
    return tuple((reading, name) for name in names for reading in _readings(name, language))


def translated_columns(
    concepts: frozenset[str], keys: tuple[tuple[Reading, str], ...], *, alone: str | None, found: list[str]
) -> list[str]:
    """The headers (not already ``found``) whose readings a request run's ``concepts`` fill; ``alone``: the
    run is this one word, which must then be an English word (a foreign word that looks like an English
    one, "war" in "Wie hoch war", is not translated)."""
    if alone is not None and not _english_word(alone):
        return []
    columns: list[str] = []
    for reading, name in keys:
        if name not in found and name not in columns and fits(concepts, reading, alone=alone is not None):
            columns.append(name)
    if columns or found or concepts & _NEVER_PART or any(c.startswith("=") for c in concepts):
        return columns  # a part names a header only by the glossary's nouns of data ("income", "wage")
    for reading, name in keys:  # "income" for ``Revenu personnel``, as "income" names ``personal_income``
        if name not in columns and part_of(concepts, reading):
            columns.append(name)
    return columns


def _english_word(word: str) -> bool:
    from mcpforge.lexicon.store import languages_of

    return any("en" in languages_of(form) for form in (word, singular(word)))


def fits(concepts: frozenset[str], reading: Reading, *, alone: bool) -> bool:
    """Whether a request run's ``concepts`` fill ``reading``'s slots one to one (optional slots may stay
    empty, at least one slot that is not must be filled); ``alone``: one request word, strong senses only."""
    required = [slot for slot in reading if not slot.optional]
    if not required or len(concepts) > len(reading) or len(concepts) < len(required):
        return False
    if alone and (len(required) != 1 or not concepts <= required[0].strong):
        return False
    return _assign(sorted(concepts), list(reading))


def part_of(concepts: frozenset[str], reading: Reading) -> bool:
    """Whether a request run's ``concepts`` name some of ``reading``'s slots, each by a usual sense: a
    header named by part of its words that hold its head noun, as an English header is ("income" for
    ``personal_income``; "car" is no ``Fahrzeugklasse``, a class); when several headers have that part,
    the person is asked which. Only the glossary's nouns of data may be such a part: nearly any English
    word is some foreign word's sense ("under" of "sous", the head of ``Sous le seuil de pauvreté``)."""
    required = [slot for slot in reading if not slot.optional]
    if len(concepts) >= len(required):
        return False
    head = next(k for k, slot in enumerate(reading) if slot.head)
    others = list(reading[:head] + reading[head + 1 :])
    return any(
        concept in reading[head].strong and _assign(sorted(concepts - {concept}), others, partial=True)
        for concept in concepts
    )


def _assign(concepts: list[str], slots: list[Slot], *, partial: bool = False) -> bool:
    """Whether each concept fills a slot of its own (``partial``: by a usual sense, slots may be left)."""
    if not concepts:
        return partial or all(slot.optional for slot in slots)
    first, rest = concepts[0], concepts[1:]
    return any(
        _fills(first, slot, partial=partial) and _assign(rest, slots[:k] + slots[k + 1 :], partial=partial)
        for k, slot in enumerate(slots)
    )


def _fills(concept: str, slot: Slot, *, partial: bool) -> bool:
    """Whether a request concept fills a slot: one of its senses, or the header word with another ending."""
    if concept in (slot.strong if partial else slot.concepts):
        return True
    return concept.startswith("=") and not slot.stems.isdisjoint(plain_forms(concept[1:]))


@functools.lru_cache(maxsize=64)
def header_language(names: tuple[str, ...]) -> str | None:
    """The language of a file's headers when it is German, French or Spanish: the one whose dictionary
    has most of their words, more than English has. None with no dictionary or English headers."""
    from mcpforge.lexicon.store import available, languages_of_words

    if not available():
        return None
    words = {w for name in names for w in norm(name).replace("'", " ").split()}
    words = {w for w in words if len(w) >= _MIN_HEADER_WORD and w not in GRAMMAR and w.isalpha()}
    forms = {word: plain_forms(word) for word in words}
    known = languages_of_words(tuple(sorted({form for found in forms.values() for form in found})))
    counts = dict.fromkeys((*_LANGUAGES, "en"), 0)
    for word in words:
        found = next((known[form] for form in forms[word] if form in known), frozenset())
        for language in found:
            counts[language] += 1
    best = max(_LANGUAGES, key=lambda language: counts[language])
    if counts[best] >= _MIN_FOREIGN_WORDS and counts[best] > counts["en"]:
        return best
    return None


def _readings(name: str, language: str) -> list[Reading]:
    words = [w for w in norm(name).replace("'", " ").split() if w not in GRAMMAR]
    options = [_word_options(word, language) for word in words]
    readings = []
    for combination in itertools.islice(itertools.product(*options), _MAX_READINGS):
        slots = [slot for part in combination for slot in part]
        required = [k for k, slot in enumerate(slots) if not slot.optional]
        if required:  # "Fahrzeugklasse" is a class, "Revenu personnel" an income
            head = required[-1] if language == "de" else required[0]
            slots[head] = slots[head]._replace(head=True)
        readings.append(tuple(slots))
    return readings


def _word_options(word: str, language: str) -> list[Reading]:
    """The ways one header word may be said: its glossary concepts, else its translations (a one-word
    translation is one slot of all of them; a phrase "family income" is a slot for each of its words)."""
    concepts = concepts_of_word(word)
    if concepts:
        return [tuple(Slot(frozenset({c}), frozenset({c}), c in _OPTIONAL) for c in concepts)]
    itself = f"={singular(word)}"
    stems = frozenset(plain_forms(word))
    translations = _translations(word, language)
    translations = {english: n for english, n in translations.items() if english not in FUNCTION_WORDS}
    if not translations:  # none, or a word of grammar (an untagged "bajo": under)
        return [(Slot(frozenset({itself}), frozenset({itself}), False, stems=stems),)]
    usual = max(translations.values())
    single = {english: score for english, score in translations.items() if " " not in english}
    slot = Slot(
        frozenset({itself, *(_concept(english) for english in single)}),
        frozenset({itself, *(_concept(english) for english, score in single.items() if score == usual)}),
        False,
        stems=stems,
    )
    phrases = [
        tuple(Slot(frozenset({c}), frozenset({c}), False) for c in _phrase_concepts(english))
        for english in translations
        if " " in english
    ]
    return [(slot,), *(phrase for phrase in phrases if phrase)]


def _translations(word: str, language: str) -> dict[str, int]:
    from mcpforge.lexicon.store import glosses

    for form in plain_forms(word):
        found = glosses(language, form)
        if found:
            return found
    return {}


def _concept(english: str) -> str:
    """An English word as the concept ``concept_set`` gives it in a request: its glossary concept when it
    is one of the glossary's English forms ("kind" is a German form of child, not this), else itself."""
    forms, english_ones = glossary_forms(), english_forms()
    for form in (english, singular(english)):
        if (form,) in english_ones:
            return forms[(form,)]
    return f"={singular(english)}"


def _phrase_concepts(english: str) -> list[str]:
    forms = glossary_forms()
    words = tuple(english.replace("-", " ").split())
    if words in english_forms():
        return [forms[words]]
    return [_concept(word) for word in words if word not in GRAMMAR]
