"""A long description before a bracketed column name: "mother's years of education (meducation)" (issue 25).

``language.languages.read_glosses`` drops up to three plain words before a bracketed name ("Peso
(Weight_in_lbs)"); a description that says whose it is ("mother's") or joins its words with "of" ("years of
education") stops it early, and the words left over refuse the request ("mother's") or, worse, name
another column ("years" for ``year``). The bracket names the column exactly, so the whole description is
its label: the run of words right before the bracket, back to the first grammar, analysis word, number or
category value, is dropped when it holds an "of" or a possessive, and the reading says so.

A run holding an analysis word ("the number of children (kids)") or a category value ("income of women
(income)": a condition) is left to the other readers.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.accounting import analysis_vocabulary_word
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, norm, tokenize
from mcpforge.pipeline.schema import DatasetSchema

_BRACKETED = re.compile(r"\((?P<name>[^()]{1,60})\)")
_WORD = re.compile(r"(?P<word>[^\W\d_][\w-]*)(?P<owner>['\u2019]s)?\s*$")
_MAX_WORDS = 6


def _description_start(head: str, resolver: ColumnResolver) -> int | None:
    """Where the description ending ``head`` starts, or None when it needs no reading here."""
    start, words = len(head), 0
    while words < _MAX_WORDS:
        match = _WORD.search(head[:start].rstrip())
        if match is None:
            break
        word, owner = match.group("word").lower(), match.group("owner")
        plain = word == "of" or (owner is None and not analysis_vocabulary_word(word)) or owner is not None
        if not plain or find_values(tokenize(word), resolver):
            break  # grammar, an analysis word or a category value (a condition) ends the description
        start, words = match.start(), words + 1
    while head[start:].lower().startswith("of "):
        start += 3  # a description never starts with "of"
    run = head[start:]
    joined = re.search(r"\bof\b", run, re.IGNORECASE) is not None or re.search(r"\w['\u2019]s\b", run)
    return start if joined and start < len(head) else None


def bracket_glosses(text: str, schema: DatasetSchema) -> tuple[str, list[str]]:
    """``text`` with "mother's years of education (meducation)" written as "meducation"; a note each."""
    if "(" not in text:
        return text, []
    resolver = ColumnResolver(schema=schema)
    notes: list[str] = []
    out, at = [], 0
    for match in _BRACKETED.finditer(text):
        name = match.group("name").strip()
        column = resolver.resolve(name, fuzzy=False)
        if column is None or norm(column) != norm(name):
            continue
        head = text[at : match.start()]
        start = _description_start(head.rstrip(), resolver)
        if start is None:
            continue
        words = head[start:].strip()
        notes.append(f"{words!r} read as the description of {column!r} (the name in brackets)")
        out.append(head[:start] + name)
        at = match.end()
    return "".join(out) + text[at:], notes
