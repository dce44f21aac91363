"""Last checks on a finished reading: words that change the numbers and that the reading silently lost.

Each of these was a wrong answer that looked validated:

- **weights**: "weighted mean of price" over a file with a ``weight`` column gave the plain mean (the word
  was taken as a mention of the column, then dropped). A weight word is used only by the weighted-mean
  reading; anything else refuses and says how to name the weights.
- **values that are also words, after their column**: "in how many Estado was Ley de portación de armas yes in
  1999" counted the (state, law) pairs, "yes" unread; "where state is A and state is B" kept only B. A value
  written right after its column's name must be a condition of the reading.
- **the highest value read as the most frequent one**: "¿Cuál es la Tasa de robos más alta en 2002?" ranked
  the values of a numeric column by how often they occur. "what is the highest <numeric column>" is that
  column's maximum; it is answered as such, with a note.
- **a ranking with nothing to rank**: "Top 3 occupations by number of cases?" over a file with no
  occupation column counted all rows, "top 3" kept only as a row limit of a one-number answer. A top N
  (or any ranking) over a reading with no groups and one row of aggregates is refused naming it.
"""

from __future__ import annotations

from typing import Any

from mcpforge import _lazy_re as re
from mcpforge.models import Aggregation, Intent
from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS
from mcpforge.pipeline.schema import DatasetSchema

# "weighted", "weighting", "gewichtet(e/en)", "pondéré(e)(s)", "ponderado/a(s)", "ponderada" ...
_WEIGHT_WORD = re.compile(
    r"\b(weighted|weighting|gewichtete?[nmrs]?|pond[ée]r[ée]e?s?|ponderad[oa]s?)\b", re.I
)
_ANSWER_WORDS = {"yes", "no", "true", "false", "y", "n", "si", "sí", "oui", "non", "ja", "nein"}
# A value ranked by its size, never by how often it occurs ("most"/"fewest" count rows: not here).
_VALUE_SUPERLATIVES = {
    "highest": True, "largest": True, "biggest": True, "greatest": True, "maximum": True,
    "lowest": False, "smallest": False, "minimum": False,
}  # fmt: skip
_TOP_NOTE = re.compile(r"^'(?:what|which) \.\.\. (\w+)' read as the top 1 group")
_TIME_NAME = re.compile(r"year|date|jahr|año|ano|année|annee|anno|\byr\b|month|mois|monat|mes\b", re.I)


_RANKING = re.compile(r"\b(?:top|bottom|first|last)\s+\d+\b|\b\d+\b", re.I)


def unranked_top(intent: Intent) -> str | None:
    """Why a reading's ranking words have nothing to rank (one row of aggregates over all the rows,
    no groups): "top 3" there would be silently unused (None: no ranking, or groups or rows to rank)."""
    if intent.top_n is None or intent.operation != "aggregate" or intent.group_by or intent.time_column:
        return None
    said = [m.group(0) for m in _RANKING.finditer(intent.request) if str(intent.top_n) in m.group(0)]
    ranking = said[0] if said else f"top {intent.top_n}"
    return (
        f"{ranking!r} ranks groups, but the reading is one number over the rows, with no groups to rank; "
        "name the column to rank, e.g. 'top 3 <column> by number of rows'"
    )


def dropped_weights(intent: Intent, schema: DatasetSchema) -> str | None:
    """The weight word the reading did not turn into a weighted mean (None: none, or it did)."""
    found = _WEIGHT_WORD.search(intent.request)
    if found is None or any("weighted mean of" in note for note in intent.notes):
        return None
    word = found.group(1).lower()
    if any(word in name.lower() for name in schema.column_names):
        return None  # the word is part of a column's name ("weighted_score")
    return word


def dropped_flag_values(intent: Intent, schema: DatasetSchema) -> list[str]:
    """Values that are also words ("yes", "no", "A") written right after their column's name (``law yes``,
    ``state is A``), that no condition of the reading uses."""
    conditions = [c.model_dump() for c in intent.filters] + _option_conditions(intent.options)
    used = {
        str(item).lower()
        for condition in conditions
        for item in (condition["value"] if isinstance(condition["value"], list) else [condition["value"]])
    }
    request = intent.request
    dropped: list[str] = []
    for info in schema.columns:
        if info.kind not in {"categorical", "boolean"} or (
            info.name in intent.group_by and info.distinct_count == 2
        ):
            continue  # a two-valued column the answer is split by ("com = yes vs the rest"): both values used
        # only values the reading may take for grammar ("yes", "no", "A", "or"): others are accounted for
        values = [str(v) for v in info.values if str(v).lower() in _ANSWER_WORDS | FUNCTION_WORDS]
        for value in values:
            pattern = (
                rf"{re.escape(info.name)}\s*(?:(?:is|was|were|=|==|:|est|ist|es|era|war)\s*)?"
                rf"{re.escape(value)}(?![\w-])"
            )
            if re.search(pattern, request, re.I) and value.lower() not in used:
                dropped.append(f"{info.name} {value}")
    return dropped


def _option_conditions(options: Any) -> list[dict[str, Any]]:
    """The conditions an operation keeps in its options (a rate's numerator, a test's groups)."""
    if isinstance(options, dict):
        found = [options] if "column" in options and "value" in options else []
        return found + [c for value in options.values() for c in _option_conditions(value)]
    if isinstance(options, list):
        return [c for item in options for c in _option_conditions(item)]
    return []


def value_superlative(intent: Intent, schema: DatasetSchema) -> Intent:
    """``intent`` with "what is the highest <numeric column>" read as that column's maximum (minimum).

    A count of rows per value of a numeric column, ranked and cut to the top one, answers which value
    occurs most often; a superlative of size ("highest", "lowest", ...) asks for the largest value. Time
    columns keep their reading ("which year is highest" is about the year's rows), and so does a request that
    counts ("most", "how many", "often").
    """
    if intent.operation != "group_count" or intent.top_n != 1 or len(intent.group_by) != 1:
        return intent
    column = intent.group_by[0]
    info = next((c for c in schema.columns if c.name == column), None)
    if info is None or info.kind != "numeric" or _TIME_NAME.search(column):
        return intent
    words = [found.group(1) for note in intent.notes if (found := _TOP_NOTE.match(note))]
    if len(words) != 1 or words[0] not in _VALUE_SUPERLATIVES:
        return intent
    func = "max" if _VALUE_SUPERLATIVES[words[0]] else "min"
    notes = [note for note in intent.notes if not _TOP_NOTE.match(note)]
    notes.append(
        f"'{words[0]} {column}' read as the {func} of {column!r} (its largest value, not its most frequent)"
        if func == "max"
        else f"'{words[0]} {column}' read as the {func} of {column!r} (its smallest value, not its rarest)"
    )
    return intent.model_copy(
        update={
            "operation": "aggregate",
            "group_by": [],
            "top_n": None,
            "as_percentage": False,
            "metrics": [Aggregation(column=column, func=func)],
            "notes": notes,
        }
    )
