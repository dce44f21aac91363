"""Turning a validated package into a registry candidate (STAGED, or REJECTED and archived)."""

from __future__ import annotations

from concurrent.futures import Executor
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mcpforge.models import ToolCandidate, ToolSpec, ToolStatus, ValidationReport, utc_now
from mcpforge.pipeline.codegen import ToolPackage
from mcpforge.pipeline.validation import semantic as _semantic

if TYPE_CHECKING:
    from mcpforge.registry import RegistryBackend


def data_key(path: Path, *, part: str | None = None, fingerprint: str | None = None) -> dict[str, str]:
    """What a candidate was validated on: the file (resolved), its sheet or table, this version of it.

    ``fingerprint``: the one validation took before it read the file (else taken now).
    """
    from mcpforge.pipeline.stage import data_fingerprint

    taken = fingerprint or data_fingerprint(path)
    return {"path": str(path.resolve()), "part": part or "", "fingerprint": taken}


def _same_key(stored: dict[str, str] | None, key: dict[str, str] | None) -> bool:
    from mcpforge.pipeline.stage import same_data

    if key is None:  # a hand-written tool validated without data
        return stored is None
    if stored is None or (stored.get("path"), stored.get("part")) != (key["path"], key["part"]):
        return False
    try:
        return same_data(Path(key["path"]), str(stored.get("fingerprint")))
    except OSError:
        return False


def find_staged_twin(
    registry: RegistryBackend, package: ToolPackage, tool_name: str, data: dict[str, str] | None
) -> ToolCandidate | None:
    """A STAGED candidate with the very same spec and code, validated on the same data (``data_key``).

    Asking twice must not pile up versions; the same request about another file (or a changed one) is
    its own candidate, with its own id, validation and result.
    """
    for candidate in registry.list_candidates(ToolStatus.STAGED):
        if (
            candidate.spec.tool_name == tool_name
            and candidate.spec_hash == package.spec_hash
            and candidate.code_hash == package.code_hash
            and _same_key(candidate.data_key, data)
        ):
            return candidate
    return None


def stage_package(
    registry: RegistryBackend,
    *,
    spec: ToolSpec,
    package: ToolPackage,
    report: ValidationReport,
    passed: bool,
    created_by: str,
    actor: str,
    intent: dict[str, Any] | None = None,
    run_arguments: dict[str, Any] | None = None,
    dependencies: list[str] | None = None,
    semantic_executor: Executor | None = None,
    data: dict[str, str] | None = None,
) -> ToolCandidate:
    """Stage the package (DRAFT → STAGED) when validation passed, else record it as REJECTED (archived).

    CodeBLEU against the catalogue reference (informational) goes into the same write when it is ready,
    else it is attached in the background once computed (``semantic_executor``: where; default a shared
    worker thread). Staging never waits for it.
    """
    version = registry.plan_version(spec.tool_name, package.spec_hash, rejected=not passed)
    report, pending = _semantic.prepare_report(
        registry, report, package.files["tool.py"], intent, staged=passed, executor=semantic_executor
    )
    candidate = ToolCandidate(
        tool_id=spec.tool_name,
        version=version,
        spec=spec,
        package_path="",
        code_hash=package.code_hash,
        spec_hash=package.spec_hash,
        status=ToolStatus.DRAFT if passed else ToolStatus.REJECTED,
        validation_report=report,
        created_at=utc_now(),
        created_by=created_by,
        dependencies=dependencies or [],
        intent=intent,
        run_arguments=run_arguments,
        data_key=data,
    )
    staged = registry.stage_candidate(candidate, package.files, actor=actor)
    if pending is not None and staged.status == ToolStatus.STAGED:
        _semantic.attach_later(registry, staged.candidate_id, pending)
    return staged


def failure_reasons(report: ValidationReport) -> list[str]:
    """Which gates failed, as short labels for the registry's metrics."""
    gates = {
        "schema": report.schema_ok,
        "static": report.static_ok,
        "security": report.security_ok,
        "sandbox": report.sandbox_ok,
        "tests": report.tests_ok,
    }
    return [name for name, ok in gates.items() if ok is False]


def record_generation(
    registry: RegistryBackend, candidate: ToolCandidate, *, passed: bool, duration_ms: float, source: str
) -> None:
    """Monitoring events: one ``generation`` and, when it failed, one ``validation_failure``."""
    registry.record_event(
        "generation",
        tool_name=candidate.spec.tool_name,
        candidate_id=candidate.candidate_id,
        ok=passed,
        duration_ms=duration_ms,
        samples=1,
        correct=int(passed),
        source=source,
    )
    if not passed and candidate.validation_report is not None:
        registry.record_event(
            "validation_failure",
            tool_name=candidate.spec.tool_name,
            candidate_id=candidate.candidate_id,
            reasons=failure_reasons(candidate.validation_report) or ["unspecified"],
        )
