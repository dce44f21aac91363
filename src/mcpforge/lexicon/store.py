"""The bilingual lexicon as a small SQLite file, built once from the installed dictionaries.

Parsing FreeDict's German dictionary takes about 15 s, far too long for a request, so the first process
that needs the lexicon builds ``<cache>/lexicon/freedict-<key>.sqlite`` (under a lock; written to a
temporary name and renamed, so a reader never sees half a file) and every later one opens it read-only
in about a millisecond. The key hashes the dictionaries' names, sizes and times and the parser's source:
an upgraded dictionary or a changed parser makes a new file. The folder is ``$MCPFORGE_LEXICON_DIR``,
else ``<cache>/lexicon``. ``scripts/setup.sh`` builds it ahead
(``python -m mcpforge.lexicon``), so the first request does not pay for it.

Each (language, foreign word, English phrase) has a score: 2 for each entry of the foreign-to-English
dictionary that lists it and 1 for each English-to-foreign entry. The score tells a word's usual sense
from a rare one: "Geschlecht" is gender in two entries and "house" (a lineage) in one.

No dictionary installed (``apt-get install dict-freedict-deu-eng …``; ``$MCPFORGE_DICT_DIR`` points
elsewhere): no lexicon, and the reading is what it was without one.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import logging
import os
import sqlite3
import time
from collections import Counter
from pathlib import Path
from typing import NamedTuple

from mcpforge.lexicon import freedict
from mcpforge.lexicon.freedict import DICTIONARY_DIR, entries, installed
from mcpforge.paths import cache_dir
from mcpforge.pipeline.intent.words import fold

BUILD_VERSION = "1"
_log = logging.getLogger(__name__)
_NATIVE_SCORE = 2  # a foreign-to-English entry lists a word's senses as its readers mean them
_INVERTED_SCORE = 1
_STALE_SECONDS = 7 * 24 * 3600
_WORDS_A_QUERY = 500  # well under SQLite's limit of bound parameters


def dictionary_dir() -> Path:
    """``$MCPFORGE_DICT_DIR``, else where Debian's dictd packages put their files."""
    return Path(os.environ.get("MCPFORGE_DICT_DIR") or DICTIONARY_DIR)


def lexicon_path() -> Path | None:
    """Where the lexicon of the installed dictionaries is (or will be) built; None with no dictionary."""
    found = installed(dictionary_dir())
    if not found:
        return None
    digest = hashlib.sha256(BUILD_VERSION.encode())
    for source in (Path(__file__), Path(freedict.__file__)):  # a changed parser builds anew
        digest.update(source.read_bytes())
    for language, base, english in found:
        for path in (base.with_suffix(".index"), Path(f"{base}.dict.dz")):
            stat = path.stat()
            digest.update(f"{language}|{path}|{english}|{stat.st_size}|{stat.st_mtime_ns}".encode())
    folder = Path(os.environ.get("MCPFORGE_LEXICON_DIR") or cache_dir() / "lexicon")
    return folder / f"freedict-{digest.hexdigest()[:16]}.sqlite"


