"""``forge_request``'s question back to the person, asked in both protocol eras — or returned as a question.

A request that reads several ways raises :class:`NeedsClarificationError` (one question, choices built
from the data). Handshake-era (2025-11-25) clients that support elicitation are asked at once with
``elicitation/create``. 2026-07-28 clients, which have no back-channel, get an ``InputRequiredResult``
(SEP-2322) with a form whose one field is the choice; the request, the data path and the answers so far
travel in the request state (sealed by FastMCP with a server key, so a client cannot forge an earlier
answer) and the next round continues the forge with the person's choice. A client that cannot ask, or a
person who declines, gets the question as a plain result: not an error, ``status`` NEEDS_CLARIFICATION,
the question, the choices and how to continue (``clarify=["key=choice"]``).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from typing import Any

import anyio
import mcp_types
from fastmcp import Context
from fastmcp.exceptions import ToolError
from fastmcp.server.elicitation import AcceptedElicitation
from fastmcp.tools.base import ToolResult
from mcp.shared.exceptions import MCPError
from pydantic import ValidationError

from mcpforge.exceptions import NeedsClarificationError
from mcpforge.server._review_flow import _is_modern, _supports_elicitation

logger = logging.getLogger("mcpforge.server")

_CLARIFY_KEY = "clarify"


@dataclass(kw_only=True)
class EarlierRound:
    """What an earlier input-required round of this same request carried back."""

    answers: dict[str, str] = field(default_factory=dict)
    declined: bool = False


def clarification_result(question: NeedsClarificationError, request: str) -> ToolResult:
    """A question back to the person instead of a guess: not an error, the next step is an answer."""
    from mcpforge.pipeline.intent.clarify import question_json

    data = question_json(question, request)
    again = f'call forge_request again with clarify=["{question.key}=<choice>"]'
    data["answer_with"] = again
    lines = [f"**Needs clarification**: {question.question}", ""]
    lines += [f"- `{name}`: {meaning}" for name, meaning in question.choices.items()]
    lines += ["", f"Ask the person, then {again}."]
    return ToolResult(content="\n".join(lines), structured_content=data, is_error=False)


def _message(question: NeedsClarificationError) -> str:
    return "\n".join(
        [question.question, *(f"- {name}: {meaning}" for name, meaning in question.choices.items())]
    )


async def ask_person(ctx: Context, question: NeedsClarificationError, timeout: float) -> str | None:
    """The person's choice through elicitation (handshake-era clients that support it), else None."""
    if _is_modern(ctx) or not _supports_elicitation(ctx):
        return None
    try:
        with anyio.fail_after(timeout):
            answer = await ctx.elicit(_message(question), list(question.choices))
    except TimeoutError:
        return None
    except (ToolError, MCPError, ValidationError) as exc:
        logger.warning("elicitation of a clarifying question failed: %s", exc)
        return None
    if isinstance(answer, AcceptedElicitation) and str(answer.data) in question.choices:
        return str(answer.data)
    return None


def can_ask_in_rounds(ctx: Context) -> bool:
    """A 2026-07-28 client that declared elicitation: it answers ``InputRequiredResult`` rounds."""
    return _is_modern(ctx) and _supports_elicitation(ctx)


def input_round(
    question: NeedsClarificationError, request: str, data_path: str, answers: dict[str, str]
) -> mcp_types.InputRequiredResult:
    """The question as an input request (a form with one choice field), the forge's state sealed along."""
    schema: dict[str, Any] = {
        "type": "object",
        "properties": {
            "value": {
                "type": "string",
                "title": question.question,
                "enum": list(question.choices),
                "description": "; ".join(f"{name}: {meaning}" for name, meaning in question.choices.items()),
            }
        },
        "required": ["value"],
    }
    params = mcp_types.ElicitRequestFormParams(message=_message(question), requested_schema=schema)
    state = {"request": request, "data_path": data_path, "answers": answers, "key": question.key,
             "choices": list(question.choices)}  # fmt: skip
    return mcp_types.InputRequiredResult(
        input_requests={_CLARIFY_KEY: mcp_types.ElicitRequest(params=params)}, request_state=json.dumps(state)
    )


def earlier_round(ctx: Context, request: str, data_path: str) -> EarlierRound:
    """The answers of an earlier round of this same request (none on a first call or another's state)."""
    raw, responses = ctx.request_state, ctx.input_responses
    if not raw or responses is None:
        return EarlierRound()
    try:
        state = json.loads(raw)
    except ValueError:
        return EarlierRound()
    if not isinstance(state, dict) or (state.get("request"), state.get("data_path")) != (request, data_path):
        return EarlierRound()
    answers = {str(k): str(v) for k, v in dict(state.get("answers") or {}).items()}
    response = responses.get(_CLARIFY_KEY)
    if not isinstance(response, mcp_types.ElicitResult) or response.action != "accept":
        return EarlierRound(answers=answers, declined=True)
    choice = (response.content or {}).get("value")
    if str(choice) not in [str(c) for c in state.get("choices") or []]:
        return EarlierRound(answers=answers, declined=True)
    return EarlierRound(answers={**answers, str(state.get("key")): str(choice)})


async def next_step(
    ctx: Context,
    question: NeedsClarificationError,
    *,
    request: str,
    data_path: str,
    answers: dict[str, str],
    earlier: EarlierRound,
    timeout: float,
) -> str | ToolResult | mcp_types.InputRequiredResult:
    """The person's choice (a str) when asked at once, else the round or the question to return.

    A question already answered, or one the person declined, is never asked again in rounds: it comes
    back as the plain question, so a client cannot loop.
    """
    if can_ask_in_rounds(ctx) and not earlier.declined and question.key not in answers:
        return input_round(question, request, data_path, answers)
    choice = await ask_person(ctx, question, timeout)
    return choice if choice is not None else clarification_result(question, request)
