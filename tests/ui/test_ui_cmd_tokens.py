"""``mcpforge ui --tokens-file`` as a real process: the same tokens document as ``serve --http``, a sign-in
URL without a token, the identity on the page; a broken tokens file is one line and a non-zero exit."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import httpx

from mcpforge.registry import Registry
from mcpforge.registry.testing import make_candidate
from mcpforge.server._auth import add_token

TIMEOUT = 60


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"MCPFORGE_TOKENS", "MCPFORGE_CONFIG"}}
    return {**env, "HOME": str(tmp_path)}


def _ui_command(root: Path, tokens: Path) -> list[str]:
    return [sys.executable, "-m", "mcpforge", "ui", "--registry", str(root), "--tokens-file", str(tokens)]


def test_the_page_started_with_the_servers_tokens_file_signs_people_in_as_their_identity(
    tmp_path: Path,
) -> None:
    registry = Registry(tmp_path / "registry")
    registry.init()
    candidate, files = make_candidate("team_tool")
    cid = registry.stage_candidate(candidate, files, actor="mcp:alice").candidate_id
    tokens = tmp_path / "tokens.yaml"
    bob = add_token(tokens, "bob", ["reviewer"])
    command = _ui_command(registry.root, tokens)
    with subprocess.Popen(
        command, cwd=tmp_path, env=_env(tmp_path), stdout=subprocess.PIPE, text=True
    ) as proc:
        try:
            _sign_in_as_bob(proc, bob, cid)
        finally:
            proc.send_signal(signal.SIGINT)
            proc.wait(TIMEOUT)


def _sign_in_as_bob(proc: subprocess.Popen[str], bob: str, cid: str) -> None:
    assert proc.stdout is not None
    first = proc.stdout.readline()  # blocks until the page prints its URL (or the process ends)
    found = re.search(r"Review page: (http://127\.0\.0\.1:(\d+)/signin)$", first.strip())
    assert found is not None, first
    assert "bob" in proc.stdout.readline()
    base = f"http://127.0.0.1:{found.group(2)}"
    with httpx.Client(base_url=base, timeout=TIMEOUT, follow_redirects=False) as client:
        field = re.search(r"name='signin' value='([0-9a-f]+)'", client.get("/signin").text)
        assert field is not None
        signed = client.post("/signin", data={"signin": field.group(1), "token": bob})
        assert signed.status_code == 303
        page = client.get(f"/candidate/{cid}").text
    assert "Signed in as <b>bob</b> (reviewer)" in page
    assert "id='approve'" in page


def test_a_tokens_file_with_a_plain_token_is_one_line_and_no_page(tmp_path: Path) -> None:
    registry = Registry(tmp_path / "registry")
    registry.init()
    tokens = tmp_path / "tokens.yaml"
    tokens.write_text(
        "tokens:\n  - {name: a, roles: [admin], token: abcdefghijklmnopqrstuv}\n", encoding="utf-8"
    )
    done = subprocess.run(
        _ui_command(registry.root, tokens),
        cwd=tmp_path, env=_env(tmp_path), capture_output=True, text=True, timeout=TIMEOUT, check=False,
    )  # fmt: skip
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, done.stderr
    assert "holds a plain token" in lines[0]
    assert "abcdefghijklmnopqrstuv" not in done.stderr
    assert "Review page" not in done.stdout
