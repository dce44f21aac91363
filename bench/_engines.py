"""The engine a benchmark forges with: the rules engine by name, or one local model loaded once.

A local model takes seconds to load and ~1 GB of memory; a benchmark keeps one loaded across its
questions (``forge`` leaves an Engine instance it did not build open).
"""

from __future__ import annotations

import sys
from typing import Any

ENGINES = ("rules", "local")


def bench_engine(name: str) -> Any:
    """``"rules"``, or a loaded :class:`LocalEngine` on the installed default model (exits when missing)."""
    if name == "rules":
        return "rules"
    from mcpforge.engines.local import LocalEngine
    from mcpforge.engines.model_store import default_model_path
    from mcpforge.exceptions import EngineError

    try:
        return LocalEngine(model_path=default_model_path())
    except EngineError as exc:
        sys.exit(f"{exc} (the local model: `mcpforge model install` and `pip install -e .[local]`)")


def spread(items: list[Any], count: int) -> list[Any]:
    """``count`` items evenly spread over ``items`` (every concept and dataset gets its share)."""
    if count <= 0 or count >= len(items):
        return items
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def usage_line(engine: Any) -> str:
    """How much a model engine was asked (empty for the rules engine)."""
    if isinstance(engine, str):
        return ""
    usage = engine.usage
    return (
        f"model calls {usage.calls}, prompt tokens {usage.prompt_tokens}, "
        f"completion tokens {usage.completion_tokens}"
    )
