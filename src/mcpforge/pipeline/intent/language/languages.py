"""French, German and Spanish requests read for the core analyses, by putting their analysis words in English.

The parser's vocabulary is English. A request in another language is detected by its function words
(never counting the words of the file's own column names and values), and only its *analysis* words are
replaced by the English ones: counting, sums, means, medians, extremes, shares, top N, grouping, filters,
comparisons and years ("Population totale moyenne par État" → "average Population totale per État").
Column names and category values are never translated: they must still match the file's real names, and a
word that is part of one is left as written. Function words of the language become English function words
or are dropped (``FOREIGN_FUNCTION_WORDS``). Any other content word stays as written, so the English
accounting still refuses or asks about it: a word nobody translated never passes silently.

Words for column concepts ("pays", "Länder", "espérance de vie"), "in the data" phrases and counting
phrases are in concepts.py (the file's own column for the concept when it has one); a value written in the
request's language ("Europa" for ``Europe``) is read by values.py and said in a note.

The reading sentence stays in English; a note says the request was read from the other language.
Also here, for every language: a description written right before a bracketed name ("Peso (Weight_in_lbs)",
"Florida (state FL)") is read as that name's label, since the bracket says what it means.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Literal

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.language.analysis_phrases import analysis_markers, analysis_phrases
from mcpforge.pipeline.intent.language.appearing_verbs import appearing_verbs
from mcpforge.pipeline.intent.language.auxiliaries import auxiliaries
from mcpforge.pipeline.intent.language.bracket_names import read_bracket_names
from mcpforge.pipeline.intent.language.clause_words import clause_words
from mcpforge.pipeline.intent.language.code_values import codes_in_small_letters
from mcpforge.pipeline.intent.language.column_spelling import spell_columns
from mcpforge.pipeline.intent.language.compound_names import compound_names
from mcpforge.pipeline.intent.language.concepts import (
    CONCEPT_NOUNS,
    SHEET_PHRASES,
    concept_markers,
    concept_table,
    native_forms,
    plural_of,
    sheet_means_the_data,
)
from mcpforge.pipeline.intent.language.crossing.idioms import idiom_phrases, kinds_of, read_idioms
from mcpforge.pipeline.intent.language.crossing.names import cross_names
from mcpforge.pipeline.intent.language.distinct_words import distinct_before_its_noun
from mcpforge.pipeline.intent.language.foreign_labels import read_foreign_labels
from mcpforge.pipeline.intent.language.function_words import (
    FOREIGN_FUNCTION_WORDS,
    FUNCTION_WORDS,
    describes_rows,
)
from mcpforge.pipeline.intent.language.german_requests import german_requests
from mcpforge.pipeline.intent.language.grammar_values import grammar_as_values
from mcpforge.pipeline.intent.language.inflected_names import written_names
from mcpforge.pipeline.intent.language.measure_adjectives import FOREIGN_SUPERLATIVES, measure_adjectives
from mcpforge.pipeline.intent.language.method_phrases import english_method_words
from mcpforge.pipeline.intent.language.number_ranges import number_ranges
from mcpforge.pipeline.intent.language.politeness import politeness
from mcpforge.pipeline.intent.language.postposed import move_postposed
from mcpforge.pipeline.intent.language.repeated_groups import repeated_grouping
from mcpforge.pipeline.intent.language.reporting_verbs import reporting_verbs
from mcpforge.pipeline.intent.language.restrictions import restriction_table
from mcpforge.pipeline.intent.language.spans import Span as _Span
from mcpforge.pipeline.intent.language.spans import spans as _spans
from mcpforge.pipeline.intent.language.strict_comparisons import strict_comparisons
from mcpforge.pipeline.intent.language.survey_years import survey_years
from mcpforge.pipeline.intent.language.values import translated_value
from mcpforge.pipeline.intent.parse import AGG_WORDS, GROUP_TRIGGERS, RANK_WORDS, detect_operations
from mcpforge.pipeline.intent.time.written_years import written_years
from mcpforge.pipeline.intent.time.year_bounds import open_year_bounds, year_bounds
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, fold, norm
from mcpforge.pipeline.schema import DatasetSchema

Language = Literal["en", "fr", "de", "es"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


LANGUAGE_NAMES: dict[Language, str] = {"en": "English", "fr": "French", "de": "German", "es": "Spanish"}

# Words that mark a language strongly: one is enough when no other language scores.
_MARKERS: dict[Language, frozenset[str]] = {
    "fr": _words("le la les des du une est sont quel quelle quels quelles combien nombre moyenne moyen par"
                    " pour chaque avec dont ou sur dans au aux et ont l' d' qu' somme ecart-type mediane"
                    " superieur superieure inferieur inferieure entre"),
    "de": _words("der die das den dem des ein eine einer ist sind wie viele welche welcher welches anzahl"
                 " durchschnittliche durchschnittlichen durchschnittlicher durchschnitt mittelwert je pro"
                 " nach mit und im jahr hat haben gibt es summe anteil hochste hochsten niedrigste"
                 " mittlere mittleren mittlerer mittleres nur berechne"),
    "es": _words("el la los las del una es son cuantos cuantas cual cuales numero promedio por para cada"
                    " con donde y hay ano suma media medio mediana porcentaje correlacion calcula redondea"),
}  # fmt: skip
_ADJECTIVES: dict[Language, frozenset[str]] = {  # analysis adjectives of one language only
    "fr": _words("totale totales totaux moyennes moyens minimale maximale de"),
    "es": _words("minima maxima minimo maximo medios medias de"),  # "de": French or Spanish, never English
    "de": frozenset(w[0] for w in FOREIGN_SUPERLATIVES if len(w) == 1),  # "der längste Lauf"
}
_STRONG: dict[Language, frozenset[str]] = {  # with the politeness of each language (politeness.py)
    "fr": _words("combien moyenne quel quelle quels quelles somme ecart-type mediane merci plait svp"),
    "de": _words("wie welche welcher welches anzahl durchschnittliche durchschnittlichen durchschnitt"
                    " mittelwert summe anteil hochste hochsten niedrigste gibt bitte danke getrennt"),
    "es": _words("cuantos cuantas cual cuales numero promedio porcentaje hay gracias"),
}  # fmt: skip
# German compounds that start with an aggregation ("Durchschnittsalter", "Gesamtumsatz"): German only
_GERMAN_AGGREGATE_HEADS = ("durchschnitts", "gesamt")
_GERMAN_COMPOUND_REST = 4


def _german_aggregate_compound(word: str) -> bool:
    """``word`` is an aggregation's head and a noun of four letters or more, in one word (no pattern: this
    runs on every request's words)."""
    head = next((h for h in _GERMAN_AGGREGATE_HEADS if word.startswith(h)), None)
    return head is not None and word.isalpha() and len(word) - len(head) >= _GERMAN_COMPOUND_REST


