"""The two groups of a test named by sex as people say it: "men vs women", "hombres y mujeres", "Männer".

A test between the groups of a ``gender`` column with ``male``/``female`` is asked as "Mann-Whitney U test on
rating, men vs women" or "la varianza ... en hombres y mujeres". The words of each side come from
language/gender_values.py (a column that is not a sex column gets none); this module only finds where the
text names them, so the test reader can take the two groups in the order they are named.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.language.gender_values import gender_forms


def _fold(text: str) -> str:
    """Lower case without accents, one character for each character of ``text`` (positions kept)."""
    return "".join(
        "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))[:1] or ch
        for ch in text.lower()
    )


def sex_group_spot(
    text: str, value: str, column_values: Sequence[str], column: str | None = None
) -> int | None:
    """Where ``text`` first names the sex ``value`` by another word ("women" for ``female``, or for ``F``
    of a column named ``column`` for a sex), or None."""
    forms = gender_forms(value, column_values, column)
    if not forms:
        return None
    folded = _fold(text)
    spots = [
        m.start() for form in forms for m in re.finditer(rf"(?<![\w-]){re.escape(form)}(?![\w-])", folded)
    ]
    return min(spots) if spots else None
