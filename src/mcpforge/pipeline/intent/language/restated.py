"""A condition stated twice is one condition: "what share of days were sunny (weather = sun)".

The bracket restates the words before it; the reading keeps one copy. Two copies are not harmless: a
share of rows under "several" conditions cannot say which is the part and which the whole, and a
count under a duplicated condition reads as a narrower question than the one asked.
"""

from __future__ import annotations

from mcpforge.models import Filter


def one_per_condition(filters: list[Filter]) -> list[Filter]:
    """``filters`` without repeats (same column, comparison and value), in their first order."""
    kept: list[Filter] = []
    for candidate in filters:
        if not any(candidate == seen for seen in kept):
            kept.append(candidate)
    return kept
