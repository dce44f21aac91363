"""The top-level API is a deliberate, short list; changing it must be a decision, not an accident."""

from __future__ import annotations

import subprocess
import sys

import mcpforge


def test_top_level_exports_are_exactly_these() -> None:
    assert sorted(mcpforge.__all__) == [
        "MCPForgeConfig",
        "MCPForgeError",
        "ToolCandidate",
        "ToolSpec",
        "ToolStatus",
        "UserFeedback",
        "ValidationReport",
        "__version__",
        "load_config",
    ]
    for name in mcpforge.__all__:
        assert getattr(mcpforge, name) is not None


def test_importing_the_runtime_does_not_load_pydantic() -> None:
    code = "import sys, mcpforge.runtime; print('pydantic' in sys.modules, 'mcpforge.config' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
