"""CodeBLEU of every staged catalogue tool: in the background, cached, informational, never resurrecting."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.metrics import (
    build_code_metrics,
    calculate_functional_correctness,
    calculate_overall_quality_score,
    calculate_pass_at_k,
    calculate_test_pass_rate,
    quality_tier,
)
from mcpforge.models import ToolCandidate, UserFeedback, ValidationReport, utc_now
from mcpforge.pipeline._candidate import stage_package
from mcpforge.pipeline.codegen import build_package
from mcpforge.pipeline.forge import forge, render_intent
from mcpforge.pipeline.intent import extract_intent
from mcpforge.pipeline.schema import DatasetSchema
from mcpforge.pipeline.spec import finalize_spec
from mcpforge.pipeline.validation import semantic as _semantic
from mcpforge.registry import Registry

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"
REQUEST = "Analyze traffic accidents by severity and location"
REFERENCE = "mcpforge.catalogue.operations.grouping.GroupCount.compute_reference"
MCPFORGE = Path(sys.executable).with_name("mcpforge")
WAIT = 60.0


@pytest.fixture
def config(forge_config: MCPForgeConfig) -> MCPForgeConfig:
    return forge_config.model_copy(
        update={"validation": forge_config.validation.model_copy(update={"stress_rows": 2_000})}
    )


@pytest.fixture
def registry(config: MCPForgeConfig) -> Registry:
    registry = Registry(Path(config.registry.root), config)
    registry.init()
    return registry


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    return Path(shutil.copy(EXAMPLE, work / "traffic_accidents.csv"))


def _stored_report(registry: Registry, candidate_id: str) -> ValidationReport:
    text = (registry.candidate_dir(candidate_id) / "validation_report.json").read_text(encoding="utf-8")
    return ValidationReport.model_validate_json(text)


def _score_without_codebleu(report: ValidationReport, config: MCPForgeConfig) -> float:
    metrics = report.code_metrics
    assert metrics is not None
    return calculate_overall_quality_score(
        metrics.functional_correctness.correctness_score,
        metrics.pass_at_k,
        metrics.test_pass_rate,
        None,
        config=config,
    )


def test_a_staged_catalogue_tool_carries_codebleu_for_information_only(
    data: Path, registry: Registry, config: MCPForgeConfig
) -> None:
    result = forge(REQUEST, data, registry=registry, config=config)
    assert result.error is None, result.error
    assert _semantic.wait_for_pending(WAIT)
    report = _stored_report(registry, str(result.candidate_id))
    assert registry.get_candidate(str(result.candidate_id)).validation_report == report
    metrics = report.code_metrics
    assert metrics is not None and metrics.semantic_closeness is not None
    semantic = metrics.semantic_closeness
    assert 0.0 <= semantic.code_bleu_score <= 1.0
    assert semantic.reference == REFERENCE
    without = _score_without_codebleu(report, config)
    assert metrics.overall_score == round(without, 4)
    assert metrics.quality_tier == quality_tier(without, config)
    rescored = calculate_overall_quality_score(
        metrics.functional_correctness.correctness_score,
        metrics.pass_at_k,
        metrics.test_pass_rate,
        semantic.code_bleu_score,
        config=config,
    )
    assert rescored < metrics.overall_score  # so the equality above says CodeBLEU was left out
    assert [line for line in report.logs if line.startswith("CodeBLEU:")] == [
        f"CodeBLEU: {semantic.code_bleu_score:.2f} against {REFERENCE} "
        "(informational: style distance from the reference, not part of the overall score)"
    ]
    assert len(list((registry.root / "cache" / "codebleu").glob("*.json"))) == 1


def test_the_ask_command_writes_codebleu_before_it_exits(data: Path, tmp_path: Path) -> None:
    root = tmp_path / "registry"
    env = {**os.environ, "MCPFORGE_VALIDATION__STRESS_ROWS": "2000", "MCPFORGE_REGISTRY": str(root)}
    run = subprocess.run(
        [str(MCPFORGE), "ask", REQUEST, "--data", str(data), "--no-review", "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=110,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    registry = Registry(root)
    (candidate,) = registry.list_candidates()
    report = _stored_report(registry, candidate.candidate_id)
    assert report.code_metrics is not None and report.code_metrics.semantic_closeness is not None
    assert report.code_metrics.semantic_closeness.reference == REFERENCE


# ------------------------------------------------------------------------------------- the late path
@contextmanager
def _held_executor() -> Iterator[tuple[ThreadPoolExecutor, threading.Event]]:
    """An executor whose only worker is busy until the event is set: submitted work stays pending."""
    release = threading.Event()
    with ThreadPoolExecutor(max_workers=1) as executor:
        executor.submit(release.wait, WAIT)
        try:
            yield executor, release
        finally:
            release.set()


def _report() -> ValidationReport:
    results = [{"test_id": f"t{i}", "category": "normal", "passed": True} for i in range(5)]
    metrics = build_code_metrics(
        calculate_functional_correctness(results, 1.0),
        calculate_pass_at_k(1, 1, [1]),
        calculate_test_pass_rate(results),
    )
    return ValidationReport(schema_ok=True, tests_ok=True, sandbox_ok=True, logs=[], code_metrics=metrics)


def _stage(registry: Registry, executor: ThreadPoolExecutor) -> ToolCandidate:
    intent = extract_intent(REQUEST, DatasetSchema.from_file(EXAMPLE))
    _, rendered = render_intent(intent, registry)
    spec = finalize_spec(rendered.spec, intent)
    package = build_package(spec=spec, source=rendered.source, helpers=rendered.helpers)
    return stage_package(
        registry,
        spec=spec,
        package=package,
        report=_report(),
        passed=True,
        created_by="rules:group_count",
        actor="test",
        intent=intent.model_dump(mode="json"),
        semantic_executor=executor,
    )


def test_a_result_not_ready_at_staging_is_attached_when_it_arrives(registry: Registry) -> None:
    with _held_executor() as (executor, release):
        candidate = _stage(registry, executor)
        pending = _stored_report(registry, candidate.candidate_id)
        assert pending.code_metrics is not None and pending.code_metrics.semantic_closeness is None
        assert pending.logs == [f"CodeBLEU: computing in the background against {REFERENCE}"]
        assert not _semantic.wait_for_pending(0.05)
        release.set()
        assert _semantic.wait_for_pending(WAIT)
    report = _stored_report(registry, candidate.candidate_id)
    assert registry.get_candidate(candidate.candidate_id).validation_report == report
    assert report.code_metrics is not None and report.code_metrics.semantic_closeness is not None
    assert report.code_metrics.semantic_closeness.reference == REFERENCE
    assert report.code_metrics.overall_score == pending.code_metrics.overall_score
    assert report.code_metrics.quality_tier == pending.code_metrics.quality_tier
    assert len(report.logs) == 1 and report.logs[0].startswith("CodeBLEU: 0.")


def test_a_candidate_rejected_before_the_result_arrives_is_left_alone(registry: Registry) -> None:
    with _held_executor() as (executor, release):
        candidate = _stage(registry, executor)
        feedback = UserFeedback(decision="REJECTED", notes="no", timestamp=utc_now(), stage="registration")
        registry.record_feedback(candidate.candidate_id, feedback, actor="test")
        archive = registry.candidate_dir(candidate.candidate_id)
        before = {p.name: p.read_text(encoding="utf-8") for p in archive.iterdir()}
        release.set()
        assert _semantic.wait_for_pending(WAIT)
    assert {p.name: p.read_text(encoding="utf-8") for p in archive.iterdir()} == before
    assert not (registry.candidates_dir / candidate.candidate_id).exists()


def test_a_registry_removed_before_the_result_arrives_is_not_resurrected(registry: Registry) -> None:
    with _held_executor() as (executor, release):
        _stage(registry, executor)
        shutil.rmtree(registry.root)
        release.set()
        assert _semantic.wait_for_pending(WAIT)
    assert not registry.root.exists()


def test_settle_restores_a_result_that_a_later_save_dropped(registry: Registry) -> None:
    with _held_executor() as (executor, release):
        candidate = _stage(registry, executor)
        release.set()
        assert _semantic.wait_for_pending(WAIT)
    attached = _stored_report(registry, candidate.candidate_id)
    registry.save_candidate(candidate)  # as the staged run does with the candidate it was given
    assert _stored_report(registry, candidate.candidate_id) != attached
    settled = _semantic.settle(registry, candidate)
    assert settled.validation_report == attached
    assert _stored_report(registry, candidate.candidate_id) == attached


@pytest.mark.parametrize(
    ("intent", "reason"),
    [
        ({"operation": "custom"}, "a model-written tool has no reference code"),
        (None, "a hand-written tool has no reference code"),
    ],
)
def test_tools_without_reference_code_say_why_codebleu_is_missing(
    registry: Registry, intent: dict[str, str] | None, reason: str
) -> None:
    report, job = _semantic.prepare_report(registry, _report(), "x = 1\n", intent)
    assert job is None
    assert report.code_metrics == _report().code_metrics
    assert report.logs == [f"CodeBLEU: not measured: {reason}"]
