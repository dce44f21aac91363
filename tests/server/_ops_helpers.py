"""What the tests of /healthz, /readyz, /metrics, JSON logs and graceful shutdown share: a tool that takes
its time, the ``serve --http`` command line, and reading a Prometheus page."""

from __future__ import annotations

from pathlib import Path

from prometheus_client.parser import text_string_to_metric_families

from mcpforge.models import ToolCandidate, ToolSpec, UserFeedback, sha256_text, utc_now
from mcpforge.registry import ActiveTool, Registry

SLOW_SECONDS = 2.0
SLOW_TOOL = f'''"""slow_echo: answers after {SLOW_SECONDS:g} seconds (a test tool)."""

import time

from mcpforge.runtime import mcp, output_footer


@mcp.tool()
def slow_echo(seconds: float = {SLOW_SECONDS}) -> str:
    """Sleep, then say so.

    WHEN TO USE THIS TOOL: in tests of graceful shutdown.
    WHAT THIS TOOL DOES: sleeps for the given seconds.
    RETURNS: markdown and a JSON footer.
    PREREQUISITES: none.
    """
    time.sleep(seconds)
    return "slept\\n" + output_footer({{"operation": "slow_echo", "result": {{"slept": seconds}}}})
'''


def _slow_spec() -> ToolSpec:
    properties: dict[str, dict[str, object]] = {"seconds": {"type": "number", "default": SLOW_SECONDS}}
    return ToolSpec(
        tool_name="slow_echo",
        description="slow_echo: a test tool that takes its time",
        input_schema={"type": "object", "properties": properties, "required": []},
        output_schema={
            "type": "object",
            "properties": {"operation": {"type": "string"}, "result": {"type": "object"}},
            "required": ["operation", "result"],
        },
        parameters=[{"name": key, **value} for key, value in properties.items()],
        return_type="str",
        when_to_use="in tests",
        what_it_does="sleeps",
        returns="markdown and a JSON footer",
        prerequisites="none",
    )


def promote_slow_tool(registry: Registry) -> ActiveTool:
    """Stage, approve and promote ``slow_echo`` through the Registry API (as the other server tests do)."""
    spec = _slow_spec()
    candidate = ToolCandidate(
        tool_id="slow_echo", version="1.0.0", spec=spec, package_path="", code_hash=sha256_text(SLOW_TOOL),
        spec_hash=sha256_text(spec.to_json()), created_at=utc_now(), created_by="test",
    )  # fmt: skip
    staged = registry.stage_candidate(
        candidate, {"tool.py": SLOW_TOOL, "tests.py": "CASES = []\n"}, actor="test"
    )
    feedback = UserFeedback(decision="APPROVED", notes="approve", timestamp=utc_now(), stage="registration")
    registry.record_feedback(staged.candidate_id, feedback, actor="person")
    return registry.promote(staged.candidate_id, actor="person")


def serve_args(registry: Registry, config: Path, data: Path, port: int, *extra: str) -> list[str]:
    """``mcpforge serve --http PORT`` over ``registry`` reading ``data``."""
    return [
        "serve", "--registry", str(registry.root), "--config", str(config), "--allow-read", str(data),
        "--http", str(port), *extra,
    ]  # fmt: skip


def samples(page: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a Prometheus text page: (name, sorted labels) → value."""
    found: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}
    for family in text_string_to_metric_families(page):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def value(page: str, name: str, **labels: str) -> float:
    """One sample's value (0 when the series does not exist)."""
    return samples(page).get((name, tuple(sorted(labels.items()))), 0.0)
