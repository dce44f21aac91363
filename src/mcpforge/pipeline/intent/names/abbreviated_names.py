"""Column names as people write them: "life expectancy" for ``lifeExp``, "population" for ``pop``, "GDP
per capita" for ``gdpPercap``. (A name given in brackets after its description, "the sample size
(samplesize)", is read before this, by ``language.languages.read_glosses``.)

An abbreviated name is read when its letters are the request's consecutive words cut short: each word
gives a prefix of at least three letters (or the whole word), in order, and together they spell the
column's name (case, ``_`` and spaces aside); a word may also give its usual abbreviation ("qty" for
quantity, "amt" for amount, ``_USUAL``). One word must be cut (the whole words are the resolver's
own match), and exactly one column may fit; two columns that fit are asked about. One word may also be
the initials of a name of three words or more ("mpg" for ``Miles_per_Gallon``), when one name has them;
two words or more may give their initials before the words that follow ("human freedom score" for
``hf_score``).
A name that adds "name", "code" or "desc" to the thing ("mfr_name", "mfr_code") is named by the thing
("manufacturer") when no name fits whole; two such names are asked about.
A word that is a category value, an analysis term or already names a column keeps that reading. The
match is said in the reading ("'life expectancy' read as lifeExp (by abbreviation)").
"""

from __future__ import annotations

import functools

from mcpforge.pipeline.intent.clarify import Answers, ask, offered
from mcpforge.pipeline.intent.language.function_words import FILLER_WORDS, FUNCTION_WORDS
from mcpforge.pipeline.intent.measures import MEASURE_WORDS
from mcpforge.pipeline.intent.parse import AGG_WORDS, detect_operations
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, norm, tokenize

_MIN_PREFIX = 3
_SKELETON_SIZES = (3, 4)
_VOWELS = frozenset("aeiou")
_VERB_ENDINGS = frozenset({"ed", "ing", "ings"})
_MAX_WORDS = 4
_MIN_INITIALS = 2
_ANALYSIS = frozenset(word for words in AGG_WORDS for word in words)
_STOPS = frozenset({"the", "a", "an", "of", "per", "by", "for", "in", "and", "or", "with", "le", "la", "les",
                    "der", "die", "das", "el", "los", "las", "du", "des"})  # fmt: skip
# Endings that make another word of a name ("state" + "ment", "count" + "ries"): never cut off.
# Nor an adjective's ending: "popular" is no cut "pop", "annual" no cut "ann".
_SUFFIXES = ("ment", "ments", "ness", "ity", "ities", "ing", "ings", "ed", "er", "ers", "est", "ly", "ful",
             "less", "ous", "ish", "ism", "ist", "ists", "ship", "ward", "wards", "wise", "ar", "al", "ive",
             "ic", "able", "ible", "ary", "ory", "ant", "ent")  # fmt: skip
# Usual abbreviations that are no prefix of their word ("qty" for quantity, "amt" for amount).
_USUAL: dict[str, tuple[str, ...]] = {
    "quantity": ("qty",), "quantities": ("qty", "qtys"), "amount": ("amt",), "amounts": ("amt", "amts"),
    "percent": ("pct",), "percentage": ("pct",), "year": ("yr",), "years": ("yr", "yrs"),
    "hour": ("hr",), "hours": ("hr", "hrs"), "weight": ("wt",), "height": ("ht",),
    "government": ("govt",), "department": ("dept",), "international": ("intl",), "national": ("natl",),
    "management": ("mgmt",), "account": ("acct",), "building": ("bldg",), "district": ("dist",),
}  # fmt: skip
NOTE = "as stated: {words!r} read as {column} ({how})"  # said back in the reading (reading.py)


def _compact(name: str) -> str:
    return norm(name).replace(" ", "").replace("'", "")


