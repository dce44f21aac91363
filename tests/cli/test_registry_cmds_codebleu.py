"""CodeBLEU in ``mcpforge candidates`` and ``mcpforge stats`` (table and --json)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.metrics import (
    build_code_metrics,
    calculate_code_bleu,
    calculate_functional_correctness,
    calculate_pass_at_k,
    calculate_test_pass_rate,
)
from mcpforge.models import RunArtifacts, SemanticClosenessMetrics, ValidationReport
from mcpforge.registry import Registry
from mcpforge.registry.testing import make_candidate

runner = CliRunner()
REFERENCE = "mcpforge.catalogue.operations.grouping.GroupCount.compute_reference"


def _invoke(*args: str) -> Any:
    result = runner.invoke(app, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture
def reg(tmp_path: Path) -> Registry:
    registry = Registry(tmp_path / "registry")
    registry.init()
    return registry


def _stage(reg: Registry, name: str, semantic: SemanticClosenessMetrics | None) -> str:
    results = [{"test_id": "t", "category": "normal", "passed": True}]
    metrics = build_code_metrics(
        calculate_functional_correctness(results, 1.0),
        calculate_pass_at_k(1, 1, [1]),
        calculate_test_pass_rate(results),
    ).model_copy(update={"semantic_closeness": semantic})
    report = ValidationReport(schema_ok=True, tests_ok=True, sandbox_ok=True, logs=[], code_metrics=metrics)
    artifacts = RunArtifacts(
        result={"value": 2}, outputs={}, summary_markdown="Result: 2", files=[], execution_time_ms=1.0
    )
    candidate, files = make_candidate(name)
    update = {"validation_report": report, "run_artifacts": artifacts}
    return reg.stage_candidate(candidate.model_copy(update=update), files, actor="test").candidate_id


def _semantic(candidate: str, reference: str) -> SemanticClosenessMetrics:
    return calculate_code_bleu(candidate, reference).model_copy(update={"reference": REFERENCE})


def test_candidates_and_stats_show_codebleu_where_it_was_measured(reg: Registry) -> None:
    low = _semantic("def f(a):\n    return a\n", "total = sum(x * 2 for x in range(9))\n")
    high = _semantic("def f(a):\n    b = a + 1\n    return b\n", "def f(x):\n    y = x + 1\n    return y\n")
    first = _stage(reg, "low_tool", low)
    _stage(reg, "high_tool", high)
    _stage(reg, "plain_tool", None)
    root = str(reg.root)

    listed = json.loads(_invoke("candidates", "list", "--registry", root, "--json").stdout)
    scores = {row["tool_name"]: row["code_bleu"] for row in listed["candidates"]}
    assert scores == {
        "low_tool": round(low.code_bleu_score, 4),
        "high_tool": round(high.code_bleu_score, 4),
        "plain_tool": None,
    }
    assert {row["code_bleu_reference"] for row in listed["candidates"]} == {REFERENCE, None}
    table = _invoke("candidates", "list", "--registry", root).stdout
    assert "CodeBLEU" in table and f"{high.code_bleu_score:.2f}" in table

    shown = _invoke("candidates", "show", first, "--registry", root).stdout
    assert f"**CodeBLEU**: {low.code_bleu_score:.2f} against `{REFERENCE}`" in shown

    stats = json.loads(_invoke("stats", "--registry", root, "--json").stdout)
    mean = round((low.code_bleu_score + high.code_bleu_score) / 2, 4)
    assert (stats["code_bleu_mean"], stats["code_bleu_candidates"]) == (mean, 2)
    table = _invoke("stats", "--registry", root).stdout
    assert re.search(rf"^code_bleu_mean\t{mean}$", table, re.MULTILINE), table  # plain when piped


def test_stats_without_any_codebleu_says_so(reg: Registry) -> None:
    _stage(reg, "plain_tool", None)
    stats = json.loads(_invoke("stats", "--registry", str(reg.root), "--json").stdout)
    assert (stats["code_bleu_mean"], stats["code_bleu_candidates"]) == (None, 0)
