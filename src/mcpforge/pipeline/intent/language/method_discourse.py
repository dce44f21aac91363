"""French, Spanish and German words a statistical reading sets aside as its English twin is set aside.

A test, correlation or regression request is read on the request put in English word by word
(``languages.translate``): the function words of each language are dropped there, its analysis words
become English. What the translation keeps as written is checked word by word (analysis/statistic_words.py),
so the words an English request would never leave unread must be known in each language too:

- Words of asking and politeness ("je voudrais", "merci d'indiquer", "quisiera", "gracias", "ich möchte"):
  the English "would", "please", "thanks", "show", "give". They cannot change a number; the reading names
  them as not used.
- A French question turned round ("la différence est-elle significative ?", "a-t-il", "sont-ils"): a form
  of être / avoir / pouvoir with its subject pronoun, the English "is it". Named as not used.
- The words of the method itself that English reads as its vocabulary: "distribución" / "Verteilung"
  (``distribution``), the contingency table of a chi-square test ("le tableau croisé", "la tabla de
  contingencia", "Kreuztabelle"), "indépendante" / "dependiente" beside a chi-square test of independence.
- A noun naming the membership of a categorical column the test reads ("l'appartenance à un Syndicat",
  "membership in a union", "la pertenencia al sindicato"): the column's own groups, named as not used.
  Only a word naming nothing in the file, directly before a link word and a column the test reads whose
  values are categories; a value, a column fragment or an analysis word still refuses.

Nothing here sets aside a content word: a word resembling a column or a value of the file, a number, a
one-sided alternative ("unilatéral"), unequal variances beside a test that assumes them equal, or the name
of a second test stay leftovers (analysis/method_vocabulary.py) and refuse the request naming them.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.models import Intent
from mcpforge.pipeline.intent.language.discourse import _resembles_data
from mcpforge.pipeline.intent.names.described_names import NUMBER_CHANGING_MODIFIERS, names_nothing
from mcpforge.pipeline.intent.words import ColumnResolver


def _split(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Verbs of asking and politeness, accent-folded: the English "would like", "please", "thanks", "show",
# "give", "indicate", "can you", "need".
_ASKING: dict[str, frozenset[str]] = {
    "fr": _split(
        "voudrais voudrait voudrions voudriez souhaite souhaiterais souhaiterait souhaitons aimerais"
        " aimerait aimerions merci svp plait pouvez pourriez pourrais peux indiquer indiquez indique"
        " donner donnez preciser precisez fournir fournissez afficher montrer montrez calculer"
        " rapporter rapportez"
    ),
    "es": _split(
        "quisiera quisieramos quiero queremos gustaria gracias favor puedes podrias podria indica"
        " indique indicar indiquen dame dime deme digame muestre mostrar calcule calcular proporciona"
        " proporcione reporta reporte necesito"
    ),
    "de": _split(
        "mochte mochten danke bitte gib gebe geben zeige zeigen nenne nennen berechne berechnen angeben"
    ),
}
# A French question turned round: a verb of being, having, being able or existing, then its subject.
_INVERTED = re.compile(
    r"(?:est|sont|etait|etaient|sera|seront|serait|seraient|a|ont|avait|avaient|peut|peuvent|doit|"
    r"doivent|existe|existent)(?:-t)?-(?:il|elle|ils|elles|on)"
)
# The method's own words in each language (English has them in its statistics vocabulary).
_DISTRIBUTION = _split("distribucion distribuciones verteilung verteilungen")
_CHI2_WORDS = _split(
    "tableau croise tableaux croises contingence tabla tablas cruzada cruzadas contingencia"
    " kreuztabelle kontingenztafel kontingenztabelle independant independante independants"
    " independantes dependant dependante dependants dependantes lie liee lies liees associe associee"
    " associes associees dependiente dependientes relacionado relacionada relacionados relacionadas"
    " asociado asociada asociados asociadas unabhangige unabhangigen abhangig abhangige"
)
# Links between a noun of membership and the column it describes, as they read after translation
# ("à" is read as "has", "de" as "of").
_LINKS = frozenset({"of", "in", "to", "has", "a", "al", "zu", "zur", "zum"})
_DETERMINERS = frozenset({"the", "a", "an", "un", "une", "le", "la", "l", "el", "los", "las", "der", "die",
                          "das", "dem", "den", "einer", "einem"})  # fmt: skip
_MIN_NOUN = 4


def asking_word(tokens: list[str], i: int, language: str, resolver: ColumnResolver) -> bool:
    """``tokens[i]`` is a word of asking or politeness of ``language``, or a French inverted question."""
    word = tokens[i]
    if _resembles_data(word, resolver):
        return False
    if language == "fr" and _INVERTED.fullmatch(word):
        return True
    return word in _ASKING.get(language, frozenset())


def method_word(word: str, intent: Intent, language: str) -> bool:
    """``word`` is the foreign form of a word the English statistics vocabulary reads for ``intent``."""
    if language == "en":
        return False
    if word in _DISTRIBUTION:
        return True
    return (
        intent.operation == "statistical_test"
        and intent.options.get("test") == "chi2"
        and word in _CHI2_WORDS
    )


def _categories_read(intent: Intent, resolver: ColumnResolver) -> set[str]:
    tested = set(intent.group_by)
    if intent.options.get("test") == "chi2":
        tested |= set(intent.columns)
    return {c for c in tested if resolver.kind(c) in {"categorical", "boolean"}}


def membership_noun(tokens: list[str], i: int, intent: Intent, resolver: ColumnResolver) -> bool:
    """``appartenance`` in "l'appartenance à un Syndicat": a noun naming nothing in the file, then a link
    and a categorical column the test reads (its groups, said as a membership)."""
    word = tokens[i]
    if intent.operation != "statistical_test" or len(word) < _MIN_NOUN or not word.isalpha():
        return False
    if word in NUMBER_CHANGING_MODIFIERS or i + 1 >= len(tokens) or tokens[i + 1] not in _LINKS:
        return False
    k = i + 2
    while k < len(tokens) and tokens[k] in _DETERMINERS:
        k += 1
    hit = resolver.match_at(tokens, k) if k < len(tokens) else None
    if hit is None or hit[0] not in _categories_read(intent, resolver):
        return False
    return names_nothing(tokens, i, resolver) and not _resembles_data(word, resolver)