def build(path: Path) -> Path:
    """Build the lexicon at ``path`` unless it exists; concurrent builders wait for the first."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with (path.parent / ".build.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists():
            return path
        partial = path.with_suffix(f".{os.getpid()}.partial")
        try:
            _write(partial)
            partial.replace(path)
        finally:
            partial.unlink(missing_ok=True)  # a full disk or a kill mid-build leaves no half lexicon
        _remove_stale(path)
    return path


def _remove_stale(kept: Path) -> None:
    """Remove the lexicons of older dictionaries or parsers that no process opened for a week (each open
    touches its file, so another installation's lexicon in use stays), and builds that died half-way."""
    now = time.time()
    for other in kept.parent.glob("freedict-*"):
        with contextlib.suppress(OSError):  # another builder may remove it first
            if other != kept and now - other.stat().st_mtime > _STALE_SECONDS:
                other.unlink()


def _write(path: Path) -> None:
    scores: Counter[tuple[str, str, str]] = Counter()
    grammar: set[tuple[str, str]] = set()  # (language, word) of an entry of grammar or a verb ("sous")
    found = installed(dictionary_dir())
    for language, base, _english in (item for item in found if not item[2]):
        for headword, translations in entries(base):
            head = fold(headword.strip().lower())
            if " " in head:
                continue
            if not translations:
                grammar.add((language, head))
            for english in translations:
                scores[(language, head, english.lower())] += _NATIVE_SCORE
    grammar -= {(language, word) for language, word, _english in scores}  # "Unter": also a noun
    english_words: set[str] = set()
    for language, base, _english in (item for item in found if item[2]):
        for headword, translations in entries(base):
            head = headword.strip().lower()
            if " " not in head:
                english_words.add(head)
            for foreign in (fold(t) for t in translations if " " not in t):
                if (language, foreign) not in grammar:  # "under" → "sous" (a preposition): no name
                    scores[(language, foreign, head)] += _INVERTED_SCORE
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute("CREATE TABLE glosses (language TEXT, word TEXT, english TEXT, score INTEGER)")
        db.execute("CREATE TABLE english (word TEXT PRIMARY KEY)")
        db.executemany("INSERT INTO glosses VALUES (?, ?, ?, ?)", ((*k, v) for k, v in scores.items()))
        db.executemany("INSERT OR IGNORE INTO english VALUES (?)", ((w,) for w in english_words))
        db.execute("CREATE INDEX glosses_word ON glosses (word, language)")
    path.chmod(0o644)


@functools.cache
def _connection() -> sqlite3.Connection | None:
    """The lexicon, opened read-only (built first if needed); None, with one warning, when it cannot be
    built or read (a full disk, a cache folder it may not write, a damaged file): the reading goes on
    as it does without dictionaries, never fails for it."""
    try:
        path = lexicon_path()
        if path is None:
            return None
        if not path.exists():
            build(path)
        with contextlib.suppress(OSError):  # in use: kept by ``_remove_stale`` (a read-only cache is fine)
            os.utime(path)
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
        db.execute("SELECT word FROM english LIMIT 1").fetchall()
    except (OSError, sqlite3.Error) as error:
        _log.warning("the bilingual lexicon is not used: %s", error)
        return None
    return db


class Status(NamedTuple):
    languages: list[str]  # the languages with a dictionary installed
    path: Path | None  # where the lexicon is (or will be) built
    built: bool


def status() -> Status:
    """What ``doctor`` says of the lexicon."""
    path = lexicon_path()
    languages = sorted({language for language, _base, _english in installed(dictionary_dir())})
    return Status(languages, path, path is not None and path.exists())


def available() -> bool:
    """Whether a lexicon can be used (dictionaries installed; built now if it was not)."""
    return _connection() is not None


@functools.lru_cache(maxsize=4096)
def glosses(language: str, word: str) -> dict[str, int]:
    """The English phrases of a folded ``word`` of ``language`` ("de", "fr", "es"), each with its score."""
    db = _connection()
    if db is None:
        return {}
    found: dict[str, int] = {}
    with contextlib.suppress(sqlite3.Error):  # damaged after it opened: no senses, never a failed reading
        query = "SELECT english, score FROM glosses WHERE word = ? AND language = ?"
        for english, score in db.execute(query, (word, language)):
            found[english] = found.get(english, 0) + score
    return found


@functools.lru_cache(maxsize=4096)
def languages_of(word: str) -> frozenset[str]:
    """The languages whose dictionary has the folded ``word`` ("en" for an English headword)."""
    return languages_of_words((word,)).get(word, frozenset())


def languages_of_words(words: tuple[str, ...]) -> dict[str, frozenset[str]]:
    """``languages_of`` for many words at once (a file's headers: a hundred words or more), a few queries."""
    db = _connection()
    if db is None:
        return {}
    found: dict[str, set[str]] = {}
    try:
        for start in range(0, len(words), _WORDS_A_QUERY):
            chunk = words[start : start + _WORDS_A_QUERY]
            marks = ",".join("?" * len(chunk))
            query = f"SELECT word, language FROM glosses WHERE word IN ({marks})"
            for word, language in db.execute(query, chunk):
                found.setdefault(word, set()).add(language)
            for (word,) in db.execute(f"SELECT word FROM english WHERE word IN ({marks})", chunk):
                found.setdefault(word, set()).add("en")
    except sqlite3.Error:
        return {}
    return {word: frozenset(languages) for word, languages in found.items()}
