"""The gap decision (Step 1) and the reuse path: run a promoted tool instead of generating one."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import MCPForgeError
from mcpforge.models import Intent, ToolStatus
from mcpforge.pipeline._forge_result import ForgeResult
from mcpforge.pipeline.present import present_reuse
from mcpforge.pipeline.stage import run_tool

if TYPE_CHECKING:
    from mcpforge.registry import Registry


@dataclass(frozen=True, kw_only=True)
class Gap:
    """Reuse ``reuse_tool`` (score ≥ 0.85) or generate; the per-tool overlap scores for ``--json``."""

    reuse_tool: str | None = None
    scores: list[dict[str, Any]] = field(default_factory=list)
    arguments: dict[str, Any] = field(default_factory=dict)


def gap_decision(intent: Intent, registry: Registry) -> Gap:
    """Ask ``pipeline.gap.detect_gap`` whether a promoted tool covers ``intent`` (score ≥ 0.85)."""
    from mcpforge.pipeline.gap import detect_gap

    decision = detect_gap(intent, registry)
    scores = [score.to_dict() for score in decision.scores]
    reuse = decision.tool if decision.decision == "reuse" else None
    return Gap(reuse_tool=reuse, scores=scores, arguments=dict(decision.arguments or {}))


def reuse_arguments(gap: Gap, intent: Intent, parameters: list[str]) -> dict[str, Any]:
    """Arguments for the promoted tool: from the gap decision, else from rendering the intent."""
    if gap.arguments:
        return {k: v for k, v in gap.arguments.items() if k in parameters}
    try:
        from mcpforge.catalogue import get_operation

        rendered = get_operation(intent.operation).render(intent)
    except MCPForgeError:
        return {}
    return {k: v for k, v in rendered.arguments.items() if k in parameters}


def run_reuse(
    gap: Gap, intent: Intent, data_path: Path, *, registry: Registry, config: MCPForgeConfig
) -> ForgeResult:
    """Run the promoted tool on the data (integrity checked first); nothing is generated or staged."""
    assert gap.reuse_tool is not None
    tool = registry.verify_tool(gap.reuse_tool)
    parameters = [str(p.get("name")) for p in tool.spec.parameters]
    file_parameter = next(
        (name for name in parameters if name == "file_path"),
        next((name for name in parameters if name.endswith("_path") or "file" in name), "file_path"),
    )
    arguments = {**reuse_arguments(gap, intent, parameters), file_parameter: str(data_path)}
    try:
        artifacts = run_tool(
            tool.source(),
            arguments,
            config=config,
            read_paths=[data_path],
            function_name=tool.spec.tool_name,
            assumptions=tool.spec.assumptions,
            limitations=tool.spec.limitations,
            extra_metadata={"data_path": str(data_path), "reused": True},
        )
    except MCPForgeError as exc:
        registry.record_tool_call(tool.name, ok=False, duration_ms=0.0, error=str(exc))
        raise
    registry.record_tool_call(tool.name, ok=True, duration_ms=artifacts.execution_time_ms)
    shown = {k: v for k, v in arguments.items() if k != file_parameter}
    answered_by = (
        f"Answered by approved tool {tool.name} v{tool.version} with arguments "
        f"{json.dumps(shown, default=str, sort_keys=True)}.\n\n"
    )
    return ForgeResult(
        decision="reuse",
        intent=intent,
        tool_name=tool.name,
        version=tool.version,
        status=ToolStatus.PROMOTED.value,
        artifacts=artifacts,
        result_markdown=answered_by + present_reuse(tool.name, tool.version, artifacts),
        overlap_scores=gap.scores,
        data_path=data_path,
    )