_MARKERS = {lang: words | concept_markers(lang) | _ADJECTIVES.get(lang, frozenset()) | analysis_markers(lang)
            for lang, words in _MARKERS.items()}  # fmt: skip
_ANY_MARKER = frozenset().union(*_MARKERS.values(), *_STRONG.values())
_ENGLISH = _words("the of what how many by per for each with and is are mean average sum count total"
                     " number which in where than more less above below")  # fmt: skip

# Foreign phrase (folded words) → English words. Longest phrases are tried first. Numbers are kept.
_FRENCH = {
    "combien de": "how many", "combien": "how many", "nombre de": "number of", "nombre": "number",
    "nombre total de": "total number of", "somme de": "sum of", "somme": "sum", "total": "total",
    "totale": "total", "totaux": "total", "totales": "total", "moyenne": "average", "moyen": "average",
    "moyens": "average", "moyennes": "average", "mediane": "median", "median": "median",
    "minimum": "minimum", "minimale": "minimum", "minimal": "minimum", "maximum": "maximum",
    "maximale": "maximum", "maximal": "maximum", "ecart-type": "standard deviation",
    "ecart type": "standard deviation", "variance": "variance", "part": "share", "pourcentage": "percentage",
    "proportion": "proportion", "le plus eleve": "the highest", "la plus elevee": "the highest",
    "les plus eleves": "the highest", "les plus elevees": "the highest", "le plus haut": "the highest",
    "la plus haute": "the highest", "le plus grand": "the largest", "la plus grande": "the largest",
    "le plus bas": "the lowest", "la plus basse": "the lowest", "le plus faible": "the lowest",
    "la plus faible": "the lowest", "le plus petit": "the smallest", "la plus petite": "the smallest",
    "le plus de": "the most", "le moins de": "the fewest", "par": "per", "pour chaque": "for each",
    "chaque": "each", "selon": "by", "ou": "or", "avec": "with", "dont": "whose",
    "superieur a": "above", "superieure a": "above", "superieurs a": "above", "superieures a": "above",
    "inferieur a": "below", "inferieure a": "below", "inferieurs a": "below", "inferieures a": "below",
    "au-dessus de": "above", "au-dessus du": "above", "au-dela de": "above", "au-dela du": "above",
    "en dessous de": "below", "en dessous du": "below", "en-dessous de": "below", "en-dessous du": "below",
    "au-dessous de": "below", "au-dessous du": "below",
    # the order of a ranking
    "du plus grand au plus petit": "descending", "du plus petit au plus grand": "ascending",
    "du plus eleve au plus bas": "descending", "du plus bas au plus eleve": "ascending",
    "par ordre decroissant": "in descending order", "par ordre croissant": "in ascending order",
    "en ordre decroissant": "in descending order", "en ordre croissant": "in ascending order",
    "ordre decroissant": "descending order", "ordre croissant": "ascending order",
    "plus de": "more than", "moins de": "less than", "plus que": "more than", "moins que": "less than",
    "au moins": "at least", "au plus": "at most", "egal a": "equal to", "egale a": "equal to",
    "entre": "between", "sans": "without", "pas": "not", "non": "not", "en": "in", "dans": "in",
    # "during" a period is "in" it (bounds before a year, "depuis 2000", are time/year_bounds.py's)
    "pendant": "in", "durant": "in", "au cours de": "in", "au cours du": "in the",
    "annee": "year", "annees": "years", "an": "year", "ans": "years", "mois": "month", "jour": "day",
    "jours": "days", "semaine": "week", "quel est": "what is", "quelle est": "what is",
    "quels sont": "what are", "quelles sont": "what are", "quel": "which", "quelle": "which",
    "quels": "which", "quelles": "which", "le": "the", "la": "the", "les": "the", "l'": "the",
    "de": "of", "d'": "of", "du": "of the", "des": "of the", "un": "a", "une": "a", "est": "is",
    "sont": "are", "et": "and", "au": "in the", "aux": "in the", "a": "has", "ont": "have",
    "il y a": "there are", "y a-t-il": "are there", "premiers": "first", "premieres": "first",
    "se trouve": "is", "se trouvent": "are",  # "se trouve en zone X": is in zone X
    # nouns for what a row is; the English reading decides whether the file's rows are these
    "voitures": "cars", "vehicules": "vehicles", "lignes": "rows", "enregistrements": "records",
    "aeroports": "airports", "manchots": "penguins", "pingouins": "penguins", "diamants": "diamonds",
    "clients": "customers", "commandes": "orders", "ventes": "sales",
    "employes": "employees", "patients": "patients", "vols": "flights",
}  # fmt: skip
_GERMAN = {
    "wie viele": "how many", "wieviele": "how many", "wie vielen": "how many", "anzahl der": "number of",
    "anzahl": "number of",
    "summe der": "sum of", "summe": "sum", "gesamt": "total", "insgesamt": "in total", "gesamte": "total",
    "gesamten": "total", "durchschnitt": "average", "durchschnittlich": "average",
    "durchschnittliche": "average", "durchschnittlichen": "average", "durchschnittlicher": "average",
    "durchschnittliches": "average", "mittelwert": "mean", "mittlere": "average", "mittleren": "average",
    "mittlerer": "average", "mittleres": "average",
    "median": "median", "maximum": "maximum", "maximal": "maximum", "maximale": "maximum",
    "maximalen": "maximum", "maximaler": "maximum", "minimum": "minimum", "minimal": "minimum",
    "minimale": "minimum", "minimalen": "minimum", "minimaler": "minimum",
    "standardabweichung": "standard deviation", "varianz": "variance", "anteil": "share",
    "prozentsatz": "percentage", "prozent": "percent", "hochste": "highest", "hochsten": "highest",
    "hochster": "highest", "hochstes": "highest", "grosste": "largest", "grossten": "largest",
    "niedrigste": "lowest", "niedrigsten": "lowest", "niedrigster": "lowest", "geringste": "lowest",
    "geringsten": "lowest", "kleinste": "smallest", "kleinsten": "smallest", "die meisten": "the most",
    "haufigste": "most common", "haufigsten": "most common", "haufigster": "most common",
    "haufigstes": "most common",
    "am meisten": "most", "die wenigsten": "the fewest", "pro": "per", "je": "for each", "nach": "by",
    "fur jede": "for each", "fur jeden": "for each", "fur jedes": "for each", "jede": "each",
    "jeden": "each", "jedes": "each", "wo": "where", "mit": "with", "deren": "whose", "dessen": "whose",
    "mehr als": "more than", "weniger als": "less than", "uber": "above", "unter": "below",
    "grosser als": "greater than", "kleiner als": "less than", "mindestens": "at least",
    "oberhalb von": "above", "oberhalb": "above", "unterhalb von": "below", "unterhalb": "below",
    # the order of a ranking
    "absteigend": "descending", "aufsteigend": "ascending",
    "in absteigender reihenfolge": "in descending order",
    "in aufsteigender reihenfolge": "in ascending order", "absteigend sortiert": "sorted descending",
    "aufsteigend sortiert": "sorted ascending", "vom hochsten zum niedrigsten": "descending",
    "vom niedrigsten zum hochsten": "ascending", "vom grossten zum kleinsten": "descending",
    "vom kleinsten zum grossten": "ascending",
    "hochstens": "at most", "gleich": "equal to", "zwischen": "between", "ohne": "without",
    "nicht": "not", "im jahr": "in", "in": "in", "jahr": "year", "jahre": "years", "monat": "month",
    # "during" a period is "in" it (bounds before a year, "seit 2000", are time/year_bounds.py's)
    "wahrend": "in", "wahrend des": "in the", "wahrend der": "in the",
    "tag": "day", "tage": "days", "woche": "week", "was ist": "what is", "wie hoch ist": "what is",
    "welche": "which", "welcher": "which", "welches": "which", "welchen": "which", "der": "the",
    "die": "the", "das": "the", "den": "the", "dem": "the", "des": "of the", "ein": "a", "eine": "a",
    "einer": "a", "einen": "a", "einem": "a", "ist": "is", "sind": "are", "und": "and", "oder": "or",
    "im": "in", "von": "of", "vom": "of the", "hat": "has", "haben": "have", "gibt es": "are there",
    "es gibt": "there are",
    # nouns for what a row is; the English reading decides whether the file's rows are these
    "autos": "cars", "fahrzeuge": "vehicles", "zeilen": "rows", "datensatze": "records",
    "datensatzen": "records",
    "flughafen": "airports", "pinguine": "penguins", "diamanten": "diamonds", "landkreise": "counties",
    "kunden": "customers", "bestellungen": "orders", "verkaufe": "sales", "mitarbeiter": "employees",
    "patienten": "patients", "fluge": "flights",
}  # fmt: skip
_SPANISH = {
    "cuantos": "how many", "cuantas": "how many", "numero de": "number of", "numero": "number",
    "cantidad de": "number of", "suma de": "sum of", "suma": "sum", "total": "total",
    "correlacion": "correlation", "usando": "using", "utilizando": "using",
    "promedio": "average", "media": "average", "medio": "average", "medias": "average",
    "medios": "average", "mediana": "median", "maximo": "maximum", "maxima": "maximum",
    "minimo": "minimum", "minima": "minimum", "desviacion estandar": "standard deviation",
    "desviacion tipica": "standard deviation", "varianza": "variance", "porcentaje": "percentage",
    "proporcion": "proportion", "el mas alto": "the highest", "la mas alta": "the highest",
    "el mayor": "the highest", "la mayor": "the highest", "el mas bajo": "the lowest",
    "la mas baja": "the lowest", "el menor": "the lowest", "la menor": "the lowest", "por": "per",
    "segun": "by",
    "para cada": "for each", "cada": "each", "donde": "where", "con": "with", "cuyo": "whose",
    "cuya": "whose", "mas de": "more than", "menos de": "less than", "mayor que": "greater than",
    "mayor a": "greater than", "menor que": "less than", "menor a": "less than", "al menos": "at least",
    "como maximo": "at most", "igual a": "equal to", "entre": "between", "sin": "without", "no": "not",
    "por encima de": "above", "por encima del": "above", "por debajo de": "below", "por debajo del": "below",
    # the order of a ranking
    "de mayor a menor": "descending", "de menor a mayor": "ascending",
    "de mas alto a mas bajo": "descending", "de mas bajo a mas alto": "ascending",
    "en orden descendente": "in descending order", "en orden ascendente": "in ascending order",
    "en orden decreciente": "in descending order", "en orden creciente": "in ascending order",
    "orden descendente": "descending order", "orden ascendente": "ascending order",
    "en el ano": "in", "en": "in", "ano": "year", "anos": "years", "mes": "month", "dia": "day",
    # "during" a period is "in" it (bounds before a year, "desde 2000", are time/year_bounds.py's)
    "durante": "in",
    "dias": "days", "semana": "week", "cual es": "what is", "cuales son": "what are",
    "cual": "which", "cuales": "which", "el": "the", "la": "the", "los": "the", "las": "the",
    "de": "of", "del": "of the", "un": "a", "una": "a", "es": "is", "son": "are", "y": "and",
    "o": "or", "al": "to the", "tiene": "has", "tienen": "have", "hay": "are there",
    # nouns for what a row is; the English reading decides whether the file's rows are these
    "coches": "cars", "autos": "cars", "vehiculos": "vehicles", "filas": "rows", "registros": "records",
    "aeropuertos": "airports", "pinguinos": "penguins", "diamantes": "diamonds", "condados": "counties",
    "clientes": "customers", "pedidos": "orders", "ventas": "sales", "empleados": "employees",
    "pacientes": "patients", "vuelos": "flights",
}  # fmt: skip


