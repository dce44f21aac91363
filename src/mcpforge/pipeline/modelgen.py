"""Model-written tools for requests the catalogue does not cover (requirements 5.4 and 4.9).

Contract first, even with a small model: the model fills a compact :class:`ToolPlan` under a JSON
Schema; the ToolSpec, the signature and the docstring are rendered from it deterministically; the
model then writes the body, which is merged under that fixed header so the contract cannot drift.
Validation is the same as for catalogue tools; failures feed up to ``max_repair_iterations`` repair
rounds, each recorded in the report.
"""

from __future__ import annotations

import ast
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from mcpforge.config import MCPForgeConfig
from mcpforge.engines import Engine, extract_code
from mcpforge.engines.prompts import data_sample, render_prompt
from mcpforge.exceptions import EngineError
from mcpforge.models import Aggregation, Filter, Intent, RepairRound, ToolSpec
from mcpforge.pipeline._header import merge_with_header, render_header
from mcpforge.pipeline.schema import DatasetSchema
from mcpforge.pipeline.validate import ValidationRun, run_validation

Progress = Callable[[str], None]
JsonType = Literal["string", "integer", "number", "boolean", "array"]
_PYTHON_TYPES: dict[str, str] = {
    "string": "str",
    "integer": "int",
    "number": "float",
    "boolean": "bool",
    "array": "list[str]",
}
_SCHEMA_TYPES: dict[str, dict[str, Any]] = {
    "string": {"type": "string"},
    "integer": {"type": "integer"},
    "number": {"type": "number"},
    "boolean": {"type": "boolean"},
    "array": {"type": "array", "items": {"type": "string"}},
}
MAX_DIAGNOSTIC_LINES = 12
OUTPUT_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "operation": {"type": "string"},
        "result": {"type": "object"},
        "rows_processed": {"type": "integer"},
    },
    "required": ["result"],
}


class PlanParameter(BaseModel):
    """One parameter of a planned tool."""

    name: str = Field(pattern=r"^[a-z][a-z0-9_]{0,39}$", description="snake_case parameter name")
    type: JsonType = Field(description="JSON type of the value")
    description: str = Field(max_length=200)
    default: str | int | float | bool | list[str] | None = Field(
        default=None, description="value for this request"
    )


class ToolPlan(BaseModel):
    """What the model decides about a new tool; the ToolSpec is rendered from it."""

    tool_name: str = Field(pattern=r"^[a-z][a-z0-9_]{2,49}$", description="descriptive snake_case name")
    description: str = Field(max_length=300, description="one sentence")
    parameters: list[PlanParameter] = Field(max_length=6, description="parameters after file_path")
    when_to_use: str = Field(max_length=300)
    what_it_does: str = Field(max_length=500)
    returns: str = Field(max_length=200)
    prerequisites: str = Field(max_length=200)


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


def reference_example() -> str:
    """The reference tool condensed for prompts: imports, signature, docstring and its final return.

    The whole file costs a 2-core CPU half a minute of prompt processing per prompt; the pattern a
    model must follow is all in these parts.
    """
    from mcpforge.reference_tools import reference_tool_source

    source = reference_tool_source()
    tree = ast.parse(source)
    lines = source.splitlines()
    imports = [ast.unparse(node) for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)]
    functions = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    tool = next(node for node in functions if any("mcp.tool" in ast.unparse(d) for d in node.decorator_list))
    body = tool.body
    first = body[1] if len(body) > 1 and isinstance(body[0], ast.Expr) else body[0]
    last = body[-1]
    head = lines[tool.lineno - 1 - len(tool.decorator_list) : first.lineno - 1]
    tail = lines[last.lineno - 1 : last.end_lineno]
    return "\n".join([*imports, "", "", *head, "    ...", *tail]) + "\n"


def schema_lines(schema: DatasetSchema) -> str:
    """``name: kind`` per column, with a few category values, for prompts."""
    lines = []
    for column in schema.columns:
        values = f" (values: {', '.join(column.values[:6])})" if column.values else ""
        lines.append(f"- {column.name}: {column.kind}{values}")
    return "\n".join(lines)


