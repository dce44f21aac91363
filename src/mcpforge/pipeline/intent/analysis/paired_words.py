"""Words a paired test uses: "did X change between 1982 and 1988" asks what a paired test tests.

Kept apart from :mod:`paired_by` so the word check (statistic_words.py) can import it without a cycle.
"""

from __future__ import annotations

from mcpforge.models import Intent

PAIRED_TESTS = ("ttest_rel", "wilcoxon")
# Under a paired test the change between the two values is what is tested: "did X change", "X differ"
_CHANGE_WORDS = frozenset({"change", "changes", "changed", "changing", "differ", "differs", "differed"})


def names_the_change(token: str, intent: Intent) -> bool:
    """``change`` in "paired t-test: did X change between 1982 and 1988": what a paired test tests."""
    return token in _CHANGE_WORDS and intent.options.get("test") in PAIRED_TESTS
