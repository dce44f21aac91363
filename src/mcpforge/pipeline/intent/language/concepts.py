"""Common nouns of column concepts, and discourse phrases, in French, German and Spanish (folded words).

A request in another language names a column by the word for its concept ("pays", "Land", "país" for a
``country`` column; "États" for ``state``; "Lebenserwartung" for ``life expectancy``): the word is put in
English and the English reading decides whether the file has that column (a plural still counts rows or
asks, a name still must match). Only words for what a column or a row *is* are here: never a value of a
filter, never a number. A word of the file's own column names or values is never translated (the caller
protects them), so a file with native headers keeps its own names.

Discourse phrases ("dans les données", "en los datos", "in den Daten": in the data) become the English
phrase the reading already treats as closing words.
"""

from __future__ import annotations

# The concepts: English word → (French, German, Spanish) forms, singular and plural, accents folded.
_CONCEPTS: dict[str, tuple[str, str, str]] = {
    "country": ("pays", "land", "pais"),
    "countries": ("", "lander", "paises"),
    "state": ("etat", "staat|bundesstaat|bundesland", "estado"),
    "states": ("etats", "staaten|bundesstaaten|bundeslander", "estados"),
    "city": ("ville", "stadt", "ciudad"),
    "cities": ("villes", "stadte", "ciudades"),
    "region": ("region", "region", "region"),
    "regions": ("regions", "regionen", "regiones"),
    "continent": ("continent", "kontinent", "continente"),
    "continents": ("continents", "kontinente|kontinenten", "continentes"),
    "population": ("population", "bevolkerung|einwohner|einwohnerzahl", "poblacion"),
    "price": ("prix", "preis", "precio"),
    "prices": ("", "preise", "precios"),
    "weight": ("poids", "gewicht", "peso"),
    "disease": ("maladie", "krankheit", "enfermedad"),
    "diseases": ("maladies", "krankheiten", "enfermedades"),
    "case": ("", "fall", "caso"),
    "cases": ("cas", "falle", "casos"),
    "poll": ("sondage", "umfrage", "encuesta"),
    "polls": ("sondages", "umfragen", "encuestas"),
    "life expectancy": ("esperance de vie", "lebenserwartung", "esperanza de vida"),
    "date": ("date", "datum", "fecha"),
    "age": ("age", "alter|lebensalter", "edad"),  # "älter" (older) is read by its umlaut first
    "distinct": ("differents|differentes|distincts|distinctes",
                 "verschiedene|verschiedenen|verschiedener|unterschiedliche|unterschiedlichen"
                 "|unterschiedlicher",  # "die Anzahl verschiedener Regionen": genitive plural
                 "distintos|distintas|diferentes"),
}  # fmt: skip
# Phrases that only place the question in the data: read as the English "in the data".
_IN_THE_DATA = {
    "fr": "dans les donnees|dans le jeu de donnees|dans le fichier|dans le tableau|du fichier|du tableau"
    "|dans ce fichier|dans ce tableau|dans ce jeu de donnees|dans ces donnees",
    "de": "in den daten|im datensatz|in der datei|in der tabelle|aus der datei|aus den daten"
    "|in diesem datensatz|in dieser datei|in dieser tabelle|in diesen daten",
    "es": "en los datos|en el conjunto de datos|en el archivo|en la tabla|en el fichero|del fichero"
    "|en este archivo|en este fichero|en esta tabla|en estos datos|en este conjunto de datos",
}  # the demonstrative too ("en este archivo": in this file)
# The sheet of a workbook named as the place: "en la hoja", "dans la feuille", "im Blatt". The same words
# say "on the leaf", so they are the data only over a spreadsheet (``sheet_means_the_data``).
_IN_THE_SHEET = {
    "fr": "dans la feuille|dans cette feuille|dans la feuille de calcul|de la feuille",
    "de": "im blatt|in diesem blatt|im tabellenblatt|im arbeitsblatt",
    "es": "en la hoja|en esta hoja|en la hoja de calculo|de la hoja",
}
SHEET_PHRASES = frozenset(
    tuple(phrase.split()) for phrases in _IN_THE_SHEET.values() for phrase in phrases.split("|")
)
_SPREADSHEETS = (".xlsx", ".xlsm", ".xls", ".ods")


