"""The conversion, step by step: acquire → analyse → select/adapt → generate → run → review/fix → finalize.

Each step is its own module; this one only sequences them, times them, reports progress, and turns a
:class:`ConversionError` into a FAILED report that names the step. The registry is written only at the
very end (one STAGED candidate), so a conversion that stops leaves nothing in it.
"""

from __future__ import annotations

import json
import re
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from mcpforge.config import MCPForgeConfig
from mcpforge.convert.acquire import Environment, acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.finalize import failures_by_category, markdown
from mcpforge.convert.generate import generate, package_name
from mcpforge.convert.models import ConversionReport, ToolOutcome
from mcpforge.convert.repair import MAX_ROUNDS, REPAIRABLE, propose
from mcpforge.convert.run import needs_positional, run_tools, sample_records
from mcpforge.convert.select import DEFAULT_MAX_TOOLS, Selection, select
from mcpforge.convert.session import ServiceSession
from mcpforge.engines.base import Engine
from mcpforge.exceptions import ConversionError, MCPForgeError, SandboxError

Progress = Callable[[str], None]


@dataclass(frozen=True, kw_only=True)
class ConvertOptions:
    """What ``mcpforge convert`` was asked."""

    source: str
    out_dir: Path | None = None
    patterns: tuple[str, ...] = ()
    max_tools: int = DEFAULT_MAX_TOOLS
    engine: str = "rules"
    cache_dir: Path | None = None
    stage: bool = True
    actor: str = "human:cli"
    engine_instance: Engine | None = None  # an engine object (tests); otherwise built from ``engine``


@dataclass(kw_only=True)
class _Holder:
    """The report so far, so a step that stops still reports what the earlier steps found."""

    current: ConversionReport

    def update(self, fields: dict[str, object]) -> None:
        self.current = self.current.model_copy(update=fields)


class _Timer:
    def __init__(self, progress: Progress) -> None:
        self.timings: dict[str, float] = {}
        self.progress = progress

    @contextmanager
    def step(self, name: str, note: str = "") -> Iterator[None]:
        self.progress(f"[{name}] {note}".rstrip())
        started = time.perf_counter()
        try:
            yield
        finally:
            self.timings[name] = round(time.perf_counter() - started, 3)


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", Path(text).name or text).strip("_") or "service"


def convert(
    options: ConvertOptions,
    config: MCPForgeConfig,
    *,
    registry_root: Path | None,
    progress: Progress = lambda _m: None,
) -> ConversionReport:
    """Convert ``options.source``; the report (status STAGED, GENERATED or FAILED, never an exception)."""
    timer = _Timer(progress)
    report = ConversionReport(
        source=options.source,
        service=_slug(options.source),
        library=_slug(options.source),
        version=None,
        status="FAILED",
        engine=options.engine,
    )
    out_dir = options.out_dir or Path("mcp_output") / _slug(options.source)
    holder = _Holder(current=report)
    try:
        report = _convert(
            options, config=config, registry_root=registry_root, timer=timer, report=holder, out_dir=out_dir
        )
    except ConversionError as exc:
        failed_step = next(reversed(timer.timings), "acquire")
        report = holder.current.model_copy(
            update={
                "status": "FAILED",
                "stopped_at": exc.step or failed_step,
                "stop_reason": exc.reason,
                "stop_category": exc.category,
            }
        )
    report = report.model_copy(
        update={
            "timings": timer.timings,
            "failures_by_category": failures_by_category(report),
            "out_dir": str(out_dir),
        }
    )
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "report.json").write_text(report.model_dump_json(indent=2), encoding="utf-8")
    (out_dir / "report.md").write_text(markdown(report), encoding="utf-8")
    return report


