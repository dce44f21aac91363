"""Step 8, finalize: ``report.json`` and the markdown report (tools, passes, skips, failures, timings)."""

from __future__ import annotations

from collections import Counter

from mcpforge.convert.models import ConversionReport


def failures_by_category(report: ConversionReport) -> dict[str, int]:
    """Dropped tools per review label."""
    return dict(Counter(o.category or "unknown" for o in report.outcomes if not o.passed))


def markdown(report: ConversionReport) -> str:
    """The human report; shown first when the person reviews the staged service."""
    lines = [
        f"# Conversion of {report.library} {report.version or ''} → `{report.service}`",
        "",
        f"- source: `{report.source}` · status: **{report.status}** · engine: {report.engine}",
    ]
    if report.stopped_at:
        lines.append(f"- stopped at **{report.stopped_at}** ({report.stop_category}): {report.stop_reason}")
    lines += [
        f"- tools generated: {report.tools_generated} · "
        f"proven through an MCP client: {report.tools_passed} · "
        f"listed by the final service: {report.tools_listed} (incl. `release`)",
        f"- callables skipped before generation: {len(report.skipped)}",
        "- timings (s): " + ", ".join(f"{k} {v:.1f}" for k, v in report.timings.items()),
        "",
    ]
    passed = [o for o in report.outcomes if o.passed]
    if passed:
        lines += [
            "## Tools (each answered a sample call)",
            "",
            "| tool | library callable | sample | result |",
            "|---|---|---|---|",
        ]
        for outcome in passed:
            attempt = next(a for a in outcome.attempts if a.ok)
            result = str(attempt.result)[:80].replace("|", "\\|").replace("\n", " ")
            args = str(attempt.arguments)[:80].replace("|", "\\|")
            lines.append(
                f"| `{outcome.tool}` | `{outcome.public_path}` | {attempt.source}: `{args}` | `{result}` |"
            )
        lines.append("")
    dropped = [o for o in report.outcomes if not o.passed]
    if dropped:
        lines += [
            "## Dropped after the run (no sample succeeded)",
            "",
            "| tool | label | last error |",
            "|---|---|---|",
        ]
        for outcome in dropped:
            error = (outcome.dropped_reason or "")[:120].replace("|", "\\|").replace("\n", " ")
            lines.append(f"| `{outcome.tool}` | {outcome.category} | {error} |")
        lines.append("")
    if report.failures_by_category:
        lines += ["## Failures by category", ""]
        lines += [f"- {k}: {v}" for k, v in sorted(report.failures_by_category.items())]
        lines.append("")
    if report.skipped:
        lines += ["## Skipped callables (first 30)", ""]
        lines += [f"- `{s.public_path}`: {s.reason}" for s in report.skipped[:30]]
        lines.append("")
    return "\n".join(lines) + "\n"
