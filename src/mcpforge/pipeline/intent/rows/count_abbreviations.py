"""Count words written short ("nb de lignes", "no. of rows", "# of rows", "Anz. der", "núm. de", "cant. de").

A count word the reading misses leaves only the conditions, and the request ends as a listing of the rows
instead of their number. ``spell_count_abbreviations`` writes each short form out in its own language
before the analysis words are read; ``unread_count_word`` names a count word left in a request that was
read as a listing of rows, so that reading is refused instead of answered.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.words import ColumnResolver, norm

_OF = r"(?:de|d'|d\u2019|der|des|of)\b"
# each short form (with what must follow it), named by the word it stands for in its own language
_SHORT = re.compile(
    rf"(?P<nombre>\b(?:nb|nbre|nbr)\b\.?(?=\s*{_OF})|\bn\s?[°º]\s*(?={_OF}))"  # "n° 5" is a number
    r"|(?P<number>\bnos?\.(?=\s*of\b))"  # "no. of rows"; a bare "no" is a value ("Marié = no")
    r"|(?P<number_of>(?<![\w#])#(?=\s*(?:of\s+)?[^\W\d_]))"  # "# of rows", "# rows"; "#5" is a label
    rf"|(?P<Anzahl>\banz\.(?=\s*{_OF}|\s+[^\W\d_]))"
    rf"|(?P<número>\b(?:núm|num|nro)\.(?=\s*{_OF}))"
    rf"|(?P<cantidad>\bcant\.(?=\s*{_OF}))",
    re.IGNORECASE,
)
_CHEAP = ("nb", "n°", "nº", "no.", "nos.", "#", "anz.", "núm.", "num.", "nro.", "cant.")
_OF_TWICE = re.compile(r"\bnumber of\s+of\b", re.IGNORECASE)
# count words as the reading sees them after translation (English), one per language's own
_COUNT_WORDS = re.compile(
    r"\b(?:how many|number(?: of)?|count(?:s|ed|ing)?|tally|nombre|anzahl|número|numero|cantidad)\b",
    re.IGNORECASE,
)


def spell_count_abbreviations(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` with its short count words written out, and a note naming each one read."""
    names = {norm(c) for c in resolver.schema.column_names}
    notes: list[str] = []

    def written_out(match: re.Match[str], full: str) -> str:
        said = match.group(0).strip()
        if norm(said.rstrip(".")) in names:  # a column called "nb" or "no" is that column
            return match.group(0)
        notes.append(f"{said!r} read as {full!r} (a count)")
        return full + " "

    if not any(short in text.lower() for short in _CHEAP):
        return text, notes
    text = _SHORT.sub(lambda m: written_out(m, (m.lastgroup or "").replace("_", " ")), text)
    return re.sub(r"[ \t]{2,}", " ", _OF_TWICE.sub("number of", text)), notes


def unread_count_word(operation: str, text: str, resolver: ColumnResolver) -> str | None:
    """The count word of a request read as a listing of rows (its number was asked, not the rows);
    a word of a column's name ("count" in ``Count``) is that column, not a count word."""
    if operation != "filter_rows":
        return None
    in_names = {word for name in resolver.schema.column_names for word in norm(name).split()}
    found = (m.group(0) for m in _COUNT_WORDS.finditer(text) if norm(m.group(0)).split()[-1] not in in_names)
    return next(found, None)
