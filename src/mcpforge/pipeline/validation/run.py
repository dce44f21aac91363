"""Step 4: the validation gates (requirements 4.1-4.4, 4.6) producing a ValidationReport.

Gates: schema (signature, input schema and docstring match the spec), static (ruff + mypy), security
(the sandbox's AST policy), and sandbox tests by category (edge, normal, stress) with functional
correctness against the operation's reference implementation. The static gate and the two sandbox
batches (edge + normal in one process, stress in another) run at the same time; the stress batch, the
longest, starts first; the quick batch starts as soon as its fixtures are written, and the reference
computes the expected values while that sandbox starts (only the judging needs them).
The call on the person's data is kept (``ValidationRun.person_run``) for the staged run to reuse.
"""

from __future__ import annotations

import functools
import logging
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pyarrow as pa

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import DataError, MCPForgeError, ResourceLimitError
from mcpforge.models import CodeMetrics, ToolSpec, ValidationReport, sha256_text
from mcpforge.pipeline._paths import part_arguments
from mcpforge.pipeline.stage import REUSED_CASE, ValidatedRun, data_fingerprint
from mcpforge.pipeline.validation.data_limits import data_limit_error
from mcpforge.pipeline.validation.priority import background_pool
from mcpforge.pipeline.validation.reference_read import ReferenceRead, dataset_limits
from mcpforge.pipeline.validation.schema_gate import check_schema
from mcpforge.pipeline.validation.shared_read import shares_read, write_arrow_copy
from mcpforge.pipeline.validation.static_gate import StaticGateResult, run_static_gate
from mcpforge.pipeline.validation.stress import stress_data
from mcpforge.pipeline.validation.stress_size import size_stress
from mcpforge.pipeline.validation.test_cases import (
    PERSON_DATA_CASE,
    SAMPLE_ROWS,
    PlannedCase,
    Reference,
    SuitePlan,
    plan_suite,
    read_sample,
    stress_case,
    stress_log,
)
from mcpforge.sandbox import (
    Sandbox,
    ToolBatchResult,
    ToolCall,
    call_tool_batch,
    get_sandbox,
    tool_run_limits,
)

if TYPE_CHECKING:
    from mcpforge.pipeline.validation.warm_sandbox import WarmValidation

logger = logging.getLogger(__name__)
Progress = Callable[[str], None]


@dataclass(frozen=True, kw_only=True)
class ValidationRun:
    """A report plus the planned cases (codegen records them into tests.py)."""

    report: ValidationReport
    cases: list[PlannedCase] = field(default_factory=list)
    results: list[dict[str, Any]] = field(default_factory=list)
    person_run: ValidatedRun | None = None
    """The call on the person's data, for the staged run (None when there was none or it failed)."""
    data_limit: ResourceLimitError | None = None
    """The configured limit the call on the person's data hit (None when it hit none)."""

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


def _resolved_while_the_gates_run(plan: SuitePlan, config: MCPForgeConfig) -> SuitePlan:
    """The plan with its expected values (the reference, computed here), then what judging needs imported
    (jsonschema for the output contract, the quality scores, the AST policy): the sandboxes and the static
    gate run meanwhile, so these imports (a third of validation's) no longer delay their start (issue 28).
    """
    with dataset_limits(config.security):
        resolved = plan.resolved()
    import mcpforge.output_contract
    import mcpforge.pipeline.validation.quality
    import mcpforge.sandbox.policy  # noqa: F401

    return resolved


def _security_gate(source: str, config: MCPForgeConfig) -> tuple[bool, list[str], list[str]]:
    from mcpforge.sandbox.policy import check_source

    violations = check_source(source, allowed_imports=config.security.allowed_imports)
    errors = [f"security (line {v.line}): {v.message} [{v.rule}]" for v in violations]
    return not errors, errors, [f"security gate: {len(errors)} violation(s)"]


@dataclass(frozen=True, kw_only=True)
class _BatchRun:
    records: list[dict[str, Any]]
    failure: str | None
    backend: str
    batch: ToolBatchResult | None = None
    logs: list[str] = field(default_factory=list)


