"""Issue 28 point 14: every ask stages a candidate; ``mcpforge candidates prune --older-than AGE`` archives
the STAGED ones nobody decided on, as a rejection does, and touches nothing else."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from mcpforge.config import load_config
from mcpforge.exceptions import InvalidArgumentError
from mcpforge.models import ToolStatus, UserFeedback, utc_now
from mcpforge.registry import Registry
from mcpforge.registry.prune import parse_age, prune_staged
from mcpforge.registry.testing import make_candidate


def _registry(tmp_path: Path, names: list[str]) -> Registry:
    config = load_config(None, overrides={"registry": {"root": str(tmp_path / "registry")}})
    registry = Registry(tmp_path / "registry", config)
    registry.init()
    for name in names:
        candidate, files = make_candidate(name)
        registry.stage_candidate(candidate, files, actor="test")
    return registry


def _cli(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    command = [
        sys.executable,
        "-m",
        "mcpforge",
        "candidates",
        *args,
        "--registry",
        str(tmp_path / "registry"),
    ]
    return subprocess.run(
        command, cwd=tmp_path, env=dict(os.environ), capture_output=True, text=True, timeout=120, check=False
    )


def test_ages_are_read_and_anything_else_is_refused() -> None:
    assert parse_age("7d") == timedelta(days=7)
    assert parse_age("12h") == timedelta(hours=12)
    assert parse_age(" 30m ") == timedelta(minutes=30)
    for bad in ("7", "week", "-1d", "7 days"):
        with pytest.raises(InvalidArgumentError, match="is not an age"):
            parse_age(bad)


def test_only_staged_candidates_older_than_the_age_are_archived(tmp_path: Path) -> None:
    registry = _registry(tmp_path, ["old_tool", "decided_tool"])
    ids = {c.spec.tool_name: c.candidate_id for c in registry.list_candidates()}
    feedback = UserFeedback(decision="APPROVED", timestamp=utc_now(), stage="registration")
    registry.record_feedback(ids["decided_tool"], feedback, actor="test")
    assert prune_staged(registry, timedelta(days=1), actor="test").archived == []  # all younger
    later = datetime.now(UTC) + timedelta(days=8)
    preview = prune_staged(registry, timedelta(days=7), actor="test", dry_run=True, now=later)
    assert preview.archived == [ids["old_tool"]]
    assert registry.get_candidate(ids["old_tool"]).status == ToolStatus.STAGED  # a dry run changes nothing
    done = prune_staged(registry, timedelta(days=7), actor="test", now=later)
    assert done.archived == [ids["old_tool"]]
    assert [c.candidate_id for c in registry.list_candidates(ToolStatus.STAGED)] == []
    assert registry.get_candidate(ids["decided_tool"]).status == ToolStatus.APPROVED  # never touched
    rows = [e for e in registry.audit.entries() if e.candidate_id == ids["old_tool"]]
    assert rows[-1].to_status == "REJECTED" and "pruned" in (rows[-1].note or "")


def test_the_command_prunes_and_says_what_it_did(tmp_path: Path) -> None:
    registry = _registry(tmp_path, ["first_tool", "second_tool"])
    kept = _cli(tmp_path, "prune", "--older-than", "1d", "--json")
    assert kept.returncode == 0, kept.stderr
    assert json.loads(kept.stdout) == {"archived": [], "kept": 2, "skipped": {}, "dry_run": False}
    pruned = _cli(tmp_path, "prune", "--older-than", "0d")
    assert pruned.returncode == 0, pruned.stderr
    assert pruned.stdout.startswith("archived 2 STAGED candidate(s) older than 0d; kept 0")
    assert registry.list_candidates(ToolStatus.STAGED) == []
    bad = _cli(tmp_path, "prune", "--older-than", "soon")
    assert bad.returncode == 2
    assert bad.stderr.strip().count("\n") == 0 and "is not an age" in bad.stderr
    assert "Traceback" not in bad.stderr
