"""Step 6: the presentation of a staged result — the reading first, then the result as data.

Requirements Step 6 (result, tool summary with assumptions and limitations, two-step approval request),
opened by the reading: one sentence of what the tool computes, so the person can check it against
their words before anything else (ARCHITECTURE §5). For model-written code the reading comes from the
code itself, and a condition the request never mentions is shown before the numbers.

mcpforge's own parts can never be imitated by the tool: the answer table is rendered here from the
tool's structured output with every cell escaped, every text that came from the tool (its description,
notes, assumptions) is escaped onto one line, and the tool's own printed text, when shown at all, comes
last, in a fence it cannot close (:mod:`mcpforge.pipeline._data_markdown`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from mcpforge.models import Intent, RunArtifacts, ToolCandidate, ValidationReport
from mcpforge.pipeline._data_markdown import extra_values, fenced, table_markdown
from mcpforge.pipeline.intent.reading import code_span, inline_text, reading_sentence, value_text

APPROVAL_SECTION = (
    "### ⚠️ Approval Required\n"
    "This tool is **staged** and not yet registered in your MCP tool registry.\n"
    "\n"
    "**Two-Step Approval Process**:\n"
    "\n"
    "1. **Is this output correct for your current analysis?**\n"
    "   Reply: `Yes` or `No`\n"
    "\n"
    "2. **Should I save this as a reusable tool for future analyses?**\n"
    "   Reply: `Approve` (register tool) or `Reject` (don't register)\n"
    "\n"
    "**Note**: You can accept the output without registering the tool.\n"
    "If you reject the tool, please specify what needs improvement "
    "(incorrect columns, wrong metric, missing filter, etc.)\n"
)
TOOL_TEXT_HEADING = "### Text printed by the tool (shown as data, not part of this review)"
PERSON_CASE = "normal_person_data"
_FOOTER_KEYS = frozenset({
    "operation", "result", "rows_processed", "rows_matched", "rows_returned", "notes", "result_rows",
    "result_truncated", "assumptions", "limitations",
})  # fmt: skip
Origin = Literal["catalogue", "model", "handwritten"]


@dataclass(frozen=True, kw_only=True)
class Reading:
    """What the tool computes in one sentence, and the assumptions the person must see first."""

    sentence: str
    origin: Origin
    assumptions: list[str] = field(default_factory=list)


def format_duration(milliseconds: float) -> str:
    """``45ms`` below a second, ``1.25s`` above."""
    if milliseconds < 1000:
        return f"{milliseconds:.0f}ms"
    return f"{milliseconds / 1000:.2f}s"


def _bullets(items: list[str], empty: str) -> str:
    return "\n".join(f"- {inline_text(item)}" for item in items) if items else f"- {empty}"


def _footer(artifacts: RunArtifacts | None) -> dict[str, Any]:
    return artifacts.result if artifacts is not None and isinstance(artifacts.result, dict) else {}


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _call_arguments(arguments: dict[str, Any] | None) -> dict[str, Any]:
    """A call's arguments without the data file (shown elsewhere)."""
    return {k: v for k, v in (arguments or {}).items() if not (k == "file_path" or k.endswith("_path"))}


def _catalogue_arguments(intent: Intent, arguments: dict[str, Any] | None) -> dict[str, Any] | None:
    """``arguments`` when they are a call of ``intent``'s catalogue operation (every argument present)."""
    from mcpforge.catalogue import CATALOGUE
    from mcpforge.exceptions import MCPForgeError

    operation = CATALOGUE.get(intent.operation)
    if operation is None or not arguments:
        return None
    try:
        expected = operation.arguments(intent)
    except (MCPForgeError, ValueError, TypeError, KeyError, IndexError):
        return None
    return arguments if set(expected) <= set(arguments) else None


def intent_reading(
    intent: Intent, artifacts: RunArtifacts | None, arguments: dict[str, Any] | None = None
) -> Reading:
    """The reading of a catalogue intent, with the rows its run used when known."""
    footer = _footer(artifacts)
    rows = _int(footer.get("rows_matched"))
    if rows is None and not intent.filters:
        rows = _int(footer.get("rows_processed"))
    call = _catalogue_arguments(intent, _call_arguments(arguments))
    return Reading(sentence=reading_sentence(intent, rows=rows, arguments=call), origin="catalogue")


def _model_reading(candidate: ToolCandidate, intent: Intent, artifacts: RunArtifacts | None) -> Reading:
    from mcpforge.pipeline.modelgen.code_reading import read_compute

    source = _tool_source(candidate)
    code = read_compute(source) if source is not None else None
    if code is None:
        return Reading(
            sentence="The model-written code could not be read back into a sentence: check the result "
            f"against your request, “{inline_text(intent.request)}”.",
            origin="model",
        )
    rows = _int(_footer(artifacts).get("rows_processed"))
    return Reading(
        sentence=code.sentence(rows=rows), origin="model", assumptions=code.assumptions(intent.request)
    )


