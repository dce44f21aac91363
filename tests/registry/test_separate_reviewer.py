"""``review.separate_reviewer``: whoever requested a tool may not approve it (issue 27, roles).

The rule lives in ``apply_review``; this file drives it through ``mcpforge review`` in a real subprocess
(the person at the keyboard is ``human:$LOGNAME``) and directly. The MCP flow over HTTP and the review page
have their own tests (tests/server/test_separate_reviewer_http.py, tests/ui/test_team_signin.py).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mcpforge.config import load_config
from mcpforge.models import ToolStatus
from mcpforge.registry import Registry, RegistryBackend
from mcpforge.registry.actors import identity_of_actor, requester_of
from mcpforge.registry.review import SameReviewerError, apply_review
from mcpforge.registry.testing import make_candidate

TIMEOUT = 120
REFUSAL = "alice requested this tool; with review.separate_reviewer another reviewer must approve it"


def _staged(reg: RegistryBackend, actor: str) -> str:
    candidate, files = make_candidate("shared_tool", description="shared tool")
    return reg.stage_candidate(candidate, files, actor=actor).candidate_id


def _review(root: Path, cid: str, person: str, decision: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    command = [
        sys.executable, "-m", "mcpforge", "review", cid, "--output", "yes", "--decision", decision,
        "--registry", str(root),
    ]  # fmt: skip
    env = {**os.environ, "LOGNAME": person, "USER": person, "MCPFORGE_SEPARATE_REVIEWER": "true"}
    env.pop("MCPFORGE_CONFIG", None)
    return subprocess.run(
        command, env=env, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT, check=False
    )


@pytest.mark.parametrize(
    ("actor", "person"),
    [
        ("mcp:alice", "alice"),
        ("human:alice", "alice"),
        ("human:Alice via ui", "alice"),
        ("mcp:alice via ui", "alice"),
        ("ui:alice", "alice"),
        ("agent:mcp", "mcp"),
        ("cli", "cli"),
    ],
)
def test_an_actor_names_one_person_whatever_front_end_wrote_it(actor: str, person: str) -> None:
    assert identity_of_actor(actor) == person


def test_the_cli_refuses_the_requesters_approval_and_takes_another_reviewers(
    registry: Registry, tmp_path: Path
) -> None:
    cid = _staged(registry, "mcp:alice")
    assert requester_of(registry, registry.get_candidate(cid)) == "mcp:alice"

    own = _review(registry.root, cid, "alice", "Approve", tmp_path)
    assert own.returncode != 0
    lines = [line for line in own.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, own.stderr
    assert REFUSAL in lines[0]
    assert "Traceback" not in own.stderr
    assert Registry(registry.root).get_candidate(cid).status == ToolStatus.STAGED

    other = _review(registry.root, cid, "bob", "Approve", tmp_path)
    assert other.returncode == 0, other.stderr
    reg = Registry(registry.root)
    assert reg.get_candidate(cid).status == ToolStatus.PROMOTED
    rows = {(e.to_status, e.actor) for e in reg.audit.entries() if e.candidate_id == cid and e.to_status}
    assert rows == {("STAGED", "mcp:alice"), ("APPROVED", "human:bob"), ("PROMOTED", "human:bob")}


def test_the_requester_may_still_withdraw_by_rejecting(registry: Registry, tmp_path: Path) -> None:
    cid = _staged(registry, "human:alice")
    withdrawn = _review(registry.root, cid, "alice", "Reject", tmp_path)
    assert withdrawn.returncode == 0, withdrawn.stderr
    assert Registry(registry.root).get_candidate(cid).status == ToolStatus.REJECTED


def test_without_the_setting_the_requester_approves_as_before(tmp_path: Path) -> None:
    config = load_config(None, environ={})
    assert config.review.separate_reviewer is False
    reg = Registry(tmp_path / "registry", config)
    reg.init()
    cid = _staged(reg, "mcp:alice")
    outcome = apply_review(reg, cid, output_answer="yes", decision_answer="Approve", actor="human:alice")
    assert outcome.promoted is not None

    strict = load_config(None, environ={"MCPFORGE_SEPARATE_REVIEWER": "true"})
    assert strict.review.separate_reviewer is True
    other = Registry(tmp_path / "strict", strict)
    other.init()
    cid = _staged(other, "mcp:alice")
    with pytest.raises(SameReviewerError, match=REFUSAL):
        apply_review(other, cid, output_answer="yes", decision_answer="Approve", actor="mcp:alice via ui")


def test_the_rule_holds_on_a_postgresql_registry(postgres_url: str, tmp_path: Path) -> None:
    pytest.importorskip("psycopg", reason="the PostgreSQL registry needs the team extra")
    from mcpforge.registry.postgres import PostgresRegistry

    strict = load_config(None, environ={"MCPFORGE_SEPARATE_REVIEWER": "true"})
    reg = PostgresRegistry(postgres_url, root=tmp_path / "cache")
    try:
        reg.init()
        cid = _staged(reg, "mcp:alice")
        with pytest.raises(SameReviewerError, match=REFUSAL):
            apply_review(
                reg, cid, output_answer="yes", decision_answer="Approve", actor="human:alice", config=strict
            )
        assert reg.get_candidate(cid).status == ToolStatus.STAGED
        outcome = apply_review(
            reg, cid, output_answer="yes", decision_answer="Approve", actor="mcp:bob", config=strict
        )
        assert outcome.promoted is not None
        rows = [(e.to_status, e.actor) for e in reg.audit.entries() if e.candidate_id == cid and e.to_status]
        assert rows == [("STAGED", "mcp:alice"), ("APPROVED", "mcp:bob"), ("PROMOTED", "mcp:bob")]
    finally:
        reg.close()


def test_a_candidate_corrected_from_a_reviewers_note_keeps_its_requester(tmp_path: Path) -> None:
    """alice asks; bob rejects with a reason and mcpforge stages the corrected candidate. It still answers
    alice's request: alice may not approve it, and bob (whose note shaped it) is not its requester."""
    from tests.pipeline.intent_reading_data import write_orders

    write_orders(tmp_path)
    root = tmp_path / "reg"
    env = {**os.environ, "LOGNAME": "alice", "USER": "alice", "MCPFORGE_VALIDATION__STRESS_ROWS": "2000"}
    env.pop("MCPFORGE_CONFIG", None)
    asked = subprocess.run(
        [sys.executable, "-m", "mcpforge", "ask", "average amount by region", "--data", "orders.csv",
         "--registry", str(root), "--json"],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=TIMEOUT, check=False,
    )  # fmt: skip
    assert asked.returncode == 0, asked.stderr
    first = str(json.loads(asked.stdout)["candidate_id"])
    reg = Registry(root)
    rejected = apply_review(
        reg, first, output_answer="no", decision_answer="Reject: wrong column: should be category not region",
        actor="human:bob",
    )  # fmt: skip
    refined = rejected.refined_candidate_id
    assert refined is not None, rejected.message
    corrected = reg.get_candidate(refined)
    assert identity_of_actor(requester_of(reg, corrected) or "") == "alice"
    strict = load_config(None, environ={"MCPFORGE_SEPARATE_REVIEWER": "true"})
    with pytest.raises(SameReviewerError):
        apply_review(reg, refined, output_answer="yes", decision_answer="approve", actor="human:alice",
                     config=strict)  # fmt: skip
    approved = apply_review(
        reg, refined, output_answer="yes", decision_answer="approve", actor="human:bob", config=strict
    )
    assert approved.promoted is not None