def _spells(words: list[str], target: str) -> bool:
    """Whether ``target`` is the concatenation of a prefix of each word, at least one of them cut."""

    def fits(k: int, rest: str, cut: bool) -> bool:
        if k == len(words):
            return not rest and cut
        word = words[k]
        # "packs per capita" → packpc: the last two or more words by their initials; "human freedom
        # score" → hf_score: two words or more by their initials, then words
        leading = (("".join(w[0] for w in words[k:j]), j) for j in range(k + _MIN_INITIALS, len(words)))
        if (k > 0 and _initials(words[k:], rest)) or any(
            rest.startswith(two) and fits(j, rest[len(two) :], True) for two, j in leading
        ):
            return True
        for short in _USUAL.get(word, ()):
            if rest.startswith(short) and fits(k + 1, rest[len(short) :], True):
                return True  # "order quantity" → order_qty: the word's usual abbreviation
        for size in _SKELETON_SIZES:
            if _skeleton_of(rest[:size], word) and fits(k + 1, rest[size:], True):
                return True  # "highway mpg" → hwy_mpg, "manufacturer" → mfr: the word's consonants
        for size in range(min(len(word), len(rest)), 0, -1):
            if size < min(_MIN_PREFIX, len(word)) or rest[:size] != word[:size]:
                continue
            plural = size == len(word) - 1 and word.endswith("s") and not word.endswith("ss")
            if size < len(word) and not plural and (len(word) - size < _MIN_PREFIX or _derived(word, size)):
                continue  # "yearly", "statement", "prices": a word made from the name, not cut short
            if fits(k + 1, rest[size:], cut or (size < len(word) and not plural)):
                return True
        return False

    return fits(0, target, False)


def _derived(word: str, size: int) -> bool:
    """Whether ``word`` is made from a shorter word by a suffix ("yearly", "popular"), so its first
    ``size`` letters are that word, not ``word`` cut short. A verb's ending cut far before it is a cut:
    "combined" → comb, "adjusted" → adj (never "comb" + "ined")."""
    ending = next((end for end in _SUFFIXES if word.endswith(end)), None)
    if ending is None:
        return False
    return ending not in _VERB_ENDINGS or len(word) - size <= len(ending) + 1


def _skeleton_of(short: str, word: str) -> bool:
    """Whether ``short`` is ``word`` written by its consonants: no vowel, the same first letter, its
    letters in order in ``word``, and the word at least two letters longer ("hwy", "mfr", "bldg")."""
    if len(short) < _MIN_PREFIX or len(word) < len(short) + 2 or short[0] != word[0]:
        return False
    if any(letter in _VOWELS for letter in short) or not short.isalpha():
        return False
    letters = iter(word)
    return all(letter in letters for letter in short)


def _initials(words: list[str], rest: str) -> bool:
    """``rest`` is the initials of two or more ``words`` ("per capita" → "pc"); one initial alone
    ("tax share" → taxs) is too weak a sign of a name."""
    return len(words) >= _MIN_INITIALS and rest == "".join(word[0] for word in words)


@functools.lru_cache(maxsize=4096)
def _content(word: str, *, filler: bool = False) -> bool:
    """A word that may name a column; ``filler``: everyday nouns too ("population", "product")."""
    return (
        word.replace("'", "").isalpha()
        and word not in FUNCTION_WORDS
        and (filler or word not in FILLER_WORDS)
        and word not in _ANALYSIS
        and word not in MEASURE_WORDS
        and not detect_operations(word)
    )


@functools.lru_cache(maxsize=4096)
def _statistic(word: str) -> bool:
    if word in FUNCTION_WORDS or word in FILLER_WORDS:
        return False
    return (
        word in _ANALYSIS or word in {"standard", "variance", "statistics"} or bool(detect_operations(word))
    )


def _abbreviated_at(
    tokens: list[str],
    i: int,
    compacts: dict[str, str],
    valued: set[int],
    *,
    numeric: frozenset[str],
    leads: frozenset[str],
) -> tuple[list[str], int]:
    """The columns the words at ``i`` abbreviate (longest phrase first) and the phrase's width
    (``numeric``: the number columns, never named by the thing they qualify)."""
    heads = (tokens[i][:_MIN_PREFIX], *_USUAL.get(tokens[i], ()))
    two = tokens[i][:1] + tokens[i + 1][:1] if i + 1 < len(tokens) else ""
    if two in leads:
        heads = (*heads, two)  # "human freedom …" → hf_score: a name whose first word is two letters
    starting = {
        name: compact
        for name, compact in compacts.items()
        if compact.startswith(heads) or any(_skeleton_of(compact[:n], tokens[i]) for n in _SKELETON_SIZES)
    }
    if not starting or i in valued:
        return [], 0
    for width in range(min(_MAX_WORDS, len(tokens) - i), 0, -1):
        words = tokens[i : i + width]
        nxt = tokens[i + width] if i + width < len(tokens) else ""
        if (
            not _content(words[0], filler=not _statistic(nxt))  # "population mean": a method
            or not words[-1].isalpha()
            or any(k in valued for k in range(i, i + width))
            or not all(w.isalpha() and (w not in _STOPS or w == "per") for w in words)
        ):
            continue
        fits = [name for name, compact in starting.items() if _spells(words, compact)]
        if not fits:  # "manufacturer" for mfr_name (and mfr_code: asked): the thing, by its name or code
            fits = [
                name
                for name, compact in starting.items()
                if _spells(words, _unqualified(compact)) and name not in numeric
            ]
        if fits:
            return fits, width
    return [], 0


