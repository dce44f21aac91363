"""Issue 28: ``mcpforge ask`` scores CodeBLEU itself once its answer is out, with no worker process, and
still writes it into the candidate before it exits."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from mcpforge.models import ValidationReport
from mcpforge.pipeline._deferred import DeferredExecutor
from mcpforge.registry import Registry

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"
REQUEST = "Analyze traffic accidents by severity and location"
REFERENCE = "mcpforge.catalogue.operations.grouping.GroupCount.compute_reference"
# The console script's main(); at exit, what this process held once the command was over (on stderr).
PROBE = """
import atexit, json, sys
from mcpforge.cli.main import main

def held():
    cache = sys.modules.get("mcpforge.metrics.cache")
    pool = getattr(cache, "_default_executor", None)
    print(json.dumps({"worker_pool": pool is not None}), file=sys.stderr, flush=True)

atexit.register(held)  # the first registered runs last: after the command's own exit handlers
main()
"""


def test_deferred_work_runs_in_order_in_the_thread_that_asks_for_it() -> None:
    executor = DeferredExecutor()
    threads: list[str] = []

    def work(value: int) -> int:
        threads.append(threading.current_thread().name)
        if value < 0:
            raise ValueError("negative")
        return value * 2

    first, failing, last = executor.submit(work, 1), executor.submit(work, -1), executor.submit(work, 3)
    assert not first.done() and not last.done()  # queued, not run on submit
    assert executor.run_pending() == 3
    assert first.result() == 2 and last.result() == 6
    assert isinstance(failing.exception(), ValueError)
    assert threads == [threading.current_thread().name] * 3


def test_a_shut_down_queue_refuses_work_and_cancels_what_it_dropped() -> None:
    executor = DeferredExecutor()
    queued = executor.submit(int, "1")
    executor.shutdown(wait=False, cancel_futures=True)
    assert queued.cancelled()
    with pytest.raises(RuntimeError):
        executor.submit(int, "2")


def test_ask_starts_no_codebleu_worker_and_writes_codebleu_before_it_exits(tmp_path: Path) -> None:
    data = Path(shutil.copy(EXAMPLE, tmp_path / "traffic_accidents.csv"))
    root = tmp_path / "registry"
    env = {**os.environ, "MCPFORGE_VALIDATION__STRESS_ROWS": "2000"}
    command = [sys.executable, "-c", PROBE, "ask", REQUEST, "--data", str(data), "--registry", str(root),
               "--no-review", "--json"]  # fmt: skip
    run = subprocess.run(
        command, cwd=tmp_path, capture_output=True, text=True, env=env, timeout=110, check=False
    )
    assert run.returncode == 0, run.stderr
    held = json.loads(run.stderr.strip().splitlines()[-1])
    assert held["worker_pool"] is False  # no interpreter started for an informational score
    registry = Registry(root)
    (candidate,) = registry.list_candidates()
    text = (registry.candidate_dir(candidate.candidate_id) / "validation_report.json").read_text("utf-8")
    report = ValidationReport.model_validate_json(text)
    assert report.code_metrics is not None and report.code_metrics.semantic_closeness is not None
    assert report.code_metrics.semantic_closeness.reference == REFERENCE
    assert any(line.startswith(f"CodeBLEU: {report.code_metrics.semantic_closeness.code_bleu_score:.2f}")
               for line in report.logs)  # fmt: skip
