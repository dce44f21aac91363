"""Issue 28: what ``mcpforge sandbox run`` no longer does at start-up, in a fresh interpreter.

Pinned here (each was part of every run before): pydantic's plugin loader and with it
``importlib.metadata`` (``email``, ``zipfile``, ``csv``, ``socket``) while plugins are off; the code that
calls tools (``sandbox/tool_call.py``, its runner, the footer parser); every configuration validator
when there is no setting to read; and ``platform`` inside the sandbox, before the script's first line.
What stays the same is pinned too: the defaults, a setting that is read, pydantic plugins when a person
turns them on.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

# Runs the console script's entry point in a fresh interpreter (``sandbox run`` ends with ``os._exit``:
# the report is written just before), then prints the loaded modules and which config validators exist.
PROBE = """
import json, os, sys

def report():
    config = sys.modules["mcpforge.config"]
    models = [value for value in vars(config).values()
              if isinstance(value, type) and issubclass(value, config.BaseModel)]
    built = [model.__name__ for model in models if model.__pydantic_complete__]
    os.write(2, (json.dumps({"modules": sorted(sys.modules), "built": sorted(built)}) + "\\n").encode())

real_exit = os._exit
def reported_exit(status):
    report()
    real_exit(status)
os._exit = reported_exit
sys.argv[0] = "mcpforge"
from mcpforge.cli.main import main
try:
    main()
except SystemExit:
    pass
report()
"""
PLUGIN_SCAN = ("importlib.metadata", "email", "zipfile", "csv", "socket")
TOOL_CALLS = ("mcpforge.sandbox.tool_call", "mcpforge.sandbox._runner", "mcpforge.footer")
OTHER_COMMANDS = ("mcpforge.cli.ask", "mcpforge.cli.registry_cmds", "mcpforge.cli.serve", "mcpforge.cli.chat")


def _clean_env(**extra: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if not key.startswith(("MCPFORGE_", "PYDANTIC_"))}
    return {**env, **extra}


def _report(tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    command = [sys.executable, "-c", PROBE, *args]
    done = subprocess.run(
        command,
        cwd=tmp_path,
        env=env or _clean_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    report: dict[str, Any] = json.loads(done.stderr.strip().splitlines()[-1])
    return report


@pytest.fixture
def trivial(tmp_path: Path) -> Path:
    script = tmp_path / "trivial.py"
    script.write_text("print(1)\n", encoding="utf-8")
    return script


@pytest.fixture(scope="module")
def sandbox_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What a fresh ``sandbox run trivial.py --json`` loaded and built."""
    folder = tmp_path_factory.mktemp("sandbox-run")
    script = folder / "trivial.py"
    script.write_text("print(1)\n", encoding="utf-8")
    report = _report(folder, "sandbox", "run", str(script), "--json")
    assert "mcpforge.sandbox.bwrap" in report["modules"]  # it ran
    return report


def test_sandbox_run_does_not_scan_for_pydantic_plugins(sandbox_run: dict[str, Any]) -> None:
    loaded = set(sandbox_run["modules"]).intersection(PLUGIN_SCAN)
    assert not loaded, sorted(loaded)


def test_sandbox_run_does_not_load_the_code_that_calls_tools(sandbox_run: dict[str, Any]) -> None:
    loaded = set(sandbox_run["modules"]).intersection(TOOL_CALLS)
    assert not loaded, sorted(loaded)


def test_sandbox_run_imports_no_other_commands_module(sandbox_run: dict[str, Any]) -> None:
    loaded = set(sandbox_run["modules"]).intersection(OTHER_COMMANDS)
    assert not loaded, sorted(loaded)


def test_sandbox_run_with_no_setting_builds_no_configuration_validator(sandbox_run: dict[str, Any]) -> None:
    assert sandbox_run["built"] == []  # no file, no MCPFORGE_* variable: the defaults


def test_a_setting_to_read_is_validated_as_before(tmp_path: Path, trivial: Path) -> None:
    env = _clean_env(MCPFORGE_SANDBOX__MEMORY_MB="nonsense")
    command = [sys.executable, "-m", "mcpforge", "sandbox", "run", str(trivial), "--json"]
    done = subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 2 and "sandbox.memory_mb" in done.stdout + done.stderr, (
        done.stdout + done.stderr
    )
    report = _report(
        tmp_path, "sandbox", "run", str(trivial), "--json", env=_clean_env(MCPFORGE_SANDBOX__MEMORY_MB="512")
    )
    assert "MCPForgeConfig" in report["built"]


def test_the_defaults_are_what_validating_nothing_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mcpforge.config import MCPForgeConfig, load_config

    monkeypatch.chdir(tmp_path)  # no mcpforge.yaml here
    loaded = load_config(None, environ={})
    validated = MCPForgeConfig.model_validate({})
    assert loaded == validated
    assert loaded.model_dump() == validated.model_dump()
    assert loaded.model_dump(exclude_unset=True) == validated.model_dump(exclude_unset=True) == {}
    assert loaded.sandbox.model_fields_set == validated.sandbox.model_fields_set == set()
    loaded.security.allowed_read_paths.append("/x")  # each load has its own lists
    assert load_config(None, environ={}).security.allowed_read_paths == []
    with pytest.raises(ValueError, match="memory_mb"):
        loaded.sandbox.memory_mb = "many"  # type: ignore[assignment]  # assignments are still validated


def test_pydantic_plugins_load_when_a_person_turns_them_on_after_start_up() -> None:
    probe = (
        "import os, sys, mcpforge.cli, pydantic\n"
        "class Before(pydantic.BaseModel):\n    x: int\n"
        "print('importlib.metadata' in sys.modules)\n"
        "os.environ['PYDANTIC_DISABLE_PLUGINS'] = ''\n"
        "class After(pydantic.BaseModel):\n    x: int\n"
        "loader = sys.modules['pydantic.plugin._loader']\n"
        "print('importlib.metadata' in sys.modules, loader._plugins == {}, After(x=1).x)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        env=_clean_env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.split() == ["False", "True", "True", "1"], done.stdout + done.stderr


def test_the_script_starts_without_modules_it_did_not_import(tmp_path: Path) -> None:
    """What the sandbox's supervisor loaded is in the script's interpreter too (it forks): no
    ``platform``, nothing of mcpforge."""
    script = tmp_path / "modules.py"
    script.write_text("import json, sys\nprint(json.dumps(sorted(sys.modules)))\n", encoding="utf-8")
    command = [sys.executable, "-m", "mcpforge", "sandbox", "run", str(script), "--json"]
    done = subprocess.run(
        command, cwd=tmp_path, env=_clean_env(), capture_output=True, text=True, timeout=120, check=False
    )
    if done.returncode != 0 and "no strong sandbox backend" in done.stdout + done.stderr:
        pytest.skip("no strong sandbox backend here")
    assert done.returncode == 0, done.stdout + done.stderr
    modules = set(json.loads(json.loads(done.stdout)["stdout"]))
    assert "json" in modules
    assert modules.isdisjoint({"platform", "mcpforge", "pydantic", "_kernel", "_confine"}), sorted(modules)
