"""``mcpforge registry migrate``: a folder registry into PostgreSQL and back, everything kept."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from mcpforge.models import UserFeedback, utc_now
from mcpforge.registry import Registry
from mcpforge.registry.file.doctor import check as file_doctor
from mcpforge.registry.postgres import PostgresRegistry
from mcpforge.registry.testing import make_candidate

TIMEOUT = 120


def _feedback(decision: str, notes: str | None = None) -> UserFeedback:
    return UserFeedback(decision=decision, notes=notes, timestamp=utc_now())


def _stage(reg: Registry, name: str, **kwargs: Any) -> str:
    candidate, files = make_candidate(name, **kwargs)
    return reg.stage_candidate(candidate, files, actor="human:alice").candidate_id


def _populated(root: Path) -> Registry:
    reg = Registry(root)
    reg.init()
    reg.approve(_stage(reg, "kept_tool"), _feedback("APPROVED"), actor="human:bob")
    newer = _stage(reg, "kept_tool", version="1.1.0", description="changed", variant=2)
    reg.approve(newer, _feedback("APPROVED"), actor="human:bob")
    reg.approve(_stage(reg, "gone_tool"), _feedback("APPROVED"), actor="human:bob")
    reg.remove_tool("gone_tool", actor="human:admin")
    reg.record_feedback(_stage(reg, "bad_tool"), _feedback("REJECTED", "wrong column"), actor="human:bob")
    _stage(reg, "waiting_tool")
    reg.record_event("generation", ok=True, duration_ms=7.0, candidate_id="waiting_tool_1.0.0")
    reg.record_tool_call("kept_tool", ok=False, duration_ms=2.0, error="boom")
    reg.remember_choices(root / "orders.csv", {"revenue": "amount"})
    return reg


def _picture(reg: Any) -> dict[str, Any]:
    """What must survive a round trip, independent of the backend."""
    return {
        "tools": [
            (t.name, t.version, t.spec_hash, t.code_hash, t.promoted_at, reg.verify_tool(t.name).source())
            for t in reg.active_tools()
        ],
        "candidates": [
            (c.candidate_id, c.status, c.version, c.spec_hash, c.code_hash, c.created_at, c.user_feedback)
            for c in reg.list_candidates()
        ],
        "audit": [row.to_dict() for row in reg.audit.entries()],
        "events": reg.audit.events(),
        "metrics": {k: v for k, v in reg.metrics().items() if k != "updated_at"},
    }


def _migrate(source: str, destination: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mcpforge", "registry", "migrate", source, destination],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def test_a_file_registry_goes_to_postgres_and_back_unchanged(postgres_url: str, tmp_path: Path) -> None:
    source = _populated(tmp_path / "registry")
    expected = _picture(source)
    done = _migrate(str(source.root), postgres_url)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Copied 5 candidate(s), 3 tool version(s), ")
    pg = PostgresRegistry(postgres_url, root=tmp_path / "cache")
    try:
        assert _picture(pg) == expected
        assert pg.remembered_choices(tmp_path / "registry" / "orders.csv") == {"revenue": "amount"}
        assert pg.doctor().ok, pg.doctor().to_dict()
        with pg.db.transaction() as conn:
            versions = conn.execute("SELECT tool, version, ended_how FROM versions ORDER BY id").fetchall()
        assert [tuple(v.values()) for v in versions] == [
            ("kept_tool", "1.0.0", "superseded"),
            ("kept_tool", "1.1.0", None),
            ("gone_tool", "1.0.0", "removed"),
        ]
        back = Registry(tmp_path / "back")
        done = _migrate(postgres_url, str(back.root))
        assert done.returncode == 0, done.stderr
        assert _picture(back) == expected
        assert back.remembered_choices(tmp_path / "registry" / "orders.csv") == {"revenue": "amount"}
        assert (back.superseded_dir / "kept_tool_1.0.0" / "tool.py").is_file()
        report = file_doctor(back)
        assert report.ok, report.to_dict()
        # New rows continue after the copied ids on both sides.
        pg.record_event("validation_failure", reason="x")
        assert pg.audit.events()[-1].id == expected["events"][-1].id + 1
    finally:
        pg.close()


def test_a_non_empty_destination_is_refused_in_one_line(postgres_url: str, tmp_path: Path) -> None:
    source = _populated(tmp_path / "registry")
    assert _migrate(str(source.root), postgres_url).returncode == 0
    again = _migrate(str(source.root), postgres_url)
    assert again.returncode != 0
    assert again.stderr.startswith("error: destination registry postgresql://")
    assert "is not empty (5 candidate(s), 1 tool(s)" in again.stderr
    assert again.stderr.count("\n") == 1 and again.stdout == ""
    folder = _migrate(postgres_url, str(source.root))
    assert folder.returncode != 0 and folder.stderr.count("\n") == 1, folder.stderr
