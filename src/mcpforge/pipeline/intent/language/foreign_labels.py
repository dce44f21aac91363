"""A description in French, German or Spanish written right before the column it names in brackets.

"la tasa de desempleo (unrate) media por año", "le taux de criminalité (crmrte)", "la tasa media de
desempleo (unrate)", "die Quote der Arbeitslosen (unrate)": the words before the bracket say what the
bracketed column means, so they are its label, not leftover words. English labels are one run of words
(``languages.read_glosses``); in these languages a label is a noun joined to its complement by "de" /
"d'" / "du" / "des" / "del" / "de la" (German "der" / "des" / "von"), which the translation has already put
in English ("of"), and an aggregation adjective may stand inside it ("tasa *media* de desempleo"). So the
label is read here, on the translation's own words, before postposed adjectives move:

- a label word is a word nobody translated (no analysis word), no grammar, no number, and no word of a
  column name or category value of the file, nor a form of a value ("mujeres" beside ``mujer``): those keep
  their meaning and end the label;
- "de" (and its forms) joins two label words, never starts or ends a label;
- an aggregation adjective inside the label is kept, and the rest of the label dropped
  ("la tasa media de desempleo (unrate)" → "la media unrate");
- the bracket must hold exactly one column's name; it then stands bare ("(unrate)" → "unrate").

The reading says it ("read 'tasa de desempleo' as the label of (unrate)").
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.language.function_words import (
    FOREIGN_FUNCTION_WORDS,
    FUNCTION_WORDS,
    describes_rows,
)
from mcpforge.pipeline.intent.language.postposed import POSTPOSED
from mcpforge.pipeline.intent.language.spans import Span
from mcpforge.pipeline.intent.words import ColumnResolver, fold, norm

_MAX_INSIDE = 8  # words between the brackets
_MAX_LABEL_WORDS = 4  # words of a label, joining words aside
_JOINING = frozenset({"of", "of the"})  # "de", "d'", "du", "des", "del" put in English
_ARTICLE = "the"  # "de la", and German "der": the article of the complement
_LABEL_WORD = re.compile(r"[a-z][a-z'\-]{2,}")
_MIN_VALUE = 4  # letters of a category value a label word must not start with


def read_foreign_labels(
    spans: list[Span], out: dict[int, str], keep: set[int], resolver: ColumnResolver, language: str
) -> list[str]:
    """Drop (in ``out``) each label written before a bracketed column name; the notes that say so."""
    notes: list[str] = []
    for i, span in enumerate(spans):
        if span.word != "(" or i in keep or i in out:
            continue
        close = next(
            (k for k in range(i + 1, min(len(spans), i + _MAX_INSIDE + 2)) if spans[k].word == ")"), 0
        )
        column = _bracketed_column(spans, i, close, resolver)
        if column is None:
            continue
        label = _label(spans, i, out=out, keep=keep, resolver=resolver, language=language)
        if not label:
            continue
        for k in label:
            if out.get(k) not in POSTPOSED:
                out[k] = ""
        out[i] = out[close] = ""  # the name stands bare
        said = " ".join(spans[k].raw for k in sorted(label) if out.get(k) not in POSTPOSED)
        notes.append(f"read {said!r} as the label of ({column})")
    return notes


def _bracketed_column(spans: list[Span], i: int, close: int, resolver: ColumnResolver) -> str | None:
    """The column the bracket opening at ``i`` names, when it holds that name and nothing else."""
    if close <= i + 1:
        return None
    inside = " ".join(s.raw for s in spans[i + 1 : close]).replace("' ", "'")
    words = norm(inside).split()
    hit = resolver.match_at(words, 0, fuzzy=False)
    return hit[0] if hit is not None and hit[1] == len(words) else None


def _label(
    spans: list[Span], i: int, *, out: dict[int, str], keep: set[int], resolver: ColumnResolver, language: str
) -> list[int]:
    """The positions of the label before the bracket at ``i`` (adjectives inside it included)."""

    def word_at(k: int) -> bool:
        return _label_word(spans, k, out=out, keep=keep, resolver=resolver, language=language)

    taken: list[int] = []
    words = 0
    k = i - 1
    while k >= 0 and words < _MAX_LABEL_WORDS:
        if word_at(k):
            taken.append(k)
            words += 1
            k -= 1
            continue
        if out.get(k) in POSTPOSED and word_at(k - 1):
            taken.append(k)  # "tasa media de desempleo": the adjective of the label's noun, kept
            k -= 1
            continue
        joined = _joining(k, out, language)
        if not taken or joined == k:
            break
        before = joined  # the word before "de" must be a label word (or its adjective after one)
        if word_at(before) or (out.get(before) in POSTPOSED and word_at(before - 1)):
            taken.extend(range(before + 1, k + 1))
            k = before
            continue
        break
    return taken if words else []


def _joining(k: int, out: dict[int, str], language: str) -> int:
    """Where a joining run ("de la", "of", German "der") ending at ``k`` starts, less one (``k``: none)."""
    start = k
    if out.get(start) == _ARTICLE and out.get(start - 1) in _JOINING:
        start -= 1  # "de la": of + the
    elif out.get(start) == _ARTICLE and language == "de":
        return start - 1  # "die Quote der Arbeitslosen": the genitive article
    if out.get(start) not in _JOINING:
        return k
    return start - 1


def _label_word(
    spans: list[Span], k: int, *, out: dict[int, str], keep: set[int], resolver: ColumnResolver, language: str
) -> bool:
    """A word nobody translated that names nothing of the file: a word of a label."""
    if k < 0 or k in out or k in keep:
        return False
    word = spans[k].word
    if not _LABEL_WORD.fullmatch(word) or word in FUNCTION_WORDS or word in FOREIGN_FUNCTION_WORDS[language]:
        return False
    if not describes_rows(word) or _names_a_value(word, resolver):
        return False
    return resolver.match_at([word], 0, fuzzy=False) is None


def _names_a_value(word: str, resolver: ColumnResolver) -> bool:
    """``mujeres`` beside the value ``mujer``: a condition on the rows, never a label."""
    for info in resolver.schema.columns:
        if info.kind != "categorical":
            continue
        for value in info.values:
            folded = fold(str(value))
            stem = word[: max(_MIN_VALUE, len(word) - 2)]  # "mujeres" → "mujer"
            if len(folded) >= _MIN_VALUE and (word.startswith(folded[:-1]) or folded.startswith(stem)):
                return True
    return False
