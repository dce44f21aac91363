"""Read the FreeDict bilingual dictionaries that Debian installs for the dictd server.

``dict-freedict-deu-eng``, ``-fra-eng``, ``-spa-eng`` (and ``-eng-fra``, ``-eng-spa``) put two files per
dictionary in ``/usr/share/dictd``: ``<name>.index`` (headword, base64 offset, base64 length, one entry a
line) and ``<name>.dict.dz`` (the entries' text, gzip-compressed). An entry is its headword line
("revenu /ʀəvəny/ <n, masc>") and translation lines ("income, return"; "1. sex" / "2. penis"), then notes,
examples and cross-references, which are not translations.

Only what a column header can be is kept: single words and phrases of up to three words, without
grammar tags, field labels, abbreviations, pronunciations, verbs ("to age"), words of grammar ("sous <prep>")
or colloquial senses ("[ugs.]", "[slang]": the ones a header never means).
"""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path

DICTIONARY_DIR = Path("/usr/share/dictd")
# (language of the headers it reads, dictd name, whether the headword is the English side)
DICTIONARIES = (
    ("de", "freedict-deu-eng", False),
    ("fr", "freedict-fra-eng", False),
    ("es", "freedict-spa-eng", False),
    ("fr", "freedict-eng-fra", True),
    ("es", "freedict-eng-spa", True),
)
DEBIAN_PACKAGES = tuple(f"dict-{name}" for _language, name, _english in DICTIONARIES)
MAX_PHRASE_WORDS = 3
_DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_B64 = {char: value for value, char in enumerate(_DIGITS)}
_NOT_TRANSLATIONS = ("note:", "synonym", "see:", '"', "antonym")
_COLLOQUIAL = ("[ugs.]", "[coll.]", "[slang]", "[vulg.]", "[pej.]", "[obs.]", "[veraltet]", "[humor.]",
               "[fig.]")  # fmt: skip
_BRACKETS = {"<": ">", "[": "]", "(": ")", "{": "}", "/": "/"}


def installed(directory: Path = DICTIONARY_DIR) -> list[tuple[str, Path, bool]]:
    """(language, the dictionary's path without suffix, English headwords) of each one installed."""
    found = []
    for language, name, english in DICTIONARIES:
        base = directory / name
        if base.with_suffix(".index").is_file() and Path(f"{base}.dict.dz").is_file():
            found.append((language, base, english))
    return found


def entries(base: Path) -> Iterator[tuple[str, list[str]]]:
    """(headword, its translations) of each entry of the dictionary at ``base`` (no suffix); a verb or a
    word of grammar has none (``grammar_words`` names the latter)."""
    with gzip.open(f"{base}.dict.dz") as packed:
        text = packed.read()
    with base.with_suffix(".index").open(encoding="utf-8") as index:
        for line in index:
            parts = line.rstrip("\n").split("\t")
            if len(parts) < 3 or parts[0].startswith("00"):
                continue  # the database's own description entries
            start, length = _number(parts[1]), _number(parts[2])
            entry = text[start : start + length].decode("utf-8", "replace").split("\n")
            if _is_grammar_or_verb(entry[0]):
                yield parts[0], []
                continue
            yield parts[0], [t for line in entry[1:] if _is_translation(line) for t in _translations(line)]


def _number(encoded: str) -> int:
    value = 0
    for char in encoded:
        value = value * 64 + _B64[char]
    return value


# Parts of speech that never name a column: verbs, and the grammar words whose senses would make "under"
# name ``Sous le seuil de pauvreté`` (prepositions, conjunctions, articles, pronouns, adverbs).
_NOT_NAMES = frozenset({"v", "vi", "vt", "prep", "conj", "art", "pron", "adv", "interj"})


def _is_grammar_or_verb(headword_line: str) -> bool:
    """Whether the headword line's tags ("<prep>", "<v, intr>", "<pron, pers, pl>") say a verb or a word
    of grammar."""
    for part in headword_line.split("<")[1:]:
        tags = {tag.strip() for tag in part.split(">", 1)[0].split(",")}
        if tags & _NOT_NAMES:
            return True
    return False


def _is_translation(line: str) -> bool:
    stripped = line.strip().lower()
    return bool(stripped) and not stripped.startswith(_NOT_TRANSLATIONS) and "<v" not in stripped


def _translations(line: str) -> list[str]:
    """The phrases of one translation line: "[fin.] income <n>, paycheck <n> [Am.]" → income, paycheck."""
    line = line.strip()
    if line[:3].rstrip(".").isdigit() and ". " in line[:4]:
        line = line.split(". ", 1)[1]  # "1. sex"
    found = []
    for part in line.replace(";", ",").split(","):
        if any(mark in part for mark in _COLLOQUIAL):
            continue
        words = [w for w in _without_brackets(part).split() if not w.endswith(".") and w != "…"]
        if words and words[0] != "to" and len(words) <= MAX_PHRASE_WORDS:
            found.append(" ".join(words).lower())
    return found


def _without_brackets(text: str) -> str:
    """``text`` without its tags, labels, notes and pronunciations: <n>, [fin.], (of a person), /ipa/."""
    out: list[str] = []
    closing: str | None = None
    for char in text:
        if closing is not None:
            if char == closing:
                closing = None
            continue
        if char in _BRACKETS:
            closing = _BRACKETS[char]
            out.append(" ")
            continue
        out.append(char)
    return "".join(out)
