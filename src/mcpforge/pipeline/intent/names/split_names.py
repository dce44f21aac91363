"""A column's name split around its statistic: "la tasa media de homicidios" is the mean of "Tasa de
homicidios", "le taux moyen de chômage" the mean of "Taux de chômage".

French and Spanish put the statistic adjective right after the noun it qualifies, which may be the first
word of a multi-word column name. The rule: when the word before the statistic and the words after it
together spell exactly one column's whole name (accents and case aside), the statistic is moved before
the name and the name is kept whole, and the reading says so. The name must be whole: "tasa media" alone,
or "tasa media de X" where "tasa de X" is no column's name, is left as written (it stays ambiguous or
refuses), and a statistic adjective of no listed kind is never moved.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import norm
from mcpforge.pipeline.schema import DatasetSchema

# Statistic adjectives written after their noun (Spanish, French, Italian, Portuguese), in their forms.
_STATISTIC_AFTER = frozenset({
    "media", "medio", "medias", "medios", "mediana", "mediano", "medianas", "medianos", "promedio",
    "moyen", "moyenne", "moyens", "moyennes", "median", "mediane", "medians", "medianes",
    "maxima", "maximo", "minima", "minimo", "maximal", "maximale", "minimal", "minimale",
    "total", "totale", "totales", "totaux",
})  # fmt: skip
_WORD = re.compile(r"[^\W\d_][\w'\-]*", re.UNICODE)
_MAX_NAME_WORDS = 6


def rejoin_split_names(text: str, schema: DatasetSchema) -> tuple[str, list[str]]:
    """``text`` with each statistic adjective written inside a column's name moved before that name,
    and a note each."""
    names = {norm(name): name for name in schema.column_names if len(norm(name).split()) > 1}
    if not names:
        return text, []
    notes: list[str] = []
    while (found := _first_split(text, names)) is not None:
        head, statistic, column = found
        text = f"{text[: head.start()]}{statistic.group()} {head.group()}{text[statistic.end() :]}"
        notes.append(f"'{head.group()} {statistic.group()}' read as the {statistic.group()} of {column!r}")
    return text, notes


def _first_split(text: str, names: dict[str, str]) -> tuple[re.Match[str], re.Match[str], str] | None:
    """The first name written around a statistic: its first word, the statistic and the column."""
    words = list(_WORD.finditer(text))
    for i in range(len(words) - 2):
        head, statistic = words[i], words[i + 1]
        if norm(statistic.group()) not in _STATISTIC_AFTER or text[head.end() : statistic.start()].strip():
            continue
        rest = words[i + 2 : i + 2 + _MAX_NAME_WORDS]
        if _whole_name(f"{head.group()} {statistic.group()}", rest, text, names) is not None:
            continue  # "Tasa media de X" is itself a column's name
        column = _whole_name(head.group(), rest, text, names)
        if column is not None:
            return head, statistic, column
    return None


def _whole_name(head: str, rest: list[re.Match[str]], text: str, names: dict[str, str]) -> str | None:
    """The column whose whole name is ``head`` followed by the first few words of ``rest``."""
    found = None
    for k in range(1, len(rest) + 1):
        phrase = norm(f"{head} {text[rest[0].start() : rest[k - 1].end()]}")
        if phrase in names:
            found = names[phrase]  # the longest whole name wins
    return found
