"""Stress data sized by bytes and by the sandbox's memory: a correct tool is never rejected for its size."""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.pipeline.forge import forge
from mcpforge.pipeline.validation.stress_size import INTERPRETER_MB, MB, size_stress
from mcpforge.pipeline.validation.test_cases import read_sample
from mcpforge.registry import Registry

WORDS = ("alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet")


def _wide_text_csv(path: Path, *, rows: int = 2_000, width: int = 500) -> Path:
    """About 2 MB: two free-text columns of ``width`` characters per row, like support tickets."""
    rng = random.Random(3)
    records = []
    for i in range(rows):
        text = " ".join(rng.choice(WORDS) for _ in range(width // 5))[:width]
        records.append(
            {
                "ticket_id": i,
                "team": rng.choice(["north", "south", "east", "west"]),
                "hours": round(rng.uniform(0.5, 40.0), 2),
                "description": text,
                "notes": text[::-1],
            }
        )
    pd.DataFrame(records).to_csv(path, index=False)
    return path


def _narrow_csv(path: Path) -> Path:
    path.write_text("team,hours\n" + "".join(f"t{i % 4},{i % 9}\n" for i in range(500)), encoding="utf-8")
    return path


@pytest.fixture
def wide(tmp_path: Path) -> Path:
    return _wide_text_csv(tmp_path / "tickets.csv")


def _forge(request: str, data: Path, config: MCPForgeConfig) -> tuple[object, Registry]:
    registry = Registry(Path(config.registry.root), config)
    registry.init()
    return forge(request, data, registry=registry, config=config, allow_read=[data.parent]), registry


def test_wide_rows_get_fewer_stress_rows_than_narrow_rows_under_the_same_byte_cap(
    wide: Path, tmp_path: Path
) -> None:
    narrow_sample = read_sample(_narrow_csv(tmp_path / "n.csv"))
    narrow = size_stress(narrow_sample, max_rows=10**9, max_mb=8, memory_mb=8192)
    wide_size = size_stress(read_sample(wide), max_rows=10**9, max_mb=8, memory_mb=8192)
    assert narrow.bound == wide_size.bound == "bytes"
    assert wide_size.rows * 50 < narrow.rows
    for size in (narrow, wide_size):
        assert 7 * MB < size.csv_bytes <= 8 * MB


def test_the_sandbox_memory_bounds_the_rows_a_fixed_row_count_would_not_fit(wide: Path) -> None:
    size = size_stress(read_sample(wide), max_rows=1_000_000, max_mb=100_000, memory_mb=2048)
    assert size.bound == "memory"
    assert 0 < size.rows < 1_000_000
    assert size.memory_bytes <= (2048 - INTERPRETER_MB) * MB
    assert "sandbox.memory_mb" in size.describe()


def test_the_row_cap_decides_for_small_narrow_data(tmp_path: Path) -> None:
    sample = read_sample(_narrow_csv(tmp_path / "n.csv"))
    size = size_stress(sample, max_rows=3_000, max_mb=32, memory_mb=2048)
    assert (size.rows, size.bound) == (3_000, "rows")
    assert size.describe().startswith("stress: 3,000 rows, ")


def test_a_memory_too_small_for_one_row_means_no_rows(wide: Path) -> None:
    assert size_stress(read_sample(wide), max_rows=1_000_000, max_mb=32, memory_mb=INTERPRETER_MB).rows == 0


def test_a_correct_tool_over_a_wide_text_file_is_staged_and_says_what_its_stress_test_ran_on(
    wide: Path, forge_config: MCPForgeConfig
) -> None:
    result, _ = _forge("count the tickets by team", wide, forge_config)
    assert result.error is None, result.error  # type: ignore[attr-defined]
    assert result.status == "STAGED"  # type: ignore[attr-defined]
    report = result.validation  # type: ignore[attr-defined]
    stress_lines = [line for line in report.logs if line.startswith("stress:")]
    assert len(stress_lines) == 1
    assert "bounded by validation.stress_max_mb" in stress_lines[0]
    assert report.code_metrics.category_pass_rates["stress"] == 1.0
    expected = size_stress(
        read_sample(wide),
        max_rows=forge_config.validation.stress_rows,
        max_mb=forge_config.validation.stress_max_mb,
        memory_mb=forge_config.sandbox.memory_mb,
    )
    assert f"stress: {expected.rows:,} rows, " in result.result_markdown  # type: ignore[attr-defined]


def test_when_memory_is_the_limit_the_stress_test_fits_in_it_and_the_tool_passes(
    wide: Path, forge_config: MCPForgeConfig
) -> None:
    config = forge_config.model_copy(
        update={
            "sandbox": forge_config.sandbox.model_copy(update={"memory_mb": 768}),
            "validation": forge_config.validation.model_copy(update={"stress_max_mb": 4096}),
        }
    )
    result, _ = _forge("average hours by team", wide, config)
    assert result.error is None, result.error  # type: ignore[attr-defined]
    report = result.validation  # type: ignore[attr-defined]
    stress_lines = [line for line in report.logs if line.startswith("stress:")]
    assert len(stress_lines) == 1 and "bounded by sandbox.memory_mb" in stress_lines[0]
    assert report.code_metrics.category_pass_rates["stress"] == 1.0
