"""CSV exports never carry a formula a spreadsheet would run (OWASP CSV injection); JSON/Parquet are data."""

from __future__ import annotations

import csv
import json
import shutil
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from mcpforge.cli._export import export_answer, neutralise_formulas, write_export
from mcpforge.cli.main import app
from mcpforge.config import SandboxConfig

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"
FORMULAS = [
    '=HYPERLINK("http://evil.example","click")',
    "+1+1",
    "-2+3",
    "@SUM(A1:A2)",
    "\t=1+1",
    "\r=1+1",
    "  =1+1",
    "\uff1d1+1",
]
FOOTER = {
    "result": {
        "columns": ["=cmd|' /C calc'!A0", "weather", "count", "delta"],
        "rows": [[f, f"ok {i}", i, -1.5 * i] for i, f in enumerate(FORMULAS)]
        + [["plain", "-", 7, -3], ["a\r=1+1", "b\n@x", 8, 0]],
    }
}


def _cells(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.reader(handle))


def test_every_formula_cell_and_header_gets_a_leading_quote(tmp_path: Path) -> None:
    path = tmp_path / "answer.csv"
    report = export_answer(FOOTER, path)
    rows = _cells(path)
    assert rows[0] == ["'=cmd|' /C calc'!A0", "weather", "count", "delta"]
    assert [row[0] for row in rows[1:]] == [f"'{f}" for f in FORMULAS] + ["plain", "a\r=1+1"]
    assert rows[-2][1] == "'-"
    # A line break inside a cell stays inside its quoted cell: no row of the file starts with a formula.
    assert rows[-1][1] == "b\n@x"
    assert len(rows) == 1 + len(FORMULAS) + 2
    assert report.rows == len(FORMULAS) + 2
    assert report.neutralised == 1 + len(FORMULAS) + 1
    assert report.note is not None
    assert str(report.neutralised) in report.note


def test_numbers_stay_numbers_and_negative_numbers_are_not_prefixed(tmp_path: Path) -> None:
    path = tmp_path / "answer.csv"
    write_export(FOOTER, path)
    rows = _cells(path)
    assert [row[3] for row in rows[1:]] == [str(-1.5 * i) for i in range(len(FORMULAS))] + ["-3.0", "0.0"]
    read = pd.read_csv(path)
    assert read["count"].tolist() == [*range(len(FORMULAS)), 7, 8]
    assert pd.api.types.is_numeric_dtype(read["delta"])


def test_a_table_without_formulas_is_written_unchanged_with_no_note(tmp_path: Path) -> None:
    footer = {"result": {"columns": ["weather", "count"], "rows": [["Rain", -3], ["a=b", 1]]}}
    report = export_answer(footer, tmp_path / "answer.csv")
    assert report.neutralised == 0
    assert report.note is None
    assert _cells(tmp_path / "answer.csv") == [["weather", "count"], ["Rain", "-3"], ["a=b", "1"]]


@pytest.mark.parametrize("suffix", [".json", ".parquet"])
def test_json_and_parquet_exports_are_data_and_unchanged(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"answer{suffix}"
    report = export_answer(FOOTER, path)
    assert report.neutralised == 0
    read = pd.read_json(path) if suffix == ".json" else pd.read_parquet(path)
    assert list(read.columns) == FOOTER["result"]["columns"]
    assert read.iloc[:, 0].tolist() == [*FORMULAS, "plain", "a\r=1+1"]


def test_neutralising_leaves_the_original_frame_alone() -> None:
    frame = pd.DataFrame({"a": ["=1", "x"], "b": [-1, 2]})
    safe, changed = neutralise_formulas(frame)
    assert changed == 1
    assert frame["a"].tolist() == ["=1", "x"]
    assert safe["a"].tolist() == ["'=1", "x"]
    assert safe["b"].tolist() == [-1, 2]


def test_ask_export_of_hostile_data_says_what_it_changed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sandbox_config: SandboxConfig
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MCPFORGE_VALIDATION__STRESS_ROWS", "2000")
    monkeypatch.setenv(
        "MCPFORGE_SANDBOX__ALLOW_WEAK_FALLBACK", str(sandbox_config.allow_weak_fallback).lower()
    )
    data = pd.read_csv(EXAMPLE)
    column = next(c for c in data.columns if "weather" in c.lower())
    data[column] = data[column].astype(str)
    data.loc[data.index[:5], column] = '=HYPERLINK("http://evil.example","x")'
    data.to_csv(tmp_path / "traffic_accidents.csv", index=False)
    args = ["ask", "count accidents by weather", "--data", "traffic_accidents.csv", "--registry", "reg"]
    result = CliRunner().invoke(app, [*args, "--export", "answer.csv", "--json"])
    assert result.exit_code == 0, result.stdout
    out = json.loads(result.stdout)
    assert out["export_note"] is not None
    cells = [cell for row in _cells(tmp_path / "answer.csv") for cell in row]
    assert '\'=HYPERLINK("http://evil.example","x")' in cells
    assert not any(cell.startswith(("=", "+", "@")) for cell in cells)
    shutil.rmtree(tmp_path / "reg")