@dataclass(frozen=True, kw_only=True)
class _Job:
    """What both sandbox batches share."""

    sandbox: Sandbox
    source: str
    config: MCPForgeConfig
    function_name: str | None
    output_schema: dict[str, Any] = field(default_factory=dict)
    warm: WarmValidation | None = None
    """Children of a pre-imported template (``warm_sandbox``); a batch it cannot run runs fresh."""

    def _judge(self, case: PlannedCase, outcome: Any) -> dict[str, Any]:
        """The case's record, failed when a successful call breaks the output contract the server checks."""
        from mcpforge.output_contract import output_contract_error

        record = case.judge(outcome)
        if outcome.ok:
            problem = output_contract_error(
                self.function_name or "tool", self.output_schema, outcome.structured
            )
            if problem is not None:
                record = {
                    **record,
                    "passed": False,
                    "error": f"{problem} (the server would refuse this output)",
                }
        return record

    def run(self, cases: Sequence[PlannedCase], read_paths: Sequence[Path]) -> _BatchRun:
        """Call every case in one fresh sandbox and judge the outcomes."""
        return self.judge(cases, self.call(cases, read_paths))

    def call(self, cases: Sequence[PlannedCase], read_paths: Sequence[Path]) -> ToolBatchResult | None:
        """The sandbox batch of ``cases`` (only their arguments matter: expected values may be pending)."""
        if not cases:
            return None
        calls = [ToolCall(arguments=c.case.arguments, call_id=c.name) for c in cases]
        if self.warm is not None:
            warm = self.warm.calls.call_batch(
                self.source, calls, read_paths=read_paths, function_name=self.function_name
            )
            if warm is not None:
                return warm
        limits = tool_run_limits(self.config)
        return call_tool_batch(
            self.sandbox,
            self.source,
            calls,
            read_paths=read_paths,
            limits=limits,
            function_name=self.function_name,
        )

    def call_on_copy(
        self, cases: Sequence[PlannedCase], shared: ReferenceRead, directory: Path, read_paths: Sequence[Path]
    ) -> tuple[ToolBatchResult | None, str]:
        """The batch of the person's-data case on an Arrow copy of the reference's read (``shared_read``).

        Returns the batch and the log line that says what it ran on: when the read failed (a limit, a
        malformed file), the case runs on the person's file as it would without the copy, and reports its
        own error.
        """
        try:
            copy = write_arrow_copy(shared.frame.result(), directory)
        except (MCPForgeError, OSError, MemoryError, ValueError, pa.ArrowException) as exc:
            # Arrow's errors: a column of mixed Python objects (an expanded JSON column) it cannot type.
            note = f"tests: the person's data is read by the tool itself (the shared read failed: {exc})"
            return self.call(cases, read_paths), note
        on_copy = [
            replace(c, case=replace(c.case, arguments={**c.case.arguments, str(c.file_parameter): str(copy)}))
            for c in cases
        ]
        note = (
            f"tests: the person's data was parsed once, for the reference and the tool "
            f"(columns {', '.join(map(repr, shared.columns or ()))}; an Arrow copy of "
            f"{copy.stat().st_size / 1024**2:,.0f} MB)"
        )
        return self.call(on_copy, [directory]), note

    @contextmanager
    def _shown(self, path: Path) -> Iterator[Path]:
        """``path``, or a copy of it the warm template shows (the stress cache is private to its user:
        a fresh sandbox would be given a private copy of it too)."""
        if self.warm is None:
            yield path
            return
        copy = self.warm.workdir / f"stress-{path.name}"
        try:
            shutil.copyfile(path, copy)
        except OSError:  # no room for the copy: the batch runs in a fresh sandbox, on the cached file
            copy.unlink(missing_ok=True)
            yield path
            return
        try:
            yield copy
        finally:
            copy.unlink(missing_ok=True)

    def judge(self, cases: Sequence[PlannedCase], batch: ToolBatchResult | None) -> _BatchRun:
        """The records of ``cases`` (with their expected values) for the outcomes of ``batch``."""
        if batch is None:
            return _BatchRun(records=[], failure=None, backend=self.sandbox.name)
        failure = None
        if batch.load_error is not None:
            failure = f"tool did not load: {batch.load_error.error_type}: {batch.load_error.error}"
            if batch.load_error.error_line:
                failure += f" (line {batch.load_error.error_line})"
        elif batch.failure is not None or len(batch.outcomes) != len(cases):
            failure = (
                batch.failure or f"sandbox returned {len(batch.outcomes)} outcomes for {len(cases)} calls"
            )
        if failure is not None:
            records = [
                {"test_id": c.name, "category": c.category, "passed": False, "error": failure} for c in cases
            ]
            return _BatchRun(records=records, failure=failure, backend=batch.backend, batch=batch)
        records = [self._judge(c, o) for c, o in zip(cases, batch.outcomes, strict=True)]
        return _BatchRun(records=records, failure=None, backend=batch.backend, batch=batch)

    def stress(
        self, data_path: Path, arguments: dict[str, Any], file_parameter: str
    ) -> tuple[_BatchRun, list[PlannedCase]]:
        """The stress batch; its data stays locked in the cache until the sandbox is done with it.

        Its size follows from the data's bytes per row and the sandbox's memory (``stress_size``), so a
        correct tool is never rejected because the stress data alone does not fit.
        """
        validation = self.config.validation
        max_bytes = validation.stress_cache_max_mb * 1024 * 1024
        part = part_arguments(arguments)
        sample = functools.partial(read_sample, sheet=part.get("sheet"), table=part.get("table"))
        try:
            rows = sample(data_path)
            size = size_stress(
                rows,
                max_rows=validation.stress_rows,
                max_mb=validation.stress_max_mb,
                memory_mb=self.config.sandbox.memory_mb,
                dataset_memory_mb=self.config.security.max_memory_mb,
                dataset_rows=self.config.security.max_dataset_rows,
                data_rows=len(rows) if len(rows) < SAMPLE_ROWS else None,  # a sample short of full: all rows
                data_factor=validation.stress_data_factor,
            )
            if size.rows == 0:
                raise DataError(f"not one row fits ({size.describe()})")
            with (
                stress_data(
                    sample, data_path, size.rows, max_bytes=max_bytes, part=repr(sorted(part.items()))
                ) as big,
                self._shown(big) as shown,
            ):
                cases = [stress_case(shown, arguments, file_parameter)]
                run = self.run(cases, [shown])
        except DataError as exc:
            note = f"tests: no stress test: {exc}"
            return _BatchRun(records=[], failure=None, backend=self.sandbox.name, logs=[note]), []
        return _BatchRun(
            records=run.records,
            failure=run.failure,
            backend=run.backend,
            batch=run.batch,
            logs=[stress_log(big, size)],
        ), cases


