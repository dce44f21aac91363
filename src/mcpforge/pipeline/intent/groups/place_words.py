"""A place word that names a qualified column while another column is a place: "which location ...".

"Which location comes up most often in these breaches?" over ``Location_of_Breached_Information`` (laptop,
e-mail, paper) and ``State``: the word "location" matches the first word of the qualified name, yet where a
breach happened is its state. The two readings give different answers, and nothing in the request picks
one, so the request is refused naming the word and both columns (the person names the column). A column
named only by the place word ("Location", "Site") is the word itself and is not questioned here.
"""

from __future__ import annotations

from mcpforge.models import Intent
from mcpforge.pipeline.intent.words import norm, singular
from mcpforge.pipeline.schema import DatasetSchema

_PLACE_WORDS = frozenset({"location", "place", "site"})
# the first word of a column that holds places
_PLACE_COLUMNS = frozenset({
    "state", "city", "country", "region", "county", "province", "district", "town", "location", "place",
    "site", "municipality", "territory", "zip", "postcode",
})  # fmt: skip


def _read_columns(intent: Intent) -> list[str]:
    return [*intent.group_by, *intent.columns, *(f.column for f in intent.filters)]


def ambiguous_place_word(intent: Intent, schema: DatasetSchema) -> str | None:
    """Why the request's place word may name another column than the one read (None: it may not)."""
    words = {singular(word) for word in norm(intent.request).split()}
    for word in sorted(words & _PLACE_WORDS):
        for column in _read_columns(intent):
            parts = norm(column).split()
            if len(parts) < 2 or singular(parts[0]) != word or " ".join(parts) in norm(intent.request):
                continue  # "Location" itself, a column the word does not name, or the name written whole
            places = [
                other
                for other in schema.column_names
                if other != column
                and norm(other).split()[:1]
                and norm(other).split()[0] in _PLACE_COLUMNS
                and not any(singular(w) in words for w in norm(other).split())
            ]
            if places:
                said = ", ".join(repr(p) for p in places)
                return (
                    f"{word!r} may be {column!r} (the word starts its name) or where the row happened "
                    f"({said}), and the answers differ; name the column"
                )
    return None
