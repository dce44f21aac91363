"""Model-written tools for requests the catalogue does not cover (requirements 5.4 and 4.9).

Contract first, even with a small model: the model fills a compact :class:`ToolPlan` under a JSON
Schema and the ToolSpec, signature and docstring are rendered from it. The model then writes one
function, ``compute(df)``, from the request and a profile of the loaded data (column types and
example values); the tool around it is rendered (``compute_tool``), lint-only findings are fixed by
ruff, and validation is the same as for catalogue tools. Failures feed up to
``max_repair_iterations`` repair rounds, each recorded in the report. The prompts carry what the rules
parser read of the request (``partial_reading``), and before any of its code runs each function is held
to the request's accounting (``accounting_gate``): one that leaves out a content word is written afresh
once, then asked about or refused, never validated.
"""

from __future__ import annotations

import ast
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from mcpforge.catalogue._file_kind import file_label
from mcpforge.config import MCPForgeConfig
from mcpforge.engines import Engine, extract_code
from mcpforge.engines.prompts import data_sample, render_prompt
from mcpforge.exceptions import EngineError
from mcpforge.models import Aggregation, Filter, Intent, RepairRound, ToolSpec
from mcpforge.pipeline.intent.hints import request_hints
from mcpforge.pipeline.modelgen.accounting_gate import Unaccounted, hold_back, unaccounted
from mcpforge.pipeline.modelgen.compute_tool import extract_compute, render_compute_tool, used_columns
from mcpforge.pipeline.modelgen.data_profile import DataProfile, profile_data
from mcpforge.pipeline.modelgen.examples import closest_examples
from mcpforge.pipeline.modelgen.model_use import from_code
from mcpforge.pipeline.modelgen.partial_reading import PartialReading, read_partially
from mcpforge.pipeline.modelgen.repair_diagnostics import repair_diagnostics
from mcpforge.pipeline.schema import DatasetSchema
from mcpforge.pipeline.validation.answer_checks import answer_problems
from mcpforge.pipeline.validation.run import ValidationRun, run_validation
from mcpforge.pipeline.validation.static_gate import autofix

Progress = Callable[[str], None]
PLAN_TOKENS = 400
CODE_TOKENS = 600
FRESH_TEMPERATURE = 0.8
OUTPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "operation": {"type": "string"},
        "result": {"type": "object"},
        "rows_processed": {"type": "integer"},
    },
    "required": ["result"],
}


class ToolPlan(BaseModel):
    """What the model decides about a new tool; the ToolSpec is rendered from it."""

    tool_name: str = Field(pattern=r"^[a-z][a-z0-9_]{2,49}$", description="descriptive snake_case name")
    description: str = Field(max_length=240, description="one sentence")
    when_to_use: str = Field(max_length=240)
    what_it_does: str = Field(max_length=400)


class ModelIntent(BaseModel):
    """The part of an Intent a model is asked for; ``custom`` when no catalogue operation fits."""

    operation: str = Field(description="one of the listed operations, or custom")
    group_by: list[str] = Field(default_factory=list)
    columns: list[str] = Field(default_factory=list)
    metrics: list[Aggregation] = Field(default_factory=list)
    filters: list[Filter] = Field(default_factory=list)
    top_n: int | None = None
    time_column: str | None = None
    time_grain: Literal["day", "week", "month", "quarter", "year", "weekday", "hour"] | None = None
    as_percentage: bool = False


@dataclass(frozen=True, kw_only=True)
class GeneratedTool:
    """A model-written tool after validation and repair."""

    spec: ToolSpec
    source: str
    arguments: dict[str, Any]
    validation: ValidationRun
    rounds: list[RepairRound] = field(default_factory=list)
    samples_generated: int = 1
    samples_passed: int = 0


def schema_lines(schema: DatasetSchema) -> str:
    """``name: kind`` per column, with a few category values, for prompts."""
    lines = []
    for column in schema.columns:
        values = f" (values: {', '.join(column.values[:6])})" if column.values else ""
        lines.append(f"- {column.name}: {column.kind}{values}")
    return "\n".join(lines)