def sheet_means_the_data(path: str) -> bool:
    """Whether the file is a workbook, so that "the sheet" can only be the data itself."""
    return path.lower().endswith(_SPREADSHEETS)


# Counting phrases before an elided vowel ("combien d'États"), totals of counted things, "of" after an
# aggregation noun ("Anteil der Bevölkerung") and superlatives without their article ("con mayor").
_COUNTING = {
    "fr": {"ayant": "with", "qui ont": "with", "qui a": "with", "combien d'": "how many",
           "nombre d'": "number of", "le nombre total d'": "the total number of",
           "le total des": "the total number of", "le total de": "the total number of"},
    "de": {"anteil der": "share of the", "anteil an": "share of", "mittelwert der": "mean of the",
           "median der": "median of the", "durchschnitt der": "average of the",
           "maximum der": "maximum of the", "minimum der": "minimum of the",
           "die gesamtzahl der": "the total number of", "gesamtzahl der": "total number of",
           "gesamtzahl": "total number of"},
    "es": {"mayor de": "greater than", "menor de": "less than", "superior a": "above",
           "inferior a": "below", "con mayor": "with the highest", "con menor": "with the lowest",
           "mayor": "highest", "menor": "lowest", "con la mayor": "with the highest",
           "con el mayor": "with the highest", "con la menor": "with the lowest",
           "con el menor": "with the lowest",
           "mas alto": "the highest", "mas alta": "the highest", "mas altos": "the highest",
           "mas altas": "the highest", "mas bajo": "the lowest", "mas baja": "the lowest",
           "mas bajos": "the lowest", "mas bajas": "the lowest",
           "el total de": "the total number of", "total de": "total number of",
           "el numero total de": "the total number of"},
}  # fmt: skip

# French marks the plural of "pays" (one form for both) by its article only: "des pays communistes" is
# the countries (a population of rows over a panel, rows/panel_entities.py), "du pays" one country.
_PLURAL_BY_ARTICLE = {"fr": {"des pays": "of the countries", "les pays": "the countries",
                             "aux pays": "to the countries", "ces pays": "these countries"}}  # fmt: skip

_LANGUAGES = ("fr", "de", "es")


def concept_table(language: str) -> dict[str, str]:
    """Folded phrase → English, for the concept nouns, discourse and counting phrases of ``language``."""
    at = _LANGUAGES.index(language)
    table: dict[str, str] = {}
    for english, forms in _CONCEPTS.items():
        for phrase in filter(None, forms[at].split("|")):
            table[phrase] = english
    table.update(dict.fromkeys(_IN_THE_DATA[language].split("|"), "in the data"))
    table.update(dict.fromkeys(_IN_THE_SHEET[language].split("|"), "in the data"))
    table.update(_COUNTING[language])
    table.update(_PLURAL_BY_ARTICLE.get(language, {}))
    return table


_SINGULAR = {"countries": "country", "states": "state", "cities": "city", "regions": "region",
             "continents": "continent", "prices": "price", "diseases": "disease", "cases": "case",
             "polls": "poll"}  # fmt: skip


def native_forms(english: str, language: str) -> frozenset[str]:
    """Every form of the concept ``english`` in ``language``, singular and plural ("Land", "Länder")."""
    at = _LANGUAGES.index(language)
    family = {english, _SINGULAR.get(english, english)}
    family |= {plural for plural, one in _SINGULAR.items() if one in family}
    return frozenset(form for word in family for form in _CONCEPTS[word][at].split("|") if form)


def plural_of(english: str) -> str:
    """``country`` → ``countries``: the plural of a concept noun (itself when it has none here)."""
    return next((plural for plural, one in _SINGULAR.items() if one == english), english)


def concept_markers(language: str) -> frozenset[str]:
    """Concept words that are only of ``language``: neither English nor of the other two languages."""
    at = _LANGUAGES.index(language)
    forms = [{w for f in _CONCEPTS.values() for w in f[k].replace("|", " ").split()} for k in range(3)]
    others = set().union(*(forms[k] for k in range(3) if k != at))
    english = {w for phrase in _CONCEPTS for w in phrase.split()}
    return frozenset(forms[at] - others - english)


# The English nouns a concept becomes: a postposed adjective ("espérance de vie minimale") may follow them.
CONCEPT_NOUNS = frozenset(_CONCEPTS) - {"distinct"}
