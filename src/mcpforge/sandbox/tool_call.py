"""Calling a tool function inside the sandbox: the one way mcpforge runs a tool."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcpforge.footer import parse_output_footer
from mcpforge.sandbox import _runner
from mcpforge.sandbox._pinned import PinnedPath
from mcpforge.sandbox.base import Sandbox, SandboxLimits, SandboxRequest, SandboxResult

_RUNNER_SOURCE = Path(_runner.__file__).read_text(encoding="utf-8")


@dataclass(frozen=True, kw_only=True)
class ToolCall:
    """One call of a tool function with keyword arguments."""

    arguments: dict[str, Any]
    call_id: str = ""


@dataclass(frozen=True, kw_only=True)
class ToolCallOutcome:
    """The outcome of one call: markdown (with its parsed footer) or an error."""

    call_id: str
    ok: bool
    markdown: str | None = None
    structured: dict[str, Any] | None = None
    error_type: str | None = None
    error: str | None = None
    error_line: int | None = None
    duration_ms: float = 0.0
    limit: dict[str, Any] | None = None
    """For a ResourceLimitError: which limit, the figure reached and the maximum, as the tool reported."""


@dataclass(frozen=True, kw_only=True)
class ToolBatchResult:
    """Outcomes of a batch of calls made in one sandboxed process."""

    outcomes: list[ToolCallOutcome]
    backend: str
    raw: SandboxResult
    load_error: ToolCallOutcome | None = None
    failure: str | None = None  # why the sandbox gave no outcomes (timeout, kill, crash)


def _describe_failure(raw: SandboxResult) -> str:
    if raw.timed_out:
        return f"the tool exceeded its time limit and was killed ({raw.killed_reason or 'timeout'})"
    if raw.killed_reason:
        return f"the tool was stopped: {raw.killed_reason}"
    tail = raw.stderr.strip().splitlines()[-3:]
    return f"the tool process exited with code {raw.exit_code}: {' | '.join(tail) or 'no output'}"


def _outcome(data: dict[str, Any]) -> ToolCallOutcome:
    markdown = data.get("value") if data.get("ok") else None
    return ToolCallOutcome(
        call_id=str(data.get("call_id", "")),
        ok=bool(data.get("ok")),
        markdown=markdown,
        structured=parse_output_footer(markdown) if markdown else None,
        error_type=data.get("error_type"),
        error=data.get("error"),
        error_line=data.get("line"),
        duration_ms=float(data.get("duration_ms", 0.0)),
        limit=data["limit"] if isinstance(data.get("limit"), dict) else None,
    )


def tool_payload(
    calls: Sequence[ToolCall],
    *,
    read_paths: Sequence[Path | PinnedPath],
    limits: SandboxLimits,
    function_name: str | None,
) -> dict[str, Any]:
    """What ``_runner`` reads: the calls, the paths the runtime may read, the dataset limits."""
    return {
        "function": function_name,
        "calls": [{"call_id": c.call_id, "arguments": c.arguments} for c in calls],
        # The runtime inside checks paths against these too; the OS mounts are the real boundary.
        "allowed_read_paths": [str(p) for p in read_paths],
        "dataset_limits": {
            "max_rows": limits.max_dataset_rows,
            "max_cols": limits.max_dataset_cols,
            "max_memory_mb": limits.max_dataset_memory_mb,
        },
    }


def batch_from_result(raw: SandboxResult) -> ToolBatchResult:
    """The outcomes ``_runner`` printed in ``raw``, or why there are none."""
    for line in reversed(raw.stdout.splitlines()):
        if line.startswith(_runner.RESULT_MARKER):
            try:
                data = json.loads(line[len(_runner.RESULT_MARKER) :])
            except json.JSONDecodeError:
                break
            load_error = _outcome(data["load_error"]) if data.get("load_error") else None
            return ToolBatchResult(
                outcomes=[_outcome(item) for item in data.get("outcomes", [])],
                backend=raw.backend,
                raw=raw,
                load_error=load_error,
            )
    return ToolBatchResult(outcomes=[], backend=raw.backend, raw=raw, failure=_describe_failure(raw))


def single_outcome(batch: ToolBatchResult) -> ToolCallOutcome:
    """The outcome of a batch of one call: its load error, its outcome, or the sandbox's failure."""
    if batch.load_error is not None:
        return batch.load_error
    if batch.outcomes:
        return batch.outcomes[0]
    return ToolCallOutcome(call_id="call", ok=False, error_type="SandboxFailure", error=batch.failure)


def call_tool_batch(
    sandbox: Sandbox,
    tool_source: str,
    calls: Sequence[ToolCall],
    *,
    read_paths: Sequence[Path | PinnedPath] = (),
    limits: SandboxLimits | None = None,
    function_name: str | None = None,
) -> ToolBatchResult:
    """Load ``tool_source`` once in a fresh sandboxed process and make every call in ``calls``."""
    limits = limits or SandboxLimits()
    payload = tool_payload(calls, read_paths=read_paths, limits=limits, function_name=function_name)
    request = SandboxRequest(
        script=_RUNNER_SOURCE,
        files={"tool.py": tool_source.encode("utf-8")},
        read_paths=tuple(p if isinstance(p, PinnedPath) else Path(p) for p in read_paths),
        stdin=json.dumps(payload, default=str).encode("utf-8"),
        limits=limits,
    )
    return batch_from_result(sandbox.run(request))


def call_tool(
    sandbox: Sandbox,
    tool_source: str,
    arguments: dict[str, Any],
    *,
    read_paths: Sequence[Path | PinnedPath] = (),
    limits: SandboxLimits | None = None,
    function_name: str | None = None,
) -> ToolCallOutcome:
    """Make one call of the tool in a fresh sandboxed process; failures become an outcome, not an error."""
    batch = call_tool_batch(
        sandbox,
        tool_source,
        [ToolCall(arguments=arguments, call_id="call")],
        read_paths=read_paths,
        limits=limits,
        function_name=function_name,
    )
    return single_outcome(batch)
