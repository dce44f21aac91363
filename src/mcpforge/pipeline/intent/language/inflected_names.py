"""A German column name written with its case endings is that column: "des Wechselkurses Britisches Pfund".

German inflects the words of a name ("der Wechselkurs Yen" → "des Wechselkurses Yen", "die Log-Änderung"
→ "der Log-Änderungen", "Britisches" → "Britischen"). A run of words that spells every word of one
multi-word column name, in order, each word as written or with a case ending (-e, -s, -es, -n, -en, -em,
-er; after a final e: -s, -n, -m, -r, "Ethnische" → "ethnischer"), at most an article between two of them
("Wechselkurs des Yen"), is put back as the name itself and said in a note. A run that spells only part
of a name ("Wechselkurses Franken" when the names are "Wechselkurs Schweizer Franken" and "...
Französischer Franken") is left as written, so the reading still asks which column is meant.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver

_ENDINGS = r"(?:e|s|es|n|en|em|er|ns)?"
_AFTER_E = r"(?:s|n|m|r|ns)?"  # "Ethnische" → "ethnischer", "ethnischem": the ending joins the final e
_BETWEEN = r"\s+(?:(?:des|der|den|dem|von|vom)\s+)?"  # "Wechselkurs des Yen"


def _pattern(name: str) -> re.Pattern[str] | None:
    words = name.split()
    if len(words) < 2 or not all(re.fullmatch(r"[\w.\-]+", w) for w in words):
        return None
    body = _BETWEEN.join(re.escape(w) + (_AFTER_E if w.lower().endswith("e") else _ENDINGS) for w in words)
    return re.compile(rf"(?<![\w\-]){body}(?![\w\-])", re.IGNORECASE)


def written_names(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` with inflected multi-word column names written as the names, and a note for each."""
    notes: list[str] = []
    lowered = {name.lower() for name in resolver.names()}

    def others(name: str) -> set[str]:
        return lowered - {name.lower()}

    for name in sorted(resolver.names(), key=len, reverse=True):
        pattern = _pattern(name)
        if pattern is None:
            continue

        def swap(match: re.Match[str], name: str = name) -> str:
            if match.group(0).lower() in others(name):
                return match.group(0)  # spelled as another column's own name: that column
            if match.group(0).lower() != name.lower():
                notes.append(f"read {match.group(0)!r} as the column {name!r}")
            return name

        text = pattern.sub(swap, text)
    return text, notes
