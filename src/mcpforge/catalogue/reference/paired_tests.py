"""Reference of the paired-by-id, Wilcoxon signed-rank and two-sample Kolmogorov-Smirnov tests.

A test paired by an id column ("paired by state") compares one column at two values of another
(1982 and 1988 of ``year``): one pair per id that has a value at both, in the order the two values are
given; an id with two rows at one value cannot pair them (an argument error: the column is no id). The
paired t statistic and the Kolmogorov-Smirnov D are computed here from their formulas; the Wilcoxon
signed-rank test and the tail probabilities are scipy's, on this module's own cleaned pairs and samples.
"""

from __future__ import annotations

import math
import statistics
from bisect import bisect_right
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from mcpforge.catalogue.reference.missing import is_missing
from mcpforge.exceptions import InvalidArgumentError

if TYPE_CHECKING:
    import pandas as pd

_NAN = math.nan
_TRUTH = {"yes": "true", "y": "true", "t": "true", "no": "false", "n": "false", "f": "false"}


def _label(value: Any) -> str:
    text = str(value).strip().lower()
    return _TRUTH.get(text, text)


def _side(df: pd.DataFrame, arguments: dict[str, Any], key: Any) -> dict[Any, float]:
    """``{id: value}`` of the rows whose group column is ``key``."""
    column, group, ids = arguments["columns"][0], arguments["group_column"], arguments["pair_column"]
    side: dict[Any, float] = {}
    rows = zip(df[ids].tolist(), df[group].tolist(), df[column].tolist(), strict=True)
    for id_, g, v in rows:
        if is_missing(id_) or is_missing(g) or is_missing(v) or _label(g) != _label(key):
            continue
        if id_ in side:
            raise InvalidArgumentError(
                f"{ids!r} repeats within {group} = {key}; cannot pair the rows by it", argument="pair_column"
            )
        side[id_] = float(v)
    return side


def _pairs(df: pd.DataFrame, arguments: dict[str, Any]) -> list[tuple[float, float]]:
    first, second = (_side(df, arguments, key) for key in arguments["groups"])
    return [(value, second[id_]) for id_, value in first.items() if id_ in second]


def _two_column_pairs(df: pd.DataFrame, arguments: dict[str, Any]) -> list[tuple[float, float]]:
    a, b = arguments["columns"][:2]
    return [
        (float(x), float(y))
        for x, y in zip(df[a].tolist(), df[b].tolist(), strict=True)
        if not is_missing(x) and not is_missing(y)
    ]


def _paired_test(test: str, pairs: list[tuple[float, float]]) -> tuple[float, float, int]:
    from scipy import stats

    n = len(pairs)
    if n < 2:
        return _NAN, _NAN, n
    xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
    if test == "wilcoxon":
        out = stats.wilcoxon(xs, ys)
        return float(out[0]), float(out[1]), n
    diffs = [x - y for x, y in pairs]
    spread = statistics.stdev(diffs)
    if spread == 0:
        return _NAN, _NAN, n
    t = statistics.fmean(diffs) / (spread / math.sqrt(n))
    return t, float(2 * stats.t.sf(abs(t), n - 1)), n


def _ks_statistic(a: list[float], b: list[float]) -> float:
    """The largest gap between the two empirical distribution functions."""
    gap = 0.0
    sa, sb = sorted(a), sorted(b)
    for point in set(sa) | set(sb):
        fa, fb = bisect_right(sa, point) / len(sa), bisect_right(sb, point) / len(sb)
        gap = max(gap, abs(fa - fb))
    return gap


def paired_or_rank_test(
    df: pd.DataFrame,
    arguments: dict[str, Any],
    split: Callable[[pd.DataFrame, dict[str, Any]], list[list[float]]],
) -> tuple[float, float, int]:
    """A test paired by an id column, Wilcoxon signed-rank of two columns, or two-sample Kolmogorov-Smirnov.

    ``split`` gives the two samples of a two-sample test (two columns, or one column by two groups).
    """
    from scipy import stats

    if arguments.get("pair_column"):  # one column at two values of another, paired by the id column
        return _paired_test(arguments["test"], _pairs(df, arguments))
    if arguments["test"] == "wilcoxon":
        return _paired_test("wilcoxon", _two_column_pairs(df, arguments))
    a, b = split(df, arguments)[:2]
    if len(a) < 2 or len(b) < 2:
        return _NAN, _NAN, len(a) + len(b)
    return _ks_statistic(a, b), float(stats.ks_2samp(a, b).pvalue), len(a) + len(b)