def _person_run(
    quick: _BatchRun, cases: Sequence[PlannedCase], source: str, data_path: Path | None, data_hash: str | None
) -> ValidatedRun | None:
    """Validation's call on the person's data, for the staged run (``cases``: the cases of ``quick``)."""
    if quick.batch is None or quick.failure is not None or data_path is None or data_hash is None:
        return None
    for case, outcome in zip(cases, quick.batch.outcomes, strict=False):
        if case.name == REUSED_CASE and outcome.call_id == REUSED_CASE and outcome.ok:
            return ValidatedRun(
                code_hash=sha256_text(source),
                arguments=dict(case.case.arguments),
                data_path=data_path,
                data_hash=data_hash,
                outcome=outcome,
                backend=quick.backend,
                wrote_outputs=bool(quick.batch.raw.outputs),
                sandbox_ms=quick.batch.raw.duration_ms,
            )
    return None


def _data_limit(quick: _BatchRun, config: MCPForgeConfig) -> ResourceLimitError | None:
    outcomes = quick.batch.outcomes if quick.batch is not None else []
    for outcome in outcomes:
        if outcome.call_id == REUSED_CASE:
            return data_limit_error(outcome, config)
    return None


def _shared_read(
    reference_read: ReferenceRead | None,
    data_path: Path | None,
    reference_columns: Sequence[str] | None,
    arguments: dict[str, Any],
    config: MCPForgeConfig,
) -> ReferenceRead | None:
    """The reference's read when the tool's run on the person's data shares it (``shared_read``)."""
    if reference_read is None or data_path is None or part_arguments(arguments):
        return None
    if reference_columns is None or not reference_read.serves(data_path, reference_columns):
        return None
    return reference_read if shares_read(data_path, config.validation.shared_read_min_mb) else None