def _tool_source(candidate: ToolCandidate) -> str | None:
    if not candidate.package_path:
        return None
    try:
        return (Path(candidate.package_path) / "tool.py").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _handwritten_reading(name: str, description: str, arguments: dict[str, Any] | None) -> Reading:
    call = _call_arguments(arguments)
    called = ", ".join(f"{code_span(k)} = {value_text(v)}" for k, v in call.items())
    with_args = f", called with {called}" if called else ""
    return Reading(
        sentence=f"The hand-written tool {code_span(name)}{with_args}; mcpforge did not write it, so this "
        f"is its own description, not a reading: “{inline_text(description.strip().rstrip('.'))}”.",
        origin="handwritten",
    )


def candidate_reading(candidate: ToolCandidate, artifacts: RunArtifacts | None = None) -> Reading:
    """The reading of ``candidate``: from its intent, from its model-written code, or its own words."""
    artifacts = artifacts if artifacts is not None else candidate.run_artifacts
    intent = Intent.model_validate(candidate.intent) if candidate.intent else None
    if intent is not None and intent.operation == "custom":
        return _model_reading(candidate, intent, artifacts)
    if intent is not None:
        return intent_reading(intent, artifacts, candidate.run_arguments)
    return _handwritten_reading(candidate.spec.tool_name, candidate.spec.description, candidate.run_arguments)


def reading_section(reading: Reading) -> str:
    """``**Reading**: …`` and, before any number, the assumptions the person must check."""
    lines = [f"**Reading**: {reading.sentence}"]
    if reading.assumptions:
        lines += ["", "> ⚠️ **Check this before the numbers**: the request did not say it."]
        lines += [f"> - {assumption}" for assumption in reading.assumptions]
    return "\n".join(lines)


def what_it_did(candidate: ToolCandidate, artifacts: RunArtifacts) -> str:
    """One sentence: the run's own description, else the spec's, with the data file named (escaped)."""
    text = str(artifacts.metadata.get("what_it_did") or candidate.spec.description).strip().rstrip(".")
    data_path = artifacts.metadata.get("data_path")
    if data_path and Path(str(data_path)).name not in text:
        text = f"{text} (on {Path(str(data_path)).name})"
    return inline_text(text)


def _cases(report: ValidationReport) -> tuple[int, bool]:
    """(generated cases, whether the person's data was a passed case) from the report's test results."""
    metrics = report.code_metrics
    results = metrics.functional_correctness.test_results if metrics is not None else []
    generated = sum(1 for r in results if r.get("test_id") != PERSON_CASE)
    person = any(r.get("test_id") == PERSON_CASE and r.get("passed") for r in results)
    return generated, person


def validation_line(report: ValidationReport | None, origin: Origin = "catalogue") -> str | None:
    """What validation proves, in words, then its figures; None when the candidate has no report."""
    if report is None:
        return None
    from mcpforge.pipeline.validation.run import summary_line

    figures = summary_line(report)
    generated, person = _cases(report)
    if not (report.tests_ok and generated):
        return figures
    where = (
        f"on your data and on {generated} generated cases" if person else f"on {generated} generated cases"
    )
    claim = {
        "catalogue": f"the code computes the reading above {where}",
        "model": f"the code ran {where} and its answer has the expected shape; no independent reference "
        "exists for model-written code, so the reading above, read from the code, is what it computes",
        "handwritten": f"the tool ran {where}; mcpforge did not write it and has no reference to check "
        "what it computes",
    }[origin]
    return f"{claim} ({figures})"


def tool_summary(candidate: ToolCandidate, artifacts: RunArtifacts, reading: Reading | None = None) -> str:
    """The ``### Tool Summary`` section (every text that came from the tool is escaped)."""
    reading = reading or candidate_reading(candidate, artifacts)
    rows = f"{artifacts.rows_processed:,}" if artifacts.rows_processed is not None else "unknown"
    lines = [
        "### Tool Summary",
        f"**Tool Name**: {inline_text(candidate.spec.tool_name)}",
        f"**What It Did**: {what_it_did(candidate, artifacts)}",
        f"**Rows Processed**: {rows}",
        f"**Execution Time**: {format_duration(artifacts.execution_time_ms)}",
    ]
    validation = validation_line(candidate.validation_report, reading.origin)
    if validation:
        lines.append(f"**Validation**: {validation}")
    assumptions, limitations = stated_assumptions(candidate, artifacts)
    lines += ["", "**Assumptions**:", _bullets(assumptions, "None stated")]
    lines += ["", "**Limitations**:", _bullets(limitations, "None stated")]
    return "\n".join(lines)


