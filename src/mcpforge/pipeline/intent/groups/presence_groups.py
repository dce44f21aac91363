"""``<measure> with and without <yes/no column>``: one answer for each of the column's two values (issue 25).

"Moyenne des décès routiers de nuit, avec et sans loi sur l'alcootest préliminaire" asks the mean for the
rows with the law and for those without: the yes/no column is the grouping. Outside a test (where
analysis/with_without.py makes it the test's two groups) the phrase is read as "per <column>", only when
the column named right after it (an article aside) has exactly two values, yes and no; otherwise the words
stay for the word check ("without" is then a negation the reading does not use).
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.analysis.with_without import yes_no_values
from mcpforge.pipeline.intent.words import ColumnResolver

_PHRASE = r"(?i)\b(?:with\s+(?:and|or|vs\.?|versus)\s+without|without\s+and\s+with)\s+(?:(?:the|a|an)\s+)?"


def presence_groups(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` with "with and without <yes/no column>" as "per <column>", and a note for each."""
    notes: list[str] = []
    aliases: dict[str, str] = getattr(resolver, "aliases", {})  # a name written whole: its placeholder
    written = {**{name: name for name in resolver.names()}, **aliases}
    for word in sorted(written, key=len, reverse=True):  # the longest name first
        name = written[word]
        if yes_no_values(name, resolver) is None:
            continue
        pattern = re.compile(_PHRASE + re.escape(word) + r"(?![\w'])")

        def one(match: re.Match[str], word: str = word, name: str = name) -> str:
            notes.append(f"'with and without' read as one answer per {name!r} (yes and no)")
            return f"per {word}"

        text = pattern.sub(one, text)
    return text, notes
