"""A static-gate verdict belongs to its environment; a failure of the checker is never the tool's fault."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import mcpforge
from mcpforge.pipeline.validation import static_gate
from mcpforge.pipeline.validation._checker_env import mypy_cache_dir
from mcpforge.pipeline.validation.static_gate import CACHED_LOG, FRESH_CACHE_LOG, run_static_gate

TIMEOUT = 180
VALID = textwrap.dedent(
    '''
    from mcpforge.runtime import output_footer


    def count_rows(file_path: str) -> str:
        """How many rows."""
        return "3" + output_footer({"operation": "count", "result": 3, "rows_processed": 3})
    '''
).lstrip()


def _other_installation(tmp_path: Path) -> Path:
    """A second installation of the same mcpforge: a copy of the package on its own path."""
    target = tmp_path / "other-install"
    shutil.copytree(
        Path(mcpforge.__file__).parent, target / "mcpforge", ignore=shutil.ignore_patterns("__pycache__")
    )
    return target


def _in_other_installation(path: Path, code: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(path)}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=TIMEOUT, check=True
    )
    return done.stdout.strip()


def test_a_rejection_stored_by_another_installation_does_not_reject_here(tmp_path: Path) -> None:
    other = _other_installation(tmp_path)
    poison = textwrap.dedent(
        f"""
        import mcpforge
        from mcpforge.pipeline.validation import static_gate as g
        assert mcpforge.__file__.startswith({str(other)!r}), mcpforge.__file__
        bad = g.StaticFinding(tool="mypy", line=6, message='Unexpected keyword argument "result"')
        g._store(g._cache_key({VALID!r}, "tool.py"), g.StaticGateResult(ok=False, findings=[bad], logs=[]))
        print(g.static_cache_dir())
        """
    )
    assert Path(_in_other_installation(other, poison)) == static_gate.static_cache_dir()  # one shared cache
    result = run_static_gate(VALID)
    assert CACHED_LOG not in result.logs
    assert result.ok, result.findings


def test_each_installation_has_its_own_mypy_cache(tmp_path: Path) -> None:
    other = _other_installation(tmp_path)
    code = "from mcpforge.pipeline.validation._checker_env import mypy_cache_dir; print(mypy_cache_dir())"
    elsewhere = Path(_in_other_installation(other, code))
    assert elsewhere != mypy_cache_dir()
    assert elsewhere.parent != mypy_cache_dir().parent  # the installation, not only the versions


def _fake_mypy(tmp_path: Path, body: str) -> Path:
    script = tmp_path / "fake_mypy.py"
    script.write_text(textwrap.dedent(body), encoding="utf-8")
    return script


def _use_fake_mypy(monkeypatch: pytest.MonkeyPatch, script: Path) -> None:
    def command(target: Path, cache_dir: Path) -> list[str]:
        return [sys.executable, str(script), f"--cache-dir={cache_dir}", str(target)]

    monkeypatch.setattr(static_gate, "_mypy_command", command)


def test_a_crashing_checker_is_not_cached_and_not_the_tools_fault(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = _fake_mypy(
        tmp_path,
        """
        import sys
        print(sys.argv[-1] + ":1: error: INTERNAL ERROR -- Please try using mypy master on GitHub")
        print("Traceback (most recent call last):", file=sys.stderr)
        sys.exit(2)
        """,
    )
    _use_fake_mypy(monkeypatch, script)
    source = VALID + "\n# crash\n"
    result = run_static_gate(source)
    assert result.checker_error is not None and "mypy failed" in result.checker_error
    assert result.findings == [] and result.ok
    again = run_static_gate(source)
    assert CACHED_LOG not in again.logs  # never cached: the next run asks the checker again


def test_a_finding_from_a_stale_shared_cache_is_checked_afresh_and_the_cache_discarded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The shared cache answers as the stale one did in issue 28 ("an argument that does not exist");
    # a run with a fresh cache finds nothing. (A private cache home: the real shared cache stays warm.)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache-home"))
    shared = mypy_cache_dir()
    script = _fake_mypy(
        tmp_path,
        f"""
        import sys
        if sys.argv[1] == "--cache-dir={shared}":
            finding = 'error: Unexpected keyword argument "result" for "output_footer"  [call-arg]'
            print(sys.argv[-1] + ":6: " + finding)
            sys.exit(1)
        sys.exit(0)
        """,
    )
    _use_fake_mypy(monkeypatch, script)
    result = run_static_gate(VALID + "\n# stale\n")
    assert result.ok and result.checker_error is None, result
    assert FRESH_CACHE_LOG in result.logs
    assert not shared.exists()


def test_a_real_fault_about_a_runtime_helper_is_still_found() -> None:
    wrong = VALID.replace('output_footer({"operation"', 'output_footer(3, {"operation"')
    result = run_static_gate(wrong)
    assert not result.ok and result.checker_error is None
    assert any(f.tool == "mypy" and "output_footer" in f.message for f in result.findings), result.findings
