"""Steps 1-6 end to end: request + data → a validated, staged tool and its result (or a reuse).

``forge`` takes the previous step's object to the next: schema → intent → gap decision → rendered tool
→ spec → validation → package → staged candidate → staged run → presentation. With the rules engine
there is no model to repair with, so a failed validation is recorded as REJECTED with its report.
A model engine plugs in where the catalogue cannot render the request (``pipeline.modelgen``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, ExitStack, contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mcpforge.exceptions import InvalidArgumentError, UnmappableRequestError
from mcpforge.models import Intent, ToolStatus
from mcpforge.pipeline._budget import STAGING_STEP, AskBudget, run_within
from mcpforge.pipeline._forge_result import ForgeResult
from mcpforge.pipeline._paths import (
    PART_KEYS,
    allowed_read_roots,
    check_csv_shape,
    check_data_path,
    choose_part,
)
from mcpforge.pipeline._reuse import gap_decision
from mcpforge.pipeline.schema import DatasetSchema
from mcpforge.runtime._settings import limited_to

# The steps after the gap decision (validation, the sandbox, staging, presentation) are imported by the
# functions that run them: a refused request or a reuse never loads them (``python -X importtime``).
if TYPE_CHECKING:
    from mcpforge.catalogue.base import Operation, RenderedTool
    from mcpforge.config import MCPForgeConfig
    from mcpforge.engines.base import Engine
    from mcpforge.pipeline.validation.run import ValidationRun
    from mcpforge.pipeline.validation.warm_sandbox import WarmValidation
    from mcpforge.registry import RegistryBackend

__all__ = ["ForgeResult", "forge", "forge_intent", "intent_columns"]

Progress = Callable[[str], None]
RULES = "rules"


OTHER_STEP = "other"
"""The part of ``total`` no named step covers (the glue between steps), so that the steps add up to it."""


class _Timer:
    """Milliseconds per step of one forge; :meth:`total` names every part of the total (issue 28).

    Steps: ``schema`` (the file checked and its schema read), ``intent``, ``registry`` (created on first
    use, remembered answers), ``gap``, ``spec``, ``prepare`` (validation set up: its modules loaded, the
    static gate and the reference's read started, the warm sandbox reached), ``validate``, ``codegen``,
    ``stage`` (the candidate written and its generation recorded), ``run`` (the staged run and the scores
    attached to it), ``present``; a model engine adds ``generate``; ``other`` is what is left.
    """

    def __init__(self) -> None:
        self.timings: dict[str, float] = {}
        self._started = time.perf_counter()

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        started = time.perf_counter()
        try:
            yield
        finally:
            self.timings[name] = round(
                self.timings.get(name, 0.0) + (time.perf_counter() - started) * 1000, 1
            )

    def total(self) -> dict[str, float]:
        """The steps, ``other`` (the rest of the total, never negative) and ``total``."""
        total = round((time.perf_counter() - self._started) * 1000, 1)
        other = round(max(0.0, total - sum(self.timings.values())), 1)
        return {**self.timings, OTHER_STEP: other, "total": total}


def intent_columns(intent: Intent) -> list[str]:
    """Every dataset column the intent reads (derived columns excluded), in order of first use."""
    derived = {d.name for d in intent.derived}
    names = [*intent.group_by, *intent.columns, *(m.column for m in intent.metrics if m.column)]
    names += [intent.time_column] if intent.time_column else []
    names += [f.column for f in intent.filters]
    return [n for n in dict.fromkeys(names) if n and n not in derived]


def reference_columns(intent: Intent) -> list[str] | None:
    """The columns the reference reads of the person's file; None for every column.

    The reference (trusted code, run in mcpforge's own process) reads what the intent names and no more
    when the operation's answer depends on those columns only: a gigabyte file then costs the two or
    three columns asked about, not all of it. Derived columns and preparation steps read columns the
    intent does not list, so they read the whole file.
    """
    from mcpforge.catalogue import READS_ONLY_NEEDED

    if intent.operation not in READS_ONLY_NEEDED or intent.derived or intent.preparation:
        return None
    return intent_columns(intent) or None


def _operation(intent: Intent) -> Operation:
    from mcpforge.catalogue import get_operation

    return get_operation(intent.operation)


def render_intent(
    intent: Intent, registry: RegistryBackend, *, tool_name: str | None = None
) -> tuple[Operation, RenderedTool]:
    """The catalogue rendering of ``intent`` under a name that is valid and free in the registry."""
    from mcpforge.pipeline.spec import unique_tool_name

    operation = _operation(intent)
    rendered = operation.render(intent, tool_name=tool_name)
    if tool_name is None:
        free = unique_tool_name(rendered.spec.tool_name, registry, rendered.spec)
        if free != rendered.spec.tool_name:
            rendered = operation.render(intent, tool_name=free)
    return operation, rendered


def _check_engine(engine: str | Engine, config: MCPForgeConfig) -> Any:
    if not isinstance(engine, str):
        return engine if engine.has_model else None
    if engine == RULES:
        return None
    from mcpforge.engines import ENGINE_NAMES, build_engine

    if engine not in ENGINE_NAMES:
        raise InvalidArgumentError(
            f"unknown engine {engine!r}; choose one of {', '.join(ENGINE_NAMES)}", argument="engine"
        )
    return build_engine(config.llm.model_copy(update={"engine": engine}))


def forge_intent(
    intent: Intent,
    data_path: Path,
    *,
    registry: RegistryBackend,
    config: MCPForgeConfig,
    timer: _Timer | None = None,
    tool_name: str | None = None,
    progress: Progress | None = None,
    actor: str = "cli",
    created_by: str = "rules",
    warm: WarmValidation | None = None,
) -> ForgeResult:
    """Steps 2-6 for an intent already extracted (also used by refinement after a rejection).

    ``warm``: a warm validation template already started for ``data_path`` (else one is started here
    when the file is big enough, see ``validation/warm_sandbox.py``).

    Raises:
        ResourceLimitError: the person's data is over a configured limit (nothing is staged).
    """
    return _forge_intent(
        intent, data_path, warm, registry=registry, config=config, timer=timer, tool_name=tool_name,
        progress=progress, actor=actor, created_by=created_by,
    )  # fmt: skip


def _forge_intent(
    intent: Intent,
    data_path: Path,
    warm: WarmValidation | None,
    *,
    registry: RegistryBackend,
    config: MCPForgeConfig,
    timer: _Timer | None,
    tool_name: str | None,
    progress: Progress | None,
    actor: str,
    created_by: str,
) -> ForgeResult:
    timer = timer or _Timer()
    with timer.step("prepare"):
        from mcpforge.pipeline.validation.reference_read import start_reference_read

        columns = reference_columns(intent)
        # The reference's read of the person's file needs only the question: on a big file it is the
        # longest part of validation, so it runs while the tool is rendered and validation is imported
        # (and a warm sandbox template starts, ``warm``).
        reference_read = start_reference_read(data_path, columns, config.security) if columns else None

        from mcpforge.pipeline.spec import finalize_spec
        from mcpforge.pipeline.validation.shared_read import shares_read
        from mcpforge.pipeline.validation.static_gate import start_static_gate

    say = progress or (lambda _message: None)
    say("rendering the tool from the catalogue")
    with timer.step("spec"):
        operation, rendered = render_intent(intent, registry, tool_name=tool_name)
        spec = finalize_spec(rendered.spec, intent)
    with ExitStack() as validation_scope:
        with timer.step("prepare"):
            behind_the_read = reference_read is not None and shares_read(
                data_path, config.validation.shared_read_min_mb
            )
            # The static gate (mypy: the longest gate) starts as soon as the code exists, before the
            # rest of validation is even imported (issue 28).
            static_gate = (
                start_static_gate(rendered.source, lowered=behind_the_read)
                if config.validation.run_static_gate
                else None
            )
            from mcpforge.pipeline.validation.priority import start_behind_the_read
            from mcpforge.pipeline.validation.run import run_validation
            from mcpforge.pipeline.validation.warm_sandbox import warm_validation

            # CodeBLEU (informational) starts when the candidate is staged, not here: a cold worker
            # process would take a core from the sandboxes and the static gate on the path to the
            # person's answer. On a big file the read leaves a core idle for a second: it starts now,
            # behind the read, and is done by the time the candidate is written (nothing left for the
            # ask to wait for at its end).
            if behind_the_read:
                start_behind_the_read(registry, rendered.source, intent.operation)
            say("validating the tool (schema, static, security, sandbox tests)")
            # The warm sandbox (the resident helper, or a template for a big file) is reached once the
            # static gate runs: finding the helper (its key hashes this installation's files) no longer
            # delays mypy.
            started = validation_scope.enter_context(
                nullcontext(warm) if warm is not None else warm_validation(config, data_path)
            )
        with timer.step("validate"):
            run = run_validation(
                source=rendered.source,
                spec=spec,
                config=config,
                data_path=data_path,
                arguments=rendered.arguments,
                reference=operation.reference,
                key_columns=intent.group_by,
                used_columns=intent_columns(intent),
                reference_columns=columns,
                reference_read=reference_read,
                warm=started,
                progress=say,
                static_gate=static_gate,
            )
        if run.data_limit is not None and not run.passed:
            raise run.data_limit  # the data is over a configured limit: nothing to stage, nothing to repair
        return _stage_and_run(
            intent=intent,
            spec_source=(spec, rendered.source, rendered.helpers, rendered.function_name),
            arguments=rendered.arguments,
            run=run,
            data_path=data_path,
            registry=registry,
            config=config,
            timer=timer,
            say=say,
            actor=actor,
            created_by=f"{created_by}:{operation.name}",
        )


def _stage_and_run(
    *,
    intent: Intent,
    spec_source: tuple[Any, str, str, str],
    arguments: dict[str, Any],
    run: ValidationRun,
    data_path: Path,
    registry: RegistryBackend,
    config: MCPForgeConfig,
    timer: _Timer,
    say: Progress,
    actor: str,
    created_by: str,
) -> ForgeResult:
    with timer.step("stage"):
        from mcpforge.pipeline._candidate import (
            data_key,
            find_staged_twin,
            record_generation,
            stage_package,
        )
        from mcpforge.pipeline.codegen import build_package
        from mcpforge.pipeline.present import present
        from mcpforge.pipeline.stage import stage_run
        from mcpforge.pipeline.validation import semantic as _semantic

    spec, source, helpers, function_name = spec_source
    with timer.step("codegen"):
        package = build_package(
            spec=spec, source=source, helpers=helpers, cases=run.cases, function_name=function_name
        )
    # The last point where an abandoned ask (budget spent, Ctrl-C) stops: nothing is staged after it.
    say(STAGING_STEP)
    with timer.step("stage"):
        person = run.person_run
        taken = person.data_hash if person is not None and person.data_path == data_path else None
        data = data_key(data_path, part=intent.sheet or intent.table, fingerprint=taken)
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
                intent=intent.model_dump(mode="json"),
                run_arguments=arguments,
                data=data,
            )
        record_generation(
            registry, candidate, passed=run.passed, duration_ms=sum(timer.timings.values()), source=created_by
        )
    base = ForgeResult(
        decision="generate",
        intent=intent,
        tool_name=spec.tool_name,
        candidate=candidate,
        validation=run.report,
        data_path=data_path,
    )
    if candidate.status == ToolStatus.REJECTED:
        problems = "; ".join((run.report.errors or [])[:4]) or "validation failed"
        return base.finish(
            timer.total(), error=f"the generated tool failed validation and was rejected: {problems}"
        )
    say("running the staged tool on your data")
    with timer.step("run"):
        call = {**arguments, "file_path": str(data_path)}
        staged = stage_run(
            candidate,
            registry=registry,
            config=config,
            arguments=call,
            data_path=data_path,
            function_name=function_name,
            validated=run.person_run,
        )
        staged = _semantic.settle(registry, staged)  # CodeBLEU that arrived meanwhile, kept past the save
    assert staged.run_artifacts is not None
    from mcpforge.pipeline.intent.reading import empty_scope

    result = staged.run_artifacts.result
    if (empty := empty_scope(intent, result if isinstance(result, dict) else None)) is not None:
        return base.replace(candidate=staged, artifacts=staged.run_artifacts).finish(
            timer.total(), error=empty
        )
    with timer.step("present"):
        markdown = present(staged, staged.run_artifacts)
    return base.replace(candidate=staged, artifacts=staged.run_artifacts, result_markdown=markdown).finish(
        timer.total()
    )


def forge(
    request: str,
    data_path: Path | str,
    *,
    registry: RegistryBackend,
    config: MCPForgeConfig,
    engine: str | Engine = RULES,
    allow_read: Sequence[Path] = (),
    progress: Progress | None = None,
    actor: str = "cli",
    custom: bool = False,
    answers: Mapping[str, str] | None = None,
    remember: bool = False,
) -> ForgeResult:
    """Steps 1-6 for ``request`` over ``data_path``.

    ``answers`` answer earlier clarifying questions (``{"revenue": "amount"}``); they come on top of the
    answers remembered for this dataset in the registry, and ``remember`` stores them there.

    ``custom`` skips the catalogue: a model writes the tool (the person knows no template fits, e.g.
    after rejecting one); it needs a model engine.

    ``engine`` is an engine name (built from ``config.llm`` and closed afterwards) or an Engine the
    caller owns (kept open, e.g. to reuse a loaded local model across requests).

    Raises:
        PathNotAllowedError: the data file is outside the allowed roots (nothing is staged).
        DataError: the data file is missing, empty, binary, badly encoded or malformed.
        NeedsClarificationError: the request has several readings: one question with choices.
        UnmappableRequestError: the request cannot be mapped onto an analysis of this data.
        InvalidArgumentError: an unknown engine name.
        BudgetExceededError: the ask did not end within ``generation.ask_budget_seconds``.
    """
    model_engine = _check_engine(engine, config)
    name = engine if isinstance(engine, str) else engine.name
    if custom and model_engine is None:
        raise InvalidArgumentError(
            "custom tools are written by a model: choose --engine local, openai or anthropic",
            argument="custom",
        )
    # Issue 16: every ask ends within its budget (the deadline also bounds each model call).
    budget = AskBudget(seconds=config.generation.ask_budget_seconds)
    say = budget.progress(progress or (lambda _message: None))
    if model_engine is not None:
        model_engine.deadline = budget.deadline
    try:
        return run_within(
            budget,
            lambda: _forge(
                request,
                data_path,
                registry,
                config,
                name,
                model_engine,
                allow_read,
                say,
                actor,
                custom=custom,
                answers=dict(answers or {}),
                remember=remember,
            ),
        )
    finally:
        if model_engine is not None:
            model_engine.deadline = None
            if isinstance(engine, str):
                model_engine.close()


def _forge(  # noqa: PLR0917 - the arguments of forge, passed through
    request: str,
    data_path: Path | str,
    registry: RegistryBackend,
    config: MCPForgeConfig,
    engine: str,
    model_engine: Any,
    allow_read: Sequence[Path],
    progress: Progress | None,
    actor: str,
    *,
    custom: bool = False,
    answers: dict[str, str] | None = None,
    remember: bool = False,
) -> ForgeResult:
    timer = _Timer()
    with timer.step("schema"):
        path = check_data_path(data_path, allowed_read_roots(config, allow_read))
    # A big file is validated in children of a warm sandbox template (rules engine): it starts now,
    # while the schema is read, and is ready when validation needs it. (The size test of
    # ``shared_read.shares_read`` here: a request refused later must not load validation.)
    early: AbstractContextManager[WarmValidation | None] = nullcontext(None)
    if model_engine is None and path.stat().st_size >= config.validation.shared_read_min_mb * 1024 * 1024:
        from mcpforge.pipeline.validation.warm_sandbox import warm_validation

        early = warm_validation(config, path)
    with ExitStack() as scope:
        with timer.step("prepare"):
            warm = scope.enter_context(early)
        return _forge_checked(
            request, path, registry, config, engine, model_engine, progress, actor, warm,
            timer=timer, custom=custom, answers=answers, remember=remember,
        )  # fmt: skip


def _forge_checked(  # noqa: PLR0917 - the arguments of forge, passed through
    request: str,
    path: Path,
    registry: RegistryBackend,
    config: MCPForgeConfig,
    engine: str,
    model_engine: Any,
    progress: Progress | None,
    actor: str,
    warm: WarmValidation | None,
    *,
    timer: _Timer,
    custom: bool = False,
    answers: dict[str, str] | None = None,
    remember: bool = False,
) -> ForgeResult:
    say = progress or (lambda _message: None)
    with timer.step("schema"):
        given = {**registry.remembered_choices(path), **(answers or {})}
        # --sheet / --table, or the answer to the question which one: never a word of the request.
        part = choose_part(path, **{key: given.pop(key, None) for key in PART_KEYS})
        say("reading the data")
        security = config.security
        with limited_to(
            max_rows=security.max_dataset_rows,
            max_cols=security.max_dataset_cols,
            max_memory_mb=security.max_memory_mb,
        ):
            schema = DatasetSchema.from_file(path, sheet=part.get("sheet"), table=part.get("table"))
        check_csv_shape(path)
    with timer.step("intent"):
        explicit = [key for key in answers or {} if key not in PART_KEYS]  # each must be a known key
        if model_engine is None:
            intent = extract_intent_for(request, schema, given, explicit)
        else:
            from mcpforge.pipeline.routing import read_or_route

            chosen = (
                None
                if custom
                else read_or_route(model_engine, request, schema, given, say, explicit=explicit)
            )
            if chosen is None:
                return _forge_with_model(
                    model_engine, request, schema, path, registry, config, timer, say, actor, part=part
                )
            intent = chosen
    intent = intent.model_copy(update={"data_source": str(path), **part})
    with timer.step("registry"):
        ensure_registry(registry)
        if remember and answers:
            registry.remember_choices(path, dict(answers))
    with timer.step("gap"):
        decision = gap_decision(intent, registry)
    if decision.reuse_tool is not None:
        from mcpforge.pipeline._reuse import run_reuse

        say(f"reusing the registered tool {decision.reuse_tool!r}")
        if warm is not None:  # nothing to validate: the template started for it gives its cores back
            warm.calls.close()
        with timer.step("run"):
            reused = run_reuse(decision, intent, path, registry=registry, config=config)
        return reused.finish(timer.total())
    try:
        result = forge_intent(
            intent,
            path,
            registry=registry,
            config=config,
            timer=timer,
            progress=say,
            actor=actor,
            created_by=engine,
            warm=warm,
        )
    except (UnmappableRequestError, InvalidArgumentError):
        # The intent maps onto no template that renders (or a model's intent does not fit the data):
        # a model writes the code.
        if model_engine is None:
            raise
        return _forge_with_model(
            model_engine, request, schema, path, registry, config, timer, say, actor, part=part
        )
    return result.replace(overlap_scores=decision.scores)


def ensure_registry(registry: RegistryBackend) -> None:
    """Create the registry layout on first use (only once the input has been checked)."""
    if not registry.is_initialized():
        registry.init()


def extract_intent_for(
    request: str,
    schema: DatasetSchema,
    answers: dict[str, str] | None = None,
    explicit: Sequence[str] = (),
) -> Intent:
    """Step 1: the rules parser's intent for ``request`` over ``schema`` (with answers to its questions;
    each key in ``explicit`` must be one the request has a question for)."""
    from mcpforge.pipeline.intent import extract_intent

    return extract_intent(request, schema, answers=answers, explicit=explicit)


def _forge_with_model(  # noqa: PLR0917 - private step with the forge state
    engine: Any,
    request: str,
    schema: DatasetSchema,
    path: Path,
    registry: RegistryBackend,
    config: MCPForgeConfig,
    timer: _Timer,
    say: Progress,
    actor: str,
    *,
    part: Mapping[str, str],
) -> ForgeResult:
    from mcpforge.pipeline.modelgen.generate import generate_custom_tool

    if part:
        # A model-written tool reads a file through its default sheet / table; it could answer from
        # another one than the person chose, so it is refused rather than guessed.
        kind, name = next(iter(part.items()))
        raise InvalidArgumentError(
            f"a tool the model writes reads only a file's default {kind}, and {path.name!r} has several; "
            f"save the {kind} {name!r} as its own file (e.g. CSV) and ask again, or ask for an analysis the "
            "catalogue covers",
            argument=kind,
        )
    with timer.step("registry"):
        ensure_registry(registry)
    with timer.step("generate"):
        generated = generate_custom_tool(engine, request, schema, data_path=path, config=config, progress=say)
    intent = Intent(request=request, operation="custom", data_source=str(path))
    return _stage_and_run(
        intent=intent,
        spec_source=(generated.spec, generated.source, "", generated.spec.tool_name),
        arguments=generated.arguments,
        run=generated.validation,
        data_path=path,
        registry=registry,
        config=config,
        timer=timer,
        say=say,
        actor=actor,
        created_by=f"{engine.name}:custom",
    )
