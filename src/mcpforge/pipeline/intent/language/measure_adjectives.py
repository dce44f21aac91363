"""A superlative adjective placed after its noun that names what it ranks by: "les États les plus
peuplés", "los estados más poblados" rank the States by their population (issue 25).

The adjective is the measure's own word, said as a quality: "les cinq États les plus peuplés" are the five
with the highest population. It is read so only when the file has exactly one column that the noun names
(``Population``); otherwise it stays a word the reading has not used, and is asked or refused. Only the
form after the noun ("the X the most populous", as French and Spanish write it) is rewritten, to "the X
with the highest Population": put before a noun ("the most populous States") the column's name would run
into the noun's and could read as another column.

The adjectives of a dimension ("oldest", "heaviest", "fastest", "der älteste", "le plus âgé", "el más
joven") live here too, with the columns each may rank (:func:`measure_candidates`); rows/extremes.py reads
them. "fastest" is the lowest of a time (a time unit or a word of duration in the column's name) and the
highest of a speed (its own word, or a distance per hour); a bare ``time`` or ``hour`` column is neither.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.language.age_questions import age_columns
from mcpforge.pipeline.intent.words import ColumnResolver, norm


def _forms(
    stems: str, endings: str, meanings: tuple[str, ...], largest: bool
) -> dict[tuple[str, ...], _Sense]:
    """Every ``stem+ending`` ("plus+age" + "e" → ("plus", "agee")) with the meaning it ranks by."""
    return {
        tuple((stem + ending).split("+")): (meanings, largest)
        for stem in stems.split()
        for ending in ["", *endings.split()]
    }


_Sense = tuple[tuple[str, ...], bool]
_DE, _FR_ES = "n r s", "e s es o a os as"  # German "der älteste(n)", French -e -s, Spanish -o -a -os -as
# A superlative that names its own measure, in German, French or Spanish (folded words), as the words of
# rows/extremes.py read it: word(s) -> (meanings, largest first). "le plus âgé" and "el más joven" come
# after their noun; French takes its article ("le plus"), which keeps "age plus poids" arithmetic.
FOREIGN_SUPERLATIVES: dict[tuple[str, ...], _Sense] = {
    **_forms("alteste", _DE, ("age",), True), **_forms("jungste", _DE, ("age",), False),
    **_forms("schnellste", _DE, ("speed",), True), **_forms("langsamste", _DE, ("speed",), False),
    **_forms("teuerste", _DE, ("price",), True), **_forms("billigste gunstigste", _DE, ("price",), False),
    **_forms("schwerste", _DE, ("weight",), True), **_forms("leichteste", _DE, ("weight",), False),
    **_forms("langste", _DE, ("length",), True), **_forms("kurzeste", _DE, ("length", "height"), False),
    **_forms("plus+age plus+vieux plus+vieille mas+viej", _FR_ES, ("age",), True),
    **_forms("plus+jeune mas+joven mas+jovenes", "s", ("age",), False),
    **_forms("plus+rapide mas+rapid", _FR_ES, ("speed",), True),
    **_forms("plus+lent mas+lent", _FR_ES, ("speed",), False),
    **_forms("plus+cher mas+car", _FR_ES, ("price",), True),
    **_forms("moins+cher menos+car mas+barat", _FR_ES, ("price",), False),
    **_forms("plus+lourd mas+pesad", _FR_ES, ("weight",), True),
    **_forms("plus+leger mas+liger mas+livian", _FR_ES, ("weight",), False),
    **_forms("plus+long plus+longue mas+larg", _FR_ES, ("length",), True),
    **_forms("plus+court mas+cort", _FR_ES, ("length", "height"), False),
}  # fmt: skip

# meaning -> stems of the column names that hold it (age: age_column; speed: _speed_direction)
_MEANINGS: dict[str, tuple[str, ...]] = {
    "price": ("price", "cost", "prix", "preis", "precio", "kosten", "fare"),
    "weight": ("weight", "mass", "gewicht", "poids", "peso", "kg", "lbs"),
    "length": ("length", "duration", "distance", "longueur", "lange", "dauer", "duree", "km", "miles",
               "meilen", "millas"),
    "height": ("height", "hohe", "hoehe", "hauteur", "altura"),
}  # fmt: skip
# the nouns that name a meaning's measure without being a column ("the fastest half-marathon time")
MEASURE_NOUNS: dict[str, frozenset[str]] = {
    "age": frozenset({"age", "alter", "edad"}),
    "speed": frozenset({"time", "times", "speed", "pace", "zeit", "temps", "tiempo", "vitesse", "velocidad"}),
    "price": frozenset({"price", "cost", "prix", "preis", "precio", "coste", "costo"}),
    "weight": frozenset({"weight", "mass", "poids", "gewicht", "peso", "masse"}),
    "length": frozenset({"length", "distance", "duration", "longueur", "distancia", "entfernung", "strecke"}),
    "height": frozenset({"height", "hauteur", "altura", "hohe"}),
}  # fmt: skip
# a speed: its own word, or a distance per hour ("Ingresos por hora" is a rate of money, no speed)
_SPEED_UNITS = re.compile(r"(?i)\b(?:speed|velocity|vitesse|geschwindigkeit|velocidad|mph|kmh|kph|km/h)\b"
                          r"|\b(?:km|kilometers?|kilometres?|miles?|meilen|millas|kilometros)\s*(?:per|pro|par|por|/)"
                          r"\s*(?:hour|hora|heure|stunde|h)\b")  # fmt: skip
_TIME_UNITS = frozenset({"duration", "dauer", "duree", "duracion", "pace", "minutes", "minuten", "minutos",
                         "mins", "seconds", "secondes", "sekunden", "segundos", "secs", "sec",
                         "min"})  # fmt: skip


# word (or two words) -> (meanings, largest first); "shortest" is a length or a height
SUPERLATIVE_WORDS: dict[tuple[str, ...], tuple[tuple[str, ...], bool]] = {
    ("most", "expensive"): (("price",), True), ("least", "expensive"): (("price",), False),
    ("priciest",): (("price",), True), ("dearest",): (("price",), True), ("cheapest",): (("price",), False),
    ("heaviest",): (("weight",), True), ("lightest",): (("weight",), False),
    ("longest",): (("length",), True), ("shortest",): (("length", "height"), False),
    ("tallest",): (("height",), True), ("oldest",): (("age",), True), ("youngest",): (("age",), False),
    ("fastest",): (("speed",), True), ("quickest",): (("speed",), True), ("slowest",): (("speed",), False),
    **FOREIGN_SUPERLATIVES,  # "der älteste", "le plus âgé", "el más joven"
}  # fmt: skip
# "how old is the oldest X": the question's adjective says the same measure (German drops "wie")
HOW_WORDS: dict[str, str] = {
    "old": "age", "young": "age", "alt": "age", "jung": "age", "heavy": "weight", "light": "weight",
    "tall": "height", "long": "length", "expensive": "price", "cheap": "price", "fast": "speed",
    "quick": "speed", "slow": "speed", "schwer": "weight", "teuer": "price", "lang": "length",
    "schnell": "speed",
}  # fmt: skip


def _speed_direction(column: str) -> bool | None:
    """True: a speed (fastest = highest); False: a time (fastest = lowest); None: neither."""
    if _SPEED_UNITS.search(column.replace("_", " ")):
        return True
    return False if _TIME_UNITS & set(norm(column).split()) else None


def measure_candidates(meanings: tuple[str, ...], resolver: ColumnResolver) -> dict[str, bool]:
    """The numeric columns that hold one of ``meanings``, each with True when "more" is its highest."""
    found: dict[str, bool] = {}
    for meaning in meanings:
        if meaning == "age":  # "Alter" and "Alter bei der ersten Geburt": asked
            found.update(dict.fromkeys(age_columns(resolver), True))
            continue
        for name in resolver.names():
            if resolver.kind(name) != "numeric":
                continue
            if meaning == "speed":
                direction = _speed_direction(name)
                found.update({name: direction} if direction is not None else {})
            elif any(w.startswith(_MEANINGS[meaning]) for w in norm(name).split()):
                found[name] = True
    return found


_DEGREE = r"(?:(?P<most>plus|m[aá]s)|(?P<least>moins|menos))"
# noun of the measure → the adjectives that say "having much of it" (French, Spanish)
_ADJECTIVES: dict[str, str] = {
    "population": r"peupl[ée]e?s?|populeu(?:x|se|ses)|poblad[oa]s?|populos[oa]s?",
}


def measure_adjectives(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` with "the most <adjective>" as "with the highest <column>" ("least": lowest), and notes."""
    notes: list[str] = []
    for noun, adjectives in _ADJECTIVES.items():
        column = resolver.resolve(noun, fuzzy=False)
        if column is None:
            continue
        pattern = re.compile(rf"(?i)\bthe {_DEGREE} (?:{adjectives})\b")

        def one(match: re.Match[str], column: str = column) -> str:
            word = "highest" if match.group("most") else "lowest"
            notes.append(f"{match.group()!r} read as the {word} {column!r}")
            return f"with the {word} {column}"

        text = pattern.sub(one, text)
    return text, notes