# What a name adds to the thing it names ("mfr_name", "mfr_code", "drive_desc"): the thing itself. Not an
# id, nor any number column: "Combien de personnes" is no sum of ``person_id``.
_QUALIFIERS = ("name", "code", "desc", "description", "label")


def _unqualified(compact: str) -> str:
    """``compact`` without a qualifier at its end ("mfrname" → "mfr"); "" when it has none."""
    end = next((q for q in _QUALIFIERS if compact.endswith(q) and len(compact) > len(q)), None)
    return compact[: -len(end)] if end else ""


def abbreviated_columns(
    tokens: list[str], resolver: ColumnResolver, given: Answers, request: str
) -> tuple[list[str], list[str]]:
    """``tokens`` with abbreviated column names replaced by the column's own words."""
    notes: list[str] = []
    compacts = {name: _compact(name) for name in resolver.schema.column_names}
    initialisms = _initialisms(resolver.schema.column_names)
    numeric = frozenset(resolver.schema.names_of_kind("numeric"))
    named = [norm(name).split() for name in compacts]
    leads = frozenset(parts[0] for parts in named if len(parts) > 1 and len(parts[0]) == 2)  # hf_score
    valued: set[int] | None = None  # the category values' positions, found once a name may fit
    out: list[str] = []
    i = 0
    while i < len(tokens):
        initialled = initialisms.get(tokens[i], []) if _content(tokens[i]) else []
        if len(initialled) == 1 and resolver.match_at(tokens, i, fuzzy=False) is None:
            if valued is None:
                found = find_values(tokens, resolver)
                valued = {k for hit in found for k in range(hit.start, hit.start + hit.width)}
            if i not in valued:  # "mpg" for Miles_per_Gallon, "bmi" for body_mass_index
                out.extend(tokenize(initialled[0]))
                notes.append(NOTE.format(words=tokens[i], column=initialled[0], how="by its initials"))
                i += 1
                continue
        fits, width = _abbreviated_at(tokens, i, compacts, set(), numeric=numeric, leads=leads)
        if fits:
            if valued is None:
                found = find_values(tokens, resolver)
                valued = {k for hit in found for k in range(hit.start, hit.start + hit.width)}
            fits, width = _abbreviated_at(tokens, i, compacts, valued, numeric=numeric, leads=leads)
        hit = resolver.match_at(tokens, i, fuzzy=False) if fits else None  # a name read at least as long
        if not fits or (hit is not None and hit[1] >= width):
            out.append(tokens[i])
            i += 1
            continue
        words = " ".join(tokens[i : i + width])
        column = fits[0] if len(fits) == 1 else _which(words, fits, given, request)
        out.extend(tokenize(column))
        notes.append(NOTE.format(words=words, column=column, how="by abbreviation"))
        i += width
    return out, notes


def _initialisms(names: list[str]) -> dict[str, list[str]]:
    """Initials (three letters or more) of each name of several words -> the names: ``Miles_per_Gallon``
    is "mpg", ``body_mass_index`` "bmi". A name whose initials are a word of its own is left out."""
    found: dict[str, list[str]] = {}
    for name in names:
        words = norm(name).split()
        initials = "".join(word[0] for word in words if word[:1].isalpha())
        if len(words) >= _MIN_PREFIX and len(initials) == len(words) and initials not in FUNCTION_WORDS:
            found.setdefault(initials, []).append(name)
    return found


def _which(words: str, fits: list[str], given: Answers, request: str) -> str:
    """The column the person means when ``words`` abbreviates several (one question)."""
    choices = {name: f"the column {name!r}" for name in fits}
    said = given.get(words)
    answer = offered(said, choices)
    if answer is None:
        question = f"{words!r} could name several columns: which one?"
        ask(words, question, choices, request=request, rejected=said)
    return answer