def _phrases(table: dict[str, str]) -> dict[tuple[str, ...], str]:
    return {tuple(key.replace("'", "' ").split()): value for key, value in table.items()}


# More phrase tables, each from the module of its class (a later table wins a phrase written in two).
_ADDED = (
    concept_table,
    restriction_table,
    clause_words,
    analysis_phrases,
    auxiliaries,
    reporting_verbs,
    german_requests,
    politeness,
    appearing_verbs,
    idiom_phrases,
)
_BASES: tuple[tuple[Language, dict[str, str]], ...] = (("fr", _FRENCH), ("de", _GERMAN), ("es", _SPANISH))
_PHRASES: dict[Language, dict[tuple[str, ...], str]] = {
    language: _phrases({**base, **{key: word for table in _ADDED for key, word in table(language).items()}})
    for language, base in _BASES
}
PHRASE_TABLES = _PHRASES  # French, German and Spanish words to English, read by rows/counting_columns.py
_DOTTED_THOUSANDS = re.compile(r"(?<![\d.,])\d{1,3}(?:\.\d{3})+(?![\d.,])")
_THOUSANDS = re.compile(r"(?<![\d.,])(\d{1,3})(?:[ \u00a0\u202f](\d{3}))+(?![\d,])")


@dataclass(kw_only=True)
class Translation:
    """A request with its analysis words in English, and what was done to it."""

    text: str
    language: Language = "en"
    notes: list[str] = field(default_factory=list)


