"""Age asked the way people ask it: "how old ... on average", "Wie alt ... im Durchschnitt", "Quel âge ont ...
en moyenne", "¿Qué edad tienen ... en promedio?"; and "young"/"old" said without a bound.

"How old" names the file's age column as the measure (the one numeric column named age, Alter, edad or
âge): with an aggregation adverb ("on average", "im Durchschnitt") it is read as the mean of
the age column, and the reading says so ("read 'how old ... on average' as the average of 'age'"). Without
an aggregation word, or on a file with no or several age columns, nothing is read here and the request
asks or refuses as before. "At what age" ("à quel âge", "a qué edad") asks for the age of something else
and is left alone. French "avoir 30 ans" and Spanish "tener 30 años" say an age ("to be 30"): they are
written "aged 30 ans", so the bound after them is on the age column, never on another column in years.

"young", "old", "jung", "jeune", "joven"... with no number say an age without its bound: a reading that
puts no condition on the age column would count every row, so the request is refused naming the word.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from mcpforge import _lazy_re as re
from mcpforge.models import Intent
from mcpforge.pipeline.intent.words import ColumnResolver, norm, tokenize

_AGE_NAMES = ("age", "alter", "edad", "lebensalter")
# "how old" in each language; "à quel âge" / "a qué edad" (at what age) are excluded by _AT_WHAT.
_HOW_OLD = re.compile(
    r"(?i)\b(?:how\s+old|wie\s+alt|quel\s+age(?:\s+(?:a|ont|avait|avaient))?|quelle?\s+est\s+l'age"
    r"|que\s+edad(?:\s+(?:tiene|tienen|tenia|tenian))?)\b"
)
_HOW_OLD_WORDS = ("old", "alt", "age", "edad")
# French "avoir N ans", Spanish "tener N años": to be N years old (the verb says age, not a duration).
_HAVING_YEARS = re.compile(
    r"(?i)\b(?:ont|a|avaient|avait|ayant|tiene|tienen|tenia|tenian|teniendo)(\s+(?:\d+)\s+(?:ans|anos)\b)"
)
_AT_WHAT = re.compile(r"(?i)\b(?:a|at|in)\s+$")
# An aggregation of the age said as an adverb ("on average", "im Durchschnitt", "en moyenne", "en promedio"):
# a noun ("el promedio de ingresos") aggregates something else, and "which age has the highest mean X"
# (Spanish and French "how old" is also "which age") ranks ages: a ranking word leaves the request alone.
_AGGREGATIONS: tuple[tuple[str, str], ...] = (
    (r"on\s+(?:the\s+)?average|in\s+average|im\s+durchschnitt|durchschnittlich|im\s+mittel|en\s+moyenne"
     r"|en\s+promedio|de\s+media|en\s+media|por\s+termino\s+medio",
     "average"),
)  # fmt: skip
_RANKING = re.compile(
    r"(?i)\b(?:most|least|highest|lowest|best|worst|more|less|mas|menos|mayor|menor|mejor|peor|plus|moins"
    r"|meilleur|meilleure|pire|hochste|hochsten|niedrigste|niedrigsten|meisten|wenigsten|top)\b"
)
_UNBOUNDED = frozenset({
    "young", "younger", "old", "older", "elderly", "jung", "junge", "jungen", "jungere", "jungeren", "alt",
    "alte", "alten", "altere", "alteren", "jeune", "jeunes", "vieux", "vieille", "vieilles", "agee", "agees",
    "joven", "jovenes", "viejo", "viejos", "vieja", "viejas", "ancianos",
})  # fmt: skip
# Words right before "old"/"alt" that make it part of a bound or of "how old" ("30 years old", "wie alt").
# "más joven", "le plus jeune": a superlative (rows/extremes.py reads it), no unbounded age.
_BOUND_BEFORE = frozenset({"how", "wie", "years", "year", "jahre", "jahren", "jahr", "ans", "anos", "mas",
                           "plus", "menos", "moins"})  # fmt: skip
_BOUND_AFTER = frozenset({"than", "als", "que", "de"})


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def age_columns(resolver: ColumnResolver) -> list[str]:
    """The file's numeric columns named age (in English, German, Spanish or French)."""
    return [
        info.name
        for info in resolver.schema.columns
        if info.kind == "numeric" and (norm(info.name).split() or [""])[0] in _AGE_NAMES
    ]


