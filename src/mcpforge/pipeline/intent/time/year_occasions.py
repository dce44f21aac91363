"""A year beside the occasion it dates: "in the 2016 survey", "the 1978 values", "la encuesta de 2016".

A survey, a wave, a census, a season or the values "of 1978" are the rows of that year: on a file whose
time is a year column (or a date column), "how many respondents in the 2016 survey ..." is the count over
``year == 2016``, and "entre la encuesta de 1978 y la de 2016" is the change between those two years. The
readers read a year after a preposition ("in 2016", "en 2016", "im Jahr 2016", "between 1978 and 2016"),
not a year inside the name of what it dates: the number was left over and the request refused. The phrase is
rewritten into the form the readers read, before the languages are read, and a note says so.

Only when the file has a time column a year restricts, and only when the occasion word names no column and
no value of the file (a column ``wave`` keeps "the 2016 wave" to itself, asked or refused as before). A
year with a cohort or a birth ("the 1990 cohort", "born 1990") dates something else and is left alone.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.conditions import year_target
from mcpforge.pipeline.intent.words import ColumnResolver, tokenize

_Y = r"(?:1[89]|20)\d{2}"
# never "rows", "records": "the 2000 rows" are as many rows
_EN_NOUNS = r"surveys?|waves?|rounds?|census(?:es)?|editions?|seasons?|polls?|values|figures|data"
_ES_NOUNS = r"encuestas?|olas?|censos?|rondas?|ediciones|edici[o\u00f3]n|temporadas?|valores|datos|cifras"
_FR_NOUNS = (
    r"enqu[\u00ea]tes?|enquetes?|vagues?|recensements?|[\u00e9e]ditions?|saisons?|valeurs|"
    r"donn[\u00e9e]es|chiffres"
)
_DE_NOUNS = r"umfragen?|befragung(?:en)?|erhebung(?:en)?|wellen?|runden?|zensus|ausgaben?|saison|werte|daten"
# "in the 2016 survey", "for the year 1990 wave", "the 1978 values"
_EN = re.compile(
    rf"\b(?:(?P<prep>in|of|for|from|during|at)\s+)?the\s+(?:year\s+)?(?P<year>{_Y})\s+(?P<noun>{_EN_NOUNS})\b",
    re.IGNORECASE,
)
# "en la encuesta de 2016", "lors de l'enquête de 1998", "in der Umfrage von 2016",
# "las encuestas de 2000 a 2010"
_ARTICLE = r"(?:la|el|las|los|l['\u2019]|le|les|der|die|den|dem)"
_FOREIGN = re.compile(
    rf"\b(?:(?P<prep>en|lors\s+de|de|dans|durante|pendant|pour|para|in|bei|aus)\s+)?{_ARTICLE}\s*"
    rf"(?P<noun>{_ES_NOUNS}|{_FR_NOUNS}|{_DE_NOUNS})\s+(?:(?:de|del|du|d['\u2019]|von|aus|vom)\s*)?"
    rf"(?:(?:l['\u2019]ann\u00e9e|el\s+a\u00f1o|(?:dem\s+)?jahr)\s+)?(?P<year>{_Y})\b"
    rf"(?:\s*(?P<joint>a|\u00e0|bis|-|\u2013)\s*(?P<high>{_Y})\b)?",
    re.IGNORECASE,
)
# "... y la de 2016", "... et celle de 1998", "... and the 2016 one": the second occasion, named by its year
_SECOND = re.compile(
    rf"\b(?P<joint>y|et|und|and)\s+(?:la|el|celle|celui|die|der)\s+(?:de|del|d['\u2019]|von)\s+(?P<year>{_Y})\b"
    rf"|\b(?P<joint2>and)\s+the\s+(?P<year2>{_Y})\s+one\b",
    re.IGNORECASE,
)
_JOINTS = frozenset({"between", "entre", "zwischen", "from", "de", "von", "and", "y", "et", "und", "to", "a",
                     "\u00e0", "bis", "desde", "hasta"})  # fmt: skip
_WORD_BEFORE = re.compile(r"([^\W\d_]+)\s*$")
_LANGUAGE_OF_NOUN = (
    (re.compile(rf"^(?:{_ES_NOUNS})$", re.IGNORECASE), "es"),
    (re.compile(rf"^(?:{_FR_NOUNS})$", re.IGNORECASE), "fr"),
)
_IN = {"es": "en", "fr": "en", "de": "im Jahr"}
_RANGE = {"es": ("entre", "y"), "fr": ("entre", "et"), "de": ("zwischen", "und")}


def _language(noun: str) -> str:
    return next((lang for pattern, lang in _LANGUAGE_OF_NOUN if pattern.match(noun)), "de")


def _inside_a_span(text: str, start: int) -> bool:
    """The phrase is one end of a span ("between the 1978 survey and ..."): the year alone is written."""
    word = _WORD_BEFORE.search(text[:start])
    return word is not None and word.group(1).lower() in _JOINTS


def _taken(resolver: ColumnResolver, noun: str) -> bool:
    """The occasion word is a column or a value of the file: it keeps that reading."""
    low = noun.lower()
    if resolver.resolve(low, fuzzy=False) is not None:
        return True
    return any(low == str(v).strip().lower() for info in resolver.schema.columns for v in info.values)


def _held(resolver: ColumnResolver, column: str, year: str) -> bool:
    """The time column holds ``year``: within its range, among its values when the file lists them, and
    not the file's number of rows."""
    info = next((i for i in resolver.schema.columns if i.name == column), None)
    if info is None:
        return False
    bounds = [str(b)[:4] if isinstance(b, str) else b for b in (info.minimum, info.maximum)]
    try:
        low, high = (float(b) for b in bounds)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    listed = {str(v).strip() for v in info.values}
    if resolver.schema.rows == int(year):
        return False  # "the 2000 values" of a file of 2000 rows: as many values, maybe
    return low <= int(year) <= high and (not listed or info.kind == "datetime" or year in listed)


