"""The official MCP Inspector's CLI, as people run it, lists and calls a promoted tool of ``mcpforge serve``.

The Inspector is a Node program installed once by ``scripts/install-test-tools.sh`` into ``.cache/inspector``
(or named by ``MCPFORGE_INSPECTOR``); without node or the Inspector these tests are skipped (nothing is
installed at test time).
The pinned Inspector (0.22) sends ``--tool-arg top_n=3`` as the number 3 and ``top_n="3"`` as the string "3",
which is what Inspector CLIs up to 0.15 sent for ``top_n=3``: the server must coerce it (issue 15, point 5).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from mcpforge.config import MCPForgeConfig, SandboxConfig
from mcpforge.pipeline.forge import forge
from mcpforge.registry import Registry
from mcpforge.registry.review import apply_review

ROOT = Path(__file__).resolve().parents[2]
INSPECTOR_ENV = "MCPFORGE_INSPECTOR"
INSPECTOR = Path(os.environ.get(INSPECTOR_ENV, ROOT / ".cache/inspector/node_modules/.bin/mcp-inspector"))
MCPFORGE = str(Path(sys.executable).with_name("mcpforge"))
REQUEST = "top 5 regions by number of accidents"
#: One Inspector run starts the server, connects, lists, calls and exits: seconds, on a loaded machine.
INSPECTOR_TIMEOUT_S = 120


def _missing_tools() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed (the MCP Inspector is a Node program)"
    if not INSPECTOR.is_file():
        return (
            f"the MCP Inspector is not installed at {INSPECTOR}"
            f" (run scripts/install-test-tools.sh or set {INSPECTOR_ENV})"
        )
    return None


pytestmark = pytest.mark.skipif(_missing_tools() is not None, reason=_missing_tools() or "")


@dataclass(frozen=True, kw_only=True)
class Served:
    """A registry holding the promoted top-N tool, its config file, the data directory and file."""

    registry: Path
    config_file: Path
    data_dir: Path
    data_file: Path
    tool: str


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Served:
    """Forge and approve the top-N request on a copy of the traffic data (real pipeline, real review)."""
    tmp = tmp_path_factory.mktemp("inspector")
    data_dir = tmp / "data"
    data_dir.mkdir()
    data_file = data_dir / "traffic_accidents.csv"
    shutil.copy(ROOT / "examples" / "traffic_accidents.csv", data_file)
    config = MCPForgeConfig.model_validate(
        {"registry": {"root": str(tmp / "registry")}, "sandbox": SandboxConfig().model_dump()}
    )
    config_file = tmp / "mcpforge.yaml"
    config_file.write_text(yaml.safe_dump(config.model_dump(mode="json")), encoding="utf-8")
    registry = Registry(tmp / "registry", config)
    registry.init()
    result = forge(REQUEST, data_file, registry=registry, config=config, allow_read=[data_dir])
    assert result.ok, result.error
    assert result.candidate is not None
    top_n = result.candidate.spec.input_schema["properties"]["top_n"]
    assert top_n["type"] == ["integer", "null"]
    outcome = apply_review(
        registry,
        result.candidate.candidate_id,
        output_answer="yes",
        decision_answer="Approve",
        actor="person",
    )
    assert outcome.promoted is not None
    return Served(
        registry=registry.root,
        config_file=config_file,
        data_dir=data_dir,
        data_file=data_file,
        tool=outcome.promoted.name,
    )


def _serve_command(served: Served) -> list[str]:
    # The configuration is found as ./mcpforge.yaml in the working directory: the Inspector takes a
    # `--config` anywhere on its command line as its own option.
    return [MCPFORGE, "serve", "--registry", str(served.registry), "--allow-read", str(served.data_dir)]


def _inspector(served: Served, target: list[str], *method: str) -> dict[str, Any]:
    """Run the Inspector CLI once against ``target`` and return the JSON it prints."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        # The Inspector keeps a catalogue under $HOME; keep it out of the real home.
        "HOME": str(served.config_file.parent),
        **{key: value for key, value in os.environ.items() if key.startswith("MCPFORGE_")},
    }
    completed = subprocess.run(
        [str(INSPECTOR), "--cli", *target, *method],
        capture_output=True, text=True, encoding="utf-8", env=env, cwd=served.config_file.parent,
        timeout=INSPECTOR_TIMEOUT_S, check=False,
    )  # fmt: skip
    assert completed.returncode == 0, f"Inspector failed:\n{completed.stdout}\n{completed.stderr}"
    answer: dict[str, Any] = json.loads(completed.stdout)
    return answer


def _call(served: Served, target: list[str], top_n: str) -> dict[str, Any]:
    return _inspector(
        served, target, "--method", "tools/call", "--tool-name", served.tool,
        "--tool-arg", f"top_n={top_n}", "--tool-arg", f"file_path={served.data_file}",
    )  # fmt: skip


def _rows(answer: dict[str, Any]) -> list[list[Any]]:
    assert answer.get("isError") is not True, answer["content"]
    rows: list[list[Any]] = answer["structuredContent"]["result"]["rows"]
    return rows


def test_the_inspector_lists_the_promoted_tool_with_its_optional_top_n(served: Served) -> None:
    answer = _inspector(served, _serve_command(served), "--method", "tools/list")
    tools = {tool["name"]: tool for tool in answer["tools"]}
    assert served.tool in tools
    assert tools[served.tool]["inputSchema"]["properties"]["top_n"]["type"] == ["integer", "null"]


def test_the_inspector_sets_top_n_to_3_over_stdio(served: Served) -> None:
    rows = _rows(_call(served, _serve_command(served), "3"))
    assert len(rows) == 3
    assert [region for region, _count in rows] == ["North", "South", "West"]


def test_top_n_sent_as_the_string_3_is_coerced_over_stdio(served: Served) -> None:
    assert len(_rows(_call(served, _serve_command(served), '"3"'))) == 3


def test_top_n_that_is_not_a_number_is_refused_with_the_parameter_named(served: Served) -> None:
    answer = _call(served, _serve_command(served), '"three"')
    assert answer["isError"] is True
    assert "top_n" in answer["content"][0]["text"]


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def http_url(served: Served) -> Iterator[str]:
    """``mcpforge serve --http`` as a subprocess; its endpoint once it says it serves (bound, listening)."""
    port = _free_port()
    proc = subprocess.Popen(
        [*_serve_command(served), "--http", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding="utf-8",
        cwd=served.config_file.parent,
    )  # fmt: skip
    lines: list[str] = []
    listening = threading.Event()

    def drain() -> None:  # reads to the end so the server never blocks on a full pipe
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            if line.startswith("mcpforge: serving"):  # printed once the port is bound and listening
                listening.set()
        listening.set()  # the server ended: stop waiting

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        if not listening.wait(timeout=60) or proc.poll() is not None:
            pytest.fail("server did not start listening within 60 s:\n" + "".join(lines))
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=15)
        reader.join(timeout=15)
        if proc.stdout is not None:
            proc.stdout.close()


def test_the_inspector_sets_top_n_over_streamable_http(served: Served, http_url: str) -> None:
    target = [http_url, "--transport", "http"]
    assert len(_rows(_call(served, target, "3"))) == 3
    assert len(_rows(_call(served, target, '"3"'))) == 3