def age_column(resolver: ColumnResolver) -> str | None:
    """The file's one numeric column named age, else None."""
    found = age_columns(resolver)
    return found[0] if len(found) == 1 else None


@dataclass(frozen=True)
class AgeQuestion:
    """A "how old ... on average" question: the age column it averages and the note saying so."""

    column: str
    note: str

    def in_english(self, text: str) -> str:
        """The translated request with "how old" and its adverb written as "average <age column>"."""
        asked = re.search(r"(?i)\bhow\s+old\b", text)
        if asked is None:
            return text
        marked = f"{text[: asked.start()]}\x00{text[asked.end() :]}"  # the adverb before or after it
        adverb = re.search(r"(?i)\b(?:(?:on|in)\s+(?:the\s+)?average|average)\b,?", marked)
        if adverb is None:
            return text
        marked = marked[: adverb.start()] + marked[adverb.end() :]
        return re.sub(r"\s{2,}", " ", marked.replace("\x00", f"average {self.column}")).strip()


def _aged(text: str, resolver: ColumnResolver) -> str:
    """``text`` with "ont 30 ans" / "tienen 30 años" written "aged 30 ans" on a file with one age column."""
    folded = _fold(text)
    low = folded.lower()
    if (" ans" not in low and " anos" not in low) or len(folded) != len(text):
        return text  # the common case, decided without a pattern (or a text whose marks change its length)
    if age_column(resolver) is None:
        return text
    out = text
    for verb in reversed(list(_HAVING_YEARS.finditer(folded))):
        out = f"{out[: verb.start()]}aged{out[verb.start(1) :]}"
    return out


def how_old(text: str, resolver: ColumnResolver) -> tuple[str, AgeQuestion | None]:
    """``text`` with its "how old" phrase in English ("wie alt" → "how old") when it is asked with an
    aggregation adverb over the file's one age column, and the question; else ``text`` and None. French
    and Spanish "have N years" are written "aged N years" (:func:`_aged`)."""
    text = _aged(text, resolver)
    folded = _fold(text)
    if not any(word in folded.lower() for word in _HOW_OLD_WORDS):
        return text, None  # the common case, decided without a pattern
    asked = _HOW_OLD.search(folded)
    column = age_column(resolver) if asked else None
    if asked is None or column is None or _AT_WHAT.search(folded[: asked.start()]) or _RANKING.search(folded):
        return text, None
    said = [m for pattern, _ in _AGGREGATIONS for m in re.finditer(rf"(?i)\b(?:{pattern})\b", folded)]
    if len(said) != 1:
        return text, None
    out = folded if len(folded) != len(text) else text  # same length unless a mark was dropped
    written = text[asked.start() : asked.end()]
    note = f"read {written!r} with {said[0].group()!r} as the average of {column!r}"
    return f"{out[: asked.start()]}how old{out[asked.end() :]}", AgeQuestion(column=column, note=note)


def unbounded_age_word(intent: Intent, resolver: ColumnResolver) -> str | None:
    """A word of age ("young", "alt") the reading gives no bound: no condition on the age column."""
    tokens = tokenize(intent.request)
    if _UNBOUNDED.isdisjoint(tokens):
        return None  # the common case
    column = age_column(resolver)
    if column is None or any(f.column == column for f in intent.filters):
        return None
    for i, token in enumerate(tokens):
        if token not in _UNBOUNDED:
            continue
        before = tokens[i - 1] if i > 0 else ""
        after = tokens[i + 1] if i + 1 < len(tokens) else ""
        if before in _BOUND_BEFORE or after in _BOUND_AFTER or re.fullmatch(r"\d+", before):
            continue
        return token
    return None