def _protected(spans: list[_Span], resolver: ColumnResolver) -> set[int]:
    """Positions of words that are part of a column's full name or of a category value."""
    words = [s.word for s in spans]
    keep: set[int] = set()
    at = [i for i, word in enumerate(words) if word not in {"(", ")"}]  # "Part noire (%)": brackets aside
    for name in resolver.names():
        elided = [s.word for s in _spans(name) if s.word not in {"(", ")"}]  # "d'arrestation": d' + word
        for target in (norm(name).split(), elided):
            for k in range(len(at) - len(target) + 1):
                if [words[i] for i in at[k : k + len(target)]] == target:
                    keep.update(range(at[k], at[k + len(target) - 1] + 1))
                else:
                    keep.update(_name_with_articles(words, at[k:], target))
    plain = [w if re.fullmatch(r"[a-z0-9][a-z0-9'\-]*", w) else "," for w in words]
    for hit in find_values(plain, resolver):
        if all(len(plain[k]) > 1 for k in range(hit.start, hit.start + hit.width)):
            keep.update(range(hit.start, hit.start + hit.width))
    return keep


# Articles a request adds inside a column's name: "le log du revenu réel par habitant" for the header
# `Log revenu réel par habitant`.
_INSERTED = frozenset({"du", "de", "des", "la", "le", "les", "l'", "d'", "del", "el", "los", "las",
                       "der", "die", "das", "dem", "den"})  # fmt: skip


