"""``On which date was X highest?``: the noun after "which" is what is asked (the row's label), X is ranked.

"An welchem Datum war der Wechselkurs D-Mark am höchsten?", "which Datum had the highest rate": the
rows are ranked by the one other numeric column the request names, and the row's label column is shown
beside it. Without this, a numeric label (a date written as 800102, a year, an id) was itself the ranking
column: the largest date, not the date of the largest rate (a wrong answer that looks right). When the
request names no other numeric column, or several, nothing changes here.
"""

from __future__ import annotations

_QUESTION_WORDS = frozenset({"which", "what"})


def ranked_measure(
    tokens: list[str], subject_at: int | None, subject: str | None, numeric: list[str]
) -> str | None:
    """The column to rank by when ``subject`` (at ``subject_at``, after which / what) is only the label."""
    if subject is None or subject_at is None or not 0 < subject_at < len(tokens):
        return None
    before = subject_at - 1 - (tokens[subject_at - 1] == "the")
    if before < 0 or tokens[before] not in _QUESTION_WORDS:
        return None
    others = [column for column in numeric if column != subject]
    return others[0] if len(others) == 1 else None
