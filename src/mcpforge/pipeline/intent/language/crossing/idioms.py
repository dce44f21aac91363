"""Idioms that state a condition or say nothing about the rows, in the request's language (issue 25).

- "la ley ... en vigor", "the law in force", "la loi en vigueur", "das Gesetz in Kraft": the law column is
  yes. Read only when exactly one column named in the request has two values, one of them a yes
  ("yes", "true", "sí", "oui", "ja"), and no negation stands just before (a word of the name names it,
  or that word in another language: "law" for ``Ley de portación de armas``); it is then written
  "<column> = <yes>" and said in the reading. Otherwise "force" stays and the reading asks or refuses.
- "sur toute la période", "en todo el periodo", "über den gesamten Zeitraum": English "over the whole
  period", which the reading already names as not used (no year filter).
- verbs of recording ("registrada", "enregistré", "gemessen"): English "recorded", a word of discourse
  the reading names as not used, as it does for "measured" and "recorded".
- "the value of the column X", "Wert der Spalte X", "valeur de la colonne X": the column X, quoted (it
  may be an analysis word, as ``median`` is).
- "for each type of school", "pour chaque type d'école", "por tipo de escuela": the categories of the
  column ``school`` (a categorical column, when "type" is no column of the file).
- "qui investissent le plus": "le plus" closing the clause ("the most"); the verb is read by
  ``crossing.names``.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.language.crossing.column_nouns import concepts_of
from mcpforge.pipeline.intent.words import ColumnResolver, fold, norm

_WHOLE_PERIOD = "over the whole period"
_RECORDED = "recorded"
_IN_FORCE = "in force"
_PHRASES: dict[str, dict[str, str]] = {
    "es": {
        "en todo el periodo": _WHOLE_PERIOD, "durante todo el periodo": _WHOLE_PERIOD,
        "a lo largo de todo el periodo": _WHOLE_PERIOD, "en todo el periodo de tiempo": _WHOLE_PERIOD,
        "en vigor": _IN_FORCE, "vigente": _IN_FORCE, "vigentes": _IN_FORCE,
        "registrada": _RECORDED, "registrado": _RECORDED, "registradas": _RECORDED,
        "registrados": _RECORDED, "observada": _RECORDED, "observado": _RECORDED,
        "observadas": _RECORDED, "observados": _RECORDED, "medida en": _RECORDED + " in",
        "en promedio": "on average", "de media": "on average", "tipo de": "type of",
        "tipos de": "types of",
    },
    "fr": {
        "sur toute la periode": _WHOLE_PERIOD, "sur l'ensemble de la periode": _WHOLE_PERIOD,
        "pendant toute la periode": _WHOLE_PERIOD, "sur toute la duree": _WHOLE_PERIOD,
        "en vigueur": _IN_FORCE,
        "enregistre": _RECORDED, "enregistree": _RECORDED, "enregistres": _RECORDED,
        "enregistrees": _RECORDED, "observee": _RECORDED, "observees": _RECORDED,
        "en moyenne": "on average", "type de": "type of", "type d'": "type of",
        "types de": "types of", "types d'": "types of",
    },
    "de": {
        "uber den gesamten zeitraum": _WHOLE_PERIOD, "im gesamten zeitraum": _WHOLE_PERIOD,
        "uber den ganzen zeitraum": _WHOLE_PERIOD, "im ganzen zeitraum": _WHOLE_PERIOD,
        "in kraft": _IN_FORCE,
        "gemessen": _RECORDED, "gemessene": _RECORDED, "gemessenen": _RECORDED, "gemessener": _RECORDED,
        "registriert": _RECORDED, "registrierte": _RECORDED, "registrierten": _RECORDED,
        "verzeichnet": _RECORDED, "verzeichnete": _RECORDED, "aufgezeichnet": _RECORDED,
        "aufgezeichnete": _RECORDED,
    },
}  # fmt: skip


def idiom_phrases(language: str) -> dict[str, str]:
    """Folded phrase of ``language`` → English, for the translation's phrase tables."""
    return dict(_PHRASES.get(language, {}))


_YES = frozenset({"yes", "true", "si", "oui", "ja", "y"})
_NEGATION = re.compile(r"\b(?:not|no|nicht|kein|keine|pas|non|nunca|never|without)\b", re.IGNORECASE)
_FORCE = re.compile(r"\bin (?:force|effect)\b", re.IGNORECASE)
_LONE_MOST = re.compile(r"\bthe plus(?=\s*(?:on average\b|[?.!,]|$))")
_COLUMN_NOUNS = ("column", "colonne", "spalte", "columna", "variable", "field")
_COLUMN_WORDS = rf"(?:{'|'.join(_COLUMN_NOUNS)})"
_NAMED_COLUMN = re.compile(
    rf"\b(?:the\s+)?(?:values?|wert|werte|valeur|valeurs|valor|valores)\s+(?:of\s+)?(?:the\s+)?{_COLUMN_WORDS}\s+",
    re.IGNORECASE,
)


