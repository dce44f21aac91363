"""A word naming a column in another language, or inflected, written as the column (issue 25).

"Quel est le *revenu* médian ..." over English headers names ``income``; "les entreprises qui
*investissent*" names ``invest``; "income" over a German ``Einkommen`` names that column. After the
translation, a word the file's names and values do not explain is read as a column when exactly one
column fits:

- by the bilingual table of column nouns (``column_nouns``): the word is a form of a concept in the
  request's language (or the English the translation wrote), and one header is the same concept in
  another language;
- else by its ending (``inflections``): the word is a one-word name plus an ending of the request's
  language.

The word is replaced by the name and the reading says it ("read 'revenu' as the column 'income'"). When
two columns fit, nothing is replaced: the word stays, so the reading still asks or refuses about it.
A word of a column's name or of a category value is never replaced (it names that already), nor a
counted noun ("how many counties", "counties (Comté)") nor a noun of the file's name column ("the
counties of Michigan" over ``Comté``, a different name on most rows): rows/ reads those as the rows or
asks. A verb ("qui investissent") is written "that invest", the relative clause English needs.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.language.crossing.column_nouns import concepts_of
from mcpforge.pipeline.intent.language.crossing.inflections import MIN_STEM, endings, verb_endings
from mcpforge.pipeline.intent.language.spans import spans
from mcpforge.pipeline.intent.parse import AGG_WORDS, GROUP_TRIGGERS, RANK_WORDS, detect_operations
from mcpforge.pipeline.intent.rows.name_column import name_column
from mcpforge.pipeline.intent.words import ColumnResolver, fold, norm


def _plain_word(word: str) -> bool:
    """A word of three letters or more (hyphens inside), in small ASCII letters: no number, no bracket."""
    return len(word) >= 3 and word.isascii() and word[0].isalpha() and word.replace("-", "").isalpha()


def cross_names(text: str, resolver: ColumnResolver, language: str) -> tuple[str, list[str]]:
    """``text`` with words naming one column in another language or inflected written as it; notes."""
    found = spans(text)
    taken = _taken_words(resolver)
    replaced: list[tuple[int, int, str]] = []
    notes: list[str] = []
    words = [s.word for s in found]
    for k, span in enumerate(found):
        word = span.word
        if not _plain_word(word) or word in taken or _analysis_word(word):
            continue  # "counting" over a ``count`` column is still the analysis word
        if resolver.match_at([word], 0, fuzzy=True):
            continue
        if _counted(words, k) or words[k + 1 : k + 2] == ["("]:
            continue  # "how many counties", "counties (Comté)": the rows' nouns, read in rows/
        columns = _by_concept(word, language, resolver) or _by_ending(word, language, resolver)
        if len(columns) != 1:
            continue
        (column,) = columns
        if column == name_column(resolver):
            continue  # "the counties of Michigan" over ``Comté``: the rows themselves, read in rows/
        verb = any(word == norm(column) + tail for tail in verb_endings(language))
        replaced.append((span.start, span.end, f"that {column}" if verb else column))
        notes.append(f"read {text[span.start : span.end]!r} as the column {column!r}")
    for start, end, column in reversed(replaced):
        text = text[:start] + column + text[end:]
    return text, notes


# Words that count the noun after them (within four words): "how many counties", "number of firms"
_COUNTING = frozenset({"many", "number", "count", "counts", "distinct", "unique", "different", "fraction",
                       "proportion", "share", "percentage", "percent", "fewest", "fewer"})  # fmt: skip


def _counted(words: list[str], k: int) -> bool:
    return any(w in _COUNTING for w in words[max(0, k - 4) : k])


_ANALYSIS = frozenset(
    {w for words in AGG_WORDS for w in words} | {w for words in GROUP_TRIGGERS for w in words} | RANK_WORDS
)


def _analysis_word(word: str) -> bool:
    return word in _ANALYSIS or bool(detect_operations(word))


def _taken_words(resolver: ColumnResolver) -> frozenset[str]:
    """Words of the file's column names and of its category values: they name those already."""
    words = {w for name in resolver.names() for w in norm(name).split()}
    for info in resolver.schema.columns:
        if info.kind == "categorical":
            words.update(w for value in info.values for w in fold(str(value)).split())
    return frozenset(words)


def _by_concept(word: str, language: str, resolver: ColumnResolver) -> set[str]:
    """Columns named by the same concept as ``word`` in another language than the word's."""
    columns: set[str] = set()
    for concept in concepts_of(word):
        own = {lang for lang in (language, "en") if word in concept.get(lang, frozenset())}
        if not own:
            continue  # a form of another language only ("land" read in an English request)
        same = frozenset().union(*(concept[lang] for lang in own))
        others = frozenset().union(*(forms for lang, forms in concept.items() if lang not in own))
        for name in resolver.names():
            spellings = {norm(name), norm(_UNIT.sub(" ", name))}  # "Bevölkerung (Tausend)": "bevolkerung" too
            if spellings & others and not spellings & same:
                columns.add(name)
    return columns


# A bracket after a header says its unit or scale ("Bevölkerung (Tausend)", "Población (millones)"): the
# noun before it is the concept the header names.
_UNIT = re.compile(r"\([^()]*\)")


def _by_ending(word: str, language: str, resolver: ColumnResolver) -> set[str]:
    """One-word columns ``word`` writes with an ending of ``language`` ("investissent" → ``invest``)."""
    tails = endings(language)
    return {
        name
        for name in resolver.names()
        if len(stem := norm(name)) >= MIN_STEM
        and " " not in stem
        and word.startswith(stem)
        and word[len(stem) :] in tails
    }
