"""A small file's stress test is sized by its rows too (issue 28): 100 times them, never under 100,000.

Its purpose stays: at least 100 times the person's data, and enough rows that quadratic work exceeds any
time limit; a 2,000-row file no longer makes every ask read 444,000 rows.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.pipeline.forge import forge
from mcpforge.pipeline.validation.stress_size import DATA_FLOOR_ROWS, size_stress
from mcpforge.pipeline.validation.test_cases import read_sample
from mcpforge.registry import Registry

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "traffic_accidents.csv"


def _narrow(path: Path, rows: int) -> Path:
    path.write_text("team,hours\n" + "".join(f"t{i % 4},{i % 9}\n" for i in range(rows)), encoding="utf-8")
    return path


def test_a_small_file_gets_a_hundred_times_its_rows(tmp_path: Path) -> None:
    sample = read_sample(_narrow(tmp_path / "n.csv", 2_000))
    size = size_stress(
        sample, max_rows=1_000_000, max_mb=32, memory_mb=2048, data_rows=2_000, data_factor=100
    )
    assert (size.rows, size.bound) == (200_000, "data")
    assert size.describe().endswith("(bounded by validation.stress_data_factor)")


def test_a_tiny_file_still_gets_enough_rows_to_expose_quadratic_work(tmp_path: Path) -> None:
    sample = read_sample(_narrow(tmp_path / "n.csv", 20))
    size = size_stress(sample, max_rows=1_000_000, max_mb=32, memory_mb=2048, data_rows=20, data_factor=100)
    assert (size.rows, size.bound) == (DATA_FLOOR_ROWS, "data")


def test_without_the_data_bound_the_size_is_as_before(tmp_path: Path) -> None:
    sample = read_sample(_narrow(tmp_path / "n.csv", 2_000))
    before = size_stress(sample, max_rows=1_000_000, max_mb=32, memory_mb=2048)
    assert before.bound != "data" and before.rows > 200_000
    off = size_stress(sample, max_rows=1_000_000, max_mb=32, memory_mb=2048, data_rows=2_000, data_factor=0)
    assert off == before
    unknown = size_stress(
        sample, max_rows=1_000_000, max_mb=32, memory_mb=2048, data_rows=None, data_factor=100
    )
    assert unknown == before  # a big file (a full sample): its rows are not known, no data bound


def test_an_ask_on_a_small_file_says_its_stress_test_followed_the_data(
    tmp_path: Path, forge_config: MCPForgeConfig, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    data = Path(shutil.copy(EXAMPLE, tmp_path / "traffic_accidents.csv"))
    registry = Registry(Path(forge_config.registry.root), forge_config)
    registry.init()
    result = forge("average speed limit per region", data, registry=registry, config=forge_config)
    assert result.error is None and result.status == "STAGED", result.error
    assert result.validation is not None and result.validation.code_metrics is not None
    stress = [line for line in result.validation.logs if line.startswith("stress:")]
    assert stress and stress[0].startswith("stress: 200,000 rows, "), stress
    assert "(bounded by validation.stress_data_factor)" in stress[0]
    assert result.validation.code_metrics.category_pass_rates["stress"] == 1.0
