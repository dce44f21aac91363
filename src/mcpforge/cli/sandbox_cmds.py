"""``mcpforge check`` (static policy) and ``mcpforge sandbox run`` (run a file in the sandbox)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from mcpforge.cli._common import ConfigOption, JsonOption, cli_errors, fail, load_cli_config, print_json
from mcpforge.cli._render import echo, terminal_text
from mcpforge.exceptions import InvalidArgumentError

if TYPE_CHECKING:  # the sandbox and its configuration load when a command runs, not for --help
    from mcpforge.sandbox import SandboxResult

STREAM_CAP = 64 * 1024  # characters of stdout/stderr shown by `sandbox run`
PREVIEW_CHARS = 200

sandbox_app = typer.Typer(
    rich_markup_mode=None, name="sandbox", help="Run untrusted Python in the sandbox.", no_args_is_help=True
)


def _read_file(path: Path) -> bytes:
    if not path.is_file():
        raise InvalidArgumentError(f"file {str(path)!r} does not exist or is not a file", argument="FILE")
    return path.read_bytes()


def check(
    file: Annotated[Path, typer.Argument(help="Python file to check.", show_default=False)],
    as_json: JsonOption = False,
    config: ConfigOption = None,
) -> None:
    """Check a Python file against the static policy (imports, forbidden names, escapes).

    Exits 0 when the file passes, 1 when it breaks a rule, 2 on a usage error.

    Example: mcpforge check tool.py --json
    """
    from mcpforge.sandbox.policy import PolicyReport, check_bytes

    with cli_errors(as_json=as_json):
        cfg = load_cli_config(config=config)
        report = PolicyReport.from_violations(
            check_bytes(_read_file(file), allowed_imports=cfg.security.allowed_imports)
        )
    if as_json:
        print_json(report.model_dump())
    elif report.ok:
        echo(f"{file}: ok")
    else:
        for v in report.violations:
            echo(f"{file}:{v.line}:{v.col}: {v.rule}: {v.message}")
    if not report.ok:
        raise typer.Exit(1)


def json_safe(value: Any) -> Any:
    """``value`` with every string made encodable as strict UTF-8 (lone surrogates replaced)."""
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8")
    if isinstance(value, dict):
        return {json_safe(key): json_safe(item) for key, item in value.items()}
    if isinstance(value, list):
        return [json_safe(item) for item in value]
    return value


def _cap(text: str) -> tuple[str, bool]:
    return (text[:STREAM_CAP], True) if len(text) > STREAM_CAP else (text, False)


def _output_summary(data: bytes) -> dict[str, Any]:
    summary: dict[str, Any] = {"size": len(data)}
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        summary["binary"] = True
        return summary
    summary["preview"] = text[:PREVIEW_CHARS]
    return summary


def result_payload(result: SandboxResult) -> dict[str, Any]:
    """The JSON object ``sandbox run`` prints for a result."""
    stdout, stdout_cut = _cap(result.stdout)
    stderr, stderr_cut = _cap(result.stderr)
    return {
        "exit_code": result.exit_code,
        "stdout": stdout,
        "stderr": stderr,
        "stdout_truncated": stdout_cut,
        "stderr_truncated": stderr_cut,
        "timed_out": result.timed_out,
        "killed_reason": result.killed_reason,
        "outputs": {name: _output_summary(data) for name, data in sorted(result.outputs.items())},
        "skipped_outputs": dict(sorted(result.skipped_outputs.items())),
        "backend": result.backend,
        "duration_ms": round(result.duration_ms, 1),
    }


def run(
    file: Annotated[Path, typer.Argument(help="Python file to run as __main__.", show_default=False)],
    *,
    data: Annotated[
        list[Path] | None, typer.Option("--data", help="File or directory the code may read (repeatable).")
    ] = None,
    timeout: Annotated[float, typer.Option("--timeout", help="Wall-clock limit in seconds.", min=0.1)] = 30.0,
    memory: Annotated[int | None, typer.Option("--memory", help="Memory limit in MB.", min=16)] = None,
    as_json: JsonOption = False,
    config: ConfigOption = None,
) -> None:
    """Run a Python file in the sandbox with the given data readable.

    The code sees only the interpreter, its libraries and the --data paths, has no network and no
    environment, and may write only to $MCPFORGE_OUTPUT_DIR. Exits 0 when the code exited 0, else 1.

    Example: mcpforge sandbox run analysis.py --data sales.csv --timeout 10 --json
    """
    from mcpforge.cli._exit import end_without_teardown
    from mcpforge.sandbox import SandboxRequest, get_sandbox, limits_from_config

    end_without_teardown()  # one run, one answer: no teardown of the modules once it is printed
    with cli_errors(as_json=as_json):
        cfg = load_cli_config(config=config)
        source = _read_file(file)
        reads = []
        for path in data or []:
            if not path.exists():
                raise InvalidArgumentError(f"--data path {str(path)!r} does not exist", argument="--data")
            reads.append(path.resolve())
        limits = limits_from_config(cfg.sandbox, timeout_seconds=timeout)
        if memory is not None:
            limits = dataclasses.replace(limits, memory_mb=memory)
        try:
            script = source.decode("utf-8")
        except UnicodeDecodeError:
            fail(f"file {str(file)!r} is not UTF-8", as_json=as_json)
        result = get_sandbox(cfg.sandbox).run(
            SandboxRequest(script=script, read_paths=tuple(reads), limits=limits)
        )
    payload = json_safe(result_payload(result))
    if as_json:
        print_json(payload)
    else:
        _print_for_terminal(payload)
    if result.exit_code != 0 or result.killed_reason:
        raise typer.Exit(1)


def _print_for_terminal(payload: dict[str, Any]) -> None:
    """The human form of a result: everything that came from the sandbox stripped of control characters."""
    stdout, stderr = terminal_text(payload["stdout"]), terminal_text(payload["stderr"])
    if stdout:
        echo(stdout, nl=not stdout.endswith("\n"))
    if stderr:
        echo(stderr, err=True, nl=not stderr.endswith("\n"))
    killed = payload["killed_reason"]
    status = f"exit code {payload['exit_code']}" + (f", killed: {terminal_text(killed)}" if killed else "")
    echo(f"[{payload['backend']}] {status}; {len(payload['outputs'])} output file(s)", err=True)
    for name, info in payload["outputs"].items():
        echo(f"  {terminal_text(name)}: {info['size']} bytes", err=True)
    for name, why in payload["skipped_outputs"].items():
        echo(f"  not collected: {terminal_text(name)} ({terminal_text(why)})", err=True)


def register(app: typer.Typer) -> None:
    """Add ``check`` and the ``sandbox`` group to ``app``."""
    app.command("check")(check)
    sandbox_app.command("run")(run)
    app.add_typer(sandbox_app)
