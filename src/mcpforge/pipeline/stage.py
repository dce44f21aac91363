"""Step 5: run the STAGED tool on the person's data in the sandbox and record RunArtifacts.

The tool is read from its staging directory (not from memory), so what runs is exactly what was
staged and hashed. The run's artifacts are stored with the candidate (``run_artifacts.json``).

Validation already made this exact call (its ``normal_person_data`` case). When the staged tool.py,
the arguments and the data file's bytes (sha256) are all the same as in that call, and that call wrote
no output files, its outcome is the staged run's result: a second sandbox start would compute the same
answer again. Otherwise the tool runs again here.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import DataError, IntegrityError, SandboxError
from mcpforge.footer import FOOTER_PREFIX
from mcpforge.models import RunArtifacts, ToolCandidate, sha256_text
from mcpforge.sandbox import Sandbox, call_tool_batch, get_sandbox, tool_run_limits
from mcpforge.sandbox.tool_call import ToolCall, ToolCallOutcome

if TYPE_CHECKING:
    from mcpforge.registry import RegistryBackend

SAMPLE_ROW_COUNT = 5
REUSED_CASE = "normal_person_data"
_HASH_CHUNK = 1 << 20
# A file modified this recently may be modified again within the same timestamp tick (the kernel's
# coarse clock), so its identity alone cannot tell the two versions apart; it is hashed instead.
RACY_SECONDS = 2.0
_USER_ERRORS = frozenset(
    {
        "DataError",
        "ColumnNotFoundError",
        "InvalidArgumentError",
        "ResourceLimitError",
        "PathNotAllowedError",
        "UserError",
        "ValueError",
        "TypeError",
    }
)


class StagedRunError(DataError):
    """The staged tool failed on the person's data; carries the tool's error type and line."""

    def __init__(self, message: str, *, error_type: str | None, line: int | None) -> None:
        super().__init__(message)
        self.error_type = error_type
        self.line = line


def strip_footer(markdown: str) -> str:
    """The markdown without its machine-readable footer line."""
    lines = markdown.rstrip().splitlines()
    while lines and (not lines[-1].strip() or lines[-1].strip().startswith(FOOTER_PREFIX)):
        lines.pop()
    return "\n".join(lines).rstrip() + "\n"


def sample_rows(result: Any, count: int = SAMPLE_ROW_COUNT) -> list[dict[str, Any]] | None:
    """The first rows of a footer result table as dicts (None when the result is not a table)."""
    if not isinstance(result, dict):
        return None
    columns, rows = result.get("columns"), result.get("rows")
    if isinstance(columns, list) and isinstance(rows, list):
        return [
            dict(zip((str(c) for c in columns), row, strict=False))
            for row in rows[:count]
            if isinstance(row, list)
        ]
    if result and all(not isinstance(v, dict | list) for v in result.values()):
        return [dict(result)]
    return None


def data_fingerprint(path: Path) -> str:
    """What identifies this version of a data file: its identity (device, inode, size, modification and
    change times), or its sha256 when it was modified in the last ``RACY_SECONDS``.

    A write changes the size or the times, and the change time cannot be set back by a program, so an
    unchanged identity means unchanged bytes, as git's index assumes, with git's remedy for a file
    written just now (hash it). Hashing a gigabyte file took 4 s on a loaded machine; a stat takes
    microseconds.
    """
    info = path.stat()
    if time.time() - info.st_mtime < RACY_SECONDS or time.time() - info.st_ctime < RACY_SECONDS:
        return f"sha256:{file_sha256(path)}"
    return _identity(info)


def _identity(info: os.stat_result) -> str:
    return f"stat:{info.st_dev}:{info.st_ino}:{info.st_size}:{info.st_mtime_ns}:{info.st_ctime_ns}"


def same_data(path: Path, fingerprint: str) -> bool:
    """Whether ``path`` still holds the version ``fingerprint`` (from :func:`data_fingerprint`) names.

    A hashed fingerprint is checked by hashing again; an identity by its identity (the file was not
    racy when it was taken, so any later write changed it).
    """
    if fingerprint.startswith("sha256:"):
        return f"sha256:{file_sha256(path)}" == fingerprint
    return _identity(path.stat()) == fingerprint


def file_sha256(path: Path) -> str:
    """sha256 of a file's bytes, read in chunks."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while chunk := handle.read(_HASH_CHUNK):
            digest.update(chunk)
    return digest.hexdigest()