def _merged(first: _BatchRun, second: _BatchRun) -> _BatchRun:
    """Two sandbox batches of the quick cases reported as one (the first's batch is the one kept)."""
    return _BatchRun(
        records=first.records + second.records,
        failure=first.failure or second.failure,
        backend=first.backend,
        batch=first.batch,
        logs=first.logs + second.logs,
    )


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
    reference_columns: Sequence[str] | None = None,
    reference_read: ReferenceRead | None = None,
    file_parameter: str | None = "file_path",
    sandbox: Sandbox | None = None,
    warm: WarmValidation | None = None,
    progress: Progress | None = None,
    static_gate: Future[StaticGateResult] | None = None,
) -> ValidationRun:
    """Run every gate on ``source`` and return the report with the planned cases.

    ``reference_columns`` are the only columns the reference needs (None: every column); on a big
    file the reference then reads a fraction of it, in mcpforge's own process. ``reference_read`` is
    that read of ``data_path``, already started (:func:`start_reference_read`). ``warm``: run the
    sandbox batches in children of that template, with the fixtures in the directory it shows.
    ``static_gate``: the static gate of ``source``, already started (:func:`start_static_gate`);
    else it starts here (when ``validation.run_static_gate``).
    """
    started = time.perf_counter()
    say = progress or (lambda _message: None)
    schema_errors, parsed = check_schema(source, spec)
    logs = [f"schema gate: {len(schema_errors)} problem(s)"]
    sandbox = sandbox or get_sandbox(config.sandbox)
    job = _Job(
        sandbox=sandbox,
        source=source,
        config=config,
        function_name=parsed.function_name if parsed is not None else spec.tool_name,
        output_schema=spec.output_schema,
        warm=warm,
    )
    arguments = dict(arguments or {})
    shared = _shared_read(reference_read, data_path, reference_columns, arguments, config)
    with (
        tempfile.TemporaryDirectory(prefix="mcpforge-tests-", dir=warm.workdir if warm else None) as tmp,
        ThreadPoolExecutor(5) as pool,
        background_pool(behind_the_read=shared is not None) as background,
    ):
        if warm is not None:
            Path(tmp).chmod(0o755)  # readable by the sandbox uid, inside the template's private directory
        say("running static, security and sandbox gates")
        stress_future: Future[tuple[_BatchRun, list[PlannedCase]]] | None = None
        if data_path is not None and file_parameter is not None and config.validation.stress_rows > 0:
            stress_future = background.submit(job.stress, data_path, arguments, file_parameter)
        static_future = static_gate
        if static_future is None and config.validation.run_static_gate:
            static_future = background.submit(run_static_gate, source)
        # Taken before the sandbox reads the data: a change during the run makes the staged run repeat.
        data_hash: Future[str] | None = None
        if shared is not None:
            data_hash = shared.fingerprint  # taken as the shared read started, before any sandbox read
        elif data_path is not None:
            data_hash = pool.submit(data_fingerprint, data_path)
        say("planning test cases")
        plan = plan_suite(
            fixture_dir=Path(tmp),
            data_path=data_path,
            arguments=arguments,
            reference=reference,
            key_columns=key_columns,
            used_columns=used_columns,
            reference_columns=reference_columns,
            reference_read=reference_read,
            file_parameter=file_parameter,
        )
        # The person's data gets its own fresh sandbox when it reads the shared copy: the fixtures' batch
        # need not wait for the read.
        person = [c for c in plan.quick if shared is not None and c.name == PERSON_DATA_CASE]
        fixtures = [c for c in plan.quick if c not in person]
        person_batch = None
        if shared is not None and person:
            person_batch = pool.submit(job.call_on_copy, person, shared, Path(tmp), plan.read_paths)
        # The sandbox starts on the fixtures while the reference computes the expected values here (it
        # reads the person's file only when the person's case is among them).
        fixture_paths = [Path(tmp)] if person_batch is not None else plan.read_paths
        quick_batch = background.submit(job.call, fixtures, fixture_paths)
        plan = _resolved_while_the_gates_run(plan, config)
        logs += plan.logs
        fixtures = [c for c in plan.quick if c.name in {f.name for f in fixtures}]
        person = [c for c in plan.quick if c.name in {p.name for p in person}]
        quick = person_quick = job.judge(fixtures, quick_batch.result())
        person_cases = fixtures
        if person_batch is not None:
            batch, note = person_batch.result()
            person_quick, person_cases = job.judge(person, batch), person
            logs.append(note)
            quick = _merged(quick, person_quick)
        static = static_future.result() if static_future is not None else None
        stress, stress_cases = (
            stress_future.result()
            if stress_future is not None
            else (_BatchRun(records=[], failure=None, backend=sandbox.name), [])
        )
        person_run = _person_run(
            person_quick,
            person_cases,
            source,
            data_path,
            data_hash.result() if data_hash is not None else None,
        )
    logs += stress.logs
    report = _report(
        started=started,
        config=config,
        schema_errors=schema_errors,
        security=_security_gate(source, config),
        static=static,
        batches=(quick, stress),
        cases=plan.quick + stress_cases,
        logs=logs,
    )
    return ValidationRun(
        report=report,
        cases=plan.quick + stress_cases,
        results=quick.records + stress.records,
        person_run=person_run,
        data_limit=_data_limit(person_quick, config),
    )


