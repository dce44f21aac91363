"""A column named in another language than its header: "unemployment rate" for ``Tasa de desempleo``.

People ask in their own words: "the unemployment rate" over a Spanish header, "log hourly wage" over
``Log Stundenlohn``, "tasa de desempleo" over ``unemployment_rate``. Both the header and the request's
words are put into the concepts of ``glossary`` (German compounds taken apart: "Stundenlohn" is hour +
wage, "Schuljahre" school + year); a run of the request's words whose concepts are exactly a header's
(every word of each used, order aside) is that column, and the text names the column instead. The reading
says so ("'unemployment rate' read as the column 'Tasa de desempleo' (the header in other words)").
Issue 25: the commonest refusal left on files with non-English headers.

A glossary match is weaker than a literal one: a run the resolver already reads as a column, or holding a
category value, is left alone; a run two columns fit equally is asked about with those columns as the
choices. A word with no glossary entry matches only itself, so a header with an unknown word is named
only with that word.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, NamedTuple

from mcpforge.pipeline.intent.clarify import Answers, ask, offered
from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS
from mcpforge.pipeline.intent.names.glossary import MAX_FORM_WORDS, english_forms, glossary_forms
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, fold, norm, singular, tokenize
from mcpforge.pipeline.schema import DatasetSchema

if TYPE_CHECKING:
    from mcpforge.pipeline.intent.names.dictionary_names import Reading


class Word(NamedTuple):
    start: int
    end: int


def words_of(text: str, *, digits: bool = False) -> list[Word]:
    """The runs of letters of ``text`` (with ``digits``, of letters and digits: "age80" is one word),
    scanned by hand: the quick path compiles no pattern for this reader."""
    found: list[Word] = []
    start = None
    for at, char in enumerate(f"{text} "):
        inside = char.isalpha() or (digits and char.isdigit())
        if inside and start is None:
            start = at
        elif not inside and start is not None:
            found.append(Word(start, at))
            start = None
    return found


def joined(between: str) -> bool:
    """Only spaces, hyphens and apostrophes between two words of one name ("d'essence", "full-time")."""
    return all(char.isspace() or char in "-'\u2019" for char in between)


# Grammar inside a name in the four languages ("Tasa de desempleo", "Log consommation d'essence").
GRAMMAR = frozenset({"of", "the", "a", "an", "and", "s", "de", "del", "la", "le", "les", "el", "los", "las",
                      "lo", "du", "des", "d", "l", "y", "e", "et", "und", "der", "die", "das", "dem", "den",
                      "von", "vom"})  # fmt: skip
# Prepositions and conjunctions after a noun phrase in the other languages ("Sparquote je Region").
_FOREIGN_LINKS = frozenset({"je", "pro", "nach", "bei", "im", "oder", "zwischen", "durch", "wegen", "an",
                            "aus", "mit", "fur", "uber", "seit", "bis", "ab", "vor", "zu", "por", "para",
                            "en", "o", "entre", "con", "sobre", "desde", "hasta", "par", "pour", "ou", "dans",
                            "avec", "selon", "sur", "depuis", "avant", "apres", "dus"})  # fmt: skip
_MAX_WORDS = 6
_MIN_PART = 3
_LINKS = ("s", "n", "en", "e", "es")  # German linking letters: "Gesundheit-s-problem", "Stunde-n-lohn"
_UMLAUTS = frozenset("äöüÄÖÜ")
_SHORT_UMLAUT_WORD = 6
# What a row is or belongs to ("per county", "each state"): read by the entity and concept readers.
ENTITIES = frozenset({"state", "country", "region", "city", "province", "county", "town", "people",
                       "household", "child", "sibling", "worker", "firm", "customer", "patient", "student",
                       "teacher", "hospital", "store", "order", "mother", "father", "man", "woman",
                       "inhabitant", "identifier", "name", "group", "category", "type"})  # fmt: skip
_TIME_UNITS = frozenset({"year", "month", "week", "day", "hour"})
# Events a column counts ("Décès", "Todesfälle", "Gefallene"): the column is the number of them, so one
# word names it, a plural too, as "how many deaths" sums a column named ``deaths``.
_EVENTS = frozenset({"death", "birth", "battle deaths", "case", "infection", "victim", "arrest", "murder",
                     "robbery", "crime"})  # fmt: skip
NOTE = "{words!r} read as the column {column!r} (the header in other words)"


@functools.lru_cache(maxsize=8192)
def concepts_of_word(word: str) -> tuple[str, ...]:
    """The glossary concepts of one folded word: itself, a plural cut, or a German compound's parts."""
    forms = glossary_forms()
    for candidate in plain_forms(word):
        if (candidate,) in forms:
            return (forms[(candidate,)],)
    return _compound(word)


