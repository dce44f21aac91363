"""Words of a French, German or Spanish request that cannot name data, by what they can do to the numbers.

The reading refuses a leftover word it cannot place, because an unknown *noun* may be a condition on data
the file lacks ("le revenu moyen des médecins" over a file with no occupation). Left over from a request in
another language are also its verb forms and prepositions, which name nothing: "le fichier contient-il",
"les personnes qui vivent dans le Sud", "beim Alter". This module says which leftover words are of that
kind, so that a reading which uses every other word answers and names them as not used.

The rule is the English one of discourse.py — a word passes only on positive evidence — and decides by what
a word can do to the numbers, never by having seen it in a benchmark:

1. **Closed classes.** Prepositions and contractions with no English word to stand for them ("chez",
   "beim") are grammar; nouns that name the file itself ("le fichier", "die Datei") name no condition.
2. **Verbs that do nothing to the numbers**, known by their lemma and recognised in every inflection by the
   regular conjugation of their language (plus the forms of the irregular ones): being, having,
   containing, consisting of ("se compose", "besteht aus", "consta de"), keeping, showing, wanting and
   needing ("necesito"), recording and measuring. "Le salaire a-t-il progressé" (a
   change), "exclure les hommes" (an exclusion), "arrondir" (a transformation), "dépasser" (a comparison)
   and every verb not known here stay content: they still block, as an unknown word always did.
3. **Verbs of where the rows are** ("vivre", "habiter", "travailler", "wohnen", "vivir") pass only with
   their place after them ("qui vivent dans le Sud"; before them in a German clause, "die im Süden
   wohnen"): the place is the condition, which the reading must use (or it blocks on its own). Alone
   ("combien de personnes vivent ?") the verb picks rows, and blocks.

Never passed: a word after a determiner or a word of grouping ("la mesure", "par mesure": a noun, a key), a
German word written with a capital inside the sentence (German capitalises its nouns, so
"Leben" is a noun even though "leben" is a verb), a word the request writes right after a negation, and a
word resembling a column or value (discourse.py checks that first).
"""

from __future__ import annotations

from functools import lru_cache

from mcpforge.pipeline.intent.language.spans import Span, spans

# -- closed classes ------------------------------------------------------------------------------------------

_GRAMMAR: dict[str, frozenset[str]] = {
    "fr": frozenset({"chez", "parmi", "aupres"}),
    "de": frozenset(
        {"beim", "ins", "ans", "aufs", "vom", "zum", "zur", "im", "am", "bei", "seitens", "laut"}
    ),
    "es": frozenset({"mediante"}),
}
# Not here: words of time ("depuis", "während"), grouping ("selon", "según") or scope ("innerhalb"), which
# change which rows count or how they are grouped.
# Nouns for the file itself: "combien d'individus le fichier contient-il", "wie viele Zeilen hat die
# Tabelle" ask about all its rows.
_FILE_NOUNS: dict[str, frozenset[str]] = {
    "fr": frozenset({"fichier", "table", "tableau"}),
    "de": frozenset({"datei", "datensatz", "tabelle"}),
    "es": frozenset({"archivo", "fichero", "tabla"}),
}
# Nouns for the file in two or three words: the first word stands for the phrase ("le jeu de données").
_FILE_PHRASES: dict[str, tuple[tuple[str, ...], ...]] = {
    "fr": (("jeu", "de", "donnees"), ("base", "de", "donnees")),
    "de": (),
    "es": (("conjunto", "de", "datos"), ("base", "de", "datos")),
}
# Words that turn the verb after them round ("ne ... pas", "nicht", "no"): the verb then picks rows.
_NEGATIONS = frozenset(
    {"ne", "n'", "pas", "jamais", "nicht", "kein", "keine", "keinen", "nie", "no", "nunca"}
)
# After a determiner a word is a noun ("la mesure", "le reste", "el registro"), never a conjugated verb;
# after a word of grouping it is the key ("par mesure", "pro Beruf", "por trabajo").
_DETERMINERS: dict[str, frozenset[str]] = {
    "fr": frozenset({"le", "la", "les", "l'", "un", "une", "des", "du", "de", "d'", "ce", "cet", "cette",
                     "ces", "son", "sa", "ses", "leur", "leurs", "mon", "ma", "mes", "notre", "nos", "votre",
                     "vos"}),
    "de": frozenset({"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer",
                     "eines", "sein", "seine", "ihr", "ihre", "jede", "jeder", "jedes", "jeden", "jedem"}),
    "es": frozenset({"el", "la", "los", "las", "un", "una", "unos", "unas", "su", "sus", "del", "de", "al",
                     "este", "esta", "estos", "estas", "cada"}),
}  # fmt: skip
_GROUPING: dict[str, frozenset[str]] = {
    "fr": frozenset({"par", "selon", "chaque", "pour"}),
    "de": frozenset({"pro", "je", "nach", "fur", "jede", "jeden", "jedes"}),
    "es": frozenset({"por", "segun", "cada", "para"}),
}
# Prepositions that introduce the place of a verb of where the rows are.
_PLACE_PREPOSITIONS: dict[str, frozenset[str]] = {
    "fr": frozenset({"dans", "en", "a", "au", "aux", "chez", "sur", "pres"}),
    "de": frozenset({"in", "im", "auf", "bei", "beim", "an", "am"}),
    "es": frozenset({"en", "a", "al", "cerca"}),
}

