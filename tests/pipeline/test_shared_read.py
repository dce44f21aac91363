"""One parse of a big file serves the reference and the tool's run on the person's data (issue 14.3).

The threshold (``validation.shared_read_min_mb``) is set to 0 so small real files take the shared path;
every tool run is a real sandbox run and the reference is the test's own plain pandas code.
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.pipeline.handwritten import spec_from_source
from mcpforge.pipeline.stage import same_data
from mcpforge.pipeline.validation.priority import BACKGROUND_NICE, background_pool
from mcpforge.pipeline.validation.reference_read import read_for_reference, start_reference_read
from mcpforge.pipeline.validation.run import ValidationRun, run_validation
from mcpforge.pipeline.validation.shared_read import COPY_NAME, write_arrow_copy
from mcpforge.pipeline.validation.warm_sandbox import WarmValidation
from mcpforge.registry.testing import COUNT_BY_COLUMN_TOOL
from mcpforge.runtime import LOAD_ATTR, NOTES_ATTR, load_csv_data_with_types
from mcpforge.runtime._settings import reading_from

# Counts one too many on every value: only a reference that computes on its own catches it.
OFF_BY_ONE_TOOL = COUNT_BY_COLUMN_TOOL.replace(
    'counts = df[column].value_counts().rename_axis(column).reset_index(name="count")',
    'counts = (df[column].value_counts() + 1).rename_axis(column).reset_index(name="count")',
)


def reference(df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
    column = arguments["column"]
    return df.groupby(column).size().reset_index(name="count")


@pytest.fixture
def config(forge_config: MCPForgeConfig) -> MCPForgeConfig:
    validation = forge_config.validation.model_copy(update={"stress_rows": 3_000, "shared_read_min_mb": 0})
    return forge_config.model_copy(update={"validation": validation})


@pytest.fixture
def data(tmp_path: Path) -> Path:
    path = tmp_path / "data" / "accidents.csv"
    path.parent.mkdir()
    rows = ["severity,location,casualties,reported"] + [
        f"{['Minor', 'Serious', 'Fatal'][i % 3]},{['Urban', 'Rural'][i % 2]},{i % 5},2024-01-{1 + i % 28:02d}"
        for i in range(90)
    ]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    return path


def _validate(
    config: MCPForgeConfig,
    data: Path,
    source: str = COUNT_BY_COLUMN_TOOL,
    *,
    warm: WarmValidation | None = None,
) -> ValidationRun:
    columns = ["severity"]
    return run_validation(
        source=source,
        spec=spec_from_source(source),
        config=config,
        data_path=data,
        arguments={"column": "severity"},
        reference=reference,
        reference_columns=columns,
        reference_read=start_reference_read(data, columns, config.security),
        warm=warm,
    )


def test_the_persons_data_is_parsed_once_and_the_answer_reads_as_on_the_file(
    config: MCPForgeConfig, data: Path
) -> None:
    run = _validate(config, data)
    assert run.passed, run.report.errors
    assert any("parsed once, for the reference and the tool" in line for line in run.report.logs)
    kept = run.person_run
    assert kept is not None
    # The staged run reuses this call as the call on the person's file: the file, not the copy.
    assert kept.arguments == {"column": "severity", "file_path": str(data)}
    assert same_data(data, kept.data_hash)
    assert kept.outcome.ok and kept.outcome.structured is not None
    assert kept.outcome.structured["rows_processed"] == 90
    assert COPY_NAME not in (kept.outcome.markdown or "")
    person = next(r for r in run.results if r["test_id"] == "normal_person_data")
    assert person["passed"]


def test_a_wrong_tool_is_still_caught_by_the_reference_when_the_read_is_shared(
    config: MCPForgeConfig, data: Path
) -> None:
    run = _validate(config, data, OFF_BY_ONE_TOOL)
    assert not run.passed
    person = next(r for r in run.results if r["test_id"] == "normal_person_data")
    assert not person["passed"]
    assert any("parsed once" in line for line in run.report.logs)


def test_a_shared_read_over_a_limit_leaves_the_tool_to_read_the_file_and_report_the_limit(
    config: MCPForgeConfig, data: Path
) -> None:
    config = config.model_copy(
        update={"security": config.security.model_copy(update={"max_dataset_rows": 40})}
    )
    run = _validate(config, data)
    assert any("read by the tool itself" in line for line in run.report.logs)
    assert run.data_limit is not None
    assert (run.data_limit.limit, run.data_limit.value, run.data_limit.maximum) == ("rows", 90, 40)


@pytest.mark.parametrize("parser", ["pandas", "pyarrow"])
def test_the_copy_holds_only_the_columns_asked_for_and_loads_as_the_file_does(
    tmp_path: Path, parser: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if parser == "pyarrow":
        monkeypatch.setattr("mcpforge.runtime._loading.BIG_FILE_BYTES", 1)
    path = tmp_path / "orders.csv"
    path.write_text(
        "id,region,amount,day,flag,note\n"
        "1,North,10.5,2024-01-02,yes,a\n"
        "2,,7.25,2024-01-03,no,b\n"
        '3,"South, East",,2024-02-01,yes,c\n'
        "4,North,3,2024-02-05,no,\n",
        encoding="utf-8",
    )
    columns = ["region", "amount", "day", "flag"]
    on_file = read_for_reference(path, columns)
    copy = write_arrow_copy(on_file, tmp_path)
    with pa.ipc.open_file(pa.memory_map(str(copy))) as reader:
        assert reader.schema.names == columns  # "id" and "note" are not in what the tool gets
    with reading_from([tmp_path]):
        on_copy = load_csv_data_with_types(str(copy), columns=["region", "amount", "day", "flag"])
    pd.testing.assert_frame_equal(on_copy, on_file)
    assert on_copy.attrs[NOTES_ATTR] == on_file.attrs[NOTES_ATTR]
    # Only the words travel: the loader still says what it read (an Arrow file, the copy's path).
    assert on_copy.attrs[LOAD_ATTR] == {"path": str(copy.resolve()), "kind": "arrow"}
    assert pd.api.types.is_datetime64_any_dtype(on_copy["day"])


def test_gates_that_do_not_wait_for_the_read_run_lower_and_so_do_the_processes_they_start() -> None:
    def niceness() -> tuple[int, int]:
        own = os.getpriority(os.PRIO_PROCESS, 0)  # on Linux: this thread's
        child = subprocess.run(
            [sys.executable, "-c", "import os; print(os.nice(0))"],
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        )
        return own, int(child.stdout)

    base = os.getpriority(os.PRIO_PROCESS, 0)
    expected = min(base + BACKGROUND_NICE, 19)
    with background_pool(behind_the_read=True) as pool:
        assert pool.submit(niceness).result(timeout=30) == (expected, expected)
    with background_pool(behind_the_read=False) as pool:
        assert pool.submit(niceness).result(timeout=30) == (base, base)
    assert os.getpriority(os.PRIO_PROCESS, 0) == base


def test_a_frame_arrow_cannot_hold_leaves_the_tool_to_read_the_file_itself(
    config: MCPForgeConfig, tmp_path: Path
) -> None:
    # A JSON column expands into "meta.k" holding numbers and words: Python objects of mixed types.
    path = tmp_path / "data" / "events.csv"
    path.parent.mkdir()
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "meta"])
        writer.writerows([i, json.dumps({"k": i % 3 if i % 2 else "x"})] for i in range(40))
    columns = ["meta.k"]

    def counts(df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        return df.groupby(arguments["column"], sort=False).size().reset_index(name="count")

    run = run_validation(
        source=COUNT_BY_COLUMN_TOOL,
        spec=spec_from_source(COUNT_BY_COLUMN_TOOL),
        config=config,
        data_path=path,
        arguments={"column": "meta.k"},
        reference=counts,
        reference_columns=columns,
        reference_read=start_reference_read(path, columns, config.security),
    )
    assert any("read by the tool itself" in line for line in run.report.logs), run.report.logs
    person = next(r for r in run.results if r["test_id"] == "normal_person_data")
    assert person["passed"], person
