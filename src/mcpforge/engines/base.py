"""The engine interface: every step that needs judgement asks an Engine.

Engines answer chat messages, optionally constrained by a JSON Schema. Structured answers are parsed
into pydantic models here, once, so a small model can never hand the pipeline unparsable JSON.

Engines also call tools (:meth:`Engine.chat`): tools, tool calls and tool results travel in a neutral
form (:class:`ChatTool`, :class:`ToolCallRequest`, :class:`ChatMessage`) that each engine converts to its
wire format. Engines without native tool calling (the local model, scripts) use a JSON protocol whose
schema names the tools, so even a small model can only ask for a tool that exists.
"""

from __future__ import annotations

import json
import re
import time
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from mcpforge.exceptions import EngineError

T = TypeVar("T", bound=BaseModel)

Message = dict[str, str]
Role = Literal["system", "user", "assistant", "tool"]


@dataclass(frozen=True, kw_only=True)
class Completion:
    """One answer of a model."""

    text: str
    model: str
    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass(frozen=True, kw_only=True)
class ChatTool:
    """A tool offered to a model: its name, what it does, and a JSON Schema of its arguments."""

    name: str
    description: str = ""
    parameters: dict[str, Any] = field(default_factory=lambda: {"type": "object", "properties": {}})


@dataclass(frozen=True, kw_only=True)
class ToolCallRequest:
    """A model asking for one tool call.

    ``arguments_error`` is set (and ``arguments`` empty) when the model sent arguments that are not a
    JSON object; the caller reports that back to the model instead of calling the tool.
    """

    id: str
    name: str
    arguments: dict[str, Any] = field(default_factory=dict)
    arguments_error: str | None = None


@dataclass(frozen=True, kw_only=True)
class ChatMessage:
    """One message of a tool-calling conversation, in a form every engine can convert.

    ``assistant`` messages may carry ``tool_calls``; ``tool`` messages answer one call
    (``tool_call_id``, ``tool_name``) with its result text, ``is_error`` when the call failed.
    """

    role: Role
    content: str = ""
    tool_calls: tuple[ToolCallRequest, ...] = ()
    tool_call_id: str = ""
    tool_name: str = ""
    is_error: bool = False

    @classmethod
    def tool_result(cls, call: ToolCallRequest, content: str, *, is_error: bool = False) -> ChatMessage:
        """The answer to ``call``."""
        return cls(role="tool", content=content, tool_call_id=call.id, tool_name=call.name, is_error=is_error)


def as_chat_message(message: ChatMessage | Message) -> ChatMessage:
    """A ChatMessage from itself or from a plain ``{"role", "content"}`` dict.

    Raises:
        EngineError: the dict has an unknown role.
    """
    if isinstance(message, ChatMessage):
        return message
    role = message.get("role", "")
    if role not in ("system", "user", "assistant"):
        raise EngineError(f"message role {role!r} is not system, user or assistant", engine="chat")
    return ChatMessage(role=role, content=message.get("content", ""))  # type: ignore[arg-type]


@dataclass(frozen=True, kw_only=True)
class TokenUsage:
    """Tokens one model answer used."""

    prompt_tokens: int = 0
    completion_tokens: int = 0


@dataclass(frozen=True, kw_only=True)
class ChatTurn:
    """One answer of a model in a tool-calling conversation: text, tool calls, or both."""

    text: str
    tool_calls: list[ToolCallRequest] = field(default_factory=list)
    model: str = ""
    usage: TokenUsage = field(default_factory=TokenUsage)

    def as_message(self) -> ChatMessage:
        """This turn as the assistant message to append to the conversation."""
        return ChatMessage(role="assistant", content=self.text, tool_calls=tuple(self.tool_calls))