def plain_forms(word: str) -> list[str]:
    forms = [word, singular(word)]
    if len(word) >= 5:  # "jahren", "homicidios", "voitures": a plural ending
        forms += [word[: -len(end)] for end in ("es", "en", "er", "n", "s", "e") if word.endswith(end)]
    return forms


def _compound(word: str) -> tuple[str, ...]:
    """A German compound as its glossary parts ("stundenlohn" → hour, wage), else ()."""
    forms = glossary_forms()
    for cut in range(len(word) - _MIN_PART, _MIN_PART - 1, -1):
        head, tail = word[:cut], word[cut:]
        heads = [head] + [head[: -len(link)] for link in _LINKS if head.endswith(link)]
        first = next((forms[(h,)] for h in heads if len(h) >= _MIN_PART and (h,) in forms), None)
        if first is None:
            continue
        rest = concepts_of_word(tail) if len(tail) >= _MIN_PART else ()
        if rest:
            return (first, *rest)
    return ()


def concept_set(words: tuple[str, ...]) -> tuple[frozenset[str], bool] | None:
    """The concepts of a run of folded words (grammar dropped; a word the glossary lacks is itself), and
    whether a word of it is of another language than English."""
    forms, english = glossary_forms(), english_forms()
    found: set[str] = set()
    foreign = False
    at = 0
    while at < len(words):
        for width in range(min(MAX_FORM_WORDS, len(words) - at), 1, -1):
            if words[at : at + width] in forms:
                found.add(forms[words[at : at + width]])
                foreign = foreign or words[at : at + width] not in english
                at += width
                break
        else:
            word = words[at]
            at += 1
            if word in GRAMMAR:
                continue
            concepts = concepts_of_word(word)
            found.update(concepts or (f"={singular(word)}",))
            foreign = foreign or (bool(concepts) and _foreign_word(word))
    return (frozenset(found), foreign) if found else None


def _foreign_word(word: str) -> bool:
    """A glossary word none of whose forms is English ("desempleo", "stundenlohn")."""
    english = english_forms()
    return not any((form,) in english for form in plain_forms(word))


@functools.lru_cache(maxsize=64)
def header_keys(names: tuple[str, ...]) -> tuple[tuple[frozenset[str], bool, str], ...]:
    """(concepts, in another language than English, column) of each header with a glossary word."""
    keys = []
    for name in names:
        words = tuple(norm(name).replace("'", " ").split())
        read = concept_set(words)
        if read and any(not concept.startswith("=") for concept in read[0]):
            keys.append((read[0], read[1], name))
    return tuple(keys)


def translated_names(text: str, schema: DatasetSchema, given: Answers, request: str) -> tuple[str, list[str]]:
    """``text`` with each run of words that names a column in other words written as that column, then
    each that names a category value in other words written as that value (``translated_values``)."""
    from mcpforge.pipeline.intent.names.translated_values import translated_values  # it reads this module

    text, notes = _columns_in_other_words(text, schema, given, request)
    text, values = translated_values(text, schema)
    return text, notes + values