# -- verbs by what they do to the numbers --------------------------------------------------------------------

# Verbs that do nothing to the numbers wherever they stand (their objects are read, or block, on their own).
_PLAIN_VERBS: dict[str, tuple[str, ...]] = {
    "fr": ("montrer", "afficher", "donner", "trouver", "garder", "conserver", "enregistrer", "mesurer",
           "observer", "recenser", "figurer", "exister", "utiliser", "souhaiter", "aimer", "comporter",
           "chercher", "composer", "constituer"),
    "de": ("zeigen", "bestehen", "brauchen", "erfassen", "registrieren", "beobachten", "verzeichnen",
           "notieren", "wollen"),
    "es": ("mostrar", "registrar", "observar", "encontrar", "guardar", "conservar", "utilizar",
           "figurar", "existir", "desear", "constar", "necesitar"),
}  # fmt: skip
# Verbs of where the rows are: they pass only with their place after them.
_PLACE_VERBS: dict[str, tuple[str, ...]] = {
    "fr": ("habiter", "resider", "travailler", "demeurer", "loger", "vivre"),
    "de": ("leben", "wohnen", "arbeiten", "bleiben"),
    "es": ("vivir", "residir", "habitar", "trabajar", "morar"),
}
# Forms of irregular verbs that do nothing to the numbers (being, having, containing, keeping, wanting).
_IRREGULAR_PLAIN: dict[str, str] = {
    "fr": "sont etait etaient sera seront fut furent soit soient a ont avait avaient eu eue eus"
          " aura auront ait aient contient contiennent contenait contenaient contenu contenue contenus"
          " contenir retient retiennent retenait retenaient retenu retenue retenus retenir retenons retenez"
          " veut veulent voulait voudrais voudrait voudrions voudriez vouloir peut peuvent pouvait pourrait"
          " pourriez pourrais pourrions pouvez pouvons peux"
          " doit doivent devait devrait apparait apparaissent apparaissait apparu apparue apparus"
          " connaitre connait connaissent savoir sait savent voir voit voient",
    "de": "ist sind war waren gewesen sei seien hat haben hatte hatten gehabt habe enthalt enthalten"
          " enthielt enthielten gibt gab gaben gegeben findet finden fand fanden gefunden befindet"
          " befinden befand befanden misst messen gemessen will mochte mochten mochtest wissen weiss wusste"
          " kennen sehen sieht",
    "es": "es son eran fue fueron sea sean esta estan estaba estaban estuvo tiene tienen tenia tenian"
          " tuvo tuvieron contiene contienen contenia contenian contenido contenida contener muestra"
          " muestran mostro encuentra encuentran quiere quieren quisiera quisieramos puede pueden podria"
          " debe deben deberia mide miden medido medida saber sabe saben conocer conoce conocen ver"
          " quiero queremos necesito necesitamos",
}  # fmt: skip
_IRREGULAR_PLACE: dict[str, str] = {
    "fr": "vit vivent vivait vivaient vecu vecus vecue vivant",
    "de": "blieb blieben geblieben",
    "es": "",
}
# "contient-il", "a-t-elle", "vivent-ils": a French verb turned round for a question.
_INVERSION = (
    "-t-il",
    "-t-elle",
    "-t-on",
    "-il",
    "-elle",
    "-ils",
    "-elles",
    "-on",
    "-vous",
    "-nous",
    "-tu",
    "-je",
)


def _french_forms(infinitive: str) -> set[str]:
    """A regular French verb (-er) in its present, past, future, conditional and participle forms."""
    stem = infinitive[:-2]
    endings = ("e", "es", "ent", "ons", "ez", "ais", "ait", "aient", "ions", "iez", "ee", "ees",
               "er", "ant", "era", "eront", "erait", "eraient", "a", "erent")  # fmt: skip
    return {stem + ending for ending in endings} if infinitive.endswith("er") else {infinitive}


def _german_forms(infinitive: str) -> set[str]:
    """A weak German verb in its present, past and participle forms ("leben" → lebt, lebte, gelebt)."""
    stem = infinitive[:-2] if infinitive.endswith("en") else infinitive[:-1]
    linking = "e" if stem.endswith(("t", "d")) else ""  # arbeitet, arbeitete
    forms = {infinitive, stem + "e", stem + linking + "st", stem + linking + "t"}
    forms |= {stem + linking + ending for ending in ("te", "test", "ten", "tet")}
    inseparable = stem.startswith(("be", "er", "ver", "ent", "zer", "ge")) or stem.endswith("ier")
    forms.add(stem + linking + "t" if inseparable else "ge" + stem + linking + "t")
    return forms


