"""A follow-up sample from a refusal that states the valid range of the refused number.

A made-up number is often outside what a library accepts, and libraries often say so with the range:
CoolProp's ``The pressure value (0.5) is outside the range of validity: (10) to (1e+07)``, ``x must be
between 0 and 1``, ``alpha should be in the range [1, 100]``, ``n must be greater than 2``. The argument
whose value the message quotes takes a value inside that range (the geometric middle of a range spanning
orders of magnitude, else its middle; just past a one-sided bound); an integer stays an integer.
"""

from __future__ import annotations

import math
import re
from typing import Any

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_N = rf"[\[(]?\s*({_NUMBER})\s*[\])]?"
_BETWEEN = re.compile(
    rf"(?:between|range(?: of validity)?(?: is)?:?|interval|within|in)\s*:?\s*{_N}"
    rf"\s*(?:to|and|-|,|\.\.)\s*{_N}",
    re.IGNORECASE,
)
_ABOVE = re.compile(
    rf"(?:greater|larger|more|bigger|higher)\s+than\s+(?:or\s+equal\s+to\s+)?{_N}|>=?\s*{_N}|at least\s+{_N}",
    re.IGNORECASE,
)
_BELOW = re.compile(
    rf"(?:less|smaller|fewer|lower)\s+than\s+(?:or\s+equal\s+to\s+)?{_N}|<=?\s*{_N}|at most\s+{_N}",
    re.IGNORECASE,
)
_WIDE = 100.0  # a range at least this many times its lower bound: the middle in orders of magnitude


def _refused(arguments: dict[str, Any], message: str) -> str | None:
    """The numeric argument whose value the message quotes (the first one, in the call's order)."""
    quoted = {float(n) for n in re.findall(_NUMBER, message) if _finite(n)}
    for name, value in arguments.items():
        if isinstance(value, int | float) and not isinstance(value, bool) and float(value) in quoted:
            return name
    return None


def _finite(text: str) -> bool:
    try:
        return math.isfinite(float(text))
    except (ValueError, OverflowError):
        return False


def _inside(low: float | None, high: float | None) -> float | None:
    if low is not None and high is not None:
        if high <= low:
            return None
        if low > 0 and high / low >= _WIDE:
            return math.sqrt(low * high)
        return (low + high) / 2
    if low is not None:
        return low * 2 if low > 0 else low + 1
    if high is not None:
        return high / 2 if high > 0 else high - 1
    return None


def _bound(pattern: re.Pattern[str], message: str) -> float | None:
    match = pattern.search(message)
    if match is None:
        return None
    text = next(g for g in match.groups() if g is not None)
    return float(text) if _finite(text) else None


def range_fix(arguments: dict[str, Any], message: str) -> dict[str, Any] | None:
    """The argument to change after ``message`` refused one of ``arguments``' numbers and said which range
    it must be in; None when it does not."""
    name = _refused(arguments, message)
    if name is None:
        return None
    between = _BETWEEN.search(message)
    if between is not None and _finite(between.group(1)) and _finite(between.group(2)):
        value = _inside(float(between.group(1)), float(between.group(2)))
    else:
        value = _inside(_bound(_ABOVE, message), _bound(_BELOW, message))
    if value is None or float(arguments[name]) == value:
        return None
    if isinstance(arguments[name], int):
        value = math.ceil(value) if value > arguments[name] else math.floor(value)
    return {name: value}
