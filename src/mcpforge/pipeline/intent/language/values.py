"""Category values written in another language: "Europa" for the value ``Europe``, "Afrique" for ``Africa``.

A French, German or Spanish request names a file's English value in its own language. A word becomes a
value of the file only in two ways, and the reading says which ("read 'Europa' as the value 'Europe' of
'continent'"):

- the language's word for it is listed here (continents and a few countries whose names differ), and the
  file has that value;
- or the word and one value of the file differ only in their ending once accents are folded ("Europa" /
  "Europe", "Texas" / "Texas"), and no other value of the file is that close. Short words never match
  this way, and two close values make it no value at all: the English accounting then names the word.
"""

from __future__ import annotations

from dataclasses import dataclass

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver, fold

# Folded foreign name → the English value. Names that differ more than in their ending.
_NAMES: dict[str, str] = {
    "afrique": "Africa", "afrika": "Africa", "amerique": "Americas", "amerika": "Americas",
    "america": "Americas", "ameriques": "Americas", "americas": "Americas", "asie": "Asia",
    "asien": "Asia", "oceanie": "Oceania", "ozeanien": "Oceania", "oceania": "Oceania",
    "allemagne": "Germany", "deutschland": "Germany", "alemania": "Germany", "espagne": "Spain",
    "spanien": "Spain", "espana": "Spain", "frankreich": "France", "francia": "France",
    "italie": "Italy", "italien": "Italy", "angleterre": "England", "inglaterra": "England",
    "royaume-uni": "United Kingdom", "chine": "China", "japon": "Japan", "suisse": "Switzerland",
    "schweiz": "Switzerland", "suiza": "Switzerland", "mexique": "Mexico", "mexiko": "Mexico",
    "bresil": "Brazil", "brasilien": "Brazil", "brasil": "Brazil", "inde": "India", "indien": "India",
    "californie": "California", "kalifornien": "California", "floride": "Florida",
    "europa": "Europe",
}  # fmt: skip
_ENDING = re.compile(r"(?:en|es|as|os|e|a|o|s)$")
_MIN_LETTERS = 5


@dataclass(frozen=True)
class ValueWord:
    """A foreign word read as the value ``value`` of ``column``."""

    value: str
    column: str


def _stem(word: str) -> str:
    return _ENDING.sub("", word)


def translated_value(word: str, resolver: ColumnResolver) -> ValueWord | None:
    """The file's category value that the folded ``word`` names in another language, if exactly one."""
    if len(word) < _MIN_LETTERS or not re.fullmatch(r"[a-z][a-z\-]+", word):
        return None
    listed = _NAMES.get(word)
    hits: dict[tuple[str, str], None] = {}
    for info in resolver.schema.columns:
        if info.kind != "categorical":
            continue
        for value in info.values:
            folded = fold(str(value)).strip()
            if listed is not None and folded == fold(listed):
                return ValueWord(value=str(value), column=info.name)
            if len(folded) >= _MIN_LETTERS and _stem(folded) == _stem(word) and len(_stem(word)) >= 4:
                hits[(info.name, str(value))] = None
    if len(hits) != 1:
        return None
    column, value = next(iter(hits))
    return ValueWord(value=value, column=column)