def _spanish_forms(infinitive: str) -> set[str]:
    """A regular Spanish verb in its present, imperfect, preterite and participle forms."""
    stem, kind = infinitive[:-2], infinitive[-2:]
    endings: tuple[str, ...]
    if kind == "ar":
        endings = ("a", "amos", "an", "aba", "aban", "ado", "ada", "ados", "adas", "ando", "aron", "ar")
    else:  # no first person: "trabajo", "registro", "vivo" are nouns or adjectives as often
        endings = ("e", "emos", "imos", "en", "ia", "ian", "ido", "ida", "idos", "idas", "iendo", "io",
                   "ieron", kind)  # fmt: skip
    return {stem + ending for ending in endings}


_CONJUGATE = {"fr": _french_forms, "de": _german_forms, "es": _spanish_forms}

# English: the verbs of being recorded, as a participle after a form of "be" ("how many penguins were
# measured in 2008"). The rows of a file are what was recorded, so the verb picks none of them; any other
# participle there ("orders that were refunded") still picks rows (discourse.py).
_RECORDED = frozenset({"measured", "recorded", "observed", "registered", "collected", "surveyed"})
_BE = frozenset({"is", "are", "was", "were", "been", "being", "be"})


@lru_cache(maxsize=8)
def _forms(language: str, place: bool) -> frozenset[str]:
    """Every form of the language's plain verbs (or of its verbs of where the rows are), accents folded."""
    lemmas = (_PLACE_VERBS if place else _PLAIN_VERBS).get(language, ())
    irregular = (_IRREGULAR_PLACE if place else _IRREGULAR_PLAIN).get(language, "")
    found: set[str] = set(irregular.split())
    for lemma in lemmas:
        found |= _CONJUGATE[language](lemma)
    return frozenset(found)


# -- the decision --------------------------------------------------------------------------------------------


def names_no_data(word: str, request: str, language: str) -> bool:
    """Whether ``word`` (a leftover token, folded) of a ``language`` request can name no data (module rule).

    Every place the request writes the word must agree: one use as a noun is enough to keep it content.
    """
    words = spans(request)
    spots = [k for k, span in enumerate(words) if span.word == word]
    if language == "en":
        return bool(spots) and word in _RECORDED and all(k > 0 and words[k - 1].word in _BE for k in spots)
    if language not in _CONJUGATE:
        return False
    return bool(spots) and all(_no_data_at(words, k, request, language) for k in spots)


def _no_data_at(words: list[Span], k: int, request: str, language: str) -> bool:
    word = words[k].word
    before = words[k - 1].word if k > 0 else ""
    if before in _GROUPING[language]:
        return False  # "par mesure": a grouping key the file may lack
    if word in _FILE_NOUNS[language] or _file_phrase_at(words, k, language):
        return True
    if _noun_or_condition(words, k, request, language):
        return False
    verb = _uninverted(word) if language == "fr" else word
    if word in _GRAMMAR[language] or verb in _forms(language, place=False):
        return True
    return verb in _forms(language, place=True) and _place_follows(words, k, request, language)


def _file_phrase_at(words: list[Span], k: int, language: str) -> bool:
    """ "le jeu de données", "el conjunto de datos": the file named in several words, from its first."""
    ahead = tuple(span.word for span in words[k : k + 3])
    return any(
        ahead == phrase[: len(ahead)] and len(ahead) == len(phrase) for phrase in _FILE_PHRASES[language]
    )


def _noun_or_condition(words: list[Span], k: int, request: str, language: str) -> bool:
    """Where a word is a noun or the verb is the condition, whatever its form."""
    if k > 0 and words[k - 1].word in _DETERMINERS[language]:
        return True  # "la mesure", "el registro": a noun
    if language == "de" and _capitalised_inside(words, k, request):
        return True  # a German noun: "Leben" (life), though "leben" (to live) is a verb
    neighbours = {words[j].word for j in (k - 1, k + 1) if 0 <= j < len(words)}
    return bool(neighbours & _NEGATIONS)  # "qui ne vivent pas", "lebten nicht": the verb is the condition


def _uninverted(word: str) -> str:
    """ "contient-il" → "contient", "a-t-il" → "a": the verb of a turned-round question."""
    return next((word.removesuffix(end) for end in _INVERSION if word.endswith(end)), word)


def _capitalised_inside(words: list[Span], k: int, request: str) -> bool:
    """A German word written with a capital, not first in its sentence: a noun."""
    raw = request[words[k].start : words[k].end]
    if not raw[:1].isupper() or k == 0:
        return False
    before = request[words[k - 1].end : words[k].start]
    return not any(mark in before for mark in ".?!:;")


def _place_follows(words: list[Span], k: int, request: str, language: str) -> bool:
    """ "vivent dans le Sud": the verb's place comes right after it (what picks the rows is the place).

    A German verb ends its clause, so its place comes before it, inside the clause: "die im Süden wohnen".
    """
    nxt = words[k + 1].word if k + 1 < len(words) else ""
    if nxt in _PLACE_PREPOSITIONS[language]:
        return True
    if language != "de":
        return False
    clause_start = request.rfind(",", 0, words[k].start)  # the clause begins after its comma
    clause = [span.word for span in words[max(0, k - 4) : k] if span.start > clause_start]
    return any(word in _PLACE_PREPOSITIONS["de"] for word in clause)
