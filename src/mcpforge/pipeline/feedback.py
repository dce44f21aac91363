"""Two-stage feedback (requirements Step 7, ARCHITECTURE §11) and issue labels for rejections (8B.1).

Stage 1 ("Is this output correct?") is lenient: a plain yes in its usual phrasings accepts the output.
Stage 2 ("Approve or Reject?") is strict: only a first word ``approve``/``approved`` with no
disqualifier, hesitation or negation anywhere registers the tool. Everything else — ``ok``, ``sure``,
``yes, looks good!``, silence and timeouts — is REJECTED, because registering a tool is the one decision
that must never be guessed.
"""

from __future__ import annotations

import re
from typing import Literal

from mcpforge.config import FeedbackConfig
from mcpforge.models import UserFeedback, utc_now

_WORD = re.compile(r"[a-z0-9]+(?:['\u2019][a-z]+)?")

# Words that add doubt or a condition to an approval; the configured disqualifiers are added to these.
_HESITATIONS = frozenset(
    {
        "if",
        "unless",
        "maybe",
        "perhaps",
        "later",
        "wait",
        "not",
        "don't",
        "dont",
        "never",
        "cannot",
        "can't",
        "shouldn't",
        "won't",
        "isn't",
        "wrong",
        "incorrect",
        "reject",
        "rejected",
        "no",
        "nope",
        "except",
        "yet",
        "hold",
        "until",
        "almost",
        "mostly",
        "partially",
        "partly",
    }
)
# Stage 1: first words that mean "yes, the output is right".
_OUTPUT_YES = frozenset(
    {
        "yes",
        "y",
        "yep",
        "yeah",
        "yup",
        "ya",
        "correct",
        "good",
        "right",
        "perfect",
        "great",
        "exactly",
        "ok",
        "okay",
        "fine",
        "sure",
        "accurate",
        "accept",
        "accepted",
        "approve",
        "approved",
        "absolutely",
        "definitely",
        "indeed",
        "confirmed",
        "confirm",
        "excellent",
        "nice",
        "true",
        "affirmative",
        "lgtm",
        "spot",
        "looks",
        "seems",
        "looking",
    }
)
_OUTPUT_FILLERS = frozenset(
    {
        "i",
        "that's",
        "thats",
        "that",
        "is",
        "it's",
        "its",
        "it",
        "this",
        "all",
        "the",
        "output",
        "result",
        "results",
        "looks",
        "seems",
        "are",
        "very",
        "totally",
        "yes",
    }
)
_OUTPUT_NO = frozenset(
    {
        "no",
        "n",
        "nope",
        "nah",
        "not",
        "wrong",
        "incorrect",
        "bad",
        "reject",
        "rejected",
        "missing",
        "should",
        "instead",
        "isn't",
        "isnt",
        "doesn't",
        "doesnt",
        "don't",
        "dont",
        "error",
        "off",
        "broken",
        "never",
        "mistake",
        "unsure",
        "maybe",
        "perhaps",
        "partially",
        "partly",
        "almost",
        "mostly",
        "fix",
        "redo",
        "but",
        "however",
        "except",
        "although",
        "though",
        "why",
    }
)

Stage = Literal["output", "registration"]


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("\u2019", "'"))


def _output_decision(text: str, config: FeedbackConfig) -> bool:
    words = _words(text)
    if not words or "?" in text:
        return False
    disqualifiers = {word.lower() for word in config.disqualifiers}
    if any(word in _OUTPUT_NO or word in disqualifiers for word in words):
        return False
    normalized = " ".join(words)
    for keyword in config.output_accept_keywords:
        phrase = " ".join(_words(keyword))
        if phrase and (normalized == phrase or normalized.startswith(phrase + " ")):
            return True
    # Skip fillers ("that's", "it is", "the output looks") to the word carrying the answer.
    informative = [word for word in words if word not in _OUTPUT_FILLERS] or words
    return informative[0] in _OUTPUT_YES


def _registration_decision(text: str, config: FeedbackConfig) -> bool:
    words = _words(text)
    if not words or "?" in text:
        return False
    approve = {word.lower() for word in config.approve_keywords}
    if words[0] not in approve:
        return False
    blocked = (
        _HESITATIONS | {w.lower() for w in config.disqualifiers} | {w.lower() for w in config.reject_keywords}
    )
    blocked -= approve
    return not any(word in blocked for word in words[1:])


def parse_feedback(
    user_response: str | None,
    stage: Stage = "registration",
    config: FeedbackConfig | None = None,
) -> UserFeedback:
    """Parse one answer of the two-stage review.

    Args:
        user_response: what the person typed; None means no answer (silence or timeout).
        stage: ``"output"`` for "Is this output correct?" (lenient), ``"registration"`` for
            "Approve or Reject?" (strict).
        config: feedback keywords; defaults to ``FeedbackConfig()``.

    Returns:
        UserFeedback with decision OUTPUT_ACCEPTED / OUTPUT_REJECTED (stage "output") or
        APPROVED / REJECTED (stage "registration"); ``issues`` holds labels from :func:`extract_issues`
        when the answer rejects.
    """
    settings = config or FeedbackConfig()
    text = (user_response or "").strip()
    if stage == "output":
        accepted = _output_decision(text, settings)
        decision = "OUTPUT_ACCEPTED" if accepted else "OUTPUT_REJECTED"
    else:
        accepted = _registration_decision(text, settings)
        decision = "APPROVED" if accepted else "REJECTED"
    return UserFeedback(
        decision=decision,
        notes=text or None,
        timestamp=utc_now(),
        stage=stage,
        issues=[] if accepted else extract_issues(text),
    )