def _sample_rows(path: Path) -> list[dict[str, object]]:
    from mcpforge.pipeline.validation.test_cases import read_raw

    frame = read_raw(path, nrows=5)  # the loader tools use: any file kind, names as the tool sees them
    return [{str(k): v for k, v in row.items()} for row in frame.to_dict(orient="records")]


def _read_notes(notes: Sequence[str]) -> str:
    if not notes:
        return ""
    return "Read from the question:\n" + "\n".join(f"- {note}" for note in notes) + "\n"


def model_intent(
    engine: Engine,
    request: str,
    schema: DatasetSchema,
    operations: dict[str, str],
    notes: Sequence[str] = (),
) -> Intent | None:
    """Ask the model which catalogue operation fits; None when it says ``custom`` or names unknown columns.

    ``notes``: what the rules parser read of the request (:mod:`partial_reading`).
    """
    prompt = render_prompt(
        "intent_extraction",
        notes=_read_notes(notes),
        operations="\n".join(f"- {name} - {summary}" for name, summary in operations.items())
        + "\n- custom - anything else: a model writes the code",
        schema=schema_lines(schema),
        sample=data_sample(_sample_rows(Path(schema.path))),
        request=request,
    )
    answer = engine.complete_model([{"role": "user", "content": prompt}], ModelIntent, max_tokens=300)
    if answer.operation not in operations:
        return None
    known = set(schema.column_names)
    used = [*answer.group_by, *answer.columns, *(m.column for m in answer.metrics if m.column)]
    used += [f.column for f in answer.filters] + ([answer.time_column] if answer.time_column else [])
    if any(column not in known for column in used):
        return None
    return Intent(
        request=request,
        data_source=schema.path,
        notes=[f"intent extracted by the {engine.name} model"],
        **answer.model_dump(),
    )


def plan_to_spec(plan: ToolPlan, columns: Sequence[str] = (), label: str = "CSV file") -> ToolSpec:
    """The ToolSpec of a plan: a model-written tool takes only ``file_path`` and answers the request.

    ``returns`` is the same for every such tool (``table_result`` renders it) and ``prerequisites``
    names the data's columns, so the model is not asked for either.

    Parameters are a catalogue feature: a template knows which values are safe to vary; model code was
    checked only for the values of the request, so it does not pretend to take others. ``label`` is the
    kind of file it is made on ("Parquet file"; :func:`mcpforge.catalogue._file_kind.file_label`).
    """
    description = f"Path to the {label}"
    article = "An" if label[:1].lower() in "aeiou" else "A"
    return ToolSpec(
        tool_name=plan.tool_name,
        description=plan.description,
        input_schema={
            "type": "object",
            "properties": {"file_path": {"type": "string", "description": description}},
            "required": ["file_path"],
        },
        output_schema=OUTPUT_SCHEMA,
        parameters=[
            {
                "name": "file_path",
                "type": "str",
                "required": True,
                "description": description,
                "annotation": f'Annotated[str, Field(description="{description}")]',
            }
        ],
        return_type="str",
        when_to_use=plan.when_to_use,
        what_it_does=plan.what_it_does,
        returns="A markdown table of the answer, ending with a JSON footer holding its columns and rows",
        prerequisites=f"{article} {label} with the columns {', '.join(columns)}"
        if columns
        else f"{article} {label}",
        assumptions=["The code was written by a model from the request; check the numbers before approving"],
        limitations=[
            "No reference implementation exists for this analysis; tests check behaviour, not values",
            "It answers the request as asked: it takes no parameters besides the file",
        ],
    )


def _score(run: ValidationRun) -> float:
    metrics = run.report.code_metrics
    return metrics.overall_score if metrics is not None else 0.0


def _pass_rate(run: ValidationRun) -> float:
    metrics = run.report.code_metrics
    return metrics.test_pass_rate if metrics is not None else 0.0


