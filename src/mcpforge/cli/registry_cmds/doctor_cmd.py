"""``mcpforge doctor``: the registry's health (``--repair`` mends it) and how the sandbox runs calls."""

from __future__ import annotations

import importlib
import time
from typing import TYPE_CHECKING, Annotated, Any

import typer

from mcpforge.cli._common import (
    EXIT_RUNTIME_ERROR,
    ConfigOption,
    JsonOption,
    RegistryOption,
    cli_errors,
    print_json,
)
from mcpforge.cli._render import command_hint, echo
from mcpforge.cli.registry_cmds._access import open_initialized
from mcpforge.lexicon.freedict import DEBIAN_PACKAGES

if TYPE_CHECKING:
    from mcpforge.lexicon.store import Status

EXIT_PENDING = 4  # doctor: no damage, but an interrupted act or promotion waits to be finished


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


def _lexicon_line(lexicon: Status) -> str:
    if not lexicon.languages:
        return (
            "no FreeDict dictionaries: headers in German, French or Spanish are named in English words only "
            f"through the glossary (apt-get install {' '.join(DEBIAN_PACKAGES)})"
        )
    if not lexicon.built:
        return f"{', '.join(lexicon.languages)}: not built yet (python -m mcpforge.lexicon builds it)"
    return f"{', '.join(lexicon.languages)}: {lexicon.path}"


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
    from mcpforge.lexicon.store import status as lexicon_status
    from mcpforge.registry.file.doctor import run_doctor

    with cli_errors(as_json=as_json):
        reg, cfg = open_initialized(registry, config, damaged_ok=True)
        report = run_doctor(reg, repair=repair)
        sandbox = _sandbox_section(cfg.sandbox)
        if sandbox is not None:
            from mcpforge.server.serve_status import serving_status

            sandbox["serving"] = serving_status(reg.root)  # what each running `serve` says of its warm calls
        lexicon = lexicon_status()
        if as_json:
            said = {**lexicon._asdict(), "path": str(lexicon.path) if lexicon.path else None}
            print_json({**report.to_dict(), "sandbox": sandbox, "lexicon": said})
        else:
            for item in report.checks:
                echo(f"[{item.level:^7}] {item.name}: {item.detail}")
            echo(f"[{'info':^7}] lexicon: {_lexicon_line(lexicon)}")
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
    """Add ``doctor`` to ``app``."""
    app.command("doctor")(doctor_command)
