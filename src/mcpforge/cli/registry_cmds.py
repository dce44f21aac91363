"""Registry commands: ``init``, ``tools``, ``candidates``, ``review``, ``promote``, ``stats``, ``doctor``."""

from __future__ import annotations

import getpass
import importlib
import select
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from mcpforge.cli._common import (
    EXIT_RUNTIME_ERROR,
    ConfigOption,
    JsonOption,
    RegistryOption,
    cli_errors,
    fail,
    load_cli_config,
    print_json,
)
from mcpforge.cli._render import (
    command_hint,
    console,
    echo,
    render_markdown,
    stdout_is_terminal,
    terminal_text,
)

if TYPE_CHECKING:
    from mcpforge.config import MCPForgeConfig
    from mcpforge.models import SemanticClosenessMetrics, ToolCandidate
    from mcpforge.registry import FileStore, RegistryBackend

_PLAIN_LIST_ROWS = 200
EXIT_PENDING = 4  # doctor: no damage, but an interrupted act or promotion waits to be finished
tools_app = typer.Typer(
    rich_markup_mode=None, help="Promoted tools in the active registry.", no_args_is_help=True
)
candidates_app = typer.Typer(
    rich_markup_mode=None, help="Staged, approved, rejected and promoted candidates.", no_args_is_help=True
)

REVIEW_JSON_KEYS = ("candidate_id", "status", "tool_name", "version", "result_markdown", "result", "error")
_EMPTY_REVIEW = dict.fromkeys(REVIEW_JSON_KEYS)


def _actor() -> str:
    """The person at the keyboard, as recorded in the audit log."""
    try:
        return f"human:{getpass.getuser()}"
    except (OSError, KeyError):
        return "human:unknown"


def _open(
    registry: Path | None, config: Path | None, *, damaged_ok: bool = False
) -> tuple[RegistryBackend, MCPForgeConfig]:
    """The configured registry; exits with one line when it has not been initialized.

    With ``damaged_ok`` (the doctor), a file registry that has an audit log but lost a metadata file is
    opened.
    """
    from mcpforge.registry import FileStore, RegistryNotInitializedError, open_registry

    cfg = load_cli_config(registry, config)
    reg = open_registry(cfg)
    damaged = damaged_ok and isinstance(reg, FileStore) and reg.audit.path.is_file()
    if not reg.is_initialized() and not damaged:
        raise RegistryNotInitializedError(reg.location)
    return reg, cfg


def _services_store(reg: RegistryBackend, name: str) -> FileStore:
    """The file registry holding converted services, for a name that is no active tool: on another
    kind of registry (no services yet) the name is simply unknown."""
    from mcpforge.exceptions import NotFoundError
    from mcpforge.registry import FileStore

    if not isinstance(reg, FileStore):
        raise NotFoundError("tool", name)
    return reg


def _table(title: str, columns: list[str], rows: list[list[str]]) -> None:
    """A rich table on a terminal; through a pipe, tab-separated lines with nothing cut (full ids)."""
    if not stdout_is_terminal():
        for line in [columns, *rows]:
            echo("\t".join(cell.replace("\t", " ").replace("\n", " ") for cell in line))
        return
    from rich.table import Table
    from rich.text import Text

    # Text cells: a tool's name or note holding "[bold]" is shown as written, never read as markup.
    table = Table(title=title)
    for column in columns:
        table.add_column(Text(terminal_text(column)))
    for row in rows:
        table.add_row(*(Text(terminal_text(cell)) for cell in row))
    console().print(table)