def _name_with_articles(words: list[str], at: list[int], target: list[str]) -> list[int]:
    """The positions of ``target``'s words when the request writes it from ``at[0]`` with articles
    inserted between them (the articles themselves are translated as usual); else none."""
    found: list[int] = []
    t = 0
    for i in at:
        if t == len(target):
            break
        if words[i] == target[t]:
            found.append(i)
            t += 1
        elif not (found and words[i] in _INSERTED):
            return []
    return found if t == len(target) and len(found) > 1 and found[-1] - found[0] >= len(target) else []


def detect_language(text: str, resolver: ColumnResolver) -> Language:
    """The request's language, by its function words outside the file's own names and values."""
    spans = _spans(text)
    compound = any(_german_aggregate_compound(s.word) for s in spans)
    if not any(s.word in _ANY_MARKER for s in spans) and "\u00bf" not in text and not compound:
        return _only_words_of(spans, resolver)
    keep = _protected(spans, resolver) - codes_in_small_letters(text, spans, resolver.schema)
    words = [s.word for i, s in enumerate(spans) if i not in keep]
    scores: dict[Language, int] = {}
    for lang, markers in _MARKERS.items():  # "des" is French grammar, not the state value "de"
        own = keep - grammar_as_values(text, spans, keep, lang, resolver)
        said = [s.word for i, s in enumerate(spans) if i not in own]
        scores[lang] = sum(w in markers for w in said) + 2 * sum(w in _STRONG[lang] for w in said)
    scores["de"] += 2 * sum(_german_aggregate_compound(w) for w in words)
    if "\u00bf" in text or "\u00a1" in text:  # "¿Qué estado ...?": only Spanish opens a question so
        scores["es"] += 2
    english = sum(w in _ENGLISH for w in words)
    best = max(scores, key=lambda lang: scores[lang])
    runner_up = max(score for lang, score in scores.items() if lang != best)
    if scores[best] >= 2 and scores[best] > runner_up and scores[best] > english:
        return best
    return _only_words_of(spans, resolver)


# Words of a bound written right before a year ("depuis 2000", "seit 2000", "desde 2000"): they tell the
# language of a short request; time/year_bounds.py puts them in English. Not "bis" / "hasta" alone: whether
# the year is in is not said ("Durchschnittliches Alter bis 1998" is refused).
_YEAR_BOUND_WORDS: dict[Language, frozenset[str]] = {
    "fr": _words("depuis avant apres"),
    "de": _words("seit ab vor nach"),
    "es": _words("desde antes despues"),
}


