"""A training set for a scikit-learn-style ``(X, y)`` call (``fit``, ``fit_resample``, ``score``).

Type-based values give ``X`` a flat list and ``y`` another: a classifier-style API refuses both. The pair
here is what such an API needs: a 2-D numeric ``X`` (20 rows, 2 features, no two rows alike) and a 1-D
``y`` with two classes and enough rows of each (12 and 8: a nearest-neighbour over-sampler such as SMOTE
needs more minority rows than its default 5 neighbours).
"""

from __future__ import annotations

from typing import Any

_ROWS = 20
_MINORITY = 8


def training_set() -> tuple[list[list[float]], list[int]]:
    """``X`` (20 by 2) and ``y`` (12 of class 0, then 8 of class 1); the classes lie apart."""
    features = [
        [round(0.5 * i + (3.0 if i >= _ROWS - _MINORITY else 0.0), 2), round(((i * 7) % 11) * 0.3, 2)]
        for i in range(_ROWS)
    ]
    labels = [0] * (_ROWS - _MINORITY) + [1] * _MINORITY
    return features, labels


def _is_table(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(row, list) for row in value)


def with_training_set(arguments: dict[str, Any]) -> dict[str, Any]:
    """``arguments`` with a made-up ``X``/``y`` pair (both present, ``X`` not already a table from the
    library's own examples) replaced by the training set; other arguments unchanged."""
    # Capital ``X`` with ``y`` is the scikit-learn convention; ``f(x, y)`` is two numbers.
    if "X" not in arguments or "y" not in arguments or _is_table(arguments["X"]):
        return arguments
    if not all(isinstance(arguments[n], list | float | int) for n in ("X", "y")):
        return arguments  # strings, handles: not a training set
    features, labels = training_set()
    return {**arguments, "X": features, "y": labels}
