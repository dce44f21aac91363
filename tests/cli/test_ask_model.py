"""`mcpforge ask --custom` end to end with the HTTP engines: a real CLI process, a server speaking the
real OpenAI / Anthropic wire formats with recorded answers, and the real sandbox. The first recorded
function has a bug; the repair loop must fix it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mcpforge.config import SandboxConfig
from mcpforge.engines.replay_server import Recorded, replay_server

MCPFORGE = Path(sys.executable).with_name("mcpforge")
REQUEST = "For each region, the range of speed limits (maximum minus minimum)"
PLAN = {
    "tool_name": "speed_limit_range_per_region",
    "description": "For each region, the maximum minus the minimum speed limit.",
    "when_to_use": "When you need the spread of speed limits per region",
    "what_it_does": "Groups accidents by region and subtracts the smallest speed limit from the largest",
}
COMPUTE = """```python
def compute(df):
    spread = df.groupby("region")[{column!r}].agg(lambda s: s.max() - s.min())
    return spread.reset_index(name="range")
```"""


@pytest.fixture
def data(tmp_path: Path) -> Path:
    rows = [("North", 30), ("North", 70), ("South", 50), ("South", 60), ("East", 20)] * 4
    path = tmp_path / "accidents.csv"
    path.write_text("region,speed_limit\n" + "".join(f"{r},{s}\n" for r, s in rows), encoding="utf-8")
    return path


@pytest.mark.parametrize("engine", ["openai", "anthropic"])
def test_a_buggy_first_answer_is_repaired_and_the_tool_is_staged(
    engine: str, data: Path, tmp_path: Path, sandbox_config: SandboxConfig
) -> None:
    replies = [
        Recorded(content=json.dumps(PLAN)),
        Recorded(content=COMPUTE.format(column="speed")),
        Recorded(content=COMPUTE.format(column="speed_limit")),
    ]
    env = {
        **os.environ,
        "MCPFORGE_VALIDATION__STRESS_ROWS": "5000",
        "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK": str(sandbox_config.allow_weak_fallback).lower(),
        "OPENAI_API_KEY": "test",
        "ANTHROPIC_API_KEY": "test",
    }
    with replay_server(replies) as (url, log):
        base_url = url if engine == "openai" else url.removesuffix("/v1")
        command = [str(MCPFORGE), "ask", REQUEST, "--data", str(data), "--engine", engine, "--model", "m"]
        command += ["--base-url", base_url, "--custom", "--json", "--no-review", "--registry", "registry"]
        done = subprocess.run(
            command,
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=110,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["status"] == "STAGED", answer
    rounds = answer["validation"]["repair_rounds"]
    assert [r["passed"] for r in rounds] == [True]
    assert any("speed" in line for line in rounds[0]["diagnostics"])
    assert sorted(map(tuple, answer["result"]["result"]["rows"])) == [
        ("East", 0),
        ("North", 40),
        ("South", 10),
    ]
    assert len(log.requests) == 3
    assert all(request["path"].endswith(("/chat/completions", "/messages")) for request in log.requests)