# Label → patterns (searched in the lower-cased notes). Order is the order labels are reported in.
_ISSUE_PATTERNS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "COLUMN_MISMATCH",
        (
            r"wrong (?:column|field|variable)",
            r"should be ['\"]?(?!(?:json|markdown|csv|html|text|a table|table|percent\w*)\b)\w+['\"]? not ",
            r"\bcolumn\b.*\b(?:wrong|incorrect)\b",
            r"(?:use|used) (?:the )?['\"]?\w+['\"]? column",
            r"instead of (?:the )?['\"]?\w+['\"]? column",
            r"\bnot the ['\"]?\w+['\"]? column",
        ),
    ),
    (
        "MISSING_FILTER",
        (
            r"missing (?:a )?filter",
            r"also filter",
            r"\bfilter(?:ed)? (?:by|on|for|to|out)\b",
            r"\bonly\b",
            r"\bexclud(?:e|ing)\b",
            r"\bwhere\b",
            r"\bwithout (?:the )?\w+ (?:rows|records)",
        ),
    ),
    (
        "OUTPUT_FORMAT",
        (
            r"\bformat",
            r"as (?:a )?percentages?",
            r"\bpercent",
            r"as (?:a )?json",
            r"as (?:a )?csv",
            r"as (?:a )?(?:table|chart|list)",
            r"\bdecimal",
            r"\bround(?:ed|ing)?\b",
            r"\bmarkdown\b",
        ),
    ),
    (
        "WRONG_METRIC",
        (
            r"(?:sum|count|average|mean|median|total|max|min)\w* instead of",
            r"wrong (?:metric|measure|aggregation)",
            r"\baverage\b",
            r"\bmean\b",
            r"\bmedian\b",
            r"should (?:be )?(?:the )?(?:sum|count|total|maximum|minimum)",
        ),
    ),
    (
        "WRONG_GROUPING",
        (
            r"group(?:ed|ing)? by",
            r"\bgrouping\b",
            r"\bper \w+",
            r"\bbreak(?:down| down| it down)? by",
            r"\bfor each\b",
            r"\bsplit by\b",
        ),
    ),
    (
        "SORTING",
        (
            r"\bsort",
            r"\border(?:ed)? by\b",
            r"\bascending\b",
            r"\bdescending\b",
            r"\b(?:highest|lowest|largest|smallest) first\b",
            r"\breverse order\b",
            r"\bwrong order\b",
        ),
    ),
    (
        "LIMIT",
        (
            r"\btop \d+",
            r"\btop (?:one|two|three|five|ten|twenty)\b",
            r"\bfirst \d+",
            r"\bbottom \d+",
            r"\blimit",
            r"\btoo many (?:rows|results)",
            r"\bonly \d+ (?:rows|results|items)",
        ),
    ),
    (
        "INCORRECT_RESULT",
        (
            r"wrong (?:numbers?|results?|values?|totals?|answer|counts?)",
            r"\bincorrect\b",
            r"doesn'?t add up",
            r"numbers? (?:are|is|look) (?:off|wrong)",
            r"\bmiscount",
        ),
    ),
    (
        "MISSING_DATA",
        (
            r"missing (?:rows|values|data|records|categories)",
            r"\brows? (?:are|is) missing",
            r"\bnull\b",
            r"\bnan\b",
            r"\bempty\b",
        ),
    ),
    (
        "TIME_RANGE",
        (
            r"\b(?:year|month|week|quarter)s?\b",
            r"\bdate range\b",
            r"\b(?:since|before|after) \d{4}",
            r"\blast \d+ (?:days|weeks|months|years)",
            r"\bbetween \d{4}",
        ),
    ),
    ("WRONG_DATASET", (r"wrong (?:file|dataset|data ?source|table|sheet)",)),
    ("NAMING", (r"\brename", r"\blabels?\b", r"\bheaders?\b", r"\btitle\b")),
    ("PERFORMANCE", (r"too slow", r"takes? too long", r"\btimed? ?out\b", r"\bperformance\b")),
)
_COMPILED = tuple((label, tuple(re.compile(p) for p in patterns)) for label, patterns in _ISSUE_PATTERNS)


def extract_issues(notes: str) -> list[str]:
    """Issue labels found in rejection notes, e.g. ``["COLUMN_MISMATCH", "MISSING_FILTER"]``.

    Labels: COLUMN_MISMATCH, MISSING_FILTER, OUTPUT_FORMAT, WRONG_METRIC, WRONG_GROUPING, SORTING, LIMIT,
    INCORRECT_RESULT, MISSING_DATA, TIME_RANGE, WRONG_DATASET, NAMING, PERFORMANCE. An empty list means a
    generic rejection (nothing specific to correct).
    """
    text = (notes or "").lower().replace("\u2019", "'")
    return [label for label, patterns in _COMPILED if any(p.search(text) for p in patterns)]