def _only_words_of(spans: list[_Span], resolver: ColumnResolver) -> Language:
    """The language every word outside the file's names belongs to, when the request is too short for
    its function words to tell ("Montant moyen", "Importe total en 1999", "Maximaler Umsatz"): every
    other word is in that language's table and one of them is no English word. Else English."""
    foreign = [s.word for s in spans if s.word.isalpha() and len(s.word) > 1]
    if not any(w not in _ENGLISH and any(t.get((w,), w) != w for t in _PHRASES.values()) for w in foreign):
        return "en"  # the cheap test first: most English requests stop here
    keep = _protected(spans, resolver)
    said = [s.word for i, s in enumerate(spans) if i not in keep and s.word.isalpha()]
    # the evidence is a content word ("moyen", "par", "mínimo") or "en" before a year; articles ("de la")
    # alone may be the grammar of a name the reading rewrote around ("total de la tasa de ...")
    dated = {s.word for s, nxt in itertools.pairwise(spans) if nxt.word.isdigit()}
    fitting: list[Language] = []
    for language, table in _PHRASES.items():
        bounds = _YEAR_BOUND_WORDS[language] & dated  # "depuis 2000": put in English by year_bounds.py
        known = all((w,) in table or w in FOREIGN_FUNCTION_WORDS[language] or w in bounds for w in said)
        foreign = [w for w in said if w in bounds or (table.get((w,), w) != w and (len(w) > 2 or w in dated))]
        if said and known and foreign:
            fitting.append(language)
    if len(fitting) > 1:  # "Importe total en 1999": French or Spanish words; the headers' language decides
        headers = [w for name in resolver.names() for w in re.findall(r"[a-z]+", fold(name))]
        votes = {lang: sum((w,) in _PHRASES[lang] for w in headers) for lang in fitting}
        fitting = [lang for lang in fitting if votes[lang] == max(votes.values()) > 0]
    return fitting[0] if len(fitting) == 1 else "en"


def translate(text: str, resolver: ColumnResolver, language: Language | None = None) -> Translation:
    """``text`` with a French, German or Spanish request's analysis words in English (else unchanged).

    ``language`` is the one detected before the text's year bounds were put in English ("depuis 2000" →
    "since 2000"): a short request may tell its language only by the words rewritten."""
    language = language or detect_language(text, resolver)
    text, methods = english_method_words(text, language, resolver)  # "arrondi à 3 décimales", "Perzentil"
    if language == "en":
        return Translation(text=text, notes=methods)
    text = _THOUSANDS.sub(lambda m: re.sub(r"\D", "", m.group()), text)  # "100 000"
    if language != "fr":
        text = _DOTTED_THOUSANDS.sub(lambda m: m.group().replace(".", ""), text)  # "100.000"
    text = re.sub(r"(?<=\d),(?=\d{1,2}\b)", ".", text)  # "1,5" is one and a half outside English
    text = text.replace("\u00ab", '"').replace("\u00bb", '"')  # « name » quotes a name
    spans = _spans(text)
    keep = _protected(spans, resolver) - codes_in_small_letters(text, spans, resolver.schema)
    keep -= grammar_as_values(text, spans, keep, language, resolver)  # "quelle est" is no value Est
    table = _PHRASES[language]
    longest = max(len(key) for key in table)
    out: dict[int, str] = {}  # span index → replacement ("" drops it); spans after it in a phrase drop too
    used: list[str] = []
    concepts: set[int] = set()  # span indices of a column concept's noun ("espérance de vie")
    notes: list[str] = []
    i = 0
    while i < len(spans):
        if i in keep:
            i += 1
            continue
        if spans[i].raw in _ACCENTED:  # "où" (where) and "ou" (or) fold alike
            out[i] = _ACCENTED[spans[i].raw]
            i += 1
            continue
        for width in range(min(longest, len(spans) - i), 0, -1):
            key = tuple(s.word for s in spans[i : i + width])
            if key in table and not keep & set(range(i, i + width)) and _said_here(key, resolver):
                out[i] = table[key]
                out.update(dict.fromkeys(range(i + 1, i + width), ""))
                used.append(" ".join(key))
                if table[key] in CONCEPT_NOUNS:
                    concepts.update(range(i, i + width))
                    out[i] = _concept(table[key], out, i, language, resolver)
                i += width
                break
        else:
            if spans[i].word in FOREIGN_FUNCTION_WORDS[language]:
                out[i] = ""
            elif (value := translated_value(spans[i].word, resolver)) is not None:
                out[i] = value.value  # "Europa" → "Europe", said in the reading
                word = text[spans[i].start : spans[i].end]
                notes.append(f"read {word!r} as the value {value.value!r} of {value.column!r}")
            i += 1
    notes += read_foreign_labels(spans, out, keep, resolver, language)  # "la tasa de desempleo (unrate)"
    _adjectives_before_nouns(spans, out, keep, concepts, language)
    english = _rebuild(text, spans, out)
    used += methods
    note = f"read as {LANGUAGE_NAMES[language]}: its analysis words in English ({', '.join(used)})"
    return Translation(text=english, language=language, notes=[note, *notes])


def _said_here(key: tuple[str, ...], resolver: ColumnResolver) -> bool:
    """Whether the phrase means here what the table says: "en la hoja" is the data only over a workbook
    (over a CSV it may be the leaf, a word the English reading must then account for)."""
    return key not in SHEET_PHRASES or sheet_means_the_data(resolver.schema.path)


def _adjectives_before_nouns(
    spans: list[_Span], out: dict[int, str], keep: set[int], concepts: set[int], language: Language
) -> None:
    """French and Spanish adjectives after their noun moved before it, as English writes them."""
    if language in {"fr", "es"}:
        move_postposed(spans, out, keep, concepts)
        distinct_before_its_noun(out)  # "años distintos": distinct years


