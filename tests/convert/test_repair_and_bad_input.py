"""Model-assisted repair with a scripted engine, and bad input ending in one line with nothing staged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from mcpforge.cli.main import app
from mcpforge.config import MCPForgeConfig
from mcpforge.convert.pipeline import ConvertOptions, convert
from mcpforge.engines.scripted import ScriptedEngine

DAYS = '''
"""days: one function whose type-based sample is wrong."""

DAYS = ["mon", "tue", "wed"]


def weekday_number(day: str) -> int:
    """The position of a day."""
    return DAYS.index(day)
'''


def _package(root: Path, name: str, text: str) -> Path:
    package = root / name
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(text, encoding="utf-8")
    return package


def test_a_model_engine_repairs_a_sample_the_rules_could_not(
    tmp_path: Path, forge_config: MCPForgeConfig
) -> None:
    package = _package(tmp_path / "src", "days", DAYS)
    engine = ScriptedEngine([json.dumps({"arguments": {"day": "tue"}})])
    report = convert(
        ConvertOptions(
            source=str(package),
            out_dir=tmp_path / "out",
            stage=False,
            engine="scripted",
            engine_instance=engine,
        ),
        forge_config,
        registry_root=None,
    )
    assert report.status == "GENERATED"
    outcome = next(o for o in report.outcomes if o.tool == "weekday_number")
    assert outcome.passed
    assert (
        outcome.fixes == ["tried 2 samples", "model repair round 1"]
        or outcome.fixes[-1] == "model repair round 1"
    )
    assert outcome.attempts[-1].source == "model"
    assert outcome.attempts[-1].result == 1
    assert "repair" in report.timings
    assert len(engine.prompts) == 1


def test_without_a_model_the_unproven_tool_is_dropped_with_its_label(
    tmp_path: Path, forge_config: MCPForgeConfig
) -> None:
    package = _package(tmp_path / "src", "days", DAYS)
    report = convert(
        ConvertOptions(source=str(package), out_dir=tmp_path / "out", stage=False),
        forge_config,
        registry_root=None,
    )
    assert report.status == "FAILED"
    assert (report.stopped_at, report.stop_category) == ("run", "untoolable_repo")
    assert report.outcomes[0].category == "invalid_sample"
    saved = json.loads((tmp_path / "out" / "report.json").read_text(encoding="utf-8"))
    assert saved["stopped_at"] == "run"


def _cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(autouse=True)
def _in_tmp_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`init` writes mcpforge.yaml in the working directory: never the checkout's."""
    monkeypatch.chdir(tmp_path)


def test_bad_sources_end_with_one_line_a_report_and_nothing_in_the_registry(
    tmp_path: Path, forge_config: MCPForgeConfig
) -> None:
    registry = Path(forge_config.registry.root)
    code, _out, err = _cli("init", "--registry", str(registry))
    assert code == 0
    empty = tmp_path / "no_code"
    (empty / "docs").mkdir(parents=True)
    private = _package(tmp_path / "src", "private_only", "def _hidden():\n    return 1\n")
    broken = _package(tmp_path / "src2", "broken", "raise RuntimeError('needs a GPU')\n")
    cases = [
        (str(tmp_path / "does_not_exist"), "acquire"),
        (str(empty), "acquire"),
        (str(private), "select"),
        (str(broken), "analyse"),
        ("not a requirement!", "acquire"),
    ]
    for source, step in cases:
        out = tmp_path / "out" / step / Path(source).name.replace(" ", "_")
        code, stdout, err = _cli("convert", source, "--registry", str(registry), "--out", str(out))
        assert code == 1, (source, stdout, err)
        lines = [line for line in err.splitlines() if line.startswith("error:")]
        assert len(lines) == 1
        assert f"stopped at {step!r}" in lines[0]
        report = json.loads((out / "report.json").read_text(encoding="utf-8"))
        assert (report["status"], report["stopped_at"]) == ("FAILED", step)
    assert not (registry / "services").exists()


def test_convert_json_output_names_the_candidate(tmp_path: Path, forge_config: MCPForgeConfig) -> None:
    registry = Path(forge_config.registry.root)
    _cli("init", "--registry", str(registry))
    package = _package(tmp_path / "src", "days", DAYS.replace("return DAYS.index(day)", "return len(day)"))
    code, out, _err = _cli(
        "convert", str(package), "--registry", str(registry), "--out", str(tmp_path / "o"), "--json"
    )
    assert code == 0
    data = json.loads(out)
    assert data["status"] == "STAGED"
    assert data["candidate_id"].startswith("service-days_")
    code, out, _err = _cli(
        "review",
        data["candidate_id"],
        "--registry",
        str(registry),
        "--output",
        "yes",
        "--decision",
        "Approve",
        "--json",
    )
    assert code == 0
    assert json.loads(out)["promoted"] is True