def year_occasions(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` with "the 2016 survey" written "in 2016" (see the module), and a note for each."""
    if not any(c.isdigit() for c in text) or not (_EN.search(text) or _FOREIGN.search(text)):
        return text, []  # most requests: no year beside an occasion word (no column lookups)
    target = year_target(resolver, tokenize(text.lower()))
    if target is None:
        return text, []
    notes: list[str] = []

    def english(m: re.Match[str]) -> str:
        if _taken(resolver, m.group("noun")) or not _held(resolver, target, m.group("year")):
            return m.group(0)
        notes.append(f"{m.group(0).strip()!r} read as the rows of {m.group('year')}")
        if m.group("prep") is None and _inside_a_span(m.string, m.start()):
            return m.group("year")
        return f"in {m.group('year')}"

    def foreign(m: re.Match[str]) -> str:
        noun, low, high = m.group("noun"), m.group("year"), m.group("high")
        if _taken(resolver, noun) or not all(_held(resolver, target, y) for y in (low, high) if y):
            return m.group(0)
        lang = _language(noun)
        notes.append(f"{m.group(0).strip()!r} read as the rows of {low}" + (f" to {high}" if high else ""))
        if high is not None:
            if int(high) < int(low):
                return m.group(0)
            first, joint = _RANGE[lang]
            return f"{first} {low} {joint} {high}"
        if m.group("prep") is None and _inside_a_span(m.string, m.start()):
            return low
        return f"{_IN[lang]} {low}"

    text = _FOREIGN.sub(foreign, _EN.sub(english, text))
    if notes:
        text = _SECOND.sub(
            lambda m: f"{m.group('joint') or m.group('joint2')} {m.group('year') or m.group('year2')}", text
        )
    return text, notes
