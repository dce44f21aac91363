"""``mcpforge convert SOURCE``: a Python library or project → an MCP service, staged for review."""

from __future__ import annotations

import getpass
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from mcpforge.registry import FileStore

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
from mcpforge.cli._render import command_hint, echo

ENGINES = ("rules", "local", "openai", "anthropic")


def _actor() -> str:
    try:
        return f"human:{getpass.getuser()}"
    except (OSError, KeyError):
        return "human:unknown"


def convert_command(  # noqa: PLR0917 - typer maps parameters to options
    source: Annotated[
        str, typer.Argument(help="A PyPI requirement (sympy, networkx==3.6) or a local directory.")
    ],
    out: Annotated[
        Path | None, typer.Option("--out", help="Output directory (default ./mcp_output/<source>).")
    ] = None,
    select: Annotated[
        list[str] | None,
        typer.Option("--select", help="Only callables whose dotted path or name matches (glob; repeatable)."),
    ] = None,
    max_tools: Annotated[
        int, typer.Option("--max-tools", help="At most this many tools (release excluded).", min=1)
    ] = 80,
    engine: Annotated[
        str, typer.Option("--engine", help="rules (default, no model) | local | openai | anthropic.")
    ] = "rules",
    no_stage: Annotated[
        bool, typer.Option("--no-stage", help="Generate and test only; do not stage in the registry.")
    ] = False,
    registry: RegistryOption = None,
    config: ConfigOption = None,
    as_json: JsonOption = False,
) -> None:
    """Convert a Python library into an MCP service and stage it for review.

    Steps: acquire (own venv) → analyse (in the sandbox) → select/adapt → generate → run (real MCP client)
    → review → fix → finalize. The service is served only after `mcpforge review ID` approves it.

    Example: mcpforge convert networkx
    Example: mcpforge convert ./myproject --select 'mypkg.stats.*' --max-tools 20 --out ./out
    """
    with cli_errors(as_json=as_json):
        if engine not in ENGINES:
            fail(f"--engine {engine!r} is not one of {', '.join(ENGINES)}", as_json=as_json)
        from mcpforge.convert.pipeline import ConvertOptions, convert
        from mcpforge.registry import open_registry
        from mcpforge.registry.open import require_file_registry

        cfg = load_cli_config(registry, config)
        stage = not no_stage
        opened = open_registry(cfg)
        reg = (
            require_file_registry(opened, "staging a converted service (or use --no-stage)")
            if stage
            else opened
        )
        if stage and not reg.is_initialized():
            fail(
                f"registry {opened.location!r} is not initialized; run `mcpforge init` (or use --no-stage)",
                as_json=as_json,
            )
        options = ConvertOptions(
            source=source,
            out_dir=out,
            patterns=tuple(select or ()),
            max_tools=max_tools,
            engine=engine,
            stage=stage,
            actor=_actor(),
        )

        def progress(message: str) -> None:
            echo(message, err=True)

        report = convert(options, cfg, registry_root=reg.root if stage else None, progress=progress)
        if as_json:
            print_json(
                report.model_dump(
                    mode="json",
                    include={
                        "source",
                        "service",
                        "library",
                        "version",
                        "status",
                        "stopped_at",
                        "stop_reason",
                        "stop_category",
                        "out_dir",
                        "candidate_id",
                        "tools_generated",
                        "tools_listed",
                        "tools_passed",
                        "failures_by_category",
                        "timings",
                    },
                )
            )
        elif report.status == "FAILED":
            echo(
                f"error: convert stopped at {report.stopped_at!r}: {report.stop_reason} "
                f"(report: {report.out_dir}/report.md)",
                err=True,
            )
        else:
            echo(
                f"{report.status}: {report.service} — "
                f"{report.tools_passed}/{report.tools_generated} tools proven "
                f"through an MCP client; report {report.out_dir}/report.md"
            )
            if report.candidate_id:
                review = command_hint("review", report.candidate_id, registry=registry, config=config)
                echo(f"Review it: {review}")
        if report.status == "FAILED":
            raise typer.Exit(EXIT_RUNTIME_ERROR)


def review_service_command(
    reg: FileStore, candidate_id: str, *, output: str | None, decision: str | None, as_json: bool
) -> None:
    """``mcpforge review`` for a converted service: show its report, then the two questions."""
    from mcpforge.registry.file.services import candidate_presentation, get_service_candidate, review_service

    entry = get_service_candidate(reg, candidate_id)
    if output is None or decision is None:
        if not sys.stdin.isatty():
            fail(
                "no terminal to ask on: pass --output yes|no and --decision TEXT "
                "(only 'Approve' registers it)",
                as_json=as_json,
            )
        echo(candidate_presentation(reg, candidate_id), err=as_json)
        if output is None:
            echo("1. Is this output correct? [Yes/No, with what is wrong] ", nl=False, err=as_json)
            output = sys.stdin.readline().strip() or None
        if decision is None:
            echo("2. Register this service? Type Approve to register it, or Reject: ", nl=False, err=as_json)
            decision = sys.stdin.readline().strip() or None
    message, promoted = review_service(
        reg, candidate_id, output_answer=output, decision_answer=decision, actor=_actor()
    )
    if as_json:
        print_json(
            {
                "candidate_id": candidate_id,
                "service": entry["service"],
                "promoted": promoted,
                "status": get_service_candidate(reg, candidate_id)["status"],
                "message": message,
            }
        )
    else:
        echo(message)


def register(app: typer.Typer) -> None:
    """Add ``convert`` to ``app``."""
    app.command("convert")(convert_command)
