"""``mcpforge candidates list|show|prune``: staged, approved, rejected and promoted candidates."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from mcpforge.cli._common import ConfigOption, JsonOption, RegistryOption, cli_errors, print_json
from mcpforge.cli._render import console, echo, render_markdown, stdout_is_terminal, terminal_text
from mcpforge.cli.registry_cmds._access import open_initialized, print_table
from mcpforge.cli.registry_cmds._candidate_view import candidate_summary, review_presentation

if TYPE_CHECKING:
    from mcpforge.registry import FileStore

candidates_app = typer.Typer(
    rich_markup_mode=None, help="Staged, approved, rejected and promoted candidates.", no_args_is_help=True
)


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
        reg, _ = open_initialized(registry, config)
        wanted = None
        if status is not None:
            try:
                wanted = ToolStatus(status.upper())
            except ValueError as exc:
                raise InvalidArgumentError(f"unknown status {status!r}", argument="--status") from exc
        from mcpforge.registry import FileStore
        from mcpforge.registry.file.services import service_candidate_rows

        rows = [candidate_summary(c) for c in reg.list_candidates(wanted)]
        # Converted services are candidates too (`mcpforge review ID` reviews them like any other).
        services = service_candidate_rows(reg, wanted) if isinstance(reg, FileStore) else []
        rows = sorted([*rows, *services], key=lambda row: str(row["created_at"]))
        if as_json:
            print_json({"candidates": rows, "count": len(rows)})
            return
        if not rows:
            echo("No candidates.")
            return
        print_table(
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
        reg, _ = open_initialized(registry, config)
        from mcpforge.registry.file.services import is_service_candidate
        from mcpforge.registry.open import require_file_registry

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
                    **candidate_summary(candidate),
                    "result_markdown": artifacts.summary_markdown if artifacts else None,
                    "result": artifacts.result if artifacts else None,
                    "candidate": candidate.model_dump(mode="json"),
                }
            )
            return
        render_markdown(review_presentation(candidate))


def _show_service(reg: FileStore, candidate_id: str, *, as_json: bool, code: bool) -> None:
    """A converted service candidate: its conversion report (the package path with --code)."""
    from mcpforge.registry.file.services import (
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


def register(app: typer.Typer) -> None:
    """Add the ``candidates`` group (with ``prune``) to ``app``."""
    from mcpforge.cli.prune_cmd import candidates_prune

    candidates_app.command("prune")(candidates_prune)
    app.add_typer(candidates_app, name="candidates")
