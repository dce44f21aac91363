"""Issue 28: what a refused or asked ``ask``, an answered one and a ``sandbox run`` load, in a fresh
interpreter.

A refusal in ≤ 0.3 s and ``sandbox run`` in ≤ python + 0.25 s leave no room for work they do not need:
YAML when there is no configuration file, pandas when no data is computed on, the registry's acts and
storage for a command that opens no registry, and compiling all of the request reader's ~120 patterns
when a request uses a few of them (``mcpforge/_lazy_re.py``). An answered ``ask`` needs pandas for the
reference, but not to render the tool: the static gate (mypy, the longest gate) starts while pandas loads
in the reference read's own thread.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
# Runs the CLI in a fresh interpreter, then prints the loaded modules and the reader's patterns.
PROBE = """
import gc, json, sys
from mcpforge.cli.main import app
try:
    app(args=sys.argv[1:])
except SystemExit:
    pass
lazy = sys.modules.get("mcpforge._lazy_re")
patterns = [o for o in gc.get_objects() if lazy is not None and isinstance(o, lazy._LazyPattern)]
report = {
    "modules": sorted(sys.modules),
    "patterns": len(patterns),
    "compiled": sum(p._compiled is not None for p in patterns),
}
print(json.dumps(report), file=sys.stderr)
"""


def _report(*args: str, cwd: Path, cache: Path | None = None) -> dict[str, Any]:
    env = {key: value for key, value in os.environ.items() if not key.startswith("MCPFORGE_CONFIG")}
    if cache is not None:
        env = {key: value for key, value in env.items() if not key.endswith("_CACHE_DIR")}
        env["MCPFORGE_CACHE_DIR"] = str(cache)
    command = [sys.executable, "-c", PROBE, *args]
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    report: dict[str, Any] = json.loads(done.stderr.strip().splitlines()[-1])
    return report


def _loaded(report: dict[str, Any], *prefixes: str) -> list[str]:
    modules: list[str] = report["modules"]
    return sorted(m for m in modules if any(m == p or m.startswith(f"{p}.") for p in prefixes))


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    shutil.copy(EXAMPLES / "sales.csv", tmp_path / "sales.csv")
    return tmp_path


@pytest.mark.parametrize(
    ("request_text", "most_compiled"),
    [("write me a poem about cats", 10), ("how many customers per region", 80)],
)
def test_a_refusal_or_question_compiles_only_the_patterns_it_uses_and_loads_neither_yaml_nor_pandas(
    data_dir: Path, request_text: str, most_compiled: int
) -> None:
    registry = str(data_dir / "registry")
    args = ("ask", request_text, "--data", "sales.csv", "--json", "--no-review", "--registry", registry)
    cache = data_dir / "cache"
    _report(*args, cwd=data_dir, cache=cache)  # a first question about the file reads its schema
    report = _report(*args, cwd=data_dir, cache=cache)  # the next finds it in the schema cache
    assert "mcpforge.pipeline.intent" in report["modules"]  # the request was read
    patterns, compiled = report["patterns"], report["compiled"]
    assert isinstance(patterns, int) and isinstance(compiled, int)
    assert patterns >= 100  # the reader's patterns, made lazily ...
    assert compiled <= most_compiled  # ... and compiled only as the request needed them
    assert _loaded(report, "yaml") == []  # no mcpforge.yaml here, no setting in the environment
    assert _loaded(report, "pandas", "numpy", "pyarrow") == []  # nothing computed on the data


# What ``forge`` does for an answerable request between the gap decision and the static gate's start:
# the catalogue renders the tool (a derived column, so the expression language too), the spec is
# finalized and the gate's modules are imported. Then the reference read starts and loads pandas itself.
RENDER_PROBE = """
import json, sys
from pathlib import Path
from mcpforge.models import Aggregation, DerivedColumn, Intent
from mcpforge.pipeline.gap import detect_gap
from mcpforge.pipeline.forge import reference_columns
from mcpforge.catalogue import get_operation
from mcpforge.pipeline.spec import finalize_spec
from mcpforge.pipeline.validation.reference_read import start_reference_read
from mcpforge.pipeline.validation.shared_read import shares_read
from mcpforge.pipeline.validation.static_gate import start_static_gate
from mcpforge.config import SecurityConfig
intent = Intent(
    request="total revenue by region", operation="group_aggregate", group_by=["region"],
    metrics=[Aggregation(column="revenue", func="sum")],
    derived=[DerivedColumn(name="revenue", expression="units * unit_price * (1 - discount)")],
)
rendered = get_operation("group_aggregate").render(intent)
finalize_spec(rendered.spec, intent)
shares_read(Path(sys.argv[1]), 64)
rendered_with = sorted(m for m in ("pandas", "numpy", "pyarrow", "scipy") if m in sys.modules)
read = start_reference_read(Path(sys.argv[1]), ["region", "units"], SecurityConfig())
frame = read.frame.result(timeout=60)
print(json.dumps({
    "rendered_with": rendered_with,
    "derived": "derived_columns" in rendered.arguments,
    "pandas_after_read": "pandas" in sys.modules,
    "read": [len(frame), *map(str, frame.columns)],
}))
"""


def test_an_answered_request_renders_its_tool_without_pandas_and_the_reference_read_loads_it(
    data_dir: Path,
) -> None:
    command = [sys.executable, "-c", RENDER_PROBE, str(data_dir / "sales.csv")]
    done = subprocess.run(command, cwd=data_dir, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["rendered_with"] == []  # the catalogue, the spec and the gate's modules: no pandas
    assert report["derived"]  # the expression language was rendered too
    assert report["pandas_after_read"]  # ... which the reference's read loads, in its own thread
    assert report["read"][1:] == ["region", "units"] and report["read"][0] > 0


def test_sandbox_run_loads_neither_the_registry_nor_yaml(tmp_path: Path) -> None:
    script = tmp_path / "trivial.py"
    script.write_text("print(1)\n", encoding="utf-8")
    report = _report("sandbox", "run", str(script), "--json", cwd=tmp_path)
    assert "mcpforge.sandbox.bwrap" in report["modules"]  # it ran
    assert _loaded(report, "mcpforge.registry") == ["mcpforge.registry", "mcpforge.registry.urls"]
    assert _loaded(report, "yaml", "filelock", "mcpforge.models", "pandas") == []


def test_a_configuration_file_is_still_read(tmp_path: Path) -> None:
    """YAML loads when there is a file to read: its settings apply (a memory limit too small to start)."""
    (tmp_path / "mcpforge.yaml").write_text("sandbox:\n  memory_mb: nonsense\n", encoding="utf-8")
    script = tmp_path / "trivial.py"
    script.write_text("print(1)\n", encoding="utf-8")
    command = [sys.executable, "-m", "mcpforge", "sandbox", "run", str(script), "--json"]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2 and "memory_mb" in done.stdout + done.stderr, done.stdout + done.stderr


# The console script's entry point, with ``os._exit`` noted on stderr before it ends the process.
QUICK_END = """
import os, sys
real_exit = os._exit
def noted_exit(status):
    sys.stderr.write(f"ended without teardown: {status}\\n")
    sys.stderr.flush()
    real_exit(status)
