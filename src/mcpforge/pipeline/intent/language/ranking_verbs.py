"""The verb of a ranking question: "Which 5 states smoked the most packs per capita in 1995?".

In "which [N] <things> <verb> the most / the least <measure>" the verb says how the measure came about
(smoked, sold, bought, spent): the ranking is by the measure the reading uses, and the verb changes no
number. It is discourse only in that slot (right after the ranked things, right before "the most" /
"the least" / "the highest" ...), only when the reading ranks groups (a top N) by a measured column, and
never for a verb of change ("lost the most", "grew the most": a difference between periods, which a
ranking by the measure does not compute) — those stay content words and are asked about or refused.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.models import Intent

_RANKING = frozenset({"most", "least", "highest", "lowest", "largest", "smallest", "biggest", "fewest"})
_WHICH = frozenset({"which", "what"})
_VERB = re.compile(r"[a-z]{3,}")


def _forms(*bases: str) -> frozenset[str]:
    """Each base with its inflections, spelling rules included: vary → varies, varied; drop → dropped."""
    found: set[str] = set()
    for base in bases:
        stem = base[:-1] if base.endswith("e") else base
        found |= {base, f"{base}s", f"{stem}ed", f"{stem}ing", f"{base}d"}
        if base.endswith("y") and base[-2] not in "aeiou":  # vary: varies, varied
            found |= {f"{base[:-1]}ies", f"{base[:-1]}ied"}
        if len(base) > 2 and base[-1] not in "aeiouwxy" and base[-2] in "aeiou" and base[-3] not in "aeiou":
            found |= {f"{base}{base[-1]}ed", f"{base}{base[-1]}ing"}  # drop: dropped, dropping
    return frozenset(found)


# Verbs of change: ranked by them, the answer is a difference, not the measure.
CHANGE_VERBS = _forms(
    "increase", "decrease", "grow", "drop", "fall", "rise", "decline", "gain", "lose", "improve", "change",
    "jump", "climb", "reduce", "shrink", "expand", "raise", "cut", "add", "lower", "double", "halve",
    "slow", "recover", "worsen", "fluctuate", "vary", "spike", "plunge", "soar", "sink", "slip", "surge",
) | {"grew", "fell", "rose", "lost", "risen", "fallen", "grown", "shrank", "shrunk", "sank",
     "sunk"}  # fmt: skip


def ranking_verb(tokens: list[str], i: int, intent: Intent) -> bool:
    """Whether ``tokens[i]`` is the verb between a ranking question's things and its "the most"."""
    word = tokens[i]
    if intent.top_n is None or not any(m.column for m in intent.metrics) or not _VERB.fullmatch(word):
        return False
    if word in CHANGE_VERBS or i < 2:
        return False
    after = tokens[i + 1 : i + 3]
    if not after or not (after[0] in _RANKING or (after[0] == "the" and after[1:2] and after[1] in _RANKING)):
        return False
    # "which 5 states smoked", "which states smoked": the question word two or three places before
    before = tokens[max(0, i - 3) : i - 1]
    return any(w in _WHICH for w in before)


# "the biggest drop", "the sharpest rise": a ranking word before the noun of change
_CHANGE_RANKING = _RANKING | {
    "greatest", "sharpest", "steepest", "fastest", "strongest", "slowest", "weakest",
}  # fmt: skip
# Readings that compute a change between periods themselves: their change word is theirs.
_CHANGE_OPERATIONS = frozenset({"period_change"})


def unread_change(tokens: list[str], i: int, intent: Intent) -> str | None:
    """Why ``tokens[i]`` ranks by a change the reading does not compute ("rainfall dropped the most").

    "Which region's rainfall dropped the most?" ranks the regions by how much rainfall fell between the
    first and the last period, not by their mean: read without the verb, the answer is the top mean, a
    wrong answer that looks right. "drop the rows where ..." is an instruction, never beside a ranking word.
    """
    word = tokens[i]
    if word not in CHANGE_VERBS or intent.operation in _CHANGE_OPERATIONS:
        return None
    after = tokens[i + 1 : i + 3]
    ranked_after = bool(after) and (
        after[0] in _CHANGE_RANKING
        or (after[0] in {"the", "by"} and after[1:2] != [] and after[1] in _CHANGE_RANKING)
    )
    before = tokens[max(0, i - 2) : i]
    ranked_before = bool(before) and before[-1] in _CHANGE_RANKING  # "the biggest drop in rainfall"
    if not (ranked_after or ranked_before):
        return None
    return "a change between periods, which the reading does not compute (it would rank the measure itself)"
