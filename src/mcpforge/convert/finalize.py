"""Step 8, finalize: ``report.json`` and the markdown report (tools, passes, skips, failures, timings)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from mcpforge.convert._notes import service_state_notes
from mcpforge.convert.models import ConversionReport
from mcpforge.shown_text import code_span, fenced, inline_text

MAX_SAMPLE_CHARS = 400
MAX_REASON_CHARS = 600


def failures_by_category(report: ConversionReport) -> dict[str, int]:
    """Dropped tools per review label."""
    return dict(Counter(o.category or "unknown" for o in report.outcomes if not o.passed))


def markdown(report: ConversionReport) -> str:
    """The human report; shown first when the person reviews the staged service.

    Everything that came from the library (its name and version, callable paths, sample arguments and
    results, error messages, reasons) is data: names in code spans their own backticks cannot close,
    free text escaped onto one line, and sample calls and errors in fenced blocks no line of them can
    close (:mod:`mcpforge.shown_text`). Library text never sits in a table cell, where a ``|`` or a
    backslash could move it into the next column.
    """
    lines = [
        f"# Conversion of {code_span(report.library)} {code_span(report.version or '-')} → "
        f"{code_span(report.service)}",
        "",
        f"- source: {code_span(report.source)} · status: **{report.status}** · engine: "
        f"{inline_text(report.engine)}",
    ]
    if report.install:
        lines.append(f"- environment: {report.install}")
    if report.install_note:
        lines.append(f"- environment note: {inline_text(report.install_note)}")
    if report.stopped_at:
        lines.append(
            f"- stopped at **{inline_text(report.stopped_at)}** ({inline_text(report.stop_category or '')}): "
            f"{inline_text(_cut(report.stop_reason or '', MAX_REASON_CHARS))}"
        )
    lines += [
        f"- tools generated: {report.tools_generated} · "
        f"proven through an MCP client: {report.tools_passed} · "
        f"listed by the final service: {report.tools_listed} (incl. `release`)",
        f"- callables skipped before generation: {len(report.skipped)}",
        "- timings (s): " + ", ".join(f"{inline_text(k)} {v:.1f}" for k, v in report.timings.items()),
        "",
    ]
    lines += _passed(report)
    lines += _dropped(report)
    if report.failures_by_category:
        lines += ["## Failures by category", ""]
        lines += [f"- {inline_text(k)}: {v}" for k, v in sorted(report.failures_by_category.items())]
        lines.append("")
    if report.skipped:
        lines += ["## Skipped callables (first 30)", ""]
        lines += [f"- {code_span(s.public_path)}: {inline_text(s.reason)}" for s in report.skipped[:30]]
        lines.append("")
    # The bounds a converted service runs under, written by mcpforge (not library text).
    return "\n".join(lines) + "\n" + service_state_notes()


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _passed(report: ConversionReport) -> list[str]:
    """Each proven tool: its callable, then the sample call and its result in a fence."""
    passed = [o for o in report.outcomes if o.passed]
    if not passed:
        return []
    lines = ["## Tools (each answered a sample call)", ""]
    for outcome in passed:
        attempt = next(a for a in outcome.attempts if a.ok)
        sample = (
            f"arguments: {_cut(_json(attempt.arguments), MAX_SAMPLE_CHARS)}\n"
            f"result:    {_cut(_json(attempt.result), MAX_SAMPLE_CHARS)}"
        )
        lines += [
            f"### {code_span(outcome.tool)}",
            "",
            f"library callable {code_span(outcome.public_path)}; sample from {inline_text(attempt.source)}:",
            "",
            fenced(sample),
            "",
        ]
    return lines


def _dropped(report: ConversionReport) -> list[str]:
    """Each dropped tool: its label, then its last error in a fence."""
    dropped = [o for o in report.outcomes if not o.passed]
    if not dropped:
        return []
    lines = ["## Dropped after the run (no sample succeeded)", ""]
    for outcome in dropped:
        lines += [
            f"### {code_span(outcome.tool)}",
            "",
            f"label: {inline_text(outcome.category or 'unknown')}; last error:",
            "",
            fenced(_cut(outcome.dropped_reason or "(none recorded)", MAX_REASON_CHARS)),
            "",
        ]
    return lines


def _json(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(value)
