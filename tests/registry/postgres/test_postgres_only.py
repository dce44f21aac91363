"""What only the PostgreSQL registry has: one transaction per act across processes, a crash inside an
approval, the schema and its append-only audit log, LISTEN/NOTIFY, and one clear line for a dead server."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest

from mcpforge.exceptions import RegistryError
from mcpforge.models import ToolStatus
from mcpforge.registry.postgres import PostgresRegistry, schema
from mcpforge.registry.testing import make_candidate

TIMEOUT = 60

_REVIEW = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from mcpforge.registry.postgres import PostgresRegistry
    from mcpforge.registry.review import apply_review
    url, root, cid, who = sys.argv[1:5]
    reg = PostgresRegistry(url, root=Path(root))
    outcome = apply_review(reg, cid, output_answer="yes", decision_answer="approve", actor=f"human:{who}")
    print(outcome.message)
    reg.close()
    """
)


def _staged(reg: PostgresRegistry, name: str = "raced_tool") -> str:
    candidate, files = make_candidate(name)
    return reg.stage_candidate(candidate, files, actor="human:alice").candidate_id


def _review(url: str, root: Path, cid: str, who: str, **env: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", _REVIEW, url, str(root), cid, who],
        env={**os.environ, **env},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_two_processes_approving_one_candidate_promote_it_once(
    pg: PostgresRegistry, postgres_url: str, tmp_path: Path
) -> None:
    cid = _staged(pg)
    # The first holds its transaction open after locking the row; the second starts meanwhile and waits.
    first = _review(postgres_url, tmp_path / "a", cid, "first", MCPFORGE_PG_HOLD="pg-act-before-commit:2")
    time.sleep(1.0)
    second = _review(postgres_url, tmp_path / "b", cid, "second")
    outputs = [process.communicate(timeout=TIMEOUT) for process in (first, second)]
    assert [first.returncode, second.returncode] == [0, 0], outputs
    assert outputs[0][0] == "Registered 'raced_tool' v1.0.0; `mcpforge serve` now serves it.\n"
    loser = outputs[1][0]
    assert loser.startswith("Already approved by human:first at "), outputs
    assert loser.endswith("nothing more is needed: 'raced_tool' v1.0.0 is registered.\n")
    assert outputs[1][1] == ""
    assert pg.get_candidate(cid).status == ToolStatus.PROMOTED
    rows = [(r.from_status, r.to_status, r.actor) for r in pg.audit.entries() if r.candidate_id == cid]
    assert rows == [
        ("DRAFT", "STAGED", "human:alice"),
        ("STAGED", "APPROVED", "human:first"),
        ("APPROVED", "PROMOTED", "human:first"),
    ]
    with pg.db.transaction() as conn:
        assert conn.execute("SELECT count(*) AS n FROM versions").fetchone() == {"n": 1}
    assert pg.doctor().ok


@pytest.mark.slow
def test_four_reviewers_at_once_make_one_winner_and_three_clear_losers(
    pg: PostgresRegistry, postgres_url: str, tmp_path: Path
) -> None:
    cid = _staged(pg)
    processes = [_review(postgres_url, tmp_path / f"r{i}", cid, f"rev{i}") for i in range(4)]
    outputs = [process.communicate(timeout=TIMEOUT) for process in processes]
    assert [p.returncode for p in processes] == [0, 0, 0, 0], outputs
    stdout = [out for out, _ in outputs]
    assert sum(out.startswith("Registered 'raced_tool' v1.0.0") for out in stdout) == 1, stdout
    assert sum(out.startswith("Already approved by human:rev") for out in stdout) == 3, stdout
    promoted = [r for r in pg.audit.entries() if r.candidate_id == cid and r.to_status == "PROMOTED"]
    assert len(promoted) == 1
    assert pg.doctor().ok


def test_a_kill_inside_the_approval_transaction_leaves_nothing_half_written(
    pg: PostgresRegistry, postgres_url: str, tmp_path: Path
) -> None:
    cid = _staged(pg)
    revision = pg.active_revision()
    killed = _review(postgres_url, tmp_path / "a", cid, "bob", MCPFORGE_FAULT_AFTER="pg-act-before-commit")
    killed.communicate(timeout=TIMEOUT)
    assert killed.returncode == -9
    assert pg.get_candidate(cid).status == ToolStatus.STAGED
    assert pg.active_tools() == [] and pg.active_revision() == revision
    assert [r.to_status for r in pg.audit.entries()] == ["STAGED"]
    report = pg.doctor()
    assert report.ok, report.to_dict()
    again = _review(postgres_url, tmp_path / "b", cid, "bob")
    out, err = again.communicate(timeout=TIMEOUT)
    assert out.startswith("Registered 'raced_tool' v1.0.0"), (out, err)
    assert pg.doctor().ok


def test_the_audit_log_is_append_only(pg: PostgresRegistry) -> None:
    _staged(pg)
    pg.record_event("generation", ok=True)
    statements = ("UPDATE audit SET actor = 'x'", "DELETE FROM audit", "TRUNCATE audit", "DELETE FROM events")
    for statement in statements:
        with pytest.raises(psycopg.errors.RaiseException, match="append-only"), pg.db.transaction() as conn:
            conn.execute(statement)
    assert len(pg.audit.entries()) == 1 and len(pg.audit.events()) == 1


def test_the_schema_head_is_the_newest_migration_and_init_is_idempotent(pg: PostgresRegistry) -> None:
    from alembic.script import ScriptDirectory

    assert ScriptDirectory.from_config(schema.alembic_config(pg.url)).get_current_head() == schema.HEAD
    pg.init()
    assert schema.current_revision(pg.db) == schema.HEAD


def test_an_empty_database_is_not_initialized_until_init(postgres_url: str, tmp_path: Path) -> None:
    reg = PostgresRegistry(postgres_url, root=tmp_path)
    try:
        assert not reg.is_initialized()
        assert reg.active_tools() == [] and reg.list_candidates() == []
        assert reg.active_revision() == "uninitialized"
        _staged(reg)  # a write migrates first, as a file registry initializes
        assert reg.is_initialized()
    finally:
        reg.close()


def test_a_promotion_wakes_a_listener(pg: PostgresRegistry, postgres_url: str, tmp_path: Path) -> None:
    listener = PostgresRegistry(postgres_url, root=tmp_path / "listener")
    assert listener.wait_for_change(0.1) is False  # LISTEN starts here
    woke: list[bool] = []
    thread = threading.Thread(target=lambda: woke.append(listener.wait_for_change(10.0)))
    thread.start()
    from mcpforge.models import UserFeedback, utc_now

    pg.approve(_staged(pg), UserFeedback(decision="APPROVED", timestamp=utc_now()), actor="human:bob")
    thread.join(15)
    listener.close()
    assert woke == [True]


def test_a_dead_server_is_one_clear_error_without_the_password(tmp_path: Path) -> None:
    url = "postgresql://alice:s3cret@127.0.0.1:1/registry"
    reg = PostgresRegistry(url, root=tmp_path)
    with pytest.raises(RegistryError) as caught:
        reg.active_tools()
    message = str(caught.value)
    assert message.startswith("cannot connect to the PostgreSQL registry postgresql://alice:***@127.0.0.1:1/")
    assert "s3cret" not in message and "\n" not in message
    assert reg.location == "postgresql://alice:***@127.0.0.1:1/registry"


def test_a_missing_database_is_one_clear_error(postgres_server: Any, tmp_path: Path) -> None:
    reg = PostgresRegistry(postgres_server.url("no_such_db"), root=tmp_path)
    with pytest.raises(RegistryError, match='database "no_such_db" does not exist'):
        reg.init()


def test_doctor_finds_a_tampered_blob_and_a_status_the_audit_log_does_not_know(pg: PostgresRegistry) -> None:
    from mcpforge.models import UserFeedback, utc_now

    cid = _staged(pg)
    pg.approve(cid, UserFeedback(decision="APPROVED", timestamp=utc_now()), actor="human:bob")
    assert pg.doctor().ok
    other = _staged(pg, "other_tool")
    tool = pg.get_active_tool("raced_tool")
    assert tool is not None
    with pg.db.transaction() as conn:
        conn.execute("UPDATE blobs SET content = %s WHERE sha256 = %s", (b"x", tool.code_hash))
        conn.execute("UPDATE candidates SET status = 'APPROVED' WHERE id = %s", (other,))
    report = pg.doctor().to_dict()
    errors = {c["name"]: c["detail"] for c in report["checks"] if c["level"] == "error"}
    assert report["ok"] is False
    assert "tool.py" in errors["tool raced_tool"]
    assert errors[f"audit agreement {other}"] in {
        "APPROVED but not active",
        "metadata says APPROVED, the audit log says STAGED",
    }


def test_connections_killed_by_the_server_are_replaced(pg: PostgresRegistry, postgres_server: Any) -> None:
    _staged(pg)
    assert len(pg.list_candidates()) == 1
    database = pg.url.rsplit("/", 1)[-1]
    with psycopg.connect(postgres_server.admin_url, autocommit=True) as admin:
        killed = admin.execute(
            "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()) AS t",
            (database,),
        ).fetchone()
    assert killed is not None and killed[0] >= 1
    assert len(pg.list_candidates()) == 1  # the pool checks a connection before lending it