def _convert(
    options: ConvertOptions,
    *,
    config: MCPForgeConfig,
    registry_root: Path | None,
    timer: _Timer,
    report: _Holder,
    out_dir: Path,
) -> ConversionReport:
    engine = options.engine_instance or _engine(options.engine, config)
    with timer.step("acquire", f"installing {options.source!r} into its own environment"):
        env = acquire(options.source, cache_dir=options.cache_dir, sandbox=config.sandbox)
    if not env.import_names:
        raise ConversionError(
            "acquire", "untoolable_repo", f"{env.distribution!r} installs no importable package"
        )
    library = env.import_names[0]
    service = package_name(library).removesuffix("_mcp")
    report.update(
        {
            "library": library,
            "service": service,
            "version": env.version,
            "install": env.install,
            "install_note": env.install_note,
        }
    )
    site_dirs = [str(p) for p in env.site_dirs]
    with timer.step("analyse", f"importing {library!r} in the sandbox"):
        analysis = analyse(env, library, config=config.sandbox)
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "analysis.json").write_text(analysis.model_dump_json(indent=2), encoding="utf-8")
    with timer.step("select", f"{len(analysis.callables)} public callables found"):
        selection = select(
            analysis, patterns=list(options.patterns), max_tools=options.max_tools, package=library
        )
    report.update({"skipped": selection.skipped, "tools_generated": len(selection.plans)})
    if not selection.plans:
        raise ConversionError(
            "select",
            "untoolable_repo",
            f"no public callable of {library!r} could be adapted to JSON "
            f"({len(analysis.callables)} found, {len(selection.skipped)} skipped)",
        )
    with timer.step("generate", f"{len(selection.plans)} tools"):
        package_dir, _specs = generate(
            selection,
            out_dir,
            library=library,
            version=env.version,
            requirement=_requirement(env),
            site_dirs=site_dirs,
        )
    with (
        timer.step("run", "calling every tool through an MCP client"),
        _session(package_dir, site_dirs, config) as session,
    ):
        listed = session.list_tools()
        if len(listed) != len(selection.plans) + 1:
            raise ConversionError(
                "run",
                "mcp_spec_violation",
                f"the service lists {len(listed)} tools, {len(selection.plans) + 1} expected",
            )
        outcomes = run_tools(
            session,
            selection.plans,
            expressions=selection.expression_parser is not None,
            progress=timer.progress,
        )
    with timer.step("fix", "rule-based fixes, then dropping what no sample proved"):
        selection, outcomes = _fix(
            selection,
            outcomes=outcomes,
            out_dir=out_dir,
            env=env,
            site_dirs=site_dirs,
            config=config,
            timer=timer,
        )
    if engine is not None:
        with timer.step("repair", f"up to {MAX_ROUNDS} rounds with the {options.engine} engine"):
            selection, outcomes = _model_repair(
                selection,
                outcomes=outcomes,
                out_dir=out_dir,
                env=env,
                site_dirs=site_dirs,
                config=config,
                engine=engine,
                timer=timer,
            )
    passed = {o.tool for o in outcomes if o.passed}
    report.update({"outcomes": outcomes, "tools_passed": len(passed)})
    if not passed:
        raise ConversionError("run", "untoolable_repo", "no generated tool answered any sample call")
    with timer.step("generate-final", f"{len(passed)} proven tools"):
        kept = replace(selection, plans=[p for p in selection.plans if p.name in passed])
        package_dir, specs = generate(
            kept,
            out_dir,
            library=library,
            version=env.version,
            requirement=_requirement(env),
            site_dirs=site_dirs,
        )
        samples = sample_records(outcomes)
        (package_dir / "samples.json").write_text(
            json.dumps(samples, indent=2, default=str), encoding="utf-8"
        )
        shutil.rmtree(package_dir / "__pycache__", ignore_errors=True)
    with (
        timer.step("finalize", "checking the final service"),
        _session(package_dir, site_dirs, config) as session,
    ):
        listed_names = [t.name for t in session.list_tools()]
    report.update({"tools_listed": len(listed_names), "status": "GENERATED"})
    if options.stage and registry_root is not None:
        from mcpforge.registry import Registry
        from mcpforge.registry.file.services import stage_service

        reg = Registry(registry_root, config)
        final = report.current.model_copy(
            update={
                "status": "STAGED",
                "timings": timer.timings,
                "failures_by_category": failures_by_category(report.current),
            }
        )
        candidate_id = stage_service(
            reg,
            service=service,
            version=env.version or "0",
            package_dir=package_dir,
            site_dirs=site_dirs,
            specs=specs,
            report=json.loads(final.model_dump_json()),
            report_markdown=markdown(final),
            samples=samples,
            actor=options.actor,
        )
        report.update({"status": "STAGED", "candidate_id": candidate_id})
    return report.current


