"""Scope words that say again what the reading already does: they change no number, so they never refuse.

Two kinds, each decided by what the words do to the numbers:

- a word that restates the grouping the reading makes: "within each year separately", "per region
  individually", "für jedes Jahr getrennt", "par année séparément", "por separado". Only when the reading
  groups; "separately for men" (a value after it) still names a restriction and is left to the word check;
- the name of a condition the bracket right after it states in data words: "above the Arctic circle
  (latitude above 66.56)". Only when the bracket is read whole as a comparison of the reading, the name
  starts with a comparison word of the same direction and holds no number, no other column, no value, no
  negation and no comparison of the other direction.

- "of all countries" / "over all the countries" when the reading neither groups by nor filters on
  ``country`` and the rows are one per country under the reading's conditions (the schema's counts:
  distinct countries times distinct years = rows, with ``year == 2007`` read; or one country per row), so an
  aggregate over the rows is the aggregate over all countries. A total is read in ``rows/file_rows.py``;
  "across all states" in ``totals_over.py``; "of all women" names a value and stays a condition.

- the file's row count said with its rows: "on all 342 observations", "using the 40 rows". Only when the
  number is the rows of the whole file (counted, not sampled), the reading has no condition and no step that
  drops rows, and no column the reading uses has a missing value (so every row enters the numbers): then
  the number says what the reading does. Any other number stays unused and the word check refuses it.

The words are said back in the reading as not used ("not used: 'separately'").
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.models import Intent
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, singular
from mcpforge.pipeline.schema import DEFAULT_SAMPLE_ROWS

# "separately" and its forms in the languages the requests come in (accent-folded tokens)
SEPARATELY = frozenset({"separately", "individually", "separate", "getrennt", "separat", "einzeln",
                        "separement", "individuellement", "separadamente", "separado", "separada",
                        "separados", "separadas", "individualmente"})  # fmt: skip
_FOR = frozenset({"for", "pour", "para", "fur", "fuer"})
_EACH = frozenset({"each", "every", "chaque", "cada", "jede", "jedes", "jeden", "jeder", "all"})
_POR = frozenset({"por", "par"})
_UP = frozenset({"above", "over", "greater", "more", "exceeding", "exceeds", "higher", "beyond"})
_DOWN = frozenset({"below", "under", "less", "fewer", "lower", "beneath"})
_SAME = {">": _UP, "<": _DOWN}
_NEGATIONS = frozenset({"not", "no", "except", "excluding", "exclude", "without", "non", "besides", "only",
                        "just", "solely", "or"})  # fmt: skip
_STOPS = frozenset({",", ";", "(", ")", "and", "where", "that", "which", "who", "whose", "with"})
_NUMBER = re.compile(r"-?\d+(?:[.,]\d+)*(?:st|nd|rd|th|%|k)?")
_MAX_NAME = 6


def restated_scope(
    tokens: list[str], used: set[int], intent: Intent, resolver: ColumnResolver
) -> tuple[set[int], list[str]]:
    """The positions of ``tokens`` outside ``used`` that restate the reading, and the phrases to say back.

    Only the grouping of ``intent`` itself counts: words read as groups that the reading then drops do not
    make "separately" a restatement (it is left to the word check, which refuses).
    """
    spots: set[int] = set()
    said: list[str] = []
    grouped = bool(intent.group_by or intent.time_grain)
    for i, token in enumerate(tokens):
        if i in used or token not in SEPARATELY or not grouped or _restricts_after(tokens, i):
            continue
        k = i - 1 if i > 0 and tokens[i - 1] in _POR and i - 1 not in used else i  # "por separado"
        spots |= set(range(k, i + 1))
        said.append(" ".join(tokens[k : i + 1]))
    for name in _bracket_names(tokens, used | spots, intent, resolver):
        spots |= set(name)
        said.append(" ".join(tokens[k] for k in name))
    return spots, said


def all_of_the_entities(
    tokens: list[str], used: set[int], intent: Intent, resolver: ColumnResolver
) -> tuple[set[int], list[str], set[str]]:
    """``of all countries`` naming every row (see the module's rule): positions, phrases, columns named."""
    spots: set[int] = set()
    said: list[str] = []
    columns: set[str] = set()
    for i in range(len(tokens) - 2):
        if tokens[i] not in {"of", "over", "across"} or tokens[i + 1] != "all" or {i, i + 1} & used:
            continue
        k = i + 2 + (tokens[i + 2] == "the" and i + 3 < len(tokens))
        word = tokens[k]
        column = resolver.resolve(singular(word), fuzzy=False) if singular(word) != word else None
        if column is None or not _one_row_each(column, intent, resolver):
            continue
        spots |= set(range(i, k + 1))
        said.append(" ".join(tokens[i : k + 1]))
        columns.add(column)
    return spots, said, columns


def _one_row_each(column: str, intent: Intent, resolver: ColumnResolver) -> bool:
    """Every row is one value of ``column`` under the reading's equality conditions, and the reading neither
    groups by nor restricts ``column``: "of all <column>s" then restricts nothing and splits nothing."""
    if column in intent.group_by or any(f.column == column for f in intent.filters):
        return False
    schema = resolver.schema
    if schema.rows is None or schema.rows > DEFAULT_SAMPLE_ROWS:
        return False  # the counts are a sample's
    distinct = {info.name: info.distinct_count for info in schema.columns}
    if distinct.get(column) == schema.rows:
        return True
    return any(
        rule.op == "==" and not isinstance(rule.value, list) and rule.column != column
        and distinct.get(column, 0) * distinct.get(rule.column, 0) == schema.rows
        for rule in intent.filters
    )  # fmt: skip


def _restricts_after(tokens: list[str], i: int) -> bool:
    """``separately for men``: a word after "for" that is not "each" picks rows: no restatement."""
    if i + 1 >= len(tokens) or tokens[i + 1] not in _FOR:
        return False
    return i + 2 >= len(tokens) or tokens[i + 2] not in _EACH


def _bracket_names(
    tokens: list[str], used: set[int], intent: Intent, resolver: ColumnResolver
) -> list[list[int]]:
    """``above the Arctic circle (latitude above 66.56)``: the unused words just before a bracket read as
    one comparison of the reading (see the module's rule)."""
    names: list[list[int]] = []
    for b, token in enumerate(tokens):
        if token != "(" or b == 0:
            continue
        end = next((e for e in range(b + 1, len(tokens)) if tokens[e] == ")"), None)
        inside = range(b + 1, end) if end is not None else range(0)
        if not inside or any(k not in used for k in inside):
            continue
        direction = _bracket_direction(tokens, inside, intent, resolver)
        if direction is None:
            continue
        name: list[int] = []
        k = b - 1
        while k >= 0 and k not in used and tokens[k] not in _STOPS and len(name) < _MAX_NAME:
            name.insert(0, k)
            k -= 1
        start = next((n for n, k in enumerate(name) if tokens[k] in _SAME[direction]), None)
        if start is not None and _only_names(tokens, name[start:], direction, intent, resolver):
            names.append(name[start:])  # from its comparison word: "above the Arctic circle"
    return names


def _bracket_direction(
    tokens: list[str], inside: range, intent: Intent, resolver: ColumnResolver
) -> str | None:
    """``>`` or ``<`` when the bracket names one column compared with a number in the reading's filters."""
    words = [tokens[k] for k in inside]
    for rule in intent.filters:
        if rule.op not in {">", ">=", "<", "<="} or isinstance(rule.value, list | bool):
            continue
        hits = (resolver.match_at(words, k, fuzzy=False) for k in range(len(words)))
        named = any(hit is not None and hit[0] == rule.column for hit in hits)
        number = any(_NUMBER.fullmatch(w) and _same_number(w, rule.value) for w in words)
        if named and number:
            return rule.op[0]
    return None


def _same_number(word: str, value: object) -> bool:
    try:
        return abs(float(word.replace(",", ".")) - float(str(value))) < 1e-9
    except ValueError:
        return False


def _only_names(
    tokens: list[str], name: list[int], direction: str, intent: Intent, resolver: ColumnResolver
) -> bool:
    """The words name the bracket's comparison and nothing else that could change the numbers."""
    words = [tokens[k] for k in name]
    if any(_NUMBER.fullmatch(w) or w in _NEGATIONS for w in words):
        return False
    if any(w in (_DOWN if direction == ">" else _UP) for w in words):
        return False  # "below the line (latitude above 66.56)": two directions, not one condition said twice
    compared = {rule.column for rule in intent.filters}
    for k in range(len(words)):
        hit = resolver.match_at(words, k, fuzzy=False)
        if hit is not None and hit[0] not in compared:
            return False
    return not find_values(words, resolver)


_ROW_NOUNS = frozenset({"rows", "observations", "records", "entries", "lines", "cases", "datapoints",
                        "points", "lignes", "observaciones", "filas", "registros", "zeilen",
                        "beobachtungen"})  # fmt: skip
_ROW_DROPPING_STEPS = frozenset({"drop_missing", "deduplicate", "drop_outliers"})


def states_the_row_count(tokens: list[str], i: int, intent: Intent, resolver: ColumnResolver) -> bool:
    """``342`` in "on all 342 observations" when the file has 342 rows and every one enters the reading."""
    schema = resolver.schema
    after = tokens[i + 1] if i + 1 < len(tokens) else ""
    if after not in _ROW_NOUNS or not tokens[i].isdigit() or schema.rows is None or schema.sampled:
        return False
    if int(tokens[i]) != schema.rows or intent.filters:
        return False
    if any(step.kind in _ROW_DROPPING_STEPS for step in intent.preparation):
        return False
    used = {*intent.columns, *intent.group_by, *(m.column for m in intent.metrics if m.column)}
    used |= {str(v) for v in intent.options.values() if isinstance(v, str)}
    used |= {str(v) for value in intent.options.values() if isinstance(value, list) for v in value}
    infos = [info for info in schema.columns if info.name in used]
    return bool(infos) and all(info.null_count == 0 for info in infos)
