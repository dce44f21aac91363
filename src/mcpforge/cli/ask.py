"""``mcpforge ask`` (request + data → staged tool and its result) and ``mcpforge add-tool``."""

from __future__ import annotations

import contextlib
import getpass
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from mcpforge.cli import warm_ask
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

if TYPE_CHECKING:  # the configuration (pydantic) loads when a command runs, not for --help
    from mcpforge.config import MCPForgeConfig
    from mcpforge.exceptions import NeedsClarificationError
    from mcpforge.registry import RegistryBackend
from mcpforge.cli._render import command_hint, echo, render_markdown, rerun_hint

AllowReadOption = Annotated[
    list[Path] | None,
    typer.Option(
        "--allow-read",
        help="Also allow reading data under DIR (repeatable; the working directory is always allowed).",
        show_default=False,
    ),
]


def _registry(config: MCPForgeConfig) -> RegistryBackend:
    from mcpforge.registry import open_registry

    return open_registry(config)


def _say_created(registry: Any, existed: bool, *, quiet: bool) -> None:
    if not existed and not quiet and registry.is_initialized():
        echo(f"mcpforge: created a new registry at {registry.location}", err=True)


class _Status:
    """Progress on stderr for long steps (a rich spinner on a terminal, nothing otherwise)."""

    def __init__(self, enabled: bool) -> None:
        self._status: Any = None
        if enabled and sys.stderr.isatty():
            from rich.console import Console

            self._status = Console(stderr=True).status("working")
            self._status.start()

    def __call__(self, message: str) -> None:
        if self._status is not None:
            self._status.update(message)

    def stop(self) -> None:
        if self._status is not None:
            self._status.stop()
            self._status = None


def add_tool_command(  # noqa: PLR0917 - typer maps parameters to options
    path: Annotated[Path, typer.Argument(help="The hand-written tool.py (one @mcp.tool() function).")],
    data: Annotated[Path | None, typer.Option("--data", help="CSV file to run the staged tool on.")] = None,
    args: Annotated[
        str | None, typer.Option("--args", help="JSON object of the tool's other arguments.")
    ] = None,
    allow_read: AllowReadOption = None,
    registry: RegistryOption = None,
    config: ConfigOption = None,
    as_json: JsonOption = False,
) -> None:
    """Stage a hand-written tool through the same validation as a generated one; it stays STAGED.

    Example: mcpforge add-tool count_tool.py --data data.csv --args '{"column": "severity"}'
    """
    with cli_errors(as_json=as_json):
        arguments: dict[str, Any] = {}
        if args:
            try:
                arguments = json.loads(args)
            except json.JSONDecodeError as exc:
                fail(f"--args is not valid JSON: {exc.msg}", as_json=as_json)
            if not isinstance(arguments, dict):
                fail("--args must be a JSON object", as_json=as_json)
        from mcpforge.pipeline._add_tool import add_tool

        cfg = load_cli_config(registry, config)
        reg = _registry(cfg)
        existed = reg.is_initialized()
        status = _Status(not as_json)
        try:
            result = add_tool(
                path,
                registry=reg,
                config=cfg,
                data_path=data,
                arguments=arguments,
                allow_read=allow_read or [],
                progress=status,
                actor=local_actor(),
            )
        finally:
            status.stop()
        _say_created(reg, existed, quiet=as_json)
        if as_json:
            print_json(result.to_json())
        elif result.error:
            echo(f"error: {result.error}", err=True)
        else:
            if result.result_markdown:
                render_markdown(result.result_markdown)
            echo(
                f"Staged {result.candidate.spec.tool_name!r} v{result.candidate.version} as candidate "
                f"{result.candidate.candidate_id!r}. "
                "Review it with: "
                + command_hint("review", result.candidate.candidate_id, registry=registry, config=config),
                err=True,
            )
        if result.error:
            raise typer.Exit(EXIT_RUNTIME_ERROR)


MAX_REFINEMENTS = 3


def _say_charts(result: Any) -> None:
    """Where the chart of the answer was saved, when the request asked to see it."""
    files = result.artifacts.files if result.artifacts is not None else []
    for path in (f for f in files if f.endswith(".png")):
        echo(f"Chart: {path}")


