"""Correlation helper copied into correlation tools (no scipy: it is not on the import allowlist)."""

import numpy as np
import pandas as pd


# ---- INLINE ----
def _tie_pairs(sorted_values: np.ndarray) -> float:
    """Pairs of equal values in a sorted array: the sum of t*(t-1)/2 over runs of length t."""
    if len(sorted_values) < 2:
        return 0.0
    starts = np.flatnonzero(np.concatenate(([True], sorted_values[1:] != sorted_values[:-1], [True])))
    runs = np.diff(starts).astype("float64")
    return float((runs * (runs - 1) / 2).sum())


def _inversions(ranks: np.ndarray) -> float:
    """Pairs i < j with ranks[i] > ranks[j], by a bottom-up merge sort in whole-array steps.

    ``ranks`` are integers in [0, n). At each width w the array is sorted within blocks of w; for every
    pair of neighbouring blocks, each right element counts the left elements above it (one searchsorted
    over keys block*n + rank), then a stable sort of those keys merges the pair.
    """
    n = len(ranks)
    values = ranks.astype("int64")
    index = np.arange(n, dtype="int64")
    total = 0
    width = 1
    while width < n:
        pair = index // (2 * width)
        right = (index // width) % 2 == 1
        keys = pair * n + values
        left_keys = keys[~right]  # sorted: blocks ascend and each block is sorted
        right_pair = pair[right]
        upper = np.searchsorted(left_keys, (right_pair + 1) * n, side="left")
        at_or_below = np.searchsorted(left_keys, keys[right], side="right")
        total += int((upper - at_or_below).sum())
        values = values[np.argsort(keys, kind="stable")]
        width *= 2
    return float(total)


def _kendall_tau(x: np.ndarray, y: np.ndarray) -> float:
    """Kendall tau-b in O(n log^2 n) (Knight's method): discordant pairs are the inversions of y
    once the rows are sorted by x, then y."""
    n = len(x)
    order = np.lexsort((y, x))
    xs, ys = x[order], y[order]
    pairs = n * (n - 1) / 2
    ties_x = _tie_pairs(xs)
    ties_y = _tie_pairs(np.sort(y))
    joint_start = np.concatenate(([True], (xs[1:] != xs[:-1]) | (ys[1:] != ys[:-1]), [True]))
    joint_runs = np.diff(np.flatnonzero(joint_start)).astype("float64")
    ties_xy = float((joint_runs * (joint_runs - 1) / 2).sum())
    y_ranks = np.searchsorted(np.unique(ys), ys)
    discordant = _inversions(y_ranks)
    concordant_minus_discordant = pairs - ties_x - ties_y + ties_xy - 2 * discordant
    denominator = np.sqrt((pairs - ties_x) * (pairs - ties_y))
    return float(concordant_minus_discordant / denominator) if denominator > 0 else float("nan")


def _pair_corr(a: pd.Series, b: pd.Series, method: str) -> tuple[float, int]:
    """Correlation of two numeric columns over the rows where both are present, and that row count."""
    both = pd.DataFrame({"a": a.to_numpy(dtype="float64"), "b": b.to_numpy(dtype="float64")}).dropna()
    n = len(both)
    if n < 2:
        return float("nan"), n
    if method == "kendall":
        return _kendall_tau(both["a"].to_numpy(), both["b"].to_numpy()), n
    if method == "spearman":
        both = both.rank(method="average")
    return float(both["a"].corr(both["b"])), n