def _fix(
    selection: Selection,
    *,
    outcomes: list[ToolOutcome],
    out_dir: Path,
    env: Environment,
    site_dirs: list[str],
    config: MCPForgeConfig,
    timer: _Timer,
) -> tuple[Selection, list[ToolOutcome]]:
    """Rule-based fix round: tools whose calls failed on keyword passing are retried positionally."""
    by_name = {p.name: p for p in selection.plans}
    retry = [by_name[o.tool].positional() for o in outcomes if needs_positional(o, by_name[o.tool])]
    if not retry:
        return selection, outcomes
    timer.progress(f"  retrying {len(retry)} tools with positional arguments")
    plans = [next((r for r in retry if r.name == p.name), p) for p in selection.plans]
    fixed = replace(selection, plans=plans)
    package_dir, _specs = generate(
        fixed,
        out_dir,
        library=env.import_names[0],
        version=env.version,
        requirement=_requirement(env),
        site_dirs=site_dirs,
    )
    with _session(package_dir, site_dirs, config) as session:
        again = run_tools(session, retry, expressions=fixed.expression_parser is not None, tools=plans)
    merged = {o.tool: o for o in outcomes}
    for outcome in again:
        previous = merged[outcome.tool]
        merged[outcome.tool] = outcome.model_copy(
            update={
                "attempts": [*previous.attempts, *outcome.attempts],
                "fixes": [*previous.fixes, "arguments passed by position"],
            }
        )
    return fixed, [merged[o.tool] for o in outcomes]


def _engine(name: str, config: MCPForgeConfig) -> Engine | None:
    """The repair engine (None for ``rules``); checked before anything is installed."""
    if name == "rules":
        return None
    from mcpforge.engines import build_engine

    try:
        return build_engine(config.llm.model_copy(update={"engine": name}))
    except MCPForgeError as exc:
        raise ConversionError(
            "engine", "engine_unavailable", f"the {name!r} engine cannot start: {exc}"
        ) from exc


def _model_repair(
    selection: Selection,
    *,
    outcomes: list[ToolOutcome],
    out_dir: Path,
    env: Environment,
    site_dirs: list[str],
    config: MCPForgeConfig,
    engine: Engine,
    timer: _Timer,
) -> tuple[Selection, list[ToolOutcome]]:
    """Up to MAX_ROUNDS rounds: the engine proposes samples and adapters for the repairable failures."""
    merged = {o.tool: o for o in outcomes}
    for round_number in range(1, MAX_ROUNDS + 1):
        by_name = {p.name: p for p in selection.plans}
        todo = [o for o in merged.values() if not o.passed and o.category in REPAIRABLE]
        repairs = [r for o in todo if (r := propose(engine, by_name[o.tool], o)) is not None]
        if not repairs:
            break
        timer.progress(f"  round {round_number}: {len(repairs)} tools repaired by the model")
        changed = {r.plan.name: r.plan for r in repairs}
        selection = replace(selection, plans=[changed.get(p.name, p) for p in selection.plans])
        package_dir, _specs = generate(
            selection,
            out_dir,
            library=env.import_names[0],
            version=env.version,
            requirement=_requirement(env),
            site_dirs=site_dirs,
        )
        with _session(package_dir, site_dirs, config) as session:
            again = run_tools(
                session,
                [r.plan for r in repairs],
                expressions=selection.expression_parser is not None,
                tools=selection.plans,
                samples={r.plan.name: [r.sample] for r in repairs},
            )
        for outcome in again:
            previous = merged[outcome.tool]
            merged[outcome.tool] = outcome.model_copy(
                update={
                    "attempts": [*previous.attempts, *outcome.attempts],
                    "fixes": [*previous.fixes, f"model repair round {round_number}"],
                    "category": outcome.category if not outcome.passed else None,
                }
            )
    return selection, [merged[o.tool] for o in outcomes]


def _requirement(env: Environment) -> str:
    return env.source if env.kind == "pypi" else env.distribution


@contextmanager
def _session(package_dir: Path, site_dirs: list[str], config: MCPForgeConfig) -> Iterator[ServiceSession]:
    session = ServiceSession(package_dir, site_dirs, config.sandbox, lifetime_seconds=900.0)
    try:
        try:
            session.start()
        except SandboxError as exc:
            raise ConversionError("run", "import_error", str(exc)) from exc
        yield session
    finally:
        session.close()
