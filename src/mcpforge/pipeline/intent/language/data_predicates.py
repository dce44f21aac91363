"""The verb of a question whose subject is the data itself: "how many distinct years does the data cover?".

In "does the data cover / span / contain / list ...", "do the records go back ..." the subject is the
file, and its verb only says that the counted things are in it ("how many distinct years are there?"):
it cannot change the numbers, so it is a word of discourse and the reading names it ("not used:
'cover'"). Only in that frame: a form of "do", then "the"/"this"/"our" (or nothing), then a noun for the
data (data, dataset, file, table, records, sheet; donnees, datos, Daten, fichier, archivo, Datei), then
the verb, then nothing but punctuation. "the data excluding Ideal", "does the data show prices above
100" or a verb that resembles a column or a value (checked before, in discourse.py) stay content.
"""

from __future__ import annotations

_DO = frozenset({"do", "does", "did"})
_DETERMINERS = frozenset({"the", "this", "that", "our", "my", "your"})
_DATA_NOUNS = frozenset({"data", "dataset", "datasets", "file", "table", "records", "sheet",
                         "spreadsheet", "donnees", "datos", "daten", "fichier", "archivo", "datei",
                         "tabelle", "tableau", "tabla"})  # fmt: skip


def data_predicate(tokens: list[str], i: int) -> bool:
    """``tokens[i]`` is the last word of "does the data <verb>?", the verb whose subject is the data."""
    after = tokens[i + 1 :]
    if not tokens[i].isalpha() or any(t.isalnum() for t in after) or i < 2:
        return False
    noun = i - 1
    if tokens[noun] not in _DATA_NOUNS:
        return False
    before = noun - 1
    if tokens[before] in _DETERMINERS:
        before -= 1
    return before >= 0 and tokens[before] in _DO
