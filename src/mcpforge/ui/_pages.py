"""HTML of the review page. Everything that came from a tool or a file is escaped: it is data, never markup.

Control characters in that text (terminal escapes, bidi overrides that reorder a line of code) are written
out as ``\\u202e``-style text (:func:`~mcpforge.shown_text.visible_controls`): the person sees what is
there, in the order the interpreter reads it.

No template engine and no script: a few small functions that build escaped strings, so a reader can see
that no value reaches the page unescaped. The page is usable without JavaScript; styles come from
``/style.css`` (the Content-Security-Policy forbids inline styles and scripts).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from markdown_it import MarkdownIt
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer

from mcpforge.models import ToolCandidate, ToolStatus
from mcpforge.registry.audit import AuditEntry
from mcpforge.shown_text import visible_controls

STYLE = (
    "body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#1b1f24}"
    "table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccd;padding:.25rem .6rem;"
    "text-align:left;vertical-align:top}th{background:#eef}pre{background:#f6f8fa;padding:.8rem;"
    "overflow:auto}.reading{font-size:1.2rem;background:#fff8dc;padding:.8rem;border-left:4px solid #d4a017}"
    ".status{font-weight:bold}.notice{background:#e6ffed;padding:.6rem;border:1px solid #34d058}"
    ".error{background:#ffeef0;padding:.6rem;border:1px solid #d73a49}textarea{width:100%;height:4rem}"
    "form{display:inline-block;margin-right:1rem;vertical-align:top}.decide{margin:1rem 0}"
    "img.chart{max-width:100%;border:1px solid #ccd}" + HtmlFormatter().get_style_defs(".highlight")  # type: ignore[no-untyped-call]
)

#: Fixed notices shown after an action; the query names one by key, so a link cannot inject text.
NOTICES = {
    "approved": ("notice", "Approved and promoted: `mcpforge serve` now serves this tool."),
    "not-promoted": ("error", "Approved, but the promotion was refused; see the history below."),
    "rejected": ("notice", "Rejected: the tool is not registered."),
    "refined": ("notice", "Rejected with a reason: this is the corrected candidate, staged for review."),
}


def page(title: str, body: str, who: str = "") -> str:
    """A whole HTML document; ``who`` is the signed-in line (:func:`signed_in`)."""
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(title)} · mcpforge</title><link rel='stylesheet' href='/style.css'></head>"
        f"<body><div id='top'><a href='/'>Staging inbox</a>{who}</div>{body}</body></html>"
    )


def signed_in(name: str, roles: Iterable[str], csrf: str, *, team: bool) -> str:
    """Who uses the page: a signed-in identity (with a sign-out button), or the local user."""
    listed = ", ".join(sorted(roles)) or "no role"
    if not team:
        return f" · <span id='who'>Local user <b>{text(name)}</b> (every role)</span>"
    return (
        f" · <span id='who'>Signed in as <b>{text(name)}</b> ({escape(listed)})</span> "
        "<form method='post' action='/signout'>"
        f"<input type='hidden' name='csrf' value='{escape(csrf)}'>"
        "<button id='signout' type='submit'>Sign out</button></form>"
    )


def signin_page(field: str, error: str | None = None) -> str:
    """The team sign-in: the bearer token goes in a POST form (a password field), never in the address."""
    said = f"<p class='error' id='error'>{text(error)}</p>" if error else ""
    return page(
        "Sign in",
        f"<h1>Sign in</h1>{said}<p>Paste your mcpforge bearer token (the one `mcpforge serve --http` "
        "knows you by). Reviewing needs the role reviewer or admin.</p>"
        "<form method='post' action='/signin'>"
        f"<input type='hidden' name='signin' value='{escape(field)}'>"
        "<label for='token'>Token</label> "
        "<input id='token' name='token' type='password' autocomplete='off' required> "
        "<button id='signin' type='submit'>Sign in</button></form>",
    )


def refused_page(title: str, message: str) -> str:
    """A decision (or a sign-in) that was refused: one line saying why."""
    return page(title, f"<h1>{text(title)}</h1><p class='error' id='error'>{text(message)}</p>")


# The reading is markdown of mcpforge's own making: code spans around names, backslashes before special
# characters of values. Only those two rules render; any HTML in it stays text (the preset has no HTML).
_READING_MARKDOWN = MarkdownIt("zero").enable(["backticks", "escape"])


def reading_html(sentence: str) -> str:
    """The reading sentence as HTML: ``amount`` as <code>amount</code>, never raw backticks."""
    return str(_READING_MARKDOWN.renderInline(visible_controls(sentence)))


def text(value: Any) -> str:
    """Any value as HTML text: escaped, its control characters written out."""
    return escape(visible_controls(str(value)))


def table(columns: Sequence[str], rows: Iterable[Sequence[Any]], *, row_id: str | None = None) -> str:
    """An escaped HTML table."""
    head = "".join(f"<th>{text(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    ident = f" id='{escape(row_id)}'" if row_id else ""
    return f"<table{ident}><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return escape(f"{value:,.4f}".rstrip("0").rstrip("."))
    if isinstance(value, (dict, list)):
        return escape(json.dumps(value, default=str))
    return text("" if value is None else value)


def inbox(candidates: Sequence[ToolCandidate], who: str = "") -> str:
    """The staging inbox: STAGED candidates first, newest first within a status."""
    order = {ToolStatus.STAGED: 0, ToolStatus.APPROVED: 1, ToolStatus.DRAFT: 2}
    ranked = sorted(candidates, key=lambda c: c.created_at, reverse=True)
    ranked.sort(key=lambda c: order.get(c.status, 3))
    rows = [
        [
            f"<a href='/candidate/{escape(c.candidate_id)}'>{escape(c.candidate_id)}</a>",
            text(c.spec.tool_name),
            f"<span class='status'>{escape(c.status.value)}</span>",
            escape(c.created_at[:19].replace("T", " ")),
            escape(c.created_by),
        ]
        for c in ranked
    ]
    staged = sum(c.status == ToolStatus.STAGED for c in candidates)
    listing = (
        table(["candidate", "tool", "status", "created", "by"], rows, row_id="inbox")
        if rows
        else '<p>No candidates yet. Ask for one: <code>mcpforge ask "…" --data FILE</code></p>'
    )
    return page(
        "Staging inbox",
        f"<h1>Staging inbox</h1><p>{staged} candidate(s) waiting for your review.</p>{listing}",
        who,
    )


def result_table(result: dict[str, Any]) -> str:
    """The answer as data: a ``{columns, rows}`` table when the tool returned one, else its JSON."""
    inner = result.get("result")
    if (
        isinstance(inner, dict)
        and isinstance(inner.get("columns"), list)
        and isinstance(inner.get("rows"), list)
    ):
        rows = [[_cell(v) for v in row] for row in inner["rows"] if isinstance(row, list)]
        return table([str(c) for c in inner["columns"]], rows, row_id="result")
    return f"<pre id='result'>{escape(json.dumps(result, indent=2, default=str))}</pre>"


def code_block(source: str) -> str:
    """Python source, highlighted (pygments escapes it)."""
    return str(highlight(visible_controls(source), PythonLexer(), HtmlFormatter()))


def history(entries: Sequence[AuditEntry]) -> str:
    """The candidate's audit rows."""
    rows = [
        [
            escape(e.time[:19].replace("T", " ")),
            escape(e.actor),
            escape(e.action),
            escape(f"{e.from_status or ''} → {e.to_status or ''}"),
            text(e.note or ""),
        ]
        for e in entries
    ]
    return table(["time", "actor", "action", "transition", "note"], rows, row_id="history")