def read_idioms(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` with the idioms above read in English; notes for what was read."""
    notes: list[str] = []
    lowered = text.lower()  # plain tests first: a request without these idioms compiles no pattern here
    if "the plus" in lowered:
        text = _LONE_MOST.sub("the most", text)  # "qui investissent le plus en moyenne"
    if any(word in lowered for word in _COLUMN_NOUNS):
        text, named = _named_columns(text, resolver)
        notes += named
    forced: list[str] = []
    if "in force" in lowered or "in effect" in lowered:
        text, forced = _in_force(text, resolver)
    if _WHOLE_PERIOD in text:  # the translation's own words: said, as no filter is a choice too
        notes.append(f"read {_WHOLE_PERIOD!r} as every year: no year filter")
    return text, notes + forced


def _named_columns(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """ "the value of the column median" → '"median"': a column said to be one, by its name."""
    notes: list[str] = []
    for match in reversed(list(_NAMED_COLUMN.finditer(text))):
        rest = text[match.end() :]
        name = next(
            (n for n in sorted(resolver.names(), key=len, reverse=True)
             if re.match(rf"{re.escape(n)}(?![\w\-])", rest, re.IGNORECASE)),
            None,
        )  # fmt: skip
        if name is None:
            continue
        text = text[: match.start()] + f'"{name}"' + rest[len(name) :]
        notes.append(f"read {match.group(0).strip() + ' ' + name!r} as the column {name!r}")
    return text, notes


def _in_force(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """ "the law in force" → "<law column> = yes" when exactly one yes/no column is named; notes."""
    force = _FORCE.search(text)
    if force is None or _NEGATION.search(text[max(0, force.start() - 30) : force.start()]):
        return text, []
    words = set(norm(text).split())
    named: list[tuple[str, str]] = []
    for info in resolver.schema.columns:
        values = [str(v) for v in info.values]
        yes = [v for v in values if fold(v) in _YES]
        if len(values) != 2 or len(yes) != 1:
            continue
        if any(_names(w, info.name) for w in words):
            named.append((info.name, yes[0]))
    if len(named) != 1:
        return text, []
    ((column, yes_value),) = named
    rest = text[: force.start()].rstrip() + text[force.end() :]
    mention = _mention(rest, column)
    if mention is None:
        return text, []
    rest = rest[: mention[0]] + f"{column} = {yes_value}" + rest[mention[1] :]
    return rest, [f"read {force.group(0)!r} as {column!r} = {yes_value!r}"]


def _names(word: str, column: str) -> bool:
    """``word`` is a word of ``column``'s name, or that word in another language ("law" for "Ley de ...")."""
    own = {w for w in norm(column).split() if len(w) >= 3}
    if word in own:
        return True
    return any(own & forms for concept in concepts_of(word) for forms in concept.values())


def _mention(text: str, column: str) -> tuple[int, int] | None:
    """Where ``text`` names ``column``: its full name, else the first word that names it."""
    whole = re.search(rf"(?<![\w\-]){re.escape(column)}(?![\w\-])", text, re.IGNORECASE)
    if whole is not None:
        return whole.span()
    for match in re.finditer(r"[\w\-]+", text):
        if _names(fold(match.group(0)), column):
            return match.span()
    return None


_KIND_OF = re.compile(r"\b(?:type|kind|sort)s?\s+of\s+(?:the\s+)?", re.IGNORECASE)


def kinds_of(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """ "for each type of school" → "for each school": the categories of a categorical column; notes."""
    lowered = text.lower()
    if " of " not in lowered or not any(word in lowered for word in ("type", "kind", "sort")):
        return text, []  # no pattern compiled for a request without them
    if resolver.match_at(["type"], 0, fuzzy=False) or resolver.match_at(["kind"], 0, fuzzy=False):
        return text, []
    notes: list[str] = []
    for match in reversed(list(_KIND_OF.finditer(text))):
        rest = text[match.end() :]
        info = next(
            (c for c in sorted(resolver.schema.columns, key=lambda c: len(c.name), reverse=True)
             if re.match(rf"{re.escape(c.name)}(?![\w\-])", rest, re.IGNORECASE)),
            None,
        )  # fmt: skip
        if info is None or info.kind != "categorical":
            continue
        text = text[: match.start()] + rest
        notes.append(f"read {match.group(0) + info.name!r} as the categories of {info.name!r}")
    return text, notes