def _columns_in_other_words(
    text: str, schema: DatasetSchema, given: Answers, request: str
) -> tuple[str, list[str]]:
    from mcpforge.pipeline.intent.names.dictionary_names import dictionary_keys  # it reads this module

    text, notes = _apposed_descriptions(text, schema)
    keys = header_keys(tuple(schema.column_names))
    translated = dictionary_keys(tuple(schema.column_names))
    if not keys and not translated:
        return text, notes
    matches = words_of(text)
    words = [fold(text[match.start : match.end]) for match in matches]
    resolver = ColumnResolver(schema=schema)
    out, at, i = [], 0, 0
    while i < len(words):
        found = _match_at(words, matches, text, i, keys=keys, translated=translated, resolver=resolver)
        if found is None:
            i += 1
            continue
        width, columns = found
        start, end = matches[i].start, matches[i + width - 1].end
        said = text[start:end]
        column = columns[0] if len(columns) == 1 else _which(said, columns, given, request)
        notes.append(NOTE.format(words=said, column=column))
        out.append(text[at:start] + column)
        at, i = end, i + width
    return "".join(out) + text[at:], notes


def _match_at(
    words: list[str],
    matches: list[Word],
    text: str,
    i: int,
    *,
    keys: tuple[tuple[frozenset[str], bool, str], ...],
    translated: tuple[tuple[Reading, str], ...],
    resolver: ColumnResolver,
) -> tuple[int, list[str]] | None:
    """The longest run of words at ``i`` that names columns in other words (the glossary's ``keys``, the
    dictionary's ``translated`` readings): (width, the columns)."""
    from mcpforge.pipeline.intent.names.dictionary_names import translated_columns

    if words[i] in GRAMMAR:
        return None
    for width in range(min(_MAX_WORDS, len(words) - i), 0, -1):
        last = i + width - 1
        if words[last] in GRAMMAR:
            continue
        if not all(joined(text[matches[k].end : matches[k + 1].start]) for k in range(i, last)):
            continue  # a comma, a number or a bracket between: two phrases, not one name
        read = concept_set(tuple(words[i : last + 1]))
        if read is None:
            continue
        concepts, foreign = read
        # English words for an English header are the resolver's synonyms, not a translation
        columns = [name for key, native, name in keys if key == concepts and (native or foreign)]
        if width == 1:
            columns = _one_word_columns(words, matches, text, i, concepts, columns, translated, resolver)
        else:
            columns += translated_columns(concepts, translated, alone=None, found=columns)
        said_words = [word for word in words[i : last + 1] if word not in GRAMMAR]
        columns = [name for name in columns if not _written_as(said_words, name)]
        if not columns:
            continue
        if concepts <= _EVENTS and _per_period(words, i + width):
            return None  # "deaths per day": a rate over days, left to rows/ to ask, never a per-date table
        if _bracket_names_it(text[matches[last].end :]):
            return None  # "Ventas totales (sales)": the bracket names the column (bracket_glosses)
        said = text[matches[i].start : matches[last].end]
        if resolver.resolve(said, fuzzy=False) is not None or find_values(tokenize(said), resolver):
            return None  # the words name a column or a value as written: that reading is stronger
        return width, columns
    return None


def _one_word_columns(  # noqa: PLR0917 - the scan's position, passed through
    words: list[str],
    matches: list[Word],
    text: str,
    i: int,
    concepts: frozenset[str],
    columns: list[str],
    translated: tuple[tuple[Reading, str], ...],
    resolver: ColumnResolver,
) -> list[str]:
    """The columns one word names in other words: a glossary concept of several words or an event, or
    a dictionary's usual sense; none for a plural, a unit of time, a word inside a longer noun phrase or
    a word of the request's own grammar. A thing rows belong to ("per city" over ``Ville``) may, by the
    dictionary, when it is named to group by."""
    from mcpforge.pipeline.intent.names.dictionary_names import translated_columns

    # one plain word for a one-word glossary concept: a false friend ("note", "war") too often
    columns = [name for name in columns if len(concepts) > 1 or concepts <= _EVENTS]
    in_dictionary = translated_columns(concepts, translated, alone=words[i], found=columns)
    columns += in_dictionary
    if not _may_stand_alone(text[matches[i].start : matches[i].end], concepts):
        columns = [c for c in columns if c in in_dictionary and _groups_by(words, i, concepts)]
    if not columns or not _ends_a_phrase(words, matches, text, i) or grammar_here(words[i], text, resolver):
        return []
    return columns