def decision_forms(
    candidate: ToolCandidate, csrf: str, *, read_only: str | None = None, no_approve: str | None = None
) -> str:
    """Approve / Reject forms (POST, with the CSRF field), only for a STAGED candidate.

    ``read_only``: why this person may not decide (no forms); ``no_approve``: why they may only reject.
    """
    if candidate.status != ToolStatus.STAGED:
        return (
            f"<p>This candidate is <b>{escape(candidate.status.value)}</b>; there is nothing to decide.</p>"
        )
    if read_only is not None:
        return f"<p class='error' id='read-only'>{text(read_only)}</p>"
    action = f"/candidate/{escape(candidate.candidate_id)}"
    hidden = f"<input type='hidden' name='csrf' value='{escape(csrf)}'>"
    approve = (
        f"<p class='error' id='no-approve'>{text(no_approve)}</p>"
        if no_approve is not None
        else f"<form method='post' action='{action}/approve'>{hidden}"
        "<button id='approve' type='submit'>Yes, correct — Approve and register</button></form>"
    )
    return (
        "<div class='decide'><h2>Your decision</h2>"
        "<p>1. Is this output correct for your current analysis? "
        "2. Should it be saved as a reusable tool?</p>"
        f"{approve}"
        f"<form method='post' action='{action}/reject'>{hidden}"
        "<label for='reason'>What is wrong (e.g. <i>wrong column: should be region not location</i>, "
        "<i>also filter year &gt; 2023</i>); a specific reason produces a corrected candidate:</label>"
        "<textarea id='reason' name='reason'></textarea>"
        "<button id='reject' type='submit'>Reject</button></form></div>"
    )


