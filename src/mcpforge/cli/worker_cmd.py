"""``mcpforge worker``: validate and stage forge requests queued by ``serve`` (``queue.url``)."""

from __future__ import annotations

from typing import Annotated

import typer

from mcpforge.cli._common import ConfigOption, RegistryOption, cli_errors, load_cli_config
from mcpforge.cli._render import echo


def worker_command(  # noqa: PLR0917 - typer passes the options
    concurrency: Annotated[
        int, typer.Option("--concurrency", min=1, max=64, help="Forge jobs run at a time (each in a thread).")
    ] = 1,
    queue_url: Annotated[
        str | None,
        typer.Option(
            "--queue-url",
            help="postgresql:// URL of the job queue (default queue.url, env MCPFORGE_QUEUE_URL).",
            show_default=False,
        ),
    ] = None,
    init_queue: Annotated[
        bool, typer.Option("--init-queue", help="Create the queue's tables (if missing) and exit.")
    ] = False,
    heartbeat: Annotated[
        float, typer.Option("--heartbeat", min=0.1, help="Seconds between this worker's heartbeats.")
    ] = 10.0,
    stalled_after: Annotated[
        float,
        typer.Option(
            "--stalled-after",
            min=0.5,
            help="Seconds without a heartbeat after which another worker's jobs are queued again.",
        ),
    ] = 30.0,
    graceful_timeout: Annotated[
        float | None,
        typer.Option(
            "--graceful-timeout",
            help="On SIGTERM, wait at most this long for jobs in hand (default: until they finish).",
            show_default=False,
        ),
    ] = None,
    registry: RegistryOption = None,
    config: ConfigOption = None,
) -> None:
    """Run forge jobs from the queue: validation and staging off the server's request path.

    SIGTERM or Ctrl-C finishes the jobs in hand, then exits 0. A worker killed outright has its job
    queued again by another worker once its heartbeat is older than --stalled-after.

    Example: MCPFORGE_QUEUE_URL=postgresql://forge@db/forge mcpforge worker --concurrency 2
    """
    from mcpforge.jobs.queue import check_queue_url, ensure_schema, require_team_extra
    from mcpforge.registry.open import mask_url

    with cli_errors():
        require_team_extra("mcpforge worker")
        cfg = load_cli_config(registry, config, queue={"url": queue_url} if queue_url else None)
        url = check_queue_url(cfg.queue.url)
        created = ensure_schema(url)  # also: the queue is reachable
        if init_queue:
            echo(f"job queue at {mask_url(url)}: {'tables created' if created else 'already set up'}")
            return
        from mcpforge.jobs.forge_job import ForgeRunner
        from mcpforge.jobs.worker import WorkerOptions, run_worker
        from mcpforge.registry import open_registry

        runner = ForgeRunner(config=cfg, registry=open_registry(cfg), url=url)
        options = WorkerOptions(
            concurrency=concurrency,
            heartbeat_seconds=heartbeat,
            stalled_after_seconds=max(stalled_after, heartbeat * 3),  # a busy worker is not a dead one
            graceful_timeout_seconds=graceful_timeout,
        )
        where = mask_url(cfg.registry.url or cfg.registry.root)
        echo(
            f"mcpforge worker: queue {mask_url(url)}, registry {where}, {concurrency} job(s) at a time",
            err=True,
        )
        run_worker(runner, options)
        echo("mcpforge worker: stopped", err=True)


def register(app: typer.Typer) -> None:
    """Add ``worker`` to the CLI."""
    app.command("worker")(worker_command)
