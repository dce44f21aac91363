"""Forge jobs for real: a PostgreSQL queue (``postgres_url``), ``mcpforge worker`` subprocesses, a file
registry on tmp_path, the sample sales CSV (``_queue_harness.py``)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

pytest.importorskip(
    "procrastinate", reason="the job queue needs the team extra: pip install 'mcpforge[team]'"
)

from _queue_harness import SAMPLE, Queue, kill_worker

from mcpforge.config import MCPForgeConfig
from mcpforge.registry import Registry


@pytest.fixture
def queue(postgres_url: str, forge_config: MCPForgeConfig, tmp_path: Path) -> Iterator[Queue]:
    """A fresh queue database and registry; every worker still running at the end is killed."""
    data = tmp_path / "data"
    data.mkdir()
    shutil.copy(SAMPLE, data / SAMPLE.name)
    settings = forge_config.model_dump(mode="json")
    settings["validation"]["stress_rows"] = 5000
    settings["queue"] = {"url": postgres_url}
    config = tmp_path / "mcpforge.yaml"
    config.write_text(yaml.safe_dump(settings), encoding="utf-8")
    logs = tmp_path / "logs"
    logs.mkdir()
    Registry(Path(forge_config.registry.root), forge_config).init()  # serve needs it; a worker makes it
    made = Queue(
        url=postgres_url, registry=Path(forge_config.registry.root), data=data, config=config, logs=logs
    )
    try:
        yield made
    finally:
        for proc in made.workers:
            if proc.poll() is None:
                kill_worker(proc)
        if made.client is not None:
            made.client.close()