def _native_column(english: str, language: Language, resolver: ColumnResolver) -> str | None:
    """The file's own column for a concept written in its language ("Länder" over a ``Land`` column)."""
    forms = native_forms(english, language)
    return next((name for name in resolver.names() if norm(name) in forms), None)


def _concept(english: str, out: dict[int, str], i: int, language: Language, resolver: ColumnResolver) -> str:
    """The concept noun at ``i`` in English, or the file's own column for it ("Länder" over ``Land``);
    plural after a counting phrase ("combien de pays": countries, as invariant plurals go)."""
    before = next((out[k] for k in range(i - 1, -1, -1) if out.get(k)), "")
    if before.endswith(("how many", "number of", "distinct")):
        english = plural_of(english)
    return _native_column(english, language, resolver) or english


# "qué" (which) and "que" (that, than) fold alike; so do "älter" (older) and "Alter" (age).
_ACCENTED = {"o\u00f9": "where", "qu\u00e9": "which", "\u00e4lter": "older", "j\u00fcnger": "younger"}


def _rebuild(text: str, spans: list[_Span], out: dict[int, str]) -> str:
    parts: list[str] = []
    last = 0
    for i, span in enumerate(spans):
        if i not in out:
            continue
        parts.append(text[last : span.start])
        original = text[span.start : span.end]
        parts.append(out[i].replace("\x00", original))
        if out[i] and text[span.end : span.end + 1].isalnum():
            parts.append(" ")  # "l'Illinois" → "the Illinois"
        last = span.end
    parts.append(text[last:])
    return re.sub(r"[ \t]{2,}", " ", "".join(parts)).strip()


def read_glosses(text: str, resolver: ColumnResolver, *, english: bool = True) -> Translation:
    """Drop a description written right before a bracketed name: "Peso (Weight_in_lbs)" → "(Weight_in_lbs)".

    The bracket must hold a column name, alone or with a value ("(state FL)", "(Origin = Japan)"), or a
    category value; the description is the run of at most three words right before it that are no grammar,
    number, analysis word, column or value (those keep their meaning and end the run).
    """
    if "(" not in text:
        return Translation(text=text)
    spans = _spans(text)
    keep = _protected(spans, resolver)
    drop: set[int] = set()
    labels: set[int] = set()
    quoted: dict[int, str] = {}  # a name that is also an analysis word, quoted so it stays a name
    for i, span in enumerate(spans):
        if span.word != "(" or i in keep or not _names_something(spans, i, resolver):  # keep: "Peine (jours)"
            continue
        named = _bracket_column(spans, i, resolver)
        j = i - 1
        while (
            j >= 0
            and i - j <= _GLOSS_WORDS
            and _describes(spans, j, keep, resolver, english=english, named=named)
        ):
            j -= 1
        if (
            0 < j < i - 1
            and spans[j].word == "per"
            and _describes(spans, j - 1, keep, resolver, english=english, named=named)
        ):
            j -= 2  # "packs per capita (packpc)": the name of a rate; its "per" groups nothing
        close = next(k for k in range(i + 1, len(spans)) if spans[k].word == ")")
        inside = [s.word for s in spans[i + 1 : close]]
        bare = resolver.match_at(inside, 0)
        if (
            (bare is None or bare[1] < close - i - 1)
            and j >= 0
            and spans[j].word in _COUNTED_BEFORE
            and " ".join(inside) in {norm(name) for name in resolver.names()}
        ):  # "sum of cases (count)": a name that is also an analysis word, counted: the column
            quoted[i] = text[spans[i + 1].start : spans[close - 1].end]
            drop.update(range(i, close + 1))
        if j + 1 == i:
            continue
        drop.update(range(j + 1, i))
        labels.update(range(j + 1, i))
        if bare is not None and bare[1] == close - i - 1:
            drop.update({i, close})  # "Peso (Weight_in_lbs)" reads "Weight_in_lbs": the name alone
    if not drop:
        return Translation(text=text)
    words = " ".join(text[spans[k].start : spans[k].end] for k in sorted(labels))
    notes = [f"read {words!r} as the label of the name in brackets after it"] if labels else []
    notes += [f"read ({name}) as the column {name!r}" for name in quoted.values()]
    out = dict.fromkeys(drop, "") | {i: f'"{name}"' for i, name in quoted.items()}
    return Translation(text=_rebuild(text, spans, out), notes=notes)


_GLOSS_WORDS = 3
_COUNTED_BEFORE = frozenset({"of", "many"})  # "sum of (count)", "how many (count)"


def _names_something(spans: list[_Span], i: int, resolver: ColumnResolver) -> bool:
    close = next((k for k in range(i + 1, min(len(spans), i + 9)) if spans[k].word == ")"), None)
    if close is None or close == i + 1:
        return False
    inside = _named_inside([s.word for s in spans[i + 1 : close] if s.word != "="])
    if not all(re.fullmatch(r"[a-z0-9][a-z0-9_'\-]*|%", w) for w in inside):
        return False
    if " ".join(inside) in {norm(name) for name in resolver.names()}:
        return True  # "(the median column)": a name that is also an analysis word, said to be a column
    hit = resolver.match_at(inside, 0)
    if hit is not None:
        rest = " ".join(inside[hit[1] :])
        info = resolver.schema.get(hit[0])
        values = {fold(str(value)) for value in info.values} if info is not None else set()
        return not rest or rest in values or rest.replace(" ", "").isdigit()
    values = {fold(str(value)) for info in resolver.schema.columns for value in info.values}
    return " ".join(inside) in values