def _prompt(question: str) -> str | None:
    try:
        return str(typer.prompt(question, default="", show_default=False))
    except (EOFError, typer.Abort):
        # End of input is silence, which counts as a rejection. Ctrl-C never gets here: the console
        # script turns it into Interrupted (not a KeyboardInterrupt), which leaves the candidate STAGED.
        return None


Scope = dict[str, Path | None]
"""The command's ``--registry`` / ``--config`` as given: hints name them (:func:`command_hint`)."""


def local_actor() -> str:
    """The audit-log actor of the person at this terminal: ``human:<login>``."""
    return f"human:{getpass.getuser()}"


def _self_approval(
    registry: Any, candidate: Any, actor: str, config: MCPForgeConfig, scope: Scope
) -> str | None:
    """Why ``actor`` may not approve their own request (``review.separate_reviewer``), else None."""
    from mcpforge.registry.review import SameReviewerError, check_separate_reviewer

    try:
        check_separate_reviewer(registry, candidate, actor, config)
    except SameReviewerError as exc:
        review = command_hint("review", candidate.candidate_id, **scope)
        return f"Not registered: {exc}. The candidate stays STAGED for them: `{review}`."
    return None


def _review(result: Any, registry: Any, config: MCPForgeConfig, scope: Scope) -> Any:
    """The two-stage review of a staged candidate; a specific rejection refines and asks again."""
    from mcpforge.pipeline.feedback import parse_feedback
    from mcpforge.pipeline.refine import refine

    actor = local_actor()
    for _round in range(MAX_REFINEMENTS + 1):
        candidate = result.candidate
        output = parse_feedback(
            _prompt("1. Is this output correct for your current analysis? [Yes/No]"),
            stage="output",
            config=config.feedback,
        )
        if output.decision == "OUTPUT_ACCEPTED":
            answer = _prompt(
                "2. Should I save this as a reusable tool? [Approve/Reject, and what to improve]"
            )
        else:
            # Stage 2 is asked only about an accepted output; a rejected one only needs what to change.
            answer = _prompt("What should change? [e.g. 'should be region not location'; Enter to discard]")
        decision = parse_feedback(answer, stage="registration", config=config.feedback)
        if output.decision == "OUTPUT_REJECTED":
            decision = decision.model_copy(update={"decision": "REJECTED"})
        if decision.decision == "APPROVED":
            refused = _self_approval(registry, candidate, actor, config, scope)
            if refused is not None:
                echo(refused)
                return result
            # One journaled act: the approval is never recorded without the promotion it asks for.
            _, act = registry.approve(candidate.candidate_id, decision, actor=actor)
            active = act.promoted
            if active is None:
                echo(f"Approved, but not registered: {act.refused_reason}.")
                return result
            serve = command_hint("serve", **scope)
            echo(f"Registered {active.name!r} v{active.version}; it is now served by `{serve}`.")
            return result
        if output.decision == "OUTPUT_REJECTED" and output.notes:
            # "No, should be region not location" at the first question is the most specific note.
            notes = ". ".join(part for part in (output.notes, decision.notes) if part)
            decision = decision.model_copy(
                update={"notes": notes, "issues": [*output.issues, *decision.issues]}
            )
        status = _Status(True)
        try:
            refinement = refine(
                candidate,
                decision,
                registry=registry,
                config=config,
                data_path=result.data_path,
                progress=status,
                actor=actor,
            )
        finally:
            status.stop()
        if refinement.result is None:
            echo(f"Not registered: {refinement.reason} ({refinement.rejected.package_path}).")
            return result
        result = refinement.result
        if not result.ok:
            echo(f"error: {result.error}", err=True)
            return result
        render_markdown(result.result_markdown or "")
        _say_charts(result)
    echo("Stopped after several refinements; the last candidate stays STAGED.")
    return result