def validation(candidate: ToolCandidate, summary: str | None) -> str:
    """The validation report: its summary line, gates, metrics and logs."""
    report = candidate.validation_report
    if report is None:
        return "<p>No validation report was recorded.</p>"
    gates: list[tuple[str, bool | None]] = [
        ("schema", report.schema_ok),
        ("static (ruff, mypy)", report.static_ok),
        ("security policy", report.security_ok),
        ("sandbox tests", report.tests_ok),
    ]
    gate_rows = [[escape(n), "ok" if ok else ("not run" if ok is None else "FAILED")] for n, ok in gates]
    metrics = report.code_metrics.model_dump(mode="json") if report.code_metrics else {}
    return (
        f"<p id='validation'>{text(summary or '')}</p>"
        + table(["gate", "outcome"], gate_rows)
        + "<details><summary>Metrics</summary>"
        + f"<pre>{escape(json.dumps(metrics, indent=2))}</pre></details>"
        + "<details><summary>Validation log</summary>"
        + f"<pre>{text(chr(10).join(report.logs))}</pre></details>"
    )


def asked(details: Sequence[tuple[str, str | Sequence[str]]]) -> str:
    """What the person asked and what the CLI showed with it: request, data file, answers, assumptions."""
    rows = []
    for label, value in details:
        if isinstance(value, str):
            shown = text(value) if value else "<i>none</i>"
        else:
            items = "".join(f"<li>{text(item)}</li>" for item in value)
            shown = f"<ul>{items}</ul>" if value else "<i>none</i>"
        rows.append(f"<tr><th>{escape(label)}</th><td>{shown}</td></tr>")
    return f"<table id='asked'><tbody>{''.join(rows)}</tbody></table>"


def _assumptions(items: Sequence[str]) -> str:
    """What the person must check before the numbers (e.g. a condition the request never mentioned)."""
    if not items:
        return ""
    listed = "".join(f"<li>{reading_html(item)}</li>" for item in items)
    return f"<div class='error' id='assumptions'><b>Check this before the numbers:</b><ul>{listed}</ul></div>"


def candidate_page(
    candidate: ToolCandidate,
    *,
    reading: tuple[str, list[str]],
    details: Sequence[tuple[str, str | Sequence[str]]],
    code: str,
    charts: Sequence[str],
    entries: Sequence[AuditEntry],
    summary: str | None,
    csrf: str,
    notice: str | None,
    who: str = "",
    read_only: str | None = None,
    no_approve: str | None = None,
) -> str:
    """One candidate: the reading first, then the answer, the decision, code, spec, validation, history."""
    kind, said = NOTICES.get(notice or "", ("", ""))
    banner = f"<p class='{kind}' id='notice'>{escape(said)}</p>" if said else ""
    artifacts = candidate.run_artifacts
    answer = result_table(artifacts.result) if artifacts is not None else "<p>No staged run was recorded.</p>"
    images = "".join(
        f"<p><img class='chart' alt='chart {escape(name)}' "
        f"src='/candidate/{escape(candidate.candidate_id)}/file/{escape(name)}'></p>"
        for name in charts
    )
    body = (
        f"{banner}<h1>{text(candidate.spec.tool_name)} <small>v{text(candidate.version)}</small></h1>"
        f"<p>Status: <span class='status' id='status'>{escape(candidate.status.value)}</span> · "
        f"candidate <code>{escape(candidate.candidate_id)}</code></p>"
        f"<h2>What was computed</h2><p class='reading' id='reading'>{reading_html(reading[0])}</p>"
        f"{_assumptions(reading[1])}"
        f"<h2>What you asked</h2>{asked(details)}"
        f"<h2>Result</h2>{answer}{images}"
        f"{decision_forms(candidate, csrf, read_only=read_only, no_approve=no_approve)}"
        f"<h2>Validation</h2>{validation(candidate, summary)}"
        f"<h2>Code</h2><div id='code'>{code_block(code)}</div>"
        "<h2>Contract (ToolSpec)</h2>"
        f"<pre id='spec'>{escape(json.dumps(candidate.spec.model_dump(mode='json'), indent=2))}</pre>"
        f"<h2>History</h2>{history(entries)}"
    )
    return page(candidate.spec.tool_name, body, who)