def _same_arguments(left: dict[str, Any], right: dict[str, Any]) -> bool:
    def canonical(value: dict[str, Any]) -> str:
        return json.dumps(value, sort_keys=True, default=str)

    return canonical(left) == canonical(right)


@dataclass(frozen=True, kw_only=True)
class ValidatedRun:
    """Validation's call of the tool on the person's data, kept so the staged run need not repeat it."""

    code_hash: str
    arguments: dict[str, Any]
    data_path: Path
    data_hash: str
    """The data's :func:`data_fingerprint` taken before the call read it."""
    outcome: ToolCallOutcome
    backend: str
    wrote_outputs: bool
    sandbox_ms: float
    """Wall time of the sandbox run that made the call (a batch with the other quick cases)."""
    case: str = REUSED_CASE

    def matches(self, *, code_hash: str, arguments: dict[str, Any], data_path: Path | None) -> bool:
        """Whether a staged call with these inputs would be this very call (same data fingerprint)."""
        if not (self.outcome.ok and self.outcome.markdown is not None) or self.wrote_outputs:
            return False
        if data_path is None or code_hash != self.code_hash or data_path != self.data_path:
            return False
        if not _same_arguments(arguments, self.arguments):
            return False
        try:
            return same_data(data_path, self.data_hash)
        except OSError:
            return False


def run_tool(
    source: str,
    arguments: dict[str, Any],
    *,
    config: MCPForgeConfig,
    read_paths: Sequence[Path] = (),
    function_name: str | None = None,
    sandbox: Sandbox | None = None,
    assumptions: Sequence[str] = (),
    limitations: Sequence[str] = (),
    extra_metadata: dict[str, Any] | None = None,
) -> RunArtifacts:
    """Call ``source``'s tool once in the sandbox and describe what it produced.

    Raises:
        StagedRunError: the tool raised (the error type and line are kept).
        SandboxError: the sandbox failed (timeout, crash) for a reason outside the tool.
    """
    sandbox = sandbox or get_sandbox(config.sandbox)
    limits = tool_run_limits(config)
    started = time.perf_counter()
    batch = call_tool_batch(
        sandbox,
        source,
        [ToolCall(arguments=arguments, call_id="staged")],
        read_paths=read_paths,
        limits=limits,
        function_name=function_name,
    )
    elapsed_ms = (time.perf_counter() - started) * 1000
    outcome = batch.load_error or (batch.outcomes[0] if batch.outcomes else None)
    if outcome is None:
        raise SandboxError(f"the staged run failed: {batch.failure}")
    return _artifacts(
        outcome,
        arguments=arguments,
        backend=batch.backend,
        sandbox_ms=elapsed_ms,
        outputs=batch.raw.outputs,
        assumptions=assumptions,
        limitations=limitations,
        extra_metadata=extra_metadata,
    )