def _report(
    *,
    started: float,
    config: MCPForgeConfig,
    schema_errors: list[str],
    security: tuple[bool, list[str], list[str]],
    static: StaticGateResult | None,
    batches: tuple[_BatchRun, _BatchRun],
    cases: list[PlannedCase],
    logs: list[str],
) -> ValidationReport:
    security_ok, errors, security_logs = security
    errors = [*schema_errors, *errors]
    logs = [*logs, *security_logs]
    static_ok: bool | None = None
    if static is not None:
        # A checker that failed itself says nothing about the tool: "not run", unless the other found faults.
        static_ok = False if static.findings else (None if static.checker_error else True)
        errors += [str(finding) for finding in static.findings]
        logs += static.logs
        if static.checker_error:
            logs.append(f"warning: static gate not run ({static.checker_error[:120]})")
    else:
        logs.append("static gate: disabled (validation.run_static_gate is false)")
    quick, stress = batches
    records = quick.records + stress.records
    failures = [f for f in (quick.failure, stress.failure) if f]
    sandbox_ok = not failures
    errors += [f"sandbox: {f}" for f in failures]
    errors += [
        f"test {r['test_id']} ({r['category']}) failed: {r.get('error', 'wrong output')}"
        + (f" (line {r['line']})" if r.get("line") else "")
        for r in records
        if not r["passed"] and not failures
    ]
    from mcpforge.pipeline.validation.quality import quality_metrics

    metrics, metric_logs, metric_errors = quality_metrics(records, cases, config)
    logs += metric_logs
    errors += metric_errors
    tests_ok = bool(records) and not metric_errors
    logs.append(f"sandbox backend: {quick.backend}")
    return ValidationReport(
        schema_ok=not schema_errors,
        tests_ok=tests_ok and sandbox_ok,
        sandbox_ok=sandbox_ok,
        logs=logs,
        errors=errors or None,
        code_metrics=metrics,
        static_ok=static_ok,
        security_ok=security_ok,
        sandbox_backend=quick.backend,
        duration_ms=(time.perf_counter() - started) * 1000,
    )


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
    parts += [line.split(", resampled", 1)[0] for line in report.logs if line.startswith("stress:")]
    parts += [line for line in report.logs if line.startswith("warning:")]
    return " · ".join(parts)