@dataclass(frozen=True, kw_only=True)
class _Context:
    """What every code and repair prompt of one request shares."""

    engine: Engine
    request: str
    spec: ToolSpec
    data: DataProfile
    hints: list[str]
    schema: DatasetSchema
    partial: PartialReading
    data_path: Path
    config: MCPForgeConfig
    say: Progress

    def tool(self, compute: str) -> str:
        required = used_columns(compute, self.data.columns)
        return autofix(render_compute_tool(self.spec, compute, required=required))

    def validate(self, source: str) -> ValidationRun:
        """Validation, then the answer checks: a wrong shape of the answer fails it like a test."""
        run = run_validation(
            source=source,
            spec=self.spec,
            config=self.config,
            data_path=self.data_path,
            arguments={},
            used_columns=used_columns(source, self.data.columns),
        )
        if not run.passed:
            return run
        problems = [f"answer check: {p}" for p in answer_problems(self.request, self.data, run)]
        logs = [*run.report.logs, f"answer checks: {len(problems)} problem(s)"]
        update: dict[str, Any] = {"logs": logs}
        if problems:
            update |= {"tests_ok": False, "errors": [*(run.report.errors or []), *problems]}
        return replace(run, report=run.report.model_copy(update=update))

    def notes(self) -> str:
        return _read_notes(self.hints)

    def unaccounted(self, compute: str) -> list[Unaccounted]:
        """The request's content words ``compute`` leaves out (read from its code, before it runs)."""
        use = from_code(compute, self.data.columns)
        if use is None or use.unknown_columns:
            # Code that does not parse or reads a column the data lacks fails validation, which names the
            # problem for repair; it is never staged, and each repair is held to the accounting again.
            return []
        return unaccounted(self.request, self.schema, self.partial, use)

    def accounted(self, compute: str) -> tuple[str, list[Unaccounted]]:
        """``compute``, written afresh once when it leaves out a content word; the words still left out."""
        problems = self.unaccounted(compute)
        if problems:
            self.say(f"the code leaves out {problems[0].text()}; writing it afresh")
            compute = self.write(avoid=[f"it leaves out {p.text()}" for p in problems])
            problems = self.unaccounted(compute)
        return compute, problems

    def examples(self) -> str:
        return "\n\n".join(example.render() for example in closest_examples(self.request))

    def write(self, avoid: Sequence[str] = ()) -> str:
        """A fresh function; ``avoid`` lists the problems of an earlier attempt (its code is not shown)."""
        avoided = "".join(f"- {problem}\n" for problem in avoid)
        prompt = render_prompt(
            "code_generation",
            request=self.request,
            columns=self.data.prompt_lines,
            examples=self.examples(),
            notes=self.notes(),
            avoid=f"An earlier attempt failed; avoid its problems:\n{avoided}" if avoid else "",
        )
        # A fresh write after a failure samples more freely, or a small model repeats its first answer.
        temperature = FRESH_TEMPERATURE if avoid else None
        answer = self.engine.complete(
            [{"role": "user", "content": prompt}], max_tokens=CODE_TOKENS, temperature=temperature
        )
        return extract_compute(extract_code(answer.text))

    def repair(self, compute: str, diagnostics: list[str], iteration: int) -> str:
        prompt = render_prompt(
            "repair",
            request=self.request,
            columns=self.data.prompt_lines,
            examples=self.examples(),
            notes=self.notes(),
            code=compute.strip(),
            iteration=str(iteration),
            max_iterations=str(self.config.validation.max_repair_iterations),
            diagnostics="\n".join(f"- {line}" for line in diagnostics),
        )
        answer = self.engine.complete([{"role": "user", "content": prompt}], max_tokens=CODE_TOKENS)
        return extract_compute(extract_code(answer.text))