def _artifacts(
    outcome: ToolCallOutcome,
    *,
    arguments: dict[str, Any],
    backend: str,
    sandbox_ms: float,
    outputs: dict[str, bytes],
    assumptions: Sequence[str] = (),
    limitations: Sequence[str] = (),
    extra_metadata: dict[str, Any] | None = None,
) -> RunArtifacts:
    """RunArtifacts of one call's outcome (raises StagedRunError when the call failed)."""
    if not outcome.ok or outcome.markdown is None:
        where = f" (tool.py line {outcome.error_line})" if outcome.error_line else ""
        raise StagedRunError(
            f"the tool failed on the data: {outcome.error_type}: {outcome.error}{where}",
            error_type=outcome.error_type,
            line=outcome.error_line,
        )
    footer = outcome.structured or {}
    result = footer.get("result")
    rows_processed = footer.get("rows_processed")
    raw_limitations = footer.get("limitations")
    footer_limitations: list[Any] = raw_limitations if isinstance(raw_limitations, list) else []
    files, artifacts = [], []
    outputs_dir = (extra_metadata or {}).get("outputs_dir")
    if outputs and outputs_dir:
        target = Path(outputs_dir)
        target.mkdir(parents=True, exist_ok=True)
        for name, data in outputs.items():
            path = target / Path(name).name
            path.write_bytes(data)
            artifacts.append(str(path))
        files = list(artifacts)
    metadata = {
        "assumptions": list(dict.fromkeys([*assumptions, *_notes(footer)])),
        "limitations": list(dict.fromkeys([*limitations, *map(str, footer_limitations)])),
        "backend": backend,
        "arguments": arguments,
        "sandbox_ms": round(sandbox_ms, 1),
        **{k: v for k, v in (extra_metadata or {}).items() if k != "outputs_dir"},
    }
    return RunArtifacts(
        result=footer,
        outputs={"markdown": outcome.markdown},
        summary_markdown=strip_footer(outcome.markdown),
        files=files,
        sample_rows=sample_rows(result),
        artifacts=artifacts,
        # The tool's own time; process start-up of the sandbox is in metadata["sandbox_ms"].
        execution_time_ms=round(outcome.duration_ms, 1),
        rows_processed=int(rows_processed) if isinstance(rows_processed, int | float) else None,
        metadata=metadata,
    )


def _notes(footer: dict[str, Any]) -> list[str]:
    notes = footer.get("notes") or footer.get("assumptions") or []
    return [str(note) for note in notes] if isinstance(notes, list) else []


def stage_run(
    candidate: ToolCandidate,
    *,
    registry: RegistryBackend,
    config: MCPForgeConfig,
    arguments: dict[str, Any],
    data_path: Path | None = None,
    read_paths: Sequence[Path] = (),
    sandbox: Sandbox | None = None,
    function_name: str | None = None,
    validated: ValidatedRun | None = None,
) -> ToolCandidate:
    """Run the staged ``candidate`` on the person's data; store and return it with its RunArtifacts.

    ``validated`` is validation's call on the same data: when it is this exact call (see
    :meth:`ValidatedRun.matches`), its outcome is used instead of running the tool again.

    Raises:
        IntegrityError: the staged tool.py no longer matches the candidate's code_hash.
        StagedRunError: the tool failed on the data.
    """
    directory = registry.candidate_dir(candidate.candidate_id)
    source = (directory / "tool.py").read_text(encoding="utf-8")
    actual = sha256_text(source)
    if actual != candidate.code_hash:
        raise IntegrityError(candidate.candidate_id, "tool.py", candidate.code_hash, actual)
    paths = [*read_paths, *([data_path] if data_path is not None else [])]
    metadata: dict[str, Any] = {"outputs_dir": str(directory / "outputs")}
    if data_path is not None:
        metadata["data_path"] = str(data_path)
    if validated is not None and validated.matches(
        code_hash=actual, arguments=arguments, data_path=data_path
    ):
        artifacts = _artifacts(
            validated.outcome,
            arguments=arguments,
            backend=validated.backend,
            sandbox_ms=validated.sandbox_ms,
            outputs={},
            assumptions=candidate.spec.assumptions,
            limitations=candidate.spec.limitations,
            extra_metadata={**metadata, "from_validation_case": validated.case},
        )
    else:
        artifacts = run_tool(
            source,
            arguments,
            config=config,
            read_paths=paths,
            sandbox=sandbox,
            function_name=function_name or candidate.spec.tool_name,
            assumptions=candidate.spec.assumptions,
            limitations=candidate.spec.limitations,
            extra_metadata=metadata,
        )
    if candidate.spec.chart is not None:
        from mcpforge.charts import with_chart

        artifacts = with_chart(artifacts, candidate.spec.chart, directory / "outputs")
    updated = candidate.model_copy(update={"run_artifacts": artifacts, "run_arguments": arguments})
    registry.save_candidate(updated)
    return updated