def ask_command(  # noqa: PLR0917 - typer maps parameters to options
    ctx: typer.Context,
    request: Annotated[str, typer.Argument(help="What to compute, in plain words.")],
    data: Annotated[
        Path,
        typer.Option("--data", help="The data file: CSV/TSV, .xlsx, Parquet, JSON, JSON Lines or SQLite."),
    ],
    engine: Annotated[
        str | None,
        typer.Option(
            "--engine", help="Who writes the tool: rules (default, offline), openai, anthropic, local."
        ),
    ] = None,
    model: Annotated[
        str | None, typer.Option("--model", help="Model name for the openai / anthropic engines.")
    ] = None,
    base_url: Annotated[
        str | None,
        typer.Option("--base-url", help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1."),
    ] = None,
    custom: Annotated[
        bool,
        typer.Option(
            "--custom", help="Skip the catalogue: the model writes the tool (needs a model engine)."
        ),
    ] = False,
    registry: RegistryOption = None,
    config: ConfigOption = None,
    no_review: Annotated[
        bool, typer.Option("--no-review", help="Leave the candidate STAGED; do not ask.")
    ] = False,
    as_json: JsonOption = False,
    allow_read: AllowReadOption = None,
    export: Annotated[
        Path | None,
        typer.Option("--export", help="Also write the answer table to FILE (.csv, .json or .parquet)."),
    ] = None,
    clarify: Annotated[
        list[str] | None,
        typer.Option(
            "--clarify",
            help="Answer a question the forge asked, as KEY=CHOICE (repeatable): --clarify revenue=amount.",
            show_default=False,
        ),
    ] = None,
    remember: Annotated[
        bool, typer.Option("--remember", help="Remember the --clarify answers for this data file.")
    ] = False,
    sheet: Annotated[
        str | None,
        typer.Option("--sheet", help="The sheet of an .xlsx workbook to read (asked when it has several)."),
    ] = None,
    table: Annotated[
        str | None,
        typer.Option("--table", help="The table of a SQLite file to read (asked when there are several)."),
    ] = None,
) -> None:
    """Answer a request over a data file with a validated, staged tool (or a registered one).

    When the request can be read several ways the forge asks one question (status NEEDS_CLARIFICATION);
    answer it with --clarify KEY=CHOICE, or pick a choice on a terminal.

    A workbook with several sheets (a SQLite file with several tables) needs --sheet (--table); without
    it the forge asks which one.

    Example: mcpforge ask "Analyze traffic accidents by severity" --data examples/traffic_accidents.csv
    """
    from mcpforge.pipeline._forge_result import EMPTY_JSON

    # A CodeBLEU still computing is attached before exit, after the answer is shown: the person never
    # waits for an informational score.
    try:
        with cli_errors(as_json=as_json, extra=EMPTY_JSON):
            from mcpforge.cli._export import check_export_path
            from mcpforge.exceptions import NeedsClarificationError
            from mcpforge.pipeline.forge import forge
            from mcpforge.pipeline.intent.clarify import parse_answers

            export_path = check_export_path(export) if export is not None else None
            answers = parse_answers(clarify or [])
            # The sheet / table is the answer to the question the forge would ask without it.
            answers.update({key: value for key, value in (("sheet", sheet), ("table", table)) if value})
            llm = {key: value for key, value in {"model": model, "base_url": base_url}.items() if value}
            cfg = load_cli_config(registry, config, llm=llm)
            # A warm child of a configuration without the warm process hands the ask back to its client;
            # an ask that found no warm process starts one once it is done (``cli/warm_ask.py``).
            warm_ask.settle(cfg.sandbox.resident, cfg.sandbox.resident_idle_seconds)
            # A process that lives for one answer: no transparent huge pages for it or its sandboxes
            # (their faults cost more than they save here; docs/DECISIONS.md, "Big files").
            _no_huge_pages()
            # ... nor a worker process for CodeBLEU (scored here once the answer is out), nor the
            # modules' teardown at exit (``cli/_exit.py``).
            from mcpforge.cli._exit import one_answer_process

            one_answer_process()
            reg = _registry(cfg)
            existed = reg.is_initialized()
            interactive = sys.stdin.isatty() and sys.stdout.isatty() and not as_json
            while True:
                status = _Status(not as_json)
                try:
                    result = forge(
                        request,
                        data,
                        registry=reg,
                        config=cfg,
                        engine=engine or cfg.llm.engine,
                        allow_read=allow_read or [],
                        progress=status,
                        custom=custom,
                        answers=answers,
                        remember=remember,
                        actor=local_actor(),
                    )
                except NeedsClarificationError as question:
                    status.stop()
                    picked = _pick(question) if interactive else None
                    if picked is None:
                        given = parse_answers(clarify or [])
                        _say_question(ctx, question, request, given, as_json=as_json)
                        raise typer.Exit(EXIT_NEEDS_CLARIFICATION) from None
                    answers = {**answers, question.key: picked}
                    continue
                finally:
                    status.stop()
                break
            _say_created(reg, existed, quiet=as_json)
            _show(
                result,
                reg,
                cfg,
                export_path=export_path,
                as_json=as_json,
                review=not no_review and interactive,
                scope={"registry": registry, "config": config},
            )
            if not result.ok:
                raise typer.Exit(EXIT_RUNTIME_ERROR)
    finally:
        _wait_for_codebleu()
        warm_ask.start_when_done()


def _show(
    result: Any,
    reg: Any,
    cfg: MCPForgeConfig,
    *,
    export_path: Path | None,
    as_json: bool,
    review: bool,
    scope: Scope,
) -> None:
    """The answer: exported when asked, then as JSON, or rendered with the review (or how to review)."""
    from mcpforge.cli._export import export_answer

    export_note: dict[str, Any] = {}
    if export_path is not None and result.ok and result.artifacts is not None:
        exported = export_answer(result.artifacts.result, export_path)
        export_note["export_note"] = exported.note
        if not as_json:
            echo(f"Wrote the answer ({exported.rows:,} rows) to {export_path}", err=True)
            if exported.note:
                echo(f"note: {exported.note}", err=True)
    if as_json:
        print_json({**result.to_json(), **export_note})
    elif result.error:
        echo(f"error: {result.error}", err=True)
    else:
        render_markdown(result.result_markdown or "")
        _say_charts(result)
        if result.status == "STAGED" and review:
            _review(result, reg, cfg, scope)
        elif result.status == "STAGED":
            echo(
                f"Candidate {result.candidate_id!r} is STAGED; review it with: "
                f"{command_hint('review', str(result.candidate_id), **scope)}",
                err=True,
            )


def _no_huge_pages() -> None:
    """``prctl(PR_SET_THP_DISABLE)`` for this process and every one it starts (as
    ``sandbox._kernel.disable_transparent_huge_pages``, without loading the sandbox before the request
    is read). Nothing changes where the kernel or libc has no such call."""
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(41, 1, 0, 0, 0)


def _wait_for_codebleu() -> None:
    """Attach a CodeBLEU still computing before the process exits (bounded: 5 s)."""
    semantic = sys.modules.get("mcpforge.pipeline.validation.semantic")
    if semantic is not None:  # not loaded: nothing was staged, nothing is pending
        semantic.wait_for_pending()


EXIT_NEEDS_CLARIFICATION = 3


def _say_question(
    ctx: typer.Context,
    question: NeedsClarificationError,
    request: str,
    given: dict[str, str],
    *,
    as_json: bool,
) -> None:
    """The question, its choices, and the whole command again with each choice (pastes as is)."""
    if as_json:
        from mcpforge.pipeline.intent.clarify import question_json

        print_json(question_json(question, request))
        return
    echo(f"NEEDS_CLARIFICATION: {question.question}")
    for name, meaning in question.choices.items():
        echo(f"  {name}: {meaning}")
    earlier = [f"{key}={value}" for key, value in given.items() if key.lower() != question.key.lower()]
    echo("Ask again with one of:", err=True)
    for name in question.choices:
        echo(f"  {rerun_hint(ctx, '--clarify', [*earlier, f'{question.key}={name}'])}", err=True)


def _pick(question: NeedsClarificationError) -> str | None:
    """Ask the person on the terminal; None when they give no valid choice."""
    names = list(question.choices)
    echo(question.question)
    for index, name in enumerate(names, start=1):
        echo(f"  {index}. {name}: {question.choices[name]}")
    answer = _prompt("Your choice [number or name; Enter to stop]")
    if not answer:
        return None
    answer = answer.strip()
    if answer.isdigit() and 1 <= int(answer) <= len(names):
        return names[int(answer) - 1]
    return answer if answer in names else None


def register(app: typer.Typer) -> None:
    """Add ``ask`` and ``add-tool`` to ``app``."""
    app.command("ask")(ask_command)
    app.command("add-tool")(add_tool_command)