def generate_custom_tool(
    engine: Engine,
    request: str,
    schema: DatasetSchema,
    *,
    data_path: Path,
    config: MCPForgeConfig,
    progress: Progress | None = None,
) -> GeneratedTool:
    """Plan, write, validate and repair a tool for ``request``; the best of ``generation.samples`` wins.

    Raises:
        EngineError: the model could not produce a plan or any code at all.
    """
    say = progress or (lambda _message: None)
    data = profile_data(data_path)
    partial = read_partially(request, schema)
    say(f"asking the {engine.name} model for a tool contract")
    prompt = render_prompt("spec_generation", request=request, columns=", ".join(data.columns))
    plan = engine.complete_model([{"role": "user", "content": prompt}], ToolPlan, max_tokens=PLAN_TOKENS)
    context = _Context(
        engine=engine,
        request=request,
        spec=plan_to_spec(plan, data.columns, file_label(str(data_path))),
        data=data,
        hints=[*request_hints(request, schema), *partial.notes()],
        schema=schema,
        partial=partial,
        data_path=data_path,
        config=config,
        say=say,
    )
    best: GeneratedTool | None = None
    samples = max(1, config.generation.samples)
    passed = 0
    left_out: list[Unaccounted] = []
    for sample in range(samples):
        say(f"writing code (sample {sample + 1}/{samples})")
        try:
            compute, left_out = context.accounted(context.write())
        except EngineError:
            if sample == samples - 1 and best is None and not left_out:
                raise
            continue
        if left_out:
            continue  # held to the request's accounting before any of its code runs
        candidate = _validate_and_repair(context, compute)
        passed += int(candidate.validation.passed)
        if best is None or (candidate.validation.passed, _score(candidate.validation)) > (
            best.validation.passed,
            _score(best.validation),
        ):
            best = candidate
    if best is None and left_out:
        hold_back(request, schema, left_out)
    if best is None:
        raise EngineError("the model produced no usable code", engine=engine.name)
    return replace(best, samples_generated=samples, samples_passed=passed)


def _normalized(code: str) -> str:
    """The code's syntax tree (formatting and comments do not count), or its text when it does not parse."""
    try:
        return ast.dump(ast.parse(code))
    except SyntaxError:
        return code.strip()


def _validate_and_repair(context: _Context, compute: str) -> GeneratedTool:
    context.say("validating")
    source = context.tool(compute)
    run = context.validate(source)
    rounds: list[RepairRound] = []
    tried = {_normalized(compute)}
    for iteration in range(1, context.config.validation.max_repair_iterations + 1):
        if run.passed:
            break
        diagnostics = repair_diagnostics(run, source)
        context.say(f"repair round {iteration}: {diagnostics[0][:80]}")
        started = time.perf_counter()
        try:
            repaired = context.repair(compute, diagnostics, iteration)
            if _normalized(repaired) in tried:
                # A small model shown its own code tends to give it back; without it, it writes anew.
                context.say("the repair repeated an earlier attempt; writing the function afresh")
                repaired = context.write(avoid=diagnostics)
        except EngineError as exc:
            rounds.append(
                RepairRound(
                    iteration=iteration,
                    diagnostics=[*diagnostics, f"repair failed: {exc}"],
                    overall_score_before=_score(run),
                    passed=False,
                )
            )
            continue
        tried.add(_normalized(repaired))
        left_out = context.unaccounted(repaired)
        if left_out:  # never run: the repair left out a word of the request
            diagnostics = [*diagnostics, *(f"the repair leaves out {p.text()}" for p in left_out)]
            rounds.append(
                RepairRound(
                    iteration=iteration,
                    diagnostics=diagnostics,
                    overall_score_before=_score(run),
                    passed=False,
                )
            )
            continue
        new_source = context.tool(repaired)
        new_run = context.validate(new_source)
        rounds.append(
            RepairRound(
                iteration=iteration,
                diagnostics=diagnostics,
                overall_score_before=_score(run),
                overall_score_after=_score(new_run),
                passed=new_run.passed,
                test_pass_rate_delta=_pass_rate(new_run) - _pass_rate(run),
            )
        )
        context.say(f"repair round {iteration} took {time.perf_counter() - started:.0f}s")
        compute, source, run = repaired, new_source, new_run
    report = run.report.model_copy(update={"repair_rounds": rounds})
    run = replace(run, report=report)
    return GeneratedTool(spec=context.spec, source=source, arguments={}, validation=run, rounds=rounds)
