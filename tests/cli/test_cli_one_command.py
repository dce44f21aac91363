"""A process builds only the command it runs (``cli.main.app_for``), and says the same as the whole CLI."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from mcpforge.cli.main import COMMAND_MODULES, _command_name, _group_name, app, app_for, registered_by

CASES = [
    ["sandbox", "run", "--help"],
    ["sandbox"],
    ["sandbox", "no-such-verb"],
    ["sandbox", "run"],
    ["ask", "--help"],
    ["check", "--help"],
    ["version"],
]


def _names(argv: list[str]) -> list[str]:
    only = app_for(["mcpforge", *argv])
    commands = [
        info.name or (info.callback.__name__ if info.callback else "") for info in only.registered_commands
    ]
    groups = [
        info.name or (info.typer_instance.info.name if info.typer_instance else "")
        for info in only.registered_groups
    ]
    return [str(name).replace("_", "-") for name in commands + groups]


@pytest.mark.parametrize("argv", CASES, ids=" ".join)
def test_one_command_answers_as_the_whole_cli(argv: list[str]) -> None:
    runner = CliRunner()
    whole = runner.invoke(app, argv, prog_name="mcpforge")
    only = runner.invoke(app_for(["mcpforge", *argv]), argv, prog_name="mcpforge")
    assert (only.exit_code, only.output) == (whole.exit_code, whole.output)


def test_only_the_named_command_is_built() -> None:
    assert _names(["sandbox", "run", "x.py"]) == ["sandbox"]
    assert _names(["version"]) == ["version"]
    assert len(app.registered_commands) + len(app.registered_groups) > 10


@pytest.mark.parametrize("argv", [[], ["--help"], ["--version"], ["no-such-command"]])
def test_help_version_and_unknown_names_see_the_whole_cli(argv: list[str]) -> None:
    assert app_for(["mcpforge", *argv]) is app


def _plugin_setting(env_value: str | None) -> str:
    import os
    import subprocess
    import sys

    env = {key: value for key, value in os.environ.items() if key != "PYDANTIC_DISABLE_PLUGINS"}
    if env_value is not None:
        env["PYDANTIC_DISABLE_PLUGINS"] = env_value
    probe = (
        "import mcpforge.cli, os, pydantic.plugin._loader as loader; "
        "print(repr(os.environ.get('PYDANTIC_DISABLE_PLUGINS')), loader._plugins is None and "
        "list(loader.get_plugins()) == [] and loader._plugins is None)"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True)
    return done.stdout.strip()


def test_the_command_line_skips_pydantics_plugin_scan_unless_the_person_asks_for_it() -> None:
    # No scan: the plugin cache stays unfilled after a lookup (15-25 ms of every start-up otherwise).
    assert _plugin_setting(None) == "'__all__' True"
    # A person's own setting wins: with "" pydantic scans the entry points as it normally does.
    assert _plugin_setting("") == "'' False"


def test_each_command_module_registers_exactly_the_names_listed_for_it() -> None:
    """``COMMAND_MODULES`` is what ``app_for`` imports by: a command missing from it would still run,
    through the whole CLI, but a wrong name would import the wrong module."""
    for module, names in COMMAND_MODULES.items():
        commands, groups = registered_by(module)
        found = [_command_name(info) for info in commands] + [_group_name(info) for info in groups]
        assert sorted(str(name) for name in found) == sorted(names), module
    listed = [name for names in COMMAND_MODULES.values() for name in names]
    assert len(listed) == len(set(listed))  # one module per name
    assert sorted([*listed, "version"]) == sorted(_names(["--help"]))


BUILDS_NOTHING_AFTER_THE_FORK = """
import os, sys
from mcpforge.cli import commands
from mcpforge.cli.warm_ask_zygote import WARM_MODULES, _load

_load(WARM_MODULES)  # what the warm ask zygote does before it is ready


def _refuse(app):
    raise AssertionError("a command was built after the fork")


commands.get_command = _refuse
pid = os.fork()
if pid == 0:
    sys.argv = ["mcpforge", "ask", *sys.argv[1:]]
    from mcpforge.cli.main import main_here
    try:
        main_here()
    except SystemExit as stop:
        sys.stdout.flush()
        os._exit(stop.code if isinstance(stop.code, int) else 1)
    os._exit(0)
sys.exit(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
"""


def test_a_warm_ask_child_runs_the_command_its_zygote_built(tmp_path: Path) -> None:
    """The zygote builds click's form of ``ask`` before it forks: its child builds no command (typer's
    builder fails there) and answers as a fresh process does, its own arguments parsed."""
    import json
    import os
    import subprocess
    import sys

    examples = Path(__file__).resolve().parents[2] / "examples"
    data = tmp_path / "sales.csv"
    data.write_bytes((examples / "sales.csv").read_bytes())
    env = {**os.environ, "MCPFORGE_NO_RESIDENT": "1"}
    argv = ["write me a poem about cats", "--data", str(data), "--json", "--no-review"]
    argv += ["--registry", str(tmp_path / "registry")]
    done = subprocess.run(
        [sys.executable, "-c", BUILDS_NOTHING_AFTER_THE_FORK, *argv],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr[-2000:]
    assert "cannot map the request" in json.loads(done.stdout)["error"]
    helped = subprocess.run(
        [sys.executable, "-c", BUILDS_NOTHING_AFTER_THE_FORK, "--help"],
        capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120, check=False,
    )  # fmt: skip
    assert helped.returncode == 0 and "--data" in helped.stdout, helped.stderr[-2000:]
