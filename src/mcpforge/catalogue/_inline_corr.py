"""Correlation helper copied into correlation tools (no scipy: it is not on the import allowlist)."""

import numpy as np
import pandas as pd

from mcpforge.exceptions import DataError

# ---- INLINE ----
_KENDALL_MAX_ROWS = 20_000
_KENDALL_BLOCK = 256


def _kendall_tau(x: np.ndarray, y: np.ndarray) -> float:
    """Kendall tau-b from sign agreements over all ordered pairs, in blocks to bound memory."""
    n = len(x)
    agreement = ties_x = ties_y = 0.0
    for start in range(0, n, _KENDALL_BLOCK):
        dx = np.sign(x[start : start + _KENDALL_BLOCK, None] - x[None, :])
        dy = np.sign(y[start : start + _KENDALL_BLOCK, None] - y[None, :])
        agreement += float((dx * dy).sum())
        ties_x += float((dx == 0).sum())
        ties_y += float((dy == 0).sum())
    # Ordered pairs count every pair twice and each row against itself once (a tie).
    pairs = n * (n - 1) / 2
    denominator = np.sqrt((pairs - (ties_x - n) / 2) * (pairs - (ties_y - n) / 2))
    return float(agreement / 2 / denominator) if denominator > 0 else float("nan")


def _pair_corr(a: pd.Series, b: pd.Series, method: str) -> tuple[float, int]:
    """Correlation of two numeric columns over the rows where both are present, and that row count."""
    both = pd.DataFrame({"a": a.to_numpy(dtype="float64"), "b": b.to_numpy(dtype="float64")}).dropna()
    n = len(both)
    if n < 2:
        return float("nan"), n
    if method == "kendall":
        if n > _KENDALL_MAX_ROWS:
            raise DataError(f"kendall correlation is limited to {_KENDALL_MAX_ROWS:,} rows; use spearman")
        return _kendall_tau(both["a"].to_numpy(), both["b"].to_numpy()), n
    if method == "spearman":
        both = both.rank(method="average")
    return float(both["a"].corr(both["b"])), n