os._exit = noted_exit
sys.argv[0] = "mcpforge"
from mcpforge.cli.main import main
main()
"""


@pytest.mark.parametrize(("script", "status"), [("print(1)\n", 0), ("raise SystemExit(3)\n", 1)])
def test_sandbox_run_ends_without_the_modules_teardown(tmp_path: Path, script: str, status: int) -> None:
    """Once the run is printed nothing is left to do: the process ends as ``ask`` does (``cli/_exit.py``),
    with the same status and the whole output."""
    path = tmp_path / "script.py"
    path.write_text(script, encoding="utf-8")
    command = [sys.executable, "-c", QUICK_END, "sandbox", "run", str(path), "--json"]
    done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == status, done.stderr
    assert f"ended without teardown: {status}" in done.stderr
    assert json.loads(done.stdout)["exit_code"] == (0 if status == 0 else 3)


def test_a_configuration_file_reads_as_safe_load_reads_it_and_a_bad_one_shows_where(tmp_path: Path) -> None:
    """The file is parsed by LibYAML when present; what it gives and how a mistake is shown are unchanged."""
    import yaml

    from mcpforge.config import load_config
    from mcpforge.exceptions import ConfigError

    shipped = Path(__file__).resolve().parents[2] / "mcpforge.yaml"
    text = shipped.read_text(encoding="utf-8")
    assert load_config(shipped, environ={}) == load_config(None, overrides=yaml.safe_load(text), environ={})
    bad = tmp_path / "mcpforge.yaml"
    bad.write_text("sandbox:\n  memory_mb: [1, 2\n", encoding="utf-8")
    with pytest.raises(ConfigError) as raised:
        load_config(bad, environ={})
    assert "memory_mb: [1, 2" in str(raised.value) and "^" in str(raised.value)  # the line, and where
