"""Step 4: the validation gates (requirements 4.1-4.4, 4.6) producing a ValidationReport.

Gates: schema (signature, input schema and docstring match the spec), static (ruff + mypy), security
(the sandbox's AST policy), and sandbox tests by category (edge, normal, stress) with functional
correctness against the operation's reference implementation. The static gate and the two sandbox
batches (edge + normal in one process, stress in another) run at the same time.
"""

from __future__ import annotations

import logging
import tempfile
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mcpforge.config import MCPForgeConfig
from mcpforge.models import CodeMetrics, ToolSpec, ValidationReport
from mcpforge.pipeline._quality import quality_metrics
from mcpforge.pipeline._schema_gate import check_schema
from mcpforge.pipeline._static_gate import StaticGateResult, run_static_gate
from mcpforge.pipeline._test_cases import PlannedCase, Reference, SuitePlan, plan_suite
from mcpforge.sandbox import Sandbox, ToolCall, call_tool_batch, get_sandbox, limits_from_config
from mcpforge.sandbox.policy import check_source

logger = logging.getLogger(__name__)
Progress = Callable[[str], None]


@dataclass(frozen=True, kw_only=True)
class ValidationRun:
    """A report plus the planned cases (codegen records them into tests.py)."""

    report: ValidationReport
    cases: list[PlannedCase] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return report_passed(self.report)


def report_passed(report: ValidationReport) -> bool:
    """Whether every gate of ``report`` passed (a gate that did not run does not fail it)."""
    return (
        report.schema_ok
        and report.tests_ok
        and report.sandbox_ok
        and report.static_ok is not False
        and report.security_ok is not False
    )


def _security_gate(source: str, config: MCPForgeConfig) -> tuple[bool, list[str], list[str]]:
    violations = check_source(source, allowed_imports=config.security.allowed_imports)
    errors = [f"security (line {v.line}): {v.message} [{v.rule}]" for v in violations]
    return not errors, errors, [f"security gate: {len(errors)} violation(s)"]


def _run_batch(  # noqa: PLR0917 - private; called through ThreadPoolExecutor.submit
    sandbox: Sandbox,
    source: str,
    cases: Sequence[PlannedCase],
    plan: SuitePlan,
    timeout: float,
    config: MCPForgeConfig,
    function_name: str | None,
) -> tuple[list[dict[str, Any]], str | None, str]:
    if not cases:
        return [], None, sandbox.name
    calls = [ToolCall(arguments=c.case.arguments, call_id=c.name) for c in cases]
    limits = limits_from_config(config.sandbox, timeout_seconds=timeout)
    batch = call_tool_batch(
        sandbox, source, calls, read_paths=plan.read_paths, limits=limits, function_name=function_name
    )
    failure = None
    if batch.load_error is not None:
        failure = f"tool did not load: {batch.load_error.error_type}: {batch.load_error.error}"
        if batch.load_error.error_line:
            failure += f" (line {batch.load_error.error_line})"
    elif batch.failure is not None or len(batch.outcomes) != len(cases):
        failure = batch.failure or f"sandbox returned {len(batch.outcomes)} outcomes for {len(cases)} calls"
    if failure is not None:
        records = [
            {"test_id": c.name, "category": c.category, "passed": False, "error": failure} for c in cases
        ]
        return records, failure, batch.backend
    return [c.judge(o) for c, o in zip(cases, batch.outcomes, strict=True)], None, batch.backend


