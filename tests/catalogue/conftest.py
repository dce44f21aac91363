"""Fixtures of the catalogue tests: sample data, the reference loader, and batched sandbox calls."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from mcpforge.catalogue import RenderedTool
from mcpforge.config import SandboxConfig
from mcpforge.runtime import configure, load_csv_data_with_types, reset_configuration
from mcpforge.sandbox import ToolCall, ToolCallOutcome, call_tool_batch, get_sandbox

ACCIDENTS = """severity,location,weather,units,unit_price,discount,region,date
High,Downtown,Rain,2,10.0,0.1,North,2024-01-03
Low,Suburb,Clear,1,5.0,0,South,2024-01-15
High,Downtown,Rain,3,10.0,0,North,2024-02-05
Medium,,Rain,1,20.0,0.5,East,2024-02-20
High,Suburb,Rain,4,2.5,0,South,2024-04-01
Low,Downtown,Snow,,8.0,0,North,2024-04-02
"""

RunBatch = Callable[[RenderedTool, Sequence[dict[str, Any]]], list[ToolCallOutcome]]


@pytest.fixture
def data_dir(tmp_path: Path) -> Iterator[Path]:
    """A directory with the sample CSVs; the in-process reference loader may read it."""
    (tmp_path / "accidents.csv").write_text(ACCIDENTS, encoding="utf-8")
    one_row = ACCIDENTS.splitlines()[:2]
    (tmp_path / "one_row.csv").write_text("\n".join(one_row) + "\n", encoding="utf-8")
    configure(allowed_read_paths=[str(tmp_path)])
    yield tmp_path
    reset_configuration()


@pytest.fixture
def load() -> Callable[[Path], pd.DataFrame]:
    """Load a CSV the way tools do, for the reference implementations."""
    return lambda path: load_csv_data_with_types(str(path))


@pytest.fixture
def run_batch(sandbox_config: SandboxConfig, data_dir: Path) -> RunBatch:
    """Call a rendered tool several times in ONE sandboxed process; every call gets the data dir."""

    def run(rendered: RenderedTool, calls: Sequence[dict[str, Any]]) -> list[ToolCallOutcome]:
        batch = call_tool_batch(
            get_sandbox(sandbox_config),
            rendered.source,
            [ToolCall(arguments=arguments, call_id=str(i)) for i, arguments in enumerate(calls)],
            read_paths=[data_dir],
            function_name=rendered.function_name,
        )
        assert batch.load_error is None, batch.load_error
        assert batch.failure is None, batch.failure
        assert len(batch.outcomes) == len(calls)
        return batch.outcomes

    return run