_COLUMN_NOUNS = frozenset({"column", "field", "variable"})


def _named_inside(inside: list[str]) -> list[str]:
    """``the median column`` → ``median``: the name a bracket says is a column."""
    if len(inside) > 1 and inside[-1] in _COLUMN_NOUNS:
        inside = inside[:-1]
        if len(inside) > 1 and inside[0] == "the":
            inside = inside[1:]
    return inside


def _bracket_column(spans: list[_Span], i: int, resolver: ColumnResolver) -> str | None:
    """The column the bracket opening at ``i`` names first ("(lifeExp)" → lifeExp), if any."""
    inside = [s.word for s in spans[i + 1 : i + 9]]
    hit = resolver.match_at(inside[: inside.index(")")] if ")" in inside else inside, 0)
    return hit[0] if hit is not None else None


def _describes(
    spans: list[_Span],
    j: int,
    keep: set[int],
    resolver: ColumnResolver,
    *,
    english: bool,
    named: str | None = None,
) -> bool:
    """A word of a label: no grammar, name, analysis word, nor (in English) a word that restricts rows.

    A word of the very column the bracket names ("life" of "life expectancy (lifeExp)") describes it too.
    """
    word = spans[j].word
    if english and not describes_rows(word):
        return False
    if not re.fullmatch(r"[a-z][a-z'\-]{2,}", word) or word in FUNCTION_WORDS:
        return False
    hit = resolver.match_at([word], 0, fuzzy=False)
    if named is not None and hit is not None and hit[0] == named:
        return not _analysis_word(word)
    if j in keep or hit is not None:
        return False
    return not _analysis_word(word)


def _analysis_word(word: str) -> bool:
    """A word of the English analysis vocabulary: aggregations, rankings, grouping words, operations."""
    return (
        word in _VOCABULARY
        or bool(detect_operations(word))
        or bool(re.fullmatch(r"[a-z]+(?:est|iest)", word))
    )


_VOCABULARY = frozenset(
    {word for words in AGG_WORDS for word in words}
    | {word for words in GROUP_TRIGGERS for word in words}
    | RANK_WORDS
    | set(" ".join(_FRENCH.values()).split() + " ".join(_GERMAN.values()).split())
    | set(" ".join(_SPANISH.values()).split())
)


def read_language(text: str, schema: DatasetSchema) -> Translation:
    """The request with its analysis words in English and the labels of bracketed names dropped."""
    resolver = ColumnResolver(schema=schema)
    text, strict = strict_comparisons(text)  # "strictement supérieure à 1": > 1
    inflected: list[str] = []
    language = detect_language(text, resolver)
    if language == "de":  # "des Wechselkurses Britisches Pfund": that column
        text, inflected = written_names(text, resolver)
        text, surveyed = survey_years(text)  # "wurden 1994 befragt": surveyed in 1994
        text, compounds = compound_names(text, resolver)  # "Kinderzahl": Anzahl Kinder
        text, ranges = number_ranges(text)  # "1990 bis 2002": between 1990 and 2002
        inflected += surveyed + compounds + ranges
    text, bounds = year_bounds(text, language)  # "ab 1948", "avant 1750": since 1948, before 1750
    text, open_bounds = open_year_bounds(text, resolver)  # "built in 2000 or later": Year.Built >= 2000
    bounds += open_bounds
    inflected += bounds
    translated = translate(text, resolver, language)
    if translated.language != "en":  # "le taux de chômage": the name ``Taux de chômage``, whole
        translated.text = spell_columns(translated.text, resolver)
    translated.text, idioms = read_idioms(translated.text, resolver)  # "en vigor", "Wert der Spalte X"
    translated.text, crossed = cross_names(translated.text, resolver, translated.language)  # "revenu"
    translated.text, kinds = kinds_of(translated.text, resolver)  # "type d'école": the school column
    translated.notes += idioms + crossed + kinds
    named = read_bracket_names(translated.text, resolver)  # "(mlda)", "(Salaire hebdomadaire industrie)"
    glossed = read_glosses(named.text, resolver, english=translated.language == "en")
    years = written_years(glossed.text, resolver)  # "year 81" over two-digit years; Datum = 850101
    text, repeated = repeated_grouping(years.text)  # "année par année": per année
    text, ranked = measure_adjectives(text, resolver)  # "les plus peuplés": the highest Population
    notes = [*translated.notes, *inflected, *named.notes, *glossed.notes, *strict, *years.notes, *repeated]
    notes += ranked
    return Translation(text=text, language=translated.language, notes=notes)
