"""Issue 28: a refused or asked ``mcpforge ask`` about a file asked about before loads no pandas.

Each test runs the real console command in a fresh interpreter under ``python -X importtime`` and judges
by what it imported: the first ask reads the file (pandas), the next one about the unchanged file reads
its schema from the cache, and any change of the file makes it read the file again.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mcpforge.pipeline.schema_cache import SCHEMA_CACHE_ENV

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
EXIT_REFUSED = 2
EXIT_QUESTION = 3
_IMPORTED = re.compile(r"^import time:\s+\d+ \|\s+\d+ \|\s*(\S+)\s*$", re.MULTILINE)


def _ask(request: str, cwd: Path, cache: Path) -> tuple[int, dict[str, object], set[str]]:
    """Exit status, JSON answer and imported modules of ``mcpforge ask REQUEST --data sales.csv``."""
    env = {**os.environ, SCHEMA_CACHE_ENV: str(cache)}
    command = [
        sys.executable, "-X", "importtime", "-m", "mcpforge", "ask", request, "--data", "sales.csv",
        "--json", "--no-review", "--registry", str(cwd / "registry"),
    ]  # fmt: skip
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=180, check=False)
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    return done.returncode, json.loads(done.stdout), set(_IMPORTED.findall(done.stderr))


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    shutil.copy(EXAMPLES / "sales.csv", tmp_path / "sales.csv")
    return tmp_path


@pytest.mark.parametrize(
    ("request_text", "status"),
    [("write me a poem about cats", EXIT_REFUSED), ("how many customers per region", EXIT_QUESTION)],
)
def test_asking_again_about_an_unchanged_file_imports_no_pandas(
    data_dir: Path, request_text: str, status: int
) -> None:
    cache = data_dir / "schema-cache"
    first_status, first_answer, first_modules = _ask(request_text, data_dir, cache)
    assert first_status == status, first_answer
    assert "pandas" in first_modules  # the file was read: what the check below can see
    second_status, second_answer, second_modules = _ask(request_text, data_dir, cache)
    assert second_status == status, second_answer
    assert second_answer == first_answer
    assert "mcpforge.pipeline.intent" in second_modules  # the request was read ...
    assert not {"pandas", "numpy", "pyarrow"} & second_modules  # ... against the cached schema


def test_a_changed_file_is_read_again_and_answered_about_as_it_is_now(data_dir: Path) -> None:
    cache = data_dir / "schema-cache"
    request = "write me a poem about cats"  # refused, naming the file's columns
    status, answer, _ = _ask(request, data_dir, cache)
    assert status == EXIT_REFUSED
    assert "'region'" in str(answer["error"])
    data = data_dir / "sales.csv"
    text = data.read_text(encoding="utf-8")
    data.write_text(text.replace("region", "area", 1), encoding="utf-8")
    status, answer, modules = _ask(request, data_dir, cache)
    assert status == EXIT_REFUSED
    assert "pandas" in modules  # a miss: the file was parsed again
    assert "'area'" in str(answer["error"]) and "'region'" not in str(answer["error"])
