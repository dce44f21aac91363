"""A count per N inhabitants in a correlation: "the correlation between the beer tax and road deaths per
10,000 inhabitants", "corrélation ... et le nombre de décès routiers pour 10 000 habitants".

"X per N inhabitants" is the row's X / population x N when the file has exactly one population column
(``Population``, ``pop``, ``Einwohner``, ``población`` ...). In a correlation each row is one pair, so the
feature is computed per row (:func:`features.add_feature`) and the reading shows its formula. Elsewhere "X per
N inhabitants" may mean the pooled rate of a group or the mean of the rows' rates, which are other numbers:
it is not read here (arithmetic.py reads the pooled rate where the request gives the formula; the rest is
asked or refused by the accounting). Without one population column, or when X is not a numeric column,
nothing is read.
"""

from __future__ import annotations

import unicodedata

from mcpforge import _lazy_re as re
from mcpforge.models import DerivedColumn
from mcpforge.pipeline.intent.analysis.features import Aliases, add_feature
from mcpforge.pipeline.intent.words import ColumnResolver

_I = re.IGNORECASE
_PER_N = re.compile(
    r"\s+(?:per|for|pour|por|pro|je|every)\s+(?:every\s+|each\s+)?"
    r"(?P<n>\d{1,3}(?:[ ,.\u202f\u00a0]\d{3})+|\d+)\s+"
    r"(?P<unit>inhabitants|habitants|habitantes|people|persons|residents|population|einwohnern?|personnes|personas)\b",
    _I,
)
_POPULATION_NAMES = frozenset({"population", "pop", "population totale", "total population", "bevolkerung",
                               "einwohner", "poblacion", "poblacion total", "habitants", "inhabitants",
                               "residents"})  # fmt: skip
_WORD = re.compile(r"[^\s(),;:?!]+")
_NUMBER_OF = re.compile(r"(?:\bthe\s+)?\bnumber\s+of\s+$|\bnombre\s+de\s+$", _I)
_LONGEST_NAME = 6


def _plain(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.strip().lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def population_column(resolver: ColumnResolver) -> str | None:
    """The file's one numeric population column, else None."""
    found = [c for c in resolver.names() if _plain(c) in _POPULATION_NAMES and resolver.kind(c) == "numeric"]
    return found[0] if len(found) == 1 else None


def _counted_before(head: str, resolver: ColumnResolver) -> tuple[int, str] | None:
    """The numeric column named by the last words of ``head``: (where its words start, column)."""
    words = list(_WORD.finditer(head))
    for width in range(min(_LONGEST_NAME, len(words)), 0, -1):
        start = words[-width].start()
        column = resolver.resolve(head[start:].strip(), fuzzy=False)
        if column is not None and resolver.kind(column) == "numeric":
            return start, column
    return None


def read_per_capita(
    text: str, resolver: ColumnResolver, aliases: Aliases, *, placeholder: str
) -> tuple[str, list[DerivedColumn]]:
    """``text`` with each "X per N inhabitants" of a correlation replaced by a placeholder for
    X / population x N; the new columns (registered in ``resolver``)."""
    derived: list[DerivedColumn] = []
    lowered = text.lower()
    if not any(stem in lowered for stem in ("correl", "corrél", "korrel")) or not _PER_N.search(text):
        return text, derived
    population = population_column(resolver)
    if population is None:
        return text, derived
    pos = 0
    while (match := _PER_N.search(text, pos)) is not None:
        pos = match.end()
        counted = _counted_before(text[: match.start()], resolver)
        if counted is None or counted[1] == population:
            continue
        start, column = counted
        if (number_of := _NUMBER_OF.search(text[:start])) is not None:
            start = number_of.start()  # "the number of deaths per 10,000 inhabitants": the deaths column
        n = re.sub(r"\D", "", match.group("n"))
        expression = f"`{column}` / `{population}` * {n}"
        word = add_feature(f"{column} per {n} {match.group('unit')}", expression, resolver, aliases, derived,
                           placeholder=placeholder)  # fmt: skip
        text = f"{text[:start]}{word}{text[match.end() :]}"
        pos = start + len(word)
    return text, derived