@dataclass(kw_only=True)
class Usage:
    """Tokens and calls an engine has used so far (for benchmarks and the report)."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    history: list[Completion] = field(default_factory=list)

    def add(self, completion: Completion) -> None:
        """Count one completion."""
        self.calls += 1
        self.prompt_tokens += completion.prompt_tokens
        self.completion_tokens += completion.completion_tokens
        self.history.append(completion)


class Engine(ABC):
    """A source of answers: a model behind an API, an embedded model, or a script."""

    name: str = "abstract"

    def __init__(self) -> None:
        self.usage = Usage()
        # Monotonic time the current ask must end by (set by forge; None: no budget). Checked before each
        # call; the local engine also turns it into llama.cpp's prediction time limit.
        self.deadline: float | None = None

    @property
    def has_model(self) -> bool:
        """False for engines that cannot write code (the rules engine)."""
        return True

    @abstractmethod
    def _complete(
        self,
        messages: list[Message],
        *,
        json_schema: dict[str, Any] | None,
        schema_name: str,
        max_tokens: int | None,
        temperature: float | None = None,
    ) -> Completion:
        """Answer ``messages``; when ``json_schema`` is given the answer must be JSON matching it."""

    def complete(
        self,
        messages: list[Message],
        *,
        json_schema: dict[str, Any] | None = None,
        schema_name: str = "answer",
        max_tokens: int | None = None,
        temperature: float | None = None,
    ) -> Completion:
        """Answer ``messages`` and count the tokens used.

        ``temperature`` overrides the engine's sampling temperature for this call (engines that take
        none, such as Anthropic's Messages API of SDK 2.x, ignore it).

        Raises:
            EngineError: the model is unreachable, timed out, refused, or answered nothing.
        """
        self._check_deadline()
        completion = self._complete(
            messages,
            json_schema=json_schema,
            schema_name=schema_name,
            max_tokens=max_tokens,
            temperature=temperature,
        )
        self.usage.add(completion)
        if not completion.text.strip():
            raise EngineError(
                f"{self.name} engine returned an empty answer", engine=self.name, retryable=True
            )
        return completion

    def _check_deadline(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise EngineError(f"{self.name} engine: the ask's time budget is spent", engine=self.name)

    def remaining_seconds(self) -> float | None:
        """Seconds left of the current ask's budget (None: no budget)."""
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    def complete_model(
        self, messages: list[Message], model_type: type[T], *, max_tokens: int | None = None
    ) -> T:
        """Answer with JSON constrained by ``model_type``'s schema and parse it into that model.

        Raises:
            EngineError: the answer is not valid JSON for the schema (truncated, garbage, refusal).
        """
        schema = model_type.model_json_schema()
        completion = self.complete(
            messages, json_schema=schema, schema_name=model_type.__name__, max_tokens=max_tokens
        )
        return parse_structured(completion.text, model_type, engine=self.name)

    def chat(
        self,
        messages: Sequence[ChatMessage | Message],
        tools: Sequence[ChatTool],
        *,
        max_tokens: int | None = None,
    ) -> ChatTurn:
        """One step of a tool-calling conversation: the model answers or asks for tool calls.

        Raises:
            EngineError: the model is unreachable, timed out, refused, or answered nothing.
        """
        turn = self._chat([as_chat_message(m) for m in messages], list(tools), max_tokens=max_tokens)
        calls = ", ".join(call.name for call in turn.tool_calls)
        self.usage.add(
            Completion(
                text=turn.text or f"(tool calls: {calls})",
                model=turn.model,
                prompt_tokens=turn.usage.prompt_tokens,
                completion_tokens=turn.usage.completion_tokens,
            )
        )
        if not turn.text.strip() and not turn.tool_calls:
            raise EngineError(
                f"{self.name} engine returned an empty answer", engine=self.name, retryable=True
            )
        return turn

    def _chat(
        self, messages: list[ChatMessage], tools: list[ChatTool], *, max_tokens: int | None
    ) -> ChatTurn:
        """Engines with native tool calling override this; the default asks for JSON steps."""
        from mcpforge.engines._tool_protocol import prompted_chat

        return prompted_chat(self._complete, messages, tools, max_tokens=max_tokens)

    def close(self) -> None:  # noqa: B027 - optional hook; most engines hold nothing to release
        """Release resources (connections, a loaded model)."""


_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)


def parse_structured(text: str, model_type: type[T], *, engine: str) -> T:
    """Parse a JSON answer (bare or fenced) into ``model_type``.

    Raises:
        EngineError: no JSON object could be parsed, or it does not fit the model.
    """
    candidates = [text.strip(), *(match.strip() for match in _FENCE.findall(text))]
    start, end = text.find("{"), text.rfind("}")
    if 0 <= start < end:
        candidates.append(text[start : end + 1])
    last_error = "no JSON object in the answer"
    for candidate in candidates:
        try:
            data = json.loads(candidate)
        except json.JSONDecodeError as exc:
            last_error = f"invalid JSON ({exc.msg} at position {exc.pos})"
            continue
        try:
            return model_type.model_validate(data)
        except ValidationError as exc:
            first = exc.errors()[0]
            last_error = (
                f"JSON does not fit {model_type.__name__}: {'.'.join(map(str, first['loc']))}: {first['msg']}"
            )
    raise EngineError(
        f"{engine} engine gave an unusable structured answer: {last_error}", engine=engine, retryable=True
    )


_CODE_FENCE = re.compile(r"```(?:python|py)?[ \t]*\n(.*?)```", re.DOTALL)


def extract_code(text: str) -> str:
    """The Python source in a model answer: the longest fenced block, or the bare answer.

    Raises:
        EngineError: the answer holds no code at all.
    """
    blocks = [block for block in _CODE_FENCE.findall(text) if block.strip()]
    if blocks:
        longest: str = max(blocks, key=len)
        return longest.strip() + "\n"
    if "```" in text:  # an unterminated fence: take what follows it
        after = text.split("```", 1)[1]
        after = after.split("\n", 1)[1] if "\n" in after else ""
        if after.strip():
            return after.strip() + "\n"
    if re.search(r"^\s*(def |from |import |@)", text, re.MULTILINE):
        return text.strip() + "\n"
    raise EngineError("the model answer contains no Python code", engine="model", retryable=True)
