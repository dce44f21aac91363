"""Kendall's tau beyond what a pairwise loop can take (issue 25: Kendall tools failed their stress test).

The correlation tool computed tau-b over all pairs and refused more than 20,000 rows, so every Kendall tool
failed validation's stress test (100,000 rows at least) and the request was never answered. It now counts
discordant pairs as inversions (Knight's method), with no row limit; the values must stay scipy's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from mcpforge.catalogue import RenderedTool, get_operation
from mcpforge.catalogue.tool_helpers.correlation import _kendall_tau
from mcpforge.models import Intent
from mcpforge.sandbox import ToolCallOutcome

RunBatch = Callable[[RenderedTool, Sequence[dict[str, Any]]], list[ToolCallOutcome]]


@pytest.mark.parametrize("ties", ["none", "x", "both"])
@pytest.mark.parametrize("n", [2, 3, 7, 64, 1001])
def test_tau_b_equals_scipys_with_and_without_ties(n: int, ties: str) -> None:
    rng = np.random.default_rng(n)
    x = rng.integers(0, 4, n).astype(float) if ties != "none" else rng.normal(size=n)
    y = rng.integers(0, 3, n).astype(float) if ties == "both" else 0.5 * x + rng.normal(size=n)
    expected = stats.kendalltau(x, y).statistic
    got = _kendall_tau(x, y)
    assert (np.isnan(got) and np.isnan(expected)) or got == pytest.approx(expected, abs=1e-12)


def test_the_correlation_tool_answers_kendall_on_120000_rows(run_batch: RunBatch, data_dir: Path) -> None:
    rng = np.random.default_rng(7)
    n = 120_000
    frame = pd.DataFrame({"a": rng.integers(0, 50, n), "b": rng.normal(size=n)})
    frame["b"] = (frame["b"] + frame["a"] * 0.05).round(2)
    path = data_dir / "big_pairs.csv"
    frame.to_csv(path, index=False)
    rendered = get_operation("correlation").render(
        Intent(request="t", operation="correlation", columns=["a", "b"], options={"method": "kendall"})
    )
    (outcome,) = run_batch(rendered, [{"file_path": str(path)}])
    assert outcome.ok, (outcome.error_type, outcome.error)
    assert outcome.structured is not None
    table = outcome.structured["result"]
    values = [value for row in table["rows"] for value in row if isinstance(value, float) and value != 1.0]
    expected = stats.kendalltau(frame["a"], frame["b"]).statistic
    assert values and all(value == pytest.approx(expected, abs=1e-9) for value in values), (table, expected)