def _sample_rows(path: Path) -> list[dict[str, object]]:
    import pandas as pd

    frame = pd.read_csv(path, nrows=5, dtype=str, keep_default_na=False)
    return [{str(k): v for k, v in row.items()} for row in frame.to_dict(orient="records")]


def model_intent(
    engine: Engine, request: str, schema: DatasetSchema, operations: dict[str, str]
) -> Intent | None:
    """Ask the model which catalogue operation fits; None when it says ``custom`` or names unknown columns."""
    prompt = render_prompt(
        "intent_extraction",
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


def plan_to_spec(plan: ToolPlan) -> ToolSpec:
    """The ToolSpec of a plan: ``file_path`` first, every other parameter optional with its default."""
    params: list[dict[str, Any]] = [
        {
            "name": "file_path",
            "type": "str",
            "required": True,
            "description": "Path to the CSV file",
            "annotation": 'Annotated[str, Field(description="Path to the CSV file")]',
        }
    ]
    properties: dict[str, Any] = {"file_path": {"type": "string", "description": "Path to the CSV file"}}
    for param in plan.parameters:
        if param.name == "file_path" or param.name in properties:
            continue
        python_type = _PYTHON_TYPES[param.type]
        default = _coerce_default(param)
        params.append(
            {
                "name": param.name,
                "type": python_type,
                "required": False,
                "default": default,
                "description": param.description,
                "annotation": f"Annotated[{python_type}, Field(description={json.dumps(param.description)})]",
            }
        )
        properties[param.name] = {
            **_SCHEMA_TYPES[param.type],
            "description": param.description,
            "default": default,
        }
    return ToolSpec(
        tool_name=plan.tool_name,
        description=plan.description,
        input_schema={"type": "object", "properties": properties, "required": ["file_path"]},
        output_schema=OUTPUT_SCHEMA,
        parameters=params,
        return_type="str",
        when_to_use=plan.when_to_use,
        what_it_does=plan.what_it_does,
        returns=plan.returns,
        prerequisites=plan.prerequisites,
        assumptions=["The code was written by a model from the request; check the numbers before approving"],
        limitations=[
            "No reference implementation exists for this analysis; tests check behaviour, not values"
        ],
    )


def _coerce_default(param: PlanParameter) -> Any:
    value = param.default
    try:
        if param.type == "integer" and value is not None and not isinstance(value, bool):
            return int(float(str(value)))
        if param.type == "number" and value is not None and not isinstance(value, bool):
            return float(str(value))
    except ValueError:
        return None
    if param.type == "array" and isinstance(value, str):
        return [part.strip() for part in value.split(",") if part.strip()]
    if param.type == "string" and value is not None and not isinstance(value, str):
        return str(value)
    return value


def compact_spec(spec: ToolSpec) -> str:
    """The contract for code and repair prompts: the fixed header already carries signature and docs,
    so only the name, purpose and parameter defaults are repeated (prompt tokens are slow on a CPU)."""
    params = ", ".join(
        f"{p['name']}={p.get('default')!r}" for p in spec.parameters if p["name"] != "file_path"
    )
    return (
        f"tool_name: {spec.tool_name}\npurpose: {spec.description}\n"
        f"parameters after file_path: {params or 'none'}"
    )


def _diagnostics(run: ValidationRun) -> list[str]:
    errors = list(run.report.errors or [])
    failing = [r for r in run.results if not r.get("passed")]
    for record in failing[:3]:
        if record.get("expected") is not None or record.get("got") is not None:
            errors.append(
                f"test {record.get('test_id')}: expected {record.get('expected')!r}, "
                f"got {record.get('got')!r}"
            )
    return errors[:MAX_DIAGNOSTIC_LINES] or ["the tool failed validation without a specific error"]


def _score(run: ValidationRun) -> float:
    metrics = run.report.code_metrics
    return metrics.overall_score if metrics is not None else 0.0


def _write_code(engine: Engine, spec: ToolSpec, header: str, schema: DatasetSchema, reference: str) -> str:
    prompt = render_prompt(
        "code_generation",
        tool_spec=compact_spec(spec),
        schema=schema_lines(schema),
        header=header,
        reference_tool=reference,
    )
    answer = engine.complete([{"role": "user", "content": prompt}], max_tokens=1200)
    return merge_with_header(extract_code(answer.text), header, spec.tool_name)


def generate_custom_tool(
    engine: Engine,
    request: str,
    schema: DatasetSchema,
    *,
    data_path: Path,
    config: MCPForgeConfig,
    reference_tool: str | None = None,
    progress: Progress | None = None,
) -> GeneratedTool:
    """Plan, write, validate and repair a tool for ``request``; the best of ``generation.samples`` wins.

    Raises:
        EngineError: the model could not produce a plan or any code at all.
    """
    say = progress or (lambda _message: None)
    reference_tool = reference_example() if reference_tool is None else reference_tool
    say(f"asking the {engine.name} model for a tool contract")
    prompt = render_prompt(
        "spec_generation",
        request=request,
        schema=schema_lines(schema),
        sample=data_sample(_sample_rows(data_path)),
        reference_tool=reference_tool,
    )
    plan = engine.complete_model([{"role": "user", "content": prompt}], ToolPlan, max_tokens=700)
    spec = plan_to_spec(plan)
    header = render_header(spec)
    arguments = {p["name"]: p["default"] for p in spec.parameters if p["name"] != "file_path"}
    best: GeneratedTool | None = None
    samples = max(1, config.generation.samples)
    passed = 0
    for sample in range(samples):
        say(f"writing code (sample {sample + 1}/{samples})")
        try:
            source = _write_code(engine, spec, header, schema, reference_tool)
        except EngineError:
            if sample == samples - 1 and best is None:
                raise
            continue
        candidate = _validate_and_repair(engine, spec, source, arguments, data_path, config, say)
        passed += int(candidate.validation.passed)
        if best is None or (candidate.validation.passed, _score(candidate.validation)) > (
            best.validation.passed,
            _score(best.validation),
        ):
            best = candidate
    if best is None:
        raise EngineError("the model produced no usable code", engine=engine.name)
    return GeneratedTool(
        spec=best.spec,
        source=best.source,
        arguments=best.arguments,
        validation=best.validation,
        rounds=best.rounds,
        samples_generated=samples,
        samples_passed=passed,
    )


def _validate_and_repair(  # noqa: PLR0917 - one private step with its whole state
    engine: Engine,
    spec: ToolSpec,
    source: str,
    arguments: dict[str, Any],
    data_path: Path,
    config: MCPForgeConfig,
    say: Progress,
) -> GeneratedTool:
    def validate(code: str) -> ValidationRun:
        return run_validation(source=code, spec=spec, config=config, data_path=data_path, arguments=arguments)

    say("validating")
    run = validate(source)
    rounds: list[RepairRound] = []
    header = render_header(spec)
    for iteration in range(1, config.validation.max_repair_iterations + 1):
        if run.passed:
            break
        diagnostics = _diagnostics(run)
        say(f"repair round {iteration}: {diagnostics[0][:80]}")
        prompt = render_prompt(
            "repair",
            tool_spec=compact_spec(spec),
            code=source,
            iteration=str(iteration),
            max_iterations=str(config.validation.max_repair_iterations),
            diagnostics="\n".join(f"- {line}" for line in diagnostics),
        )
        started = time.perf_counter()
        try:
            answer = engine.complete([{"role": "user", "content": prompt}], max_tokens=1200)
            repaired = merge_with_header(extract_code(answer.text), header, spec.tool_name)
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
        new_run = validate(repaired)
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
        say(f"repair round {iteration} took {time.perf_counter() - started:.0f}s")
        source, run = repaired, new_run
    report = run.report.model_copy(update={"repair_rounds": rounds})
    run = ValidationRun(report=report, cases=run.cases, results=run.results)
    return GeneratedTool(spec=spec, source=source, arguments=arguments, validation=run, rounds=rounds)


def _pass_rate(run: ValidationRun) -> float:
    metrics = run.report.code_metrics
    return metrics.test_pass_rate if metrics is not None else 0.0