def stated_assumptions(
    candidate: ToolCandidate, artifacts: RunArtifacts | None
) -> tuple[list[str], list[str]]:
    """The assumptions and limitations the review states: the run's own, else the contract's."""
    metadata = artifacts.metadata if artifacts is not None else {}
    assumptions = [str(a) for a in metadata.get("assumptions", []) or candidate.spec.assumptions]
    limitations = [str(a) for a in metadata.get("limitations", []) or candidate.spec.limitations]
    return assumptions, limitations


def result_section(artifacts: RunArtifacts) -> str:
    """The answer, rendered by mcpforge from the tool's structured output (never the tool's markdown)."""
    footer = _footer(artifacts)
    table = table_markdown(footer) if footer else None
    if table is None:
        return (
            "_The tool returned no structured answer (its footer has no `result`: "
            '`output_footer({"result": {"columns": [...], "rows": [...]}})` gives one); '
            "the text it printed is shown as data below._"
        )
    extras = extra_values(footer, _FOOTER_KEYS)
    return table + (f"\n\n_Also reported by the tool_: {'; '.join(extras)}" if extras else "")


def tool_text_section(artifacts: RunArtifacts, *, always: bool = False) -> str | None:
    """The tool's own printed text, last and fenced; only when it may say more than the table."""
    text = artifacts.summary_markdown or str(artifacts.outputs.get("markdown", ""))
    if not text.strip() or not (always or table_markdown(_footer(artifacts)) is None):
        return None
    return f"{TOOL_TEXT_HEADING}\n\n{fenced(text.strip())}"


def present(candidate: ToolCandidate, artifacts: RunArtifacts) -> str:
    """The Step 6 markdown for a staged candidate and its run: reading, result, summary, approval."""
    reading = candidate_reading(candidate, artifacts)
    parts = [
        "## Analysis Results",
        reading_section(reading),
        result_section(artifacts),
        "---",
        tool_summary(candidate, artifacts, reading),
        "---",
        APPROVAL_SECTION.rstrip("\n"),
    ]
    tool_text = tool_text_section(artifacts, always=reading.origin == "handwritten")
    if tool_text:
        parts += ["---", tool_text]
    return "\n\n".join(parts) + "\n"


def reuse_reading(
    tool_name: str,
    artifacts: RunArtifacts,
    *,
    intent: Intent | None = None,
    arguments: dict[str, Any] | None = None,
    description: str = "",
) -> Reading:
    """The reading of a run of an already promoted tool (from this request's intent, or its own words)."""
    if intent is not None and intent.operation != "custom":
        return intent_reading(intent, artifacts, arguments)
    return _handwritten_reading(tool_name, description or tool_name, arguments)


def present_reuse(
    tool_name: str,
    version: str,
    artifacts: RunArtifacts,
    *,
    intent: Intent | None = None,
    arguments: dict[str, Any] | None = None,
    description: str = "",
    made_for: str | None = None,
) -> str:
    """The presentation of a run of an already promoted tool: reading first, no approval needed.

    The request shown is this one (not the one the tool was first made for); ``made_for`` is the tool's
    own description when this call changes its default columns or values (its name still says them).
    """
    reading = reuse_reading(tool_name, artifacts, intent=intent, arguments=arguments, description=description)
    call = json.dumps(_call_arguments(arguments), ensure_ascii=False, default=str, sort_keys=True)
    rows = f"{artifacts.rows_processed:,}" if artifacts.rows_processed is not None else "unknown"
    request = f"**Request**: {inline_text(intent.request)}\n" if intent is not None and intent.request else ""
    made = (
        f"**Made for**: “{inline_text(made_for.strip())}”: the name and description speak of the tool's "
        "defaults; this call gives it other arguments\n"
        if made_for
        else ""
    )
    parts = [
        "## Analysis Results",
        reading_section(reading),
        result_section(artifacts),
        "---",
        "### Tool Summary\n"
        f"{request}"
        f"**Tool Name**: {inline_text(tool_name)} (registered, version {inline_text(version)})\n"
        f"**Answered by**: approved tool {code_span(tool_name)} v{inline_text(version)} "
        f"with arguments {code_span(call)}\n"
        f"{made}"
        f"**Rows Processed**: {rows}\n"
        f"**Execution Time**: {format_duration(artifacts.execution_time_ms)}\n\n"
        "This answer came from a tool already in your registry; nothing new was generated.",
    ]
    tool_text = tool_text_section(artifacts)
    if tool_text:
        parts += ["---", tool_text]
    return "\n\n".join(parts) + "\n"
