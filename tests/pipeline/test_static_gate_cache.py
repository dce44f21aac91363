"""The static gate's result is cached by the hash of the code, arguments and tool versions."""

from __future__ import annotations

import os
from pathlib import Path

from mcpforge.pipeline.validation.static_gate import CACHED_LOG, run_static_gate, static_cache_dir

CLEAN = 'def double(value: int) -> int:\n    """Twice the value."""\n    return value * 2\n'
TYPE_ERROR = 'def double(value: int) -> int:\n    """Twice the value."""\n    return str(value)\n'


def test_the_tests_keep_gate_results_out_of_the_users_cache() -> None:
    assert os.environ["MCPFORGE_CACHE_DIR"]
    assert not static_cache_dir().is_relative_to(Path.home() / ".cache")


def test_the_same_code_is_checked_once_and_then_read_from_the_cache() -> None:
    first = run_static_gate(CLEAN + "\n# first\n")
    again = run_static_gate(CLEAN + "\n# first\n")
    assert first.ok and again.ok
    assert CACHED_LOG not in first.logs
    assert again.logs == [*first.logs, CACHED_LOG]


def test_findings_come_back_from_the_cache_with_their_lines() -> None:
    first = run_static_gate(TYPE_ERROR)
    again = run_static_gate(TYPE_ERROR)
    assert not first.ok and not again.ok
    assert again.findings == first.findings
    assert [finding.line for finding in again.findings if finding.tool == "mypy"] == [3]


def test_changed_code_of_the_same_size_checked_within_a_second_gets_its_own_verdict() -> None:
    clean, wrong = CLEAN + "\n# before\n", TYPE_ERROR + "\n# after\n"
    assert len(clean) == len(wrong)  # what made mypy's own cache reuse the first verdict
    assert run_static_gate(clean).ok
    changed = run_static_gate(wrong)
    assert CACHED_LOG not in changed.logs
    assert not changed.ok


def test_a_torn_cache_entry_is_ignored_and_the_gate_runs() -> None:
    source = CLEAN + "\n# torn\n"
    run_static_gate(source)
    for entry in static_cache_dir().glob("*.json"):
        entry.write_text("{not json", encoding="utf-8")
    again = run_static_gate(source)
    assert again.ok
    assert CACHED_LOG not in again.logs
