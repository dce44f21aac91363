"""Openings that address someone or say what the answer is for: "Dear analyst,", "for our field report".

"Dear analyst, for our field report I would like the mean flipper_length_mm of ...", "We are preparing a
report on the fleet. Please compute ...": the greeting and the purpose cannot change the numbers. They are
set aside, and the reading names them as not used ("not used: 'Dear analyst,'"), on positive evidence only:

- a greeting at the very start ("Dear ...", "Hi ...", "Hello ...", "Good morning ...") up to its comma;
- a purpose phrase "for our / my / the <one or two words> report" (report, presentation, meeting, study,
  dashboard, paper, review, slides, newsletter, article, project);
- a first sentence that says what the person is doing ("we are preparing / writing / working on ...")
  with a purpose noun, ended by a full stop before the question.

None of them is set aside when it holds a number, a column word, a value of the data or an analysis word:
those stay in the request, where the word check reads them, asks or refuses.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.parse import detect_operations
from mcpforge.pipeline.intent.words import ColumnResolver, find_values, tokenize

_PURPOSES = (
    r"reports?|presentations?|meetings?|study|studies|dashboards?|papers?|reviews?|slides?|newsletters?|"
    r"articles?|projects?|thesis|memo|briefing"
)
_GREETING = re.compile(
    r"^\s*(?:dear|hi|hello|hey|good\s+(?:morning|afternoon|evening))\b[^,.:;!?\d]{0,40}[,:!]\s*", re.I
)
_PURPOSE = re.compile(
    rf"\bfor\s+(?:our|my|the|a|an|this|your)\s+(?:[a-z\-]+\s+){{0,2}}?(?:{_PURPOSES})\b\s*,?\s*", re.I
)
_DOING = re.compile(
    rf"^\s*(?:we|i)\s*(?:are|am|'re|'m|have\s+been)?\s+(?:preparing|writing|working\s+on|putting\s+together|"
    rf"drafting|building)\b[^.!?\d]{{0,80}}?\b(?:{_PURPOSES})\b[^.!?\d]{{0,60}}[.!]\s+(?=\S)",
    re.I,
)


_GREETING_WORDS = frozenset({"dear", "hi", "hello", "hey", "good"})
_PURPOSE_STEMS = ("report", "presentation", "meeting", "stud", "dashboard", "paper", "review", "slide",
                  "newsletter", "article", "project", "thesis", "memo", "briefing")  # fmt: skip


def _plain(span: str, resolver: ColumnResolver) -> bool:
    """No column word, value, number or analysis word in ``span``."""
    tokens = tokenize(span)
    if any(any(ch.isdigit() for ch in t) for t in tokens) or detect_operations(span):
        return False
    if find_values(tokens, resolver):
        return False
    return all(resolver.match_at(tokens, i, fuzzy=False) is None for i in range(len(tokens)))


def set_aside_openings(text: str, resolver: ColumnResolver) -> tuple[str, list[str]]:
    """``text`` without its greeting, purpose phrase and opening sentence, and what was set aside."""
    aside: list[str] = []
    low = text.lower()
    first = low.split(maxsplit=1)[0] if low.split() else ""
    checks = (
        (_GREETING, first.strip(",:!") in _GREETING_WORDS),
        (_DOING, first in {"we", "i", "we're", "i'm"}),
        (_PURPOSE, " for " in f" {low} " and any(word in low for word in _PURPOSE_STEMS)),
    )
    for pattern, worth_a_look in checks:  # a pattern is compiled only when its words are there
        match = pattern.search(text) if worth_a_look else None
        if match is None or not _plain(match.group(0), resolver):
            continue
        rest = (text[: match.start()] + " " + text[match.end() :]).strip()
        if not rest:
            continue
        aside.append(match.group(0).strip())
        text = rest
    return text, aside