def _bracket_names_it(after: str) -> bool:
    """Whether a bracket follows that may name the column ("Ventas totales (sales)"), not the method of the
    analysis ("personal income (Pearson)")."""
    from mcpforge.pipeline.intent.vocabulary_slots import method_word

    after = after.lstrip()
    if not after.startswith("("):
        return False
    inside = fold(after[1:].split(")", 1)[0])
    words = [inside[w.start : w.end] for w in words_of(inside)]
    return not words or not all(method_word(word) for word in words)


def _written_as(said: list[str], name: str) -> bool:
    """Whether the words are the header's own, perhaps inflected ("des Wechselkurses Britisches Pfund"):
    a name as written, read by ``inflected_names`` and the resolver, not a translation."""
    own = {form for word in norm(name).replace("'", " ").split() for form in plain_forms(word)}
    return all(own.intersection(plain_forms(word)) for word in said)


_GROUPING = frozenset({"per", "by", "each", "every", "across"})


def _groups_by(words: list[str], i: int, concepts: frozenset[str]) -> bool:
    """Whether the word at ``i`` is one thing rows belong to, right after "per" / "by" / "each"."""
    return i > 0 and words[i - 1] in _GROUPING and concepts <= ENTITIES and singular(words[i]) == words[i]


def _may_stand_alone(word: str, concepts: frozenset[str]) -> bool:
    """Whether one word alone may name a column in other words: not a plural ("the counties of Michigan",
    "combien d'enfants": the rows or a count, read elsewhere) and not a unit of time ("30 Jahre", "21
    ans", "revenu annuel": an age, a duration, an adjective, never the year column by itself), nor a
    short German word whose umlaut makes another word ("älter" is older, not "Alter"; a long compound's
    umlaut is its plural: "Todesfälle"). A count of events ("deaths") is a plural that may."""
    folded = fold(word)
    return (
        (singular(folded) == folded or concepts <= _EVENTS)
        and not concepts & (_TIME_UNITS | ENTITIES)
        and (not _UMLAUTS.intersection(word) or len(word) > _SHORT_UMLAUT_WORD)
    )


@functools.cache
def _grammar_words(language: str) -> frozenset[str]:
    """Words the French, German or Spanish table reads as grammar (a function word, or nothing)."""
    from mcpforge.pipeline.intent.language.languages import PHRASE_TABLES  # the big tables, when needed

    table = PHRASE_TABLES.get(language, {})  # type: ignore[call-overload]
    return frozenset(
        fold(key[0])
        for key, english in table.items()
        if len(key) == 1 and all(word in FUNCTION_WORDS for word in english.lower().split())
    )


def grammar_here(word: str, text: str, resolver: ColumnResolver) -> bool:
    """Whether one word is grammar of the request's language though an English noun too: "Wie hoch war"
    (was) names no war; "for each war" does."""
    from mcpforge.pipeline.intent.language.languages import detect_language

    return fold(word) in _grammar_words(detect_language(text, resolver))


_PER = frozenset({"per", "pro", "je", "par", "por", "a", "each", "every"})


def _per_period(words: list[str], at: int) -> bool:
    """Whether the words at ``at`` are "per day", "pro Tag", "par jour": a unit of time after "per"."""
    following = words[at : at + 2]
    return (
        len(following) == 2
        and following[0] in _PER
        and bool(set(concepts_of_word(following[1])) & _TIME_UNITS)
    )


def _ends_a_phrase(words: list[str], matches: list[Word], text: str, i: int) -> bool:
    """Whether the word at ``i`` ends its noun phrase: "fuel efficient", "release rate" make one word
    the modifier of another, not a column of its own."""
    if i + 1 >= len(words):
        return True
    between = text[matches[i].end : matches[i + 1].start]
    following = words[i + 1]
    return (
        not joined(between)
        or following in FUNCTION_WORDS
        or following in GRAMMAR
        or following in _FOREIGN_LINKS
    )