# ---------------------------------------------------------------------------------------------- init
def init_command(
    registry: RegistryOption = None,
    config: ConfigOption = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing configuration file.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Create the registry layout and a commented default mcpforge.yaml.

    Example: mcpforge init --registry ./registry
    """
    from mcpforge.registry import open_registry
    from mcpforge.registry.config_template import default_config_yaml

    with cli_errors(as_json=as_json):
        from mcpforge.config import CONFIG_FILE_NAME

        config_path = config or Path(CONFIG_FILE_NAME)
        cfg = load_cli_config(registry, config if config is not None and config.exists() else None)
        reg = open_registry(cfg)
        reg.init()
        written = False
        if config_path.exists() and not force:
            note = f"kept existing {str(config_path)!r} (use --force to overwrite)"
        else:
            from mcpforge.registry._atomic import atomic_write_text

            atomic_write_text(config_path, default_config_yaml(_without_secrets(cfg)))
            written = True
            note = f"wrote {str(config_path)!r}"
            if _without_secrets(cfg) != cfg:
                note += " without the database password (give it in PGPASSWORD or ~/.pgpass)"
        if as_json:
            print_json({"registry": reg.location, "config": str(config_path), "config_written": written})
        else:
            echo(f"Registry ready at {reg.location!r}; {note}.")


def _without_secrets(cfg: MCPForgeConfig) -> MCPForgeConfig:
    """``cfg`` as it may be written to mcpforge.yaml: a registry URL keeps no password."""
    from mcpforge.registry.urls import without_password

    registry = cfg.registry.model_copy(
        update={
            "root": without_password(cfg.registry.root),
            "url": without_password(cfg.registry.url) if cfg.registry.url else cfg.registry.url,
        }
    )
    return cfg.model_copy(update={"registry": registry})


# ---------------------------------------------------------------------------------------------- tools
@tools_app.command("list")
def tools_list(
    registry: RegistryOption = None, config: ConfigOption = None, as_json: JsonOption = False
) -> None:
    """List promoted tools with their versions and integrity.

    Example: mcpforge tools list --json
    """
    with cli_errors(as_json=as_json):
        reg, _ = _open(registry, config)
        rows = []
        indexed = reg.indexed_tools()  # the tool index: no spec or code file is read
        reg.learn_hashes()  # hashes recorded with their file identity; a changed file is hashed again
        for tool in indexed:
            rows.append(
                {
                    "kind": "tool",
                    "name": tool.name,
                    "version": tool.version,
                    "path": str(reg.root / tool.path),  # a stored path is relative to the root
                    "spec_hash": tool.spec_hash,
                    "code_hash": tool.code_hash,
                    "promoted_at": tool.promoted_at,
                    "created_by": tool.created_by,
                    "description": tool.description,
                    "integrity": reg.integrity(tool) or "ok",
                }
            )
        from mcpforge.registry import FileStore
        from mcpforge.registry.services import service_tool_rows

        if isinstance(reg, FileStore):  # converted services' tools, served as <service>_<tool>
            rows += service_tool_rows(reg)
        if as_json:
            print_json({"tools": rows, "count": len(rows)})
            return
        if not rows:
            echo("No promoted tools yet.")
            return
        if len(rows) > _PLAIN_LIST_ROWS:
            # A rich table of thousands of rows takes seconds to lay out; plain columns take milliseconds.
            lines = [f"{r['name']}\t{r['version']}\t{r['promoted_at']}\t{r['integrity']}" for r in rows]
            echo("name\tversion\tpromoted\tintegrity\n" + "\n".join(lines))
            return
        _table(
            "Active tools",
            ["name", "version", "promoted", "integrity", "description"],
            [
                [r["name"], r["version"], r["promoted_at"], r["integrity"], r["description"][:60]]
                for r in rows
            ],
        )


@tools_app.command("show")
def tools_show(
    name: Annotated[str, typer.Argument(help="Tool name.")],
    registry: RegistryOption = None,
    config: ConfigOption = None,
    source: Annotated[bool, typer.Option("--source", help="Also print tool.py.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Show one promoted tool: version, hashes, spec, integrity.

    Example: mcpforge tools show group_and_count_by_columns --source
    """
    from mcpforge.exceptions import IntegrityError

    with cli_errors(as_json=as_json):
        reg, _ = _open(registry, config)
        tool = reg.get_active_tool(name)
        if tool is None:
            _show_active_service(_services_store(reg, name), name, as_json=as_json)
            return
        try:
            reg.verify_tool(name)
            integrity = "ok"
        except IntegrityError as exc:
            integrity = str(exc)
        data: dict[str, Any] = {**tool.to_dict(), "integrity": integrity, "spec": tool.spec.model_dump()}
        if source:
            data["source"] = tool.source()
        if as_json:
            print_json(data)
            return
        for key in (
            "name",
            "version",
            "path",
            "promoted_at",
            "created_by",
            "spec_hash",
            "code_hash",
            "integrity",
        ):
            echo(f"{key}: {data[key]}")
        echo(f"description: {tool.spec.description}")
        echo(f"when to use: {tool.spec.when_to_use}")
        echo(f"returns: {tool.spec.returns}")
        if source:
            echo("\n" + data["source"])


def _show_active_service(reg: FileStore, name: str, *, as_json: bool) -> None:
    """``tools show`` of a converted service, or of one of its tools (``<service>_<tool>``)."""
    from mcpforge.exceptions import NotFoundError
    from mcpforge.registry.service_tools import find_service_entry, service_details

    match = find_service_entry(reg, name)
    if match is None:
        raise NotFoundError("tool", name)
    data = service_details(reg, match)
    if as_json:
        print_json(data)
        return
    for key in ("name", "kind", "service", "version", "path", "promoted_at", "promoted_by", "integrity"):
        echo(f"{key}: {data[key]}")
    if match.spec is None:
        echo(f"tools: {', '.join(data['tools'])}")
    else:
        echo(f"description: {match.spec.description}")
        echo(f"when to use: {match.spec.when_to_use}")
        echo(f"returns: {match.spec.returns}")


@tools_app.command("remove")
def tools_remove(
    name: Annotated[str, typer.Argument(help="Tool name.")],
    registry: RegistryOption = None,
    config: ConfigOption = None,
    as_json: JsonOption = False,
) -> None:
    """Unregister a promoted tool, or a converted service with all its tools (files move to
    archive/removed/).

    Example: mcpforge tools remove group_and_count_by_columns
    """
    with cli_errors(as_json=as_json):
        reg, _ = _open(registry, config)
        if reg.get_active_tool(name) is None:
            from mcpforge.registry.service_tools import remove_service

            removed = remove_service(_services_store(reg, name), name, actor=_actor())
            if as_json:
                print_json(removed)
            else:
                tools = len(removed["tools"])
                echo(f"Removed service {name!r} ({tools} tools); running servers drop it on their next poll.")
            return
        reg.remove_tool(name, actor=_actor())
        if as_json:
            print_json({"removed": name})
        else:
            echo(f"Removed {name!r}; running servers drop it on their next poll.")


# ---------------------------------------------------------------------------------------------- candidates
def _semantic(candidate: ToolCandidate) -> SemanticClosenessMetrics | None:
    report = candidate.validation_report
    metrics = report.code_metrics if report is not None else None
    return metrics.semantic_closeness if metrics is not None else None


def _candidate_summary(candidate: ToolCandidate) -> dict[str, Any]:
    semantic = _semantic(candidate)
    return {
        "kind": "tool",
        "candidate_id": candidate.candidate_id,
        "tool_name": candidate.spec.tool_name,
        "version": candidate.version,
        "status": candidate.status.value,
        "created_at": candidate.created_at,
        "created_by": candidate.created_by,
        "path": candidate.package_path,
        "code_bleu": round(semantic.code_bleu_score, 4) if semantic is not None else None,
        "code_bleu_reference": semantic.reference if semantic is not None else None,
    }


def _code_bleu_line(candidate: ToolCandidate) -> str | None:
    """One line on CodeBLEU, which is informational: it does not enter the overall score."""
    semantic = _semantic(candidate)
    if semantic is None:
        return None
    against = f" against `{semantic.reference}`" if semantic.reference else ""
    return f"**CodeBLEU**: {semantic.code_bleu_score:.2f}{against} (informational, not in the quality score)"


@candidates_app.command("list")
def candidates_list(
    registry: RegistryOption = None,
    config: ConfigOption = None,
    status: Annotated[
        str | None, typer.Option("--status", help="Only this status: STAGED, APPROVED, REJECTED, PROMOTED.")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """List candidates, oldest first.

    Example: mcpforge candidates list --status STAGED
    """
    from mcpforge.exceptions import InvalidArgumentError
    from mcpforge.models import ToolStatus

    with cli_errors(as_json=as_json):
        reg, _ = _open(registry, config)
        wanted = None
        if status is not None:
            try:
                wanted = ToolStatus(status.upper())
            except ValueError as exc:
                raise InvalidArgumentError(f"unknown status {status!r}", argument="--status") from exc
        from mcpforge.registry import FileStore
        from mcpforge.registry.services import service_candidate_rows

        rows = [_candidate_summary(c) for c in reg.list_candidates(wanted)]
        # Converted services are candidates too (`mcpforge review ID` reviews them like any other).
        services = service_candidate_rows(reg, wanted) if isinstance(reg, FileStore) else []
        rows = sorted([*rows, *services], key=lambda row: str(row["created_at"]))
        if as_json:
            print_json({"candidates": rows, "count": len(rows)})
            return
        if not rows:
            echo("No candidates.")
            return
        _table(
            "Candidates",
            ["candidate", "status", "created", "created by", "CodeBLEU", "kind"],
            [
                [
                    r["candidate_id"],
                    r["status"],
                    r["created_at"],
                    r["created_by"],
                    "-" if r["code_bleu"] is None else f"{r['code_bleu']:.2f}",
                    r["kind"],
                ]
                for r in rows
            ],
        )


def _presentation(candidate: ToolCandidate) -> str:
    """The Step 6 presentation (the reading first), else the reading and what is stored about it.

    Everything that came from the tool is escaped or shown as data (:mod:`mcpforge.pipeline.present`).
    """
    from mcpforge.pipeline.intent.reading import inline_text
    from mcpforge.pipeline.present import candidate_reading, present, reading_section

    artifacts = candidate.run_artifacts
    line = _code_bleu_line(candidate)
    if artifacts is not None:
        return present(candidate, artifacts) + (f"\n{line}\n" if line else "")
    spec = candidate.spec
    lines = [
        f"## Candidate {inline_text(candidate.candidate_id)} ({candidate.status.value})",
        "",
        reading_section(candidate_reading(candidate)),
        "",
        f"**Tool Name**: {inline_text(spec.tool_name)} v{inline_text(candidate.version)}",
        f"**What It Does**: {inline_text(spec.what_it_does or spec.description)}",
        f"**Returns**: {inline_text(spec.returns)}",
    ]
    lines += [line] if line else []
    lines += ["", "_No staged run of this candidate was recorded._"]
    return "\n".join(lines)


@candidates_app.command("show")
def candidates_show(
    candidate_id: Annotated[str, typer.Argument(help="Candidate id: <tool_id>_<version>.")],
    registry: RegistryOption = None,
    config: ConfigOption = None,
    code: Annotated[bool, typer.Option("--code", help="Print the candidate's tool.py instead.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Show one candidate: its presentation, its code with --code, or everything stored with --json.

    Example: mcpforge candidates show group_and_count_by_columns_1.0.0 --code
    """
    with cli_errors(as_json=as_json):
        reg, _ = _open(registry, config)
        from mcpforge.registry.open import require_file_registry
        from mcpforge.registry.services import is_service_candidate

        if is_service_candidate(candidate_id):
            _show_service(
                require_file_registry(reg, "converted services"), candidate_id, as_json=as_json, code=code
            )
            return
        candidate = reg.get_candidate(candidate_id)
        if code:
            source = (reg.candidate_dir(candidate.candidate_id) / "tool.py").read_text(encoding="utf-8")
            if as_json:
                print_json({"candidate_id": candidate.candidate_id, "source": source})
            else:
                _print_code(source)
            return
        if as_json:
            artifacts = candidate.run_artifacts
            print_json(
                {
                    **_candidate_summary(candidate),
                    "result_markdown": artifacts.summary_markdown if artifacts else None,
                    "result": artifacts.result if artifacts else None,
                    "candidate": candidate.model_dump(mode="json"),
                }
            )
            return
        render_markdown(_presentation(candidate))


def _show_service(reg: FileStore, candidate_id: str, *, as_json: bool, code: bool) -> None:
    """A converted service candidate: its conversion report (the package path with --code)."""
    from mcpforge.registry.services import (
        candidate_presentation,
        get_service_candidate,
        service_candidate_rows,
    )

    entry = get_service_candidate(reg, candidate_id)  # NotFoundError for an unknown id
    if code:
        package = reg.resolve(entry["path"]) / "package"
        if as_json:
            print_json({"candidate_id": candidate_id, "package": str(package)})
        else:
            echo(f"A converted service is a package, not one file: {package}")
        return
    if as_json:
        row = next(r for r in service_candidate_rows(reg) if r["candidate_id"] == candidate_id)
        print_json({**row, "report_markdown": candidate_presentation(reg, candidate_id)})
        return
    render_markdown(candidate_presentation(reg, candidate_id))


def _print_code(source: str) -> None:
    """Python source: highlighted on a terminal, as stored through a pipe; control characters removed.

    A tool's source can hold raw escape bytes, carriage returns or bidi overrides inside its strings; the
    person reads what the interpreter reads, without what would steer the terminal or reorder the lines.
    """
    source = terminal_text(source)
    if not stdout_is_terminal():
        echo(source, nl=not source.endswith("\n"))
        return
    from rich.syntax import Syntax

    console().print(Syntax(source, "python", line_numbers=True))


# ---------------------------------------------------------------------------------------------- review
def _prompt(question: str, timeout: float, *, to_stderr: bool) -> str | None:
    """Ask one question on the terminal; None on timeout or end of input."""
    echo(question + " ", nl=False, err=to_stderr)
    sys.stderr.flush()
    sys.stdout.flush()
    ready, _, _ = select.select([sys.stdin], [], [], timeout)
    if not ready:
        echo("\n(no answer before the timeout: treated as Reject)", err=to_stderr)
        return None
    line = sys.stdin.readline()
    return line.strip() if line else None


def review_command(  # noqa: PLR0917 - typer maps parameters to options
    candidate_id: Annotated[str, typer.Argument(help="Candidate id: <tool_id>_<version>.")],
    output: Annotated[
        str | None,
        typer.Option("--output", help="Answer to 'Is this output correct?' (yes / no, with notes)."),
    ] = None,
    decision: Annotated[
        str | None,
        typer.Option("--decision", help="Answer to 'Approve or Reject?'; only 'Approve' registers the tool."),
    ] = None,
    registry: RegistryOption = None,
    config: ConfigOption = None,
    as_json: JsonOption = False,
) -> None:
    """Review a staged candidate: is the output correct, then Approve or Reject its registration.

    Without --output/--decision the two questions are asked on the terminal. An approved candidate is
    promoted at once. Anything but an explicit Approve (including silence) rejects.

    Example: mcpforge review group_and_count_by_columns_1.0.0 --output yes --decision Approve
    """
    from mcpforge.registry.review import apply_review, approves, ensure_reviewable, settle_candidate

    with cli_errors(as_json=as_json, extra=_EMPTY_REVIEW):
        reg, cfg = _open(registry, config)
        from mcpforge.registry.services import is_service_candidate

        if is_service_candidate(candidate_id):  # a converted service: one candidate, its own store
            from mcpforge.cli.convert_cmds import review_service_command
            from mcpforge.registry.open import require_file_registry

            service_store = require_file_registry(reg, "converted services")
            review_service_command(
                service_store, candidate_id, output=output, decision=decision, as_json=as_json
            )
            return
        candidate = reg.get_candidate(candidate_id)
        if not approves(output, decision, cfg):
            # Settled first (a concurrent review's act, or one a full disk left pending), so the refusal
            # names the final status; approving a decided candidate again is answered by apply_review.
            ensure_reviewable(settle_candidate(reg, candidate))
        from mcpforge.pipeline.feedback import parse_feedback

        def output_accepted(answer: str | None) -> bool:
            return parse_feedback(answer, "output", cfg.feedback).decision == "OUTPUT_ACCEPTED"

        needs_prompt = output is None or (decision is None and output_accepted(output))
        if needs_prompt and not sys.stdin.isatty():
            fail(
                "no terminal to ask on: pass --output yes|no and --decision TEXT "
                "(only 'Approve' registers the tool)",
                as_json=as_json,
                extra={**_EMPTY_REVIEW, "candidate_id": candidate_id},
            )
        timeout = cfg.feedback.timeout_seconds
        if needs_prompt:
            echo(_presentation(candidate) + "\n", err=as_json)
        if output is None:
            output = _prompt(
                "1. Is this output correct? [Yes/No, with what is wrong]", timeout, to_stderr=as_json
            )
        if decision is None and output_accepted(output):
            decision = _prompt(
                "2. Save it as a reusable tool? Type Approve to register it, or Reject and what to improve:",
                timeout,
                to_stderr=as_json,
            )
        outcome = apply_review(
            reg, candidate_id, output_answer=output, decision_answer=decision, actor=_actor(), config=cfg
        )
        if as_json:
            print_json(outcome.to_dict())
        else:
            echo(outcome.message)
        if outcome.refused_reason is not None and not outcome.identical:
            raise typer.Exit(EXIT_RUNTIME_ERROR)


def promote_command(
    candidate_id: Annotated[str, typer.Argument(help="Candidate id of an APPROVED candidate.")],
    registry: RegistryOption = None,
    config: ConfigOption = None,
    as_json: JsonOption = False,
) -> None:
    """Promote an APPROVED candidate whose promotion was refused earlier.

    Example: mcpforge promote group_and_count_by_columns_1.1.0
    """
    from mcpforge.exceptions import PromotionRefusedError
    from mcpforge.registry import IDENTICAL_REASON

    with cli_errors(as_json=as_json):
        reg, _ = _open(registry, config)
        try:
            tool = reg.promote(candidate_id, actor=_actor())
        except PromotionRefusedError as exc:
            if exc.reason != IDENTICAL_REASON:
                raise
            message = f"{exc.reason}: {candidate_id!r} matches the active tool; nothing to do"
            if as_json:
                print_json(
                    {"candidate_id": candidate_id, "promoted": False, "message": message, "error": None}
                )
            else:
                echo(message)
            return
        if as_json:
            print_json(
                {"candidate_id": candidate_id, "promoted": True, "tool": tool.to_dict(), "error": None}
            )
        else:
            echo(f"Promoted {tool.name!r} v{tool.version}.")


# ---------------------------------------------------------------------------------------------- stats, doctor
def stats_command(
    registry: RegistryOption = None, config: ConfigOption = None, as_json: JsonOption = False
) -> None:
    """Show generation, validation, approval and tool-call figures (metrics.json).

    Example: mcpforge stats --json
    """
    with cli_errors(as_json=as_json):
        reg, _ = _open(registry, config)
        from mcpforge.registry import FileStore
        from mcpforge.registry.services import service_figures

        services = service_figures(reg) if isinstance(reg, FileStore) else {}
        metrics = {**reg.metrics(), **_code_bleu_figures(reg), **services}
        if as_json:
            print_json(metrics)
            return
        figures = [
            [key, "-" if metrics.get(key) is None else str(metrics[key])]
            for key in (
                "total_generated",
                "staged",
                "approved",
                "rejected",
                "promoted",
                "removed",
                "generation_success_rate",
                "approval_rate",
                "rejection_rate",
                "validation_failures",
                "validation_failure_rate",
                "avg_generation_time_ms",
                "code_bleu_mean",
                "code_bleu_candidates",
                "services_converted",
                "services_staged",
                "services_rejected",
                "services_active",
                "service_tools_active",
            )
        ]
        figures.append(["validation_failure_reasons", _pairs(metrics["validation_failure_reasons"])])
        figures.append(["common_rejection_reasons", ", ".join(metrics["common_rejection_reasons"]) or "-"])
        figures.append(["pass@k", _pairs(metrics["pass_at_k"])])
        figures.append(
            ["tools failing after promotion", ", ".join(metrics["tools_failing_after_promotion"]) or "-"]
        )
        _table(f"Registry {reg.location!r}", ["figure", "value"], figures)
        calls = metrics["tool_calls"]
        if calls:
            _table(
                "Tool calls",
                ["tool", "calls", "errors", "avg ms", "last error"],
                [
                    [
                        name,
                        str(s["calls"]),
                        str(s["errors"]),
                        str(s["avg_duration_ms"]),
                        str(s["last_error"] or "-"),
                    ]
                    for name, s in calls.items()
                ],
            )


def _code_bleu_figures(reg: RegistryBackend) -> dict[str, Any]:
    """Mean CodeBLEU over the candidates that have one (informational; catalogue references differ in
    idiom on purpose, so this tracks style distance, not quality)."""
    from mcpforge.exceptions import RegistryCorruptedError
    from mcpforge.registry import FileStore

    scores = []
    # The file registry's ids come from staging/metadata.json, so one unreadable candidate is skipped.
    ids = (
        reg.staging_entries()
        if isinstance(reg, FileStore)
        else [c.candidate_id for c in reg.list_candidates()]
    )
    for candidate_id in ids:
        try:
            semantic = _semantic(reg.get_candidate(candidate_id))
        except RegistryCorruptedError:  # `mcpforge doctor` reports it; the figures skip it
            continue
        if semantic is not None:
            scores.append(semantic.code_bleu_score)
    mean = round(sum(scores) / len(scores), 4) if scores else None
    return {"code_bleu_mean": mean, "code_bleu_candidates": len(scores)}


def _pairs(mapping: dict[str, Any]) -> str:
    return ", ".join(f"{key}: {value}" for key, value in mapping.items()) or "-"


def _sandbox_section(sandbox_config: Any) -> dict[str, Any] | None:
    try:
        module = importlib.import_module("mcpforge.sandbox.doctor")
    except ImportError:
        return None
    report = getattr(module, "sandbox_report", None)
    return dict(report(sandbox_config, live=True)) if callable(report) else None


def _print_sandbox(sandbox: dict[str, Any] | None) -> None:
    """The sandbox lines of ``doctor``."""
    if sandbox is None:
        echo("sandbox: report unavailable")
    else:
        echo(f"sandbox: selected {sandbox.get('selected')!r}, auto would pick {sandbox.get('auto_choice')!r}")
        if sandbox.get("runs_as"):
            echo(f"sandbox: runs as {sandbox['runs_as']['summary']}")
        warm = sandbox.get("warm_calls") or {}
        how = "warm (a fresh child of a pre-imported template)" if warm.get("enabled") else "fresh"
        echo(f"sandbox: served calls run {how}: {warm.get('reason', '-')}")
        if warm.get("probe"):
            probe = warm["probe"]
            echo(f"sandbox: warm calls {'work' if probe['ok'] else 'FAIL'} here: {probe['detail']}")
        if sandbox.get("error"):
            echo(f"sandbox: {sandbox['error']}")
        for served in sandbox.get("serving", []):
            echo(f"sandbox: {_serving_line(served)}")


def _serving_line(served: dict[str, Any]) -> str:
    """One running ``serve`` and its warm calls: on, or off with why and when they are tried again."""
    warm = served.get("warm_calls") or {}
    started = warm.get("templates_started", 0)
    if warm.get("warm"):
        return f"serve (pid {served.get('pid')}) runs calls warm; templates started: {started}"
    retry_at = served.get("warm_retry_at")
    when = (
        f", tried again in {max(retry_at - time.time(), 0):.0f} s"
        if isinstance(retry_at, int | float)
        else ""
    )
    return (
        f"serve (pid {served.get('pid')}) runs calls fresh: warm calls are off after "
        f"{warm.get('failed_starts_in_a_row', 0)} failed start(s){when}: {warm.get('reason')}"
    )


def doctor_command(
    registry: RegistryOption = None,
    config: ConfigOption = None,
    repair: Annotated[
        bool, typer.Option("--repair", help="Rebuild metadata from the audit log and files.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Check the registry (layout, metadata, hashes, orphans, audit log) and the sandbox.

    Exit code 0: healthy; 1: errors (--repair fixes them); 4: no damage, but an interrupted approval or
    promotion is pending (--repair, or any other command, finishes it).

    Example: mcpforge doctor --repair
    """
    from mcpforge.registry.doctor import run_doctor

    with cli_errors(as_json=as_json):
        reg, cfg = _open(registry, config, damaged_ok=True)
        report = run_doctor(reg, repair=repair)
        sandbox = _sandbox_section(cfg.sandbox)
        if sandbox is not None:
            from mcpforge.server.serve_status import serving_status

            sandbox["serving"] = serving_status(reg.root)  # what each running `serve` says of its warm calls
        if as_json:
            print_json({**report.to_dict(), "sandbox": sandbox})
        else:
            for item in report.checks:
                echo(f"[{item.level:^7}] {item.name}: {item.detail}")
            for change in report.repaired:
                echo(f"repaired: {change}")
            _print_sandbox(sandbox)
            for detail in report.pending:
                echo(f"pending: {detail}")
            if not report.ok and not repair:
                what = "fix the errors above" if report.has_errors else "finish what is pending"
                echo(f"Run `{command_hint('doctor', '--repair')}` to {what}.")
        if report.has_errors:
            raise typer.Exit(EXIT_RUNTIME_ERROR)
        if report.pending:
            raise typer.Exit(EXIT_PENDING)


def register(app: typer.Typer) -> None:
    """Add the registry commands to ``app``."""
    app.command("init")(init_command)
    app.add_typer(tools_app, name="tools")
    from mcpforge.cli.prune_cmd import candidates_prune

    candidates_app.command("prune")(candidates_prune)
    app.add_typer(candidates_app, name="candidates")
    app.command("review")(review_command)
    app.command("promote")(promote_command)
    app.command("stats")(stats_command)
    app.command("doctor")(doctor_command)
