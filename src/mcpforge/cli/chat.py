"""``mcpforge chat``: talk to a model that can call the tools of MCP servers (seed 002 §8)."""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from mcpforge.cli._common import (
    EXIT_RUNTIME_ERROR,
    ConfigOption,
    JsonOption,
    cli_errors,
    fail,
    load_cli_config,
    print_json,
)
from mcpforge.cli._render import echo

if TYPE_CHECKING:
    from mcpforge.bridge.chat import ChatSession, ToolCallRecord
    from mcpforge.engines.base import Engine

_EMPTY_JSON: dict[str, Any] = {"answer": "", "steps": 0, "tool_calls": [], "usage": {}}
_QUIT = {"exit", "quit", ":q"}


def _show_call(record: ToolCallRecord) -> None:
    arguments = json.dumps(record.arguments, ensure_ascii=False)
    if len(arguments) > 120:
        arguments = arguments[:117] + "..."
    status = "error" if record.is_error else "ok"
    echo(f"  [tool] {record.name}({arguments}) -> {status}", err=True)


@contextmanager
def _session(
    servers: list[str], engine: Engine, *, timeout: float, max_steps: int, show_calls: bool
) -> Iterator[ChatSession]:
    """A chat session over ``servers``; their stderr is kept in a log that survives only a failed start."""
    from mcpforge.bridge.chat import ChatSession, with_stderr_log
    from mcpforge.bridge.errors import MCPServerError

    with tempfile.NamedTemporaryFile(prefix="mcpforge-chat-servers-", suffix=".log", delete=False) as handle:
        log = Path(handle.name)
    keep_log = False
    try:
        try:
            session = ChatSession.connect(
                [with_stderr_log(value, log) for value in servers],
                engine,
                timeout=timeout,
                max_steps=max_steps,
                on_tool_call=_show_call if show_calls else None,
            )
        except MCPServerError as exc:
            keep_log = log.stat().st_size > 0
            where = f"; server output: {str(log)!r}" if keep_log else ""
            raise MCPServerError(exc.server, exc.reason + where) from exc
        with session:
            yield session
    finally:
        if not keep_log:
            log.unlink(missing_ok=True)


def _step_limit_message(steps: int) -> str:
    return f"no final answer within {steps} model steps (the model kept calling tools); raise --max-steps"


def _repl(session: ChatSession) -> None:
    from mcpforge.exceptions import EngineError

    echo(f"{len(session.tools)} tools available. Ask a question; 'exit' or Ctrl-D ends the chat.", err=True)
    prompt = "you> " if sys.stdin.isatty() else ""  # piped questions get answers only
    while True:
        try:
            line = input(prompt)
        except EOFError:
            echo("", err=True)
            return
        question = line.strip()
        if question.lower() in _QUIT:
            return
        if not question:
            continue
        try:
            result = session.ask(question)
        except EngineError as exc:  # the chat goes on: the model may answer the next question
            echo(f"error: {exc}", err=True)
            continue
        if result.completed:
            echo(result.answer)
        else:
            echo(f"error: {_step_limit_message(result.steps)}", err=True)


def chat_command(  # noqa: PLR0917 - typer maps parameters to options
    message: Annotated[
        str | None, typer.Argument(help="Ask this one question and exit (omit for an interactive chat).")
    ] = None,
    server: Annotated[
        list[str] | None,
        typer.Option(
            "--server",
            "-s",
            help="An MCP server: an http(s):// URL (streamable HTTP) or a command line run as a stdio "
            "server. Repeat for several servers.",
            show_default=False,
        ),
    ] = None,
    engine: Annotated[
        str | None,
        typer.Option("--engine", help="The model: openai (any OpenAI-compatible server), anthropic, local."),
    ] = None,
    model: Annotated[
        str | None, typer.Option("--model", help="Model name, or a .gguf file for --engine local.")
    ] = None,
    base_url: Annotated[
        str | None, typer.Option("--base-url", help="Endpoint of the model, e.g. http://127.0.0.1:8080/v1.")
    ] = None,
    max_steps: Annotated[
        int, typer.Option("--max-steps", min=1, help="Model turns allowed per question.")
    ] = 8,
    timeout: Annotated[
        float,
        typer.Option("--timeout", min=0.1, help="Seconds allowed for starting and listing each server."),
    ] = 30.0,
    as_json: JsonOption = False,
    config: ConfigOption = None,
) -> None:
    """Chat with a model that calls the tools of MCP servers; one question with MESSAGE, else interactive.

    Example: mcpforge chat -s "mcpforge serve" --engine openai --base-url http://127.0.0.1:8080/v1 "Hi"
    """
    with cli_errors(as_json=as_json, extra=_EMPTY_JSON):
        from mcpforge.engines import build_engine

        if not server:
            fail("give at least one MCP server with --server CMD|URL", as_json=as_json, extra=_EMPTY_JSON)
        if as_json and message is None:
            fail(
                "--json needs a MESSAGE (it prints the outcome of one question)",
                as_json=True,
                extra=_EMPTY_JSON,
            )
        llm: dict[str, Any] = {"engine": engine}
        if model is not None:
            llm["model_path" if model.endswith(".gguf") else "model"] = model
        if base_url is not None:
            llm["base_url"] = base_url
        cfg = load_cli_config(
            config=config, llm={key: value for key, value in llm.items() if value is not None}
        )
        if cfg.llm.engine not in ("openai", "anthropic", "local"):
            fail(
                f"chat needs a model engine, not {cfg.llm.engine!r}: "
                "pass --engine openai, anthropic or local",
                as_json=as_json,
                extra=_EMPTY_JSON,
            )
        chat_engine = build_engine(cfg.llm)
        try:
            with _session(
                server, chat_engine, timeout=timeout, max_steps=max_steps, show_calls=not as_json
            ) as session:
                if message is None:
                    _repl(session)
                    return
                result = session.ask(message)
        finally:
            chat_engine.close()
        if not result.completed:
            fail(
                _step_limit_message(result.steps),
                code=EXIT_RUNTIME_ERROR,
                as_json=as_json,
                extra=result.to_json(),
            )
        if as_json:
            print_json(result.to_json())
        else:
            echo(result.answer)


def register(app: typer.Typer) -> None:
    """Add ``chat`` to ``app``."""
    app.command("chat")(chat_command)
