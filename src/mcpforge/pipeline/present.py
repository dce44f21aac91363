"""Step 6: the presentation of a staged result (requirements Step 6, to the letter).

Result first, then the tool summary (name, what it did, rows, time, assumptions, limitations), then the
two-step approval request. A short validation line (pass rates, quality tier, warnings) sits in the
summary so the person sees how the tool was checked.
"""

from __future__ import annotations

from pathlib import Path

from mcpforge.models import RunArtifacts, ToolCandidate, ValidationReport

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


def format_duration(milliseconds: float) -> str:
    """``45ms`` below a second, ``1.25s`` above."""
    if milliseconds < 1000:
        return f"{milliseconds:.0f}ms"
    return f"{milliseconds / 1000:.2f}s"


def _bullets(items: list[str], empty: str) -> str:
    return "\n".join(f"- {item}" for item in items) if items else f"- {empty}"


def what_it_did(candidate: ToolCandidate, artifacts: RunArtifacts) -> str:
    """One sentence: the run's own description, else the spec's, with the data file named."""
    text = str(artifacts.metadata.get("what_it_did") or candidate.spec.description).strip().rstrip(".")
    data_path = artifacts.metadata.get("data_path")
    if data_path and Path(str(data_path)).name not in text:
        text = f"{text} (on {Path(str(data_path)).name})"
    return text


def validation_line(report: ValidationReport | None) -> str | None:
    """The short validation summary, or None when the candidate has no report."""
    if report is None:
        return None
    from mcpforge.pipeline.validation.run import summary_line

    return summary_line(report)


def tool_summary(candidate: ToolCandidate, artifacts: RunArtifacts) -> str:
    """The ``### Tool Summary`` section."""
    rows = f"{artifacts.rows_processed:,}" if artifacts.rows_processed is not None else "unknown"
    lines = [
        "### Tool Summary",
        f"**Tool Name**: {candidate.spec.tool_name}",
        f"**What It Did**: {what_it_did(candidate, artifacts)}",
        f"**Rows Processed**: {rows}",
        f"**Execution Time**: {format_duration(artifacts.execution_time_ms)}",
    ]
    validation = validation_line(candidate.validation_report)
    if validation:
        lines.append(f"**Validation**: {validation}")
    assumptions = [str(a) for a in artifacts.metadata.get("assumptions", []) or candidate.spec.assumptions]
    limitations = [str(a) for a in artifacts.metadata.get("limitations", []) or candidate.spec.limitations]
    lines += ["", "**Assumptions**:", _bullets(assumptions, "None stated")]
    lines += ["", "**Limitations**:", _bullets(limitations, "None stated")]
    return "\n".join(lines)


def result_section(artifacts: RunArtifacts) -> str:
    """The primary output: the tool's markdown without its footer."""
    body = (
        artifacts.summary_markdown
        or str(artifacts.outputs.get("markdown", ""))
        or "_(the tool returned no text)_"
    )
    return body.strip()


def present(candidate: ToolCandidate, artifacts: RunArtifacts) -> str:
    """The Step 6 markdown for a staged candidate and its run."""
    return (
        "## Analysis Results\n\n"
        f"{result_section(artifacts)}\n\n"
        "---\n\n"
        f"{tool_summary(candidate, artifacts)}\n\n"
        "---\n\n"
        f"{APPROVAL_SECTION}"
    )


def present_reuse(tool_name: str, version: str, artifacts: RunArtifacts) -> str:
    """The presentation of a run of an already promoted tool (no approval needed)."""
    rows = f"{artifacts.rows_processed:,}" if artifacts.rows_processed is not None else "unknown"
    return (
        "## Analysis Results\n\n"
        f"{result_section(artifacts)}\n\n"
        "---\n\n"
        "### Tool Summary\n"
        f"**Tool Name**: {tool_name} (registered, version {version})\n"
        f"**Rows Processed**: {rows}\n"
        f"**Execution Time**: {format_duration(artifacts.execution_time_ms)}\n\n"
        "This answer came from a tool already in your registry; nothing new was generated.\n"
    )
