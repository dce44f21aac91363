"""``mcpforge add-tool``: stage a hand-written tool through the same gates as a generated one."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import InvalidArgumentError
from mcpforge.models import RunArtifacts, ToolCandidate, ToolStatus
from mcpforge.pipeline._candidate import data_key, find_staged_twin, record_generation, stage_package
from mcpforge.pipeline._paths import allowed_read_roots, check_data_path
from mcpforge.pipeline._signature import ParsedTool
from mcpforge.pipeline.codegen import build_package
from mcpforge.pipeline.handwritten import load_handwritten_tool
from mcpforge.pipeline.present import present
from mcpforge.pipeline.stage import stage_run
from mcpforge.pipeline.validation.run import run_validation

if TYPE_CHECKING:
    from mcpforge.registry import RegistryBackend

Progress = Callable[[str], None]


@dataclass(frozen=True, kw_only=True)
class AddToolResult:
    """What ``add-tool`` did: the candidate, its presentation (when it ran on data), or the error."""

    candidate: ToolCandidate
    result_markdown: str | None = None
    artifacts: RunArtifacts | None = None
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object of ``add-tool``."""
        report = self.candidate.validation_report
        return {
            "candidate_id": self.candidate.candidate_id,
            "status": self.candidate.status.value,
            "tool_name": self.candidate.spec.tool_name,
            "version": self.candidate.version,
            "result_markdown": self.result_markdown,
            "result": self.artifacts.result if self.artifacts else None,
            "validation": report.model_dump(mode="json") if report else None,
            "error": self.error,
        }


OUTPUT_FIX = (
    "return the same footer on every path, output_footer({...}) with literal keys (its keys become the "
    "tool's output schema), or no footer at all"
)
# The static gate runs mypy (--check-untyped-defs) against pandas-stubs, for generated and hand-written
# tools alike. Where the stubs cannot type correct pandas, the person silences that one line.
MYPY_FIX = (
    "mypy checks the tool against pandas-stubs; if that line is correct pandas the stubs cannot type "
    "(e.g. df.loc[label, column] with a label from idxmax()), end the line with "
    "`# type: ignore[CODE]`, CODE being the one in brackets at the end of mypy's message"
)


def _require_arguments(
    parsed: ParsedTool, arguments: dict[str, Any], file_parameter: str | None, *, has_data: bool
) -> None:
    """Refuse to validate a tool whose required parameters have no value: say which, and how to give them.

    Raises:
        InvalidArgumentError: naming every missing required parameter and an ``--args`` example.
    """
    missing = [
        p
        for p in parsed.parameters
        if p.required and p.name not in arguments and not (p.name == file_parameter and has_data)
    ]
    if not missing:
        return
    example = {p.name: _example_value(p.type_source) for p in missing if p.name != file_parameter}
    hints = []
    if any(p.name == file_parameter for p in missing):
        hints.append(f"--data FILE (for {file_parameter!r})")
    if example:
        hints.append(f"--args '{json.dumps(example)}'")
    names = ", ".join(f"{p.name!r} ({p.type_source})" for p in missing)
    raise InvalidArgumentError(
        f"tool {parsed.function_name!r} needs values for its required parameter(s) {names}; "
        f"give them with {' and '.join(hints)}",
        argument="args",
    )


def _example_value(type_source: str) -> Any:
    text = type_source.replace(" ", "")
    examples: dict[str, Any] = {"int": 1, "float": 1.0, "bool": True, "str": "...", "list[str]": ["..."]}
    if text in examples:
        return examples[text]
    if text.startswith("list"):
        return []
    if text.startswith("dict"):
        return {}
    return "..."


def file_parameter_of(parsed: ParsedTool) -> str | None:
    """The parameter that takes the data file: ``file_path``, else the first ``*_path`` / ``*file*`` str."""
    names = [p.name for p in parsed.parameters if p.type_source == "str"]
    if "file_path" in names:
        return "file_path"
    return next((n for n in names if n.endswith("_path") or "file" in n), None)


def add_tool(
    path: Path,
    *,
    registry: RegistryBackend,
    config: MCPForgeConfig,
    data_path: Path | None = None,
    arguments: dict[str, Any] | None = None,
    allow_read: Sequence[Path] = (),
    actor: str = "cli",
    progress: Progress | None = None,
) -> AddToolResult:
    """Derive the spec, validate, stage (or reject), and run the staged tool on ``data_path``.

    Raises:
        InvalidArgumentError: the file is not a tool module, or is identical to a registered tool.
        PathNotAllowedError / DataError: the data file is outside the allowed roots or unusable.
    """
    say = progress or (lambda _message: None)
    tool = load_handwritten_tool(path)
    spec = tool.spec
    arguments = dict(arguments or {})
    file_parameter = file_parameter_of(tool.parsed)
    resolved: Path | None = None
    if data_path is not None:
        resolved = check_data_path(data_path, allowed_read_roots(config, allow_read))
        if file_parameter is None:
            raise InvalidArgumentError(
                f"tool {spec.tool_name!r} takes no file path parameter, so --data cannot be used"
            )
    if not registry.is_initialized():
        registry.init()
    active = registry.get_active_tool(spec.tool_name)
    if active is not None and active.spec_hash == spec.spec_hash():
        raise InvalidArgumentError(
            f"tool {spec.tool_name!r} is already registered with this exact spec (v{active.version}); "
            "change its signature or docstring to stage a new version"
        )
    _require_arguments(tool.parsed, arguments, file_parameter, has_data=resolved is not None)
    say("validating")
    base_arguments = {k: v for k, v in arguments.items() if k != file_parameter}
    run = run_validation(
        source=tool.source,
        spec=spec,
        config=config,
        data_path=resolved,
        arguments=base_arguments,
        file_parameter=file_parameter,
        progress=say,
    )
    package = build_package(spec=spec, source=tool.source, cases=run.cases, file_parameter=file_parameter)
    created_by = f"handwritten:{path.name}"
    data = data_key(resolved) if resolved is not None else None
    candidate = find_staged_twin(registry, package, spec.tool_name, data) if run.passed else None
    if candidate is None:
        candidate = stage_package(
            registry,
            spec=spec,
            package=package,
            report=run.report,
            passed=run.passed,
            created_by=created_by,
            actor=actor,
            data=data,
        )
    duration = run.report.duration_ms or 0.0
    record_generation(registry, candidate, passed=run.passed, duration_ms=duration, source="add-tool")
    if candidate.status == ToolStatus.REJECTED:
        errors = run.report.errors or []
        problems = "; ".join(errors[:5]) or "validation failed"
        if any("output schema" in error for error in errors):
            problems += f". Fix: {OUTPUT_FIX}"
        if any(error.startswith("mypy (line") for error in errors):
            problems += f". Note: {MYPY_FIX}"
        return AddToolResult(candidate=candidate, error=f"validation failed, candidate rejected: {problems}")
    if resolved is None or file_parameter is None:
        return AddToolResult(candidate=candidate)
    say("running the staged tool on the data")
    call = {**base_arguments, file_parameter: str(resolved)}
    staged = stage_run(
        candidate,
        registry=registry,
        config=config,
        arguments=call,
        data_path=resolved,
        function_name=tool.parsed.function_name,
    )
    assert staged.run_artifacts is not None
    return AddToolResult(
        candidate=staged,
        result_markdown=present(staged, staged.run_artifacts),
        artifacts=staged.run_artifacts,
    )