def run_validation(
    *,
    source: str,
    spec: ToolSpec,
    config: MCPForgeConfig,
    data_path: Path | None = None,
    arguments: dict[str, Any] | None = None,
    reference: Reference | None = None,
    key_columns: Sequence[str] = (),
    used_columns: Sequence[str] = (),
    file_parameter: str | None = "file_path",
    sandbox: Sandbox | None = None,
    progress: Progress | None = None,
) -> ValidationRun:
    """Run every gate on ``source`` and return the report with the planned cases."""
    started = time.perf_counter()
    say = progress or (lambda _message: None)
    logs: list[str] = []
    errors: list[str] = []
    schema_errors, parsed = check_schema(source, spec)
    errors += schema_errors
    logs.append(f"schema gate: {len(schema_errors)} problem(s)")
    sandbox = sandbox or get_sandbox(config.sandbox)
    function_name = parsed.function_name if parsed is not None else spec.tool_name
    timeout = config.validation.sandbox_timeout_seconds
    with tempfile.TemporaryDirectory(prefix="mcpforge-tests-") as tmp:
        say("planning test cases")
        plan = plan_suite(
            fixture_dir=Path(tmp),
            data_path=data_path,
            arguments=dict(arguments or {}),
            reference=reference,
            key_columns=key_columns,
            used_columns=used_columns,
            stress_rows=config.validation.stress_rows,
            file_parameter=file_parameter,
        )
        logs += plan.logs
        say("running static, security and sandbox gates")
        with ThreadPoolExecutor(max_workers=3) as pool:
            static_future: Future[StaticGateResult] | None = None
            if config.validation.run_static_gate:
                static_future = pool.submit(run_static_gate, source)
            quick = pool.submit(_run_batch, sandbox, source, plan.quick, plan, timeout, config, function_name)
            stress = pool.submit(
                _run_batch, sandbox, source, plan.stress, plan, timeout, config, function_name
            )
            security_ok, security_errors, security_logs = _security_gate(source, config)
            static = static_future.result() if static_future is not None else None
            quick_records, quick_failure, backend = quick.result()
            stress_records, stress_failure, _ = stress.result()
    errors += security_errors
    logs += security_logs
    static_ok: bool | None = None
    if static is not None:
        static_ok = static.ok
        errors += [str(finding) for finding in static.findings]
        logs += static.logs
    else:
        logs.append("static gate: disabled (validation.run_static_gate is false)")
    records = quick_records + stress_records
    failures = [f for f in (quick_failure, stress_failure) if f]
    sandbox_ok = not failures
    errors += [f"sandbox: {f}" for f in failures]
    errors += [
        f"test {r['test_id']} ({r['category']}) failed: {r.get('error', 'wrong output')}"
        + (f" (line {r['line']})" if r.get("line") else "")
        for r in records
        if not r["passed"] and not failures
    ]
    metrics, metric_logs, metric_errors = quality_metrics(records, plan.quick + plan.stress, config)
    logs += metric_logs
    errors += metric_errors
    tests_ok = bool(records) and not metric_errors
    logs.append(f"sandbox backend: {backend}")
    report = ValidationReport(
        schema_ok=not schema_errors,
        tests_ok=tests_ok and sandbox_ok,
        sandbox_ok=sandbox_ok,
        logs=logs,
        errors=errors or None,
        code_metrics=metrics,
        static_ok=static_ok,
        security_ok=security_ok,
        sandbox_backend=backend,
        duration_ms=(time.perf_counter() - started) * 1000,
    )
    return ValidationRun(report=report, cases=plan.quick + plan.stress, results=records)


def validate_package(**kwargs: Any) -> ValidationReport:
    """Run every gate and return only the ValidationReport (see :func:`run_validation`)."""
    return run_validation(**kwargs).report


def summary_line(report: ValidationReport) -> str:
    """One line for people: pass rates by category, quality tier, warnings."""
    metrics: CodeMetrics | None = report.code_metrics
    parts = []
    if metrics is not None:
        fc = metrics.functional_correctness
        rates = ", ".join(f"{name} {rate:.0%}" for name, rate in metrics.category_pass_rates.items())
        parts.append(f"{fc.test_cases_passed}/{fc.test_cases_total} tests passed ({rates})")
        if metrics.quality_tier:
            parts.append(f"quality {metrics.quality_tier} ({metrics.overall_score:.2f})")
    gates = [("schema", report.schema_ok), ("static", report.static_ok), ("security", report.security_ok)]
    parts.append(" ".join(f"{name} {'ok' if ok else 'FAILED'}" for name, ok in gates if ok is not None))
    if report.sandbox_backend:
        parts.append(f"sandbox {report.sandbox_backend}")
    warnings = [line for line in report.logs if line.startswith("warning:")]
    parts += warnings
    return " · ".join(parts)
