"""Big files through ``mcpforge ask`` (issue 14.3): a file far larger than the dataset memory limit gets
its staged, validated answer, because nothing reads more of it than the question needs; a file over the
limit gets a message that names the limit, the figure reached and the setting that raises it.

The memory limit (``security.max_memory_mb``) is lowered in the configuration so the file stays small:
the whole file in memory would be over ten times the limit, the two columns asked about fit in it.
"""

from __future__ import annotations

import csv
import json
import math
import os
import re
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.csv as pacsv
import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import ResourceLimitError
from mcpforge.pipeline.forge import forge
from mcpforge.pipeline.validation.data_limits import data_limit_error
from mcpforge.registry import Registry
from mcpforge.sandbox import ToolCallOutcome

ROWS = 330_000  # about 31 MB of CSV; the Arrow grouping of the references starts at 100,000 rows
LIMIT_MB = 9  # the two columns asked about take about 7 MB in memory; every column, over 100 MB
REGIONS = np.array(["North", "South", "East", "West", "Central", "Highlands", "Islands", "Coast"])


@pytest.fixture(scope="module")
def orders(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An orders file with ids, two categorical columns, numbers with gaps, dates and free text."""
    path = tmp_path_factory.mktemp("big") / "orders.csv"
    rng = np.random.default_rng(7)
    amount = np.round(rng.gamma(2.0, 40.0, ROWS), 2)
    missing = rng.random(ROWS) < 0.01
    table = pa.table(
        {
            "order_id": np.arange(ROWS),
            "region": REGIONS[rng.integers(0, len(REGIONS), ROWS)],
            "product": np.char.add("product-", rng.integers(0, 200, ROWS).astype(str)),
            "amount": pa.array(amount, mask=missing),
            "quantity": rng.integers(1, 20, ROWS),
            "order_date": (np.datetime64("2021-01-01") + rng.integers(0, 1500, ROWS)).astype(str),
            "customer": np.char.add("cust-", rng.integers(1_000_000, 9_999_999, ROWS).astype(str)),
            "note": np.where(
                rng.random(ROWS) < 0.5, "delivered to the front desk", "left with the neighbour"
            ),
        }
    )
    pacsv.write_csv(table, str(path))
    return path


@pytest.fixture(scope="module")
def streamed_answer(orders: Path) -> tuple[Counter[str], dict[str, float]]:
    """Rows per region and mean amount per region, read one row at a time with the csv module."""
    path = orders
    counts: Counter[str] = Counter()
    sums: dict[str, float] = defaultdict(float)
    present: Counter[str] = Counter()
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            counts[row["region"]] += 1
            if row["amount"]:
                sums[row["region"]] += float(row["amount"])
                present[row["region"]] += 1
    return counts, {region: sums[region] / present[region] for region in present}


def _ask(
    request: str, data: Path, work: Path, limit_mb: int, *, shared: bool = False
) -> subprocess.CompletedProcess[str]:
    """``mcpforge ask`` in a subprocess; ``shared``: the file counts as big enough to be parsed once
    for the reference and the tool (``validation.shared_read_min_mb``), which it is not by default."""
    config = work / "mcpforge.yaml"
    threshold = 0 if shared else 64
    config.write_text(
        f"security:\n  max_memory_mb: {limit_mb}\nvalidation:\n  shared_read_min_mb: {threshold}\n",
        encoding="utf-8",
    )
    command = [sys.executable, "-m", "mcpforge", "ask", request, "--data", str(data)]
    command += [
        "--registry",
        str(work / "registry"),
        "--config",
        str(config),
        "--allow-read",
        str(data.parent),
    ]
    return subprocess.run(
        [*command, "--no-review", "--json"],
        cwd=work,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "NO_COLOR": "1"},
    )


@pytest.mark.parametrize("shared", [False, True], ids=["tool-reads-the-file", "parsed-once"])
@pytest.mark.parametrize(
    "question", [("how many rows per region", "count"), ("average amount by region", "mean_amount")]
)
def test_ask_over_a_file_far_larger_than_the_memory_limit_stages_the_right_answer(
    question: tuple[str, str],
    shared: bool,
    orders: Path,
    streamed_answer: tuple[Counter[str], dict[str, float]],
    tmp_path: Path,
) -> None:
    request_text, column = question
    assert orders.stat().st_size > 3 * LIMIT_MB * 1024 * 1024
    done = _ask(request_text, orders, tmp_path, LIMIT_MB, shared=shared)
    assert done.returncode == 0, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    assert answer["status"] == "STAGED", answer["error"]
    counts, means = streamed_answer
    table = answer["result"]["result"]
    assert table["columns"] == ["region", column]
    got = {str(row[0]): float(row[1]) for row in table["rows"]}
    expected = counts if column == "count" else means
    assert got.keys() == expected.keys()
    assert all(math.isclose(got[key], expected[key], rel_tol=1e-9) for key in expected)
    # The answer on the person's data was checked against the reference, not only run.
    logs = answer["validation"]["logs"]
    assert not [line for line in logs if "reference could not run" in line]
    assert any("parsed once" in line for line in logs) == shared
    assert answer["result"]["rows_processed"] == ROWS
    # The answer names the person's file, never the copy the tool read it from.
    assert "person_data.arrow" not in done.stdout


@pytest.mark.parametrize("shared", [False, True], ids=["tool-reads-the-file", "parsed-once"])
def test_ask_over_the_memory_limit_names_the_limit_the_figure_and_the_setting(
    orders: Path, tmp_path: Path, shared: bool
) -> None:
    done = _ask("average amount by region", orders, tmp_path, 2, shared=shared)
    assert done.returncode != 0
    message = json.loads(done.stdout)["error"]
    assert "the limit is 2 MB" in message
    # The figure reached: by the forge's own read of the file (refused before anything is generated) or,
    # when that read fits, by the run in the sandbox.
    figures = [float(f) for f in re.findall(r"(\d+(?:\.\d+)?) MB", message)]
    assert any(figure > 2 for figure in figures), message
    assert "security.max_memory_mb" in message
    assert "MCPFORGE_SECURITY__MAX_MEMORY_MB" in message
    assert "failed validation" not in message
    assert not list((tmp_path / "registry").glob("staging/candidates/*"))


def test_forge_raises_a_resource_limit_error_with_the_figures_when_the_data_is_over_the_limit(
    orders: Path, tmp_path: Path
) -> None:
    config = MCPForgeConfig.model_validate(
        {"registry": {"root": str(tmp_path / "registry")}, "security": {"max_memory_mb": 2}}
    )
    registry = Registry(tmp_path / "registry", config)
    registry.init()
    with pytest.raises(ResourceLimitError) as raised:
        forge(
            "how many rows per region", orders, registry=registry, config=config, allow_read=[orders.parent]
        )
    assert (raised.value.limit, raised.value.maximum) == ("memory_mb", 2)
    assert raised.value.value > 2


def _limit_outcome(**limit: Any) -> ToolCallOutcome:
    return ToolCallOutcome(
        call_id="normal_person_data", ok=False, error_type="ResourceLimitError", error="x", limit=limit
    )


def test_a_limit_report_whose_maximum_is_not_the_configured_one_is_not_taken() -> None:
    config = MCPForgeConfig.model_validate({"security": {"max_memory_mb": 64}})
    assert data_limit_error(_limit_outcome(limit="memory_mb", value=99.0, maximum=32), config) is None
    assert data_limit_error(_limit_outcome(limit="made_up", value=99.0, maximum=64), config) is None
    taken = data_limit_error(_limit_outcome(limit="memory_mb", value=99.5, maximum=64), config)
    assert taken is not None
    assert (taken.limit, taken.value, taken.maximum) == ("memory_mb", 99.5, 64)


def test_running_out_of_sandbox_memory_names_the_limit_the_peak_and_the_setting() -> None:
    script = (
        "import resource\n"
        "resource.setrlimit(resource.RLIMIT_AS, (3 * 1024**3, 3 * 1024**3))\n"
        "from mcpforge.runtime._guards import out_of_memory_error\n"
        "error = out_of_memory_error('big.csv', file_mb=900)\n"
        "print(error.limit, error.value, error.maximum)\n"
        "print(error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True
    )
    head, message = done.stdout.split("\n", 1)
    name, peak, maximum = head.split()
    assert (name, float(maximum)) == ("sandbox_memory_mb", 3072.0)
    assert 0 < float(peak) <= 3072
    assert "3,072 MB limit" in message
    assert "sandbox.memory_mb" in message
    assert f"reached {float(peak):,.0f} MB" in message


def test_a_file_that_does_not_fit_the_process_memory_names_the_limit_not_a_malformed_file(
    orders: Path,
) -> None:
    # The process may grow 60 MB past what it holds after its imports: the 31 MB file parsed by pandas'
    # C parser (under the 64 MB of pyarrow's path) does not fit, and the C parser says "out of memory"
    # as a tokenizing error, which must not read as a malformed file.
    script = (
        "import resource, sys\n"
        "from mcpforge.runtime import configure, load_csv_data_with_types\n"
        "configure(allowed_read_paths=[sys.argv[1]])\n"
        "size = int(open('/proc/self/status').read().split('VmSize:')[1].split()[0]) * 1024\n"
        "resource.setrlimit(resource.RLIMIT_AS, (size + 60 * 1024**2, size + 60 * 1024**2))\n"
        "try:\n"
        "    load_csv_data_with_types(sys.argv[2])\n"
        "except Exception as error:\n"
        "    print(type(error).__name__, getattr(error, 'limit', None))\n"
        "    print(error)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(orders.parent), str(orders)],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    head, message = done.stdout.split("\n", 1)
    assert head == "ResourceLimitError sandbox_memory_mb"
    assert "well-formed" not in message
    assert "sandbox.memory_mb" in message
    assert "MCPFORGE_SANDBOX__MEMORY_MB" in message
