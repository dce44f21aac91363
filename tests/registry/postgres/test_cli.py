"""The CLI on a PostgreSQL registry: ``--registry postgresql://…`` for listing, review and doctor, and one
clear line for a server that is not there."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from mcpforge.registry.postgres import PostgresRegistry
from mcpforge.registry.testing import make_candidate

TIMEOUT = 120


def _mcpforge(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mcpforge", *args],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def test_a_dead_server_is_one_line_and_a_non_zero_exit() -> None:
    done = _mcpforge("tools", "list", "--registry", "postgresql://bob:s3cret@127.0.0.1:1/x")
    assert done.returncode != 0
    assert done.stdout == ""
    assert done.stderr.startswith(
        "error: cannot connect to the PostgreSQL registry postgresql://bob:***@127.0.0.1:1/x: "
    )
    assert done.stderr.count("\n") == 1 and "s3cret" not in done.stderr and "Traceback" not in done.stderr


def test_review_list_and_doctor_through_the_registry_url(postgres_url: str, tmp_path: Path) -> None:
    reg = PostgresRegistry(postgres_url, root=tmp_path / "cache")
    reg.init()
    candidate, files = make_candidate("cli_tool")
    cid = reg.stage_candidate(candidate, files, actor="human:alice").candidate_id
    reg.close()
    review = _mcpforge("review", cid, "--output", "yes", "--decision", "approve", "--registry", postgres_url)
    assert review.returncode == 0, review.stderr
    assert review.stdout == "Registered 'cli_tool' v1.0.0; `mcpforge serve` now serves it.\n"
    listed = _mcpforge("tools", "list", "--json", "--registry", postgres_url)
    assert listed.returncode == 0, listed.stderr
    tools = json.loads(listed.stdout)["tools"]
    assert [(t["name"], t["version"], t["integrity"]) for t in tools] == [("cli_tool", "1.0.0", "ok")]
    doctor = _mcpforge("doctor", "--json", "--registry", postgres_url)
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr
    assert json.loads(doctor.stdout)["ok"] is True


def test_init_writes_no_password_and_stats_read_a_postgresql_registry(
    postgres_url: str, tmp_path: Path
) -> None:
    """``init --registry postgresql://user:secret@…`` must not leave the password in mcpforge.yaml, and
    ``stats`` (whose service figures only a file registry has) answers on PostgreSQL."""
    with_password = postgres_url.replace("mcpforge@", "mcpforge:s3cret@")  # trust auth: any password works
    config = tmp_path / "mcpforge.yaml"
    done = _mcpforge("init", "--registry", with_password, "--config", str(config))
    assert done.returncode == 0, done.stderr
    assert "s3cret" not in config.read_text(encoding="utf-8") and "s3cret" not in done.stdout
    assert postgres_url in config.read_text(encoding="utf-8")
    assert "PGPASSWORD" in done.stdout
    stats = _mcpforge("stats", "--registry", postgres_url)
    assert stats.returncode == 0, stats.stderr
    assert "total_generated" in stats.stdout and "Traceback" not in stats.stderr
