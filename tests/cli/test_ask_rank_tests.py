"""Issue 25: ``mcpforge ask`` answers a Kruskal-Wallis request end to end (reading, generated tool,
validation in the real sandbox against the independent reference) with scipy's numbers."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.config import SandboxConfig


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox_config: SandboxConfig) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MCPFORGE_VALIDATION__STRESS_ROWS", "5000")
    monkeypatch.setenv(
        "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK", str(sandbox_config.allow_weak_fallback).lower()
    )
    rng = np.random.default_rng(9)
    rows = [(illness, year, int(rng.poisson(lam))) for illness, lam in (("measles", 8), ("mumps", 5),
            ("polio", 4)) for year in (1970, 1971) for _ in range(7)]  # fmt: skip
    pd.DataFrame(rows, columns=["illness", "year", "count"]).to_csv(tmp_path / "cases.csv", index=False)
    return tmp_path


def test_ask_kruskal_wallis_is_staged_validated_and_equal_to_scipy(work: Path) -> None:
    request = "For 1971, test whether count differs across illnesses with a Kruskal-Wallis test, alpha 0.01."
    result = CliRunner().invoke(app, ["ask", request, "--data", "cases.csv", "--registry", "reg", "--json"])
    assert result.exit_code == 0, result.stderr
    answer = json.loads(result.stdout)
    assert answer["error"] is None and answer["validation"]["tests_ok"], answer["validation"]
    assert "reference comparison: " in " ".join(answer["validation"]["logs"])
    assert "Kruskal-Wallis H test of `count` across the groups of `illness`" in answer["reading"]
    assert "`year` = 1971" in answer["reading"] and "0.01" in answer["reading"]
    table = answer["result"]["result"]
    row = dict(zip(table["columns"], table["rows"][0], strict=True))
    df = pd.read_csv(work / "cases.csv")
    d = df[df["year"] == 1971]
    expected = stats.kruskal(*[g["count"] for _, g in d.groupby("illness")])
    assert row["test"] == "kruskal" and row["n"] == len(d) and row["alpha"] == 0.01
    assert row["statistic"] == pytest.approx(expected.statistic, rel=1e-9)
    assert row["p_value"] == pytest.approx(expected.pvalue, rel=1e-9)
    said = "significant" if expected.pvalue < 0.01 else "not significant"
    assert row["conclusion"] == f"{said} at 0.01 (p = {expected.pvalue:.4g}; 3 groups)"
