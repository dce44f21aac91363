"""The runtime's names load lazily (issue 28); a warm template preloads the modules behind them, so a
served call never imports the loader (and pandas with it) itself."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import mcpforge.runtime
from mcpforge.sandbox.bwrap import BwrapSandbox
from mcpforge.sandbox.warm import PRELOAD, WarmCalls, warm_available

from ._support import FAST_LIMITS, make_backend

# Reports, before touching any runtime name, which runtime modules the call found already imported.
SEEN = (
    "import sys\n"
    "BEFORE = sorted(m for m in sys.modules if m.startswith('mcpforge.runtime.'))\n"
    "from mcpforge.runtime import mcp\n\n"
    "@mcp.tool()\n"
    "def probe(file_path: str) -> str:\n"
    "    return ' '.join(BEFORE)\n"
)


@pytest.fixture
def warm(tmp_path: Path) -> Iterator[tuple[WarmCalls, Path]]:
    backend = make_backend("bwrap")
    assert isinstance(backend, BwrapSandbox)
    ok, why = warm_available(backend)
    if not ok:
        pytest.skip(why)
    root = tmp_path / "data"
    root.mkdir(mode=0o755)
    (root / "rows.csv").write_text("region,amount\nNorth,1\n", encoding="utf-8")
    calls = WarmCalls(backend, [root], FAST_LIMITS, size=1)
    yield calls, root / "rows.csv"
    calls.close()


def test_the_preload_names_every_module_behind_the_runtimes_names() -> None:
    assert set(mcpforge.runtime.SUBMODULES) <= set(PRELOAD)
    assert {"mcpforge.runtime._loading", "mcpforge.runtime._validation"} <= set(mcpforge.runtime.SUBMODULES)


def test_a_warm_call_finds_the_runtime_loaded_by_the_template(warm: tuple[WarmCalls, Path]) -> None:
    calls, path = warm
    outcome = calls.call_tool(SEEN, {"file_path": str(path)}, read_paths=[path])
    assert outcome is not None and outcome.ok, outcome
    loaded = set((outcome.markdown or "").split())
    assert set(mcpforge.runtime.SUBMODULES) <= loaded
