"""``mcpforge review`` and ``mcpforge promote``: a person's decision on a staged candidate."""

from __future__ import annotations

import select
import sys
from typing import Annotated

import typer

from mcpforge.cli._common import (
    EXIT_RUNTIME_ERROR,
    ConfigOption,
    JsonOption,
    RegistryOption,
    cli_errors,
    fail,
    print_json,
)
from mcpforge.cli._render import echo
from mcpforge.cli.registry_cmds._access import actor, open_initialized
from mcpforge.cli.registry_cmds._candidate_view import review_presentation

REVIEW_JSON_KEYS = ("candidate_id", "status", "tool_name", "version", "result_markdown", "result", "error")
_EMPTY_REVIEW = dict.fromkeys(REVIEW_JSON_KEYS)


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
        reg, cfg = open_initialized(registry, config)
        from mcpforge.registry.file.services import is_service_candidate

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
            echo(review_presentation(candidate) + "\n", err=as_json)
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
            reg, candidate_id, output_answer=output, decision_answer=decision, actor=actor(), config=cfg
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
        reg, _ = open_initialized(registry, config)
        try:
            tool = reg.promote(candidate_id, actor=actor())
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


def register(app: typer.Typer) -> None:
    """Add ``review`` and ``promote`` to ``app``."""
    app.command("review")(review_command)
    app.command("promote")(promote_command)
