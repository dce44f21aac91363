"""The gap decision (Step 1) and the reuse path: run a promoted tool instead of generating one."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import MCPForgeError
from mcpforge.models import Intent, ToolStatus, utc_now
from mcpforge.pipeline._forge_result import ForgeResult

if TYPE_CHECKING:
    from mcpforge.registry import RegistryBackend


@dataclass(frozen=True, kw_only=True)
class Gap:
    """Reuse ``reuse_tool`` (score ≥ 0.85) or generate; the per-tool overlap scores for ``--json``."""

    reuse_tool: str | None = None
    scores: list[dict[str, Any]] = field(default_factory=list)
    arguments: dict[str, Any] = field(default_factory=dict)


def gap_decision(intent: Intent, registry: RegistryBackend) -> Gap:
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
    gap: Gap, intent: Intent, data_path: Path, *, registry: RegistryBackend, config: MCPForgeConfig
) -> ForgeResult:
    """Run the promoted tool on the data (integrity checked first); nothing is generated or staged."""
    from mcpforge.pipeline.present import present_reuse, reuse_reading
    from mcpforge.pipeline.stage import run_tool  # the sandbox loads only when a tool runs

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
    chart_note = None
    if intent.chart is not None:
        artifacts, chart_note = _reuse_chart(
            artifacts, intent, registry.root / "outputs" / "reused", tool.name
        )
    changed = _changed_defaults(tool.spec.parameters, arguments, file_parameter)
    markdown = present_reuse(
        tool.name,
        tool.version,
        artifacts,
        intent=intent,
        arguments=arguments,
        description=tool.spec.description,
        made_for=tool.spec.description if changed else None,
    )
    reading = reuse_reading(
        tool.name, artifacts, intent=intent, arguments=arguments, description=tool.spec.description
    )
    return ForgeResult(
        decision="reuse",
        intent=intent,
        tool_name=tool.name,
        version=tool.version,
        status=ToolStatus.PROMOTED.value,
        artifacts=artifacts,
        result_markdown=markdown + (f"\n{chart_note}\n" if chart_note else ""),
        overlap_scores=gap.scores,
        data_path=data_path,
        reused_reading=reading.sentence,
    )


def _changed_defaults(
    parameters: list[dict[str, Any]], arguments: dict[str, Any], file_parameter: str
) -> list[str]:
    """The parameters this call gives another value than the tool's default (columns of another file,
    another aggregation): the tool's name and description speak of its defaults, not of this call."""
    changed = []
    for parameter in parameters:
        name = str(parameter.get("name"))
        if name == file_parameter or parameter.get("required") or name not in arguments:
            continue
        if arguments[name] != parameter.get("default"):
            changed.append(name)
    return changed


def _reuse_chart(artifacts: Any, intent: Intent, folder: Path, tool: str) -> tuple[Any, str | None]:
    """The chart the request asked for, drawn from the reused tool's answer table as for a staged one
    (saved under ``<registry>/outputs/reused/``), or the one line saying why there is none."""
    from mcpforge.charts import with_chart
    from mcpforge.models import ChartSpec

    stamp = utc_now().replace(":", "").replace("-", "").replace(".", "")
    target = folder / f"{tool}-{stamp}-{secrets.token_hex(3)}"
    drawn = with_chart(artifacts, ChartSpec(kind=intent.chart, title=intent.request.strip()[:120]), target)
    if any(path.endswith(".png") for path in drawn.files):
        return drawn, None
    return drawn, "_No chart: the answer has no table with a numeric column to draw._"