def _which(words: str, columns: list[str], given: Answers, request: str) -> str:
    """The column the person means when ``words`` names several in other words (one question)."""
    choices = {name: f"the column {name!r}" for name in columns}
    said = given.get(words)
    answer = offered(said, choices)
    if answer is None:
        question = f"{words!r} could name several columns in other words: which one?"
        ask(words, question, choices, request=request, rejected=said)
    return answer


# Concepts that compute something from a column ("the growth gdp", "the total pop"): never a description.
_COMPUTED = frozenset({"growth", "total", "number", "share"})
# Concepts too plain to describe a column alone ("the rate sr"): a description needs another noun.
_PLAIN = frozenset({"rate", "log", "per", "value", "amount"})
_MAX_SHORT_NAME = 8
_MIN_INITIALS = 2  # one letter shared is chance ("size" and species): two nouns, or a compound of two


def _apposed_descriptions(text: str, schema: DatasetSchema) -> tuple[str, list[str]]:
    """``text`` without the data nouns that describe a short column named right after them: "taux
    d'épargne sr", "the industry code ardsic". The words must be glossary nouns whose initials (or their
    concepts' English initials) are letters of the name, so "savings rate" may describe ``sr`` and
    "wage" never ``income``; a word naming another column or a value, or one that computes ("growth",
    "total"), keeps its own reading."""
    short = {
        name.lower(): name
        for name in schema.column_names
        if name.isalnum() and len(name) <= _MAX_SHORT_NAME and not concepts_of_word(fold(name))
    }
    if not short:
        return text, []
    matches = words_of(text, digits=True)
    resolver: ColumnResolver | None = None
    notes: list[str] = []
    out, at = [], 0
    for k, match in enumerate(matches):
        name = short.get(text[match.start : match.end].lower())
        if name is None or k == 0:
            continue
        resolver = resolver or ColumnResolver(schema=schema)
        starts = [j for j in _description_starts(matches, text, k) if matches[j].start >= at]
        said_at = (text[matches[j].start : matches[k - 1].end] for j in starts)  # longest first
        first, said = next(
            ((j, said) for j, said in zip(starts, said_at, strict=True) if _describes(said, name, resolver)),
            (None, ""),
        )
        if first is None:
            continue
        notes.append(f"{said!r} read as the description of {name!r} (the name after it)")
        out.append(text[at : matches[first].start])
        at = match.start
    return "".join(out) + text[at:], notes


def _description_starts(matches: list[Word], text: str, k: int) -> list[int]:
    """Where a run of glossary nouns right before the word ``k`` may start, the farthest first."""
    starts: list[int] = []
    j = k - 1
    while j >= 0 and joined(text[matches[j].end : matches[j + 1].start]):
        word = fold(text[matches[j].start : matches[j].end])
        if word in GRAMMAR:
            j -= 1
            continue
        if word in FUNCTION_WORDS or not concepts_of_word(word) or "per" in concepts_of_word(word):
            break  # "size per species": a relation between words, never a description
        starts.insert(0, j)
        j -= 1
    return starts


def _describes(said: str, name: str, resolver: ColumnResolver) -> bool:
    """Whether the nouns ``said`` may describe the column ``name`` (see ``_apposed_descriptions``)."""
    folded = fold(said)
    words = [folded[w.start : w.end] for w in words_of(folded) if folded[w.start : w.end] not in GRAMMAR]
    read = concept_set(tuple(words))
    if read is None or read[0] & _COMPUTED or not read[0] - _PLAIN:
        return False
    if any(resolver.resolve(word, fuzzy=False) is not None for word in words):
        return False
    if find_values(tokenize(said), resolver):
        return False
    letters = name.lower()
    return any(
        len(initials) >= _MIN_INITIALS and _initials_in(initials, letters)
        for initials in ([word[0] for word in words], [concept[0] for concept in read[0]])
    )


def _initials_in(initials: list[str], letters: str) -> bool:
    """Whether each initial is a letter of ``letters``, each at its own place (any order)."""
    left = list(letters)
    for initial in initials:
        if initial not in left:
            return False
        left.remove(initial)
    return True
