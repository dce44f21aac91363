"""The Anthropic Messages API through the official ``anthropic`` SDK."""

from __future__ import annotations

import json
import os
from typing import Any

from mcpforge.engines.base import (
    ChatMessage,
    ChatTool,
    ChatTurn,
    Completion,
    Engine,
    Message,
    TokenUsage,
    ToolCallRequest,
)
from mcpforge.exceptions import EngineError


class AnthropicEngine(Engine):
    """Claude models; structured answers are forced through a single tool whose input schema is the schema."""

    name = "anthropic"

    def __init__(
        self,
        *,
        model: str,
        base_url: str | None = None,
        api_key_env: str | None = None,
        timeout_seconds: float = 120.0,
        max_retries: int = 2,
        temperature: float = 0.2,
        max_tokens: int = 2000,
    ) -> None:
        super().__init__()
        try:
            import anthropic
        except ImportError as exc:
            raise EngineError(
                "the anthropic engine needs `pip install mcpforge[anthropic]`", engine=self.name
            ) from exc
        key = os.environ.get(api_key_env or "ANTHROPIC_API_KEY") or "not-set"
        self._anthropic = anthropic
        self._client = anthropic.Anthropic(
            api_key=key, base_url=base_url, timeout=timeout_seconds, max_retries=max_retries
        )
        self._model = model or "claude-sonnet-4-5"
        self._base_url = base_url or "https://api.anthropic.com"
        del temperature  # the Messages API of anthropic SDK 2.x takes no sampling temperature
        self._max_tokens = max_tokens

    def _complete(
        self,
        messages: list[Message],
        *,
        json_schema: dict[str, Any] | None,
        schema_name: str,
        max_tokens: int | None,
        temperature: float | None = None,
    ) -> Completion:
        system = "\n\n".join(m["content"] for m in messages if m["role"] == "system")
        chat = [{"role": m["role"], "content": m["content"]} for m in messages if m["role"] != "system"]
        kwargs: dict[str, Any] = {
            "model": self._model,
            "max_tokens": max_tokens or self._max_tokens,
            "messages": chat,
        }
        if system:
            kwargs["system"] = system
        if json_schema is not None:
            kwargs["tools"] = [
                {"name": schema_name, "description": "Give the answer.", "input_schema": json_schema}
            ]
            kwargs["tool_choice"] = {"type": "tool", "name": schema_name}
        response = self._create(kwargs)
        text = ""
        for block in response.content:
            if block.type == "tool_use" and json_schema is not None:
                text = json.dumps(block.input)
                break
            if block.type == "text":
                text += block.text
        if response.stop_reason == "refusal":
            raise EngineError("the model refused to answer", engine=self.name)
        return Completion(
            text=text,
            model=response.model,
            prompt_tokens=response.usage.input_tokens,
            completion_tokens=response.usage.output_tokens,
        )

    def _create(self, kwargs: dict[str, Any]) -> Any:
        """``messages.create`` with the SDK's failures turned into EngineError."""
        try:
            return self._client.messages.create(**kwargs)
        except self._anthropic.APITimeoutError as exc:
            raise EngineError(
                f"model at {self._base_url} timed out", engine=self.name, retryable=True
            ) from exc
        except self._anthropic.APIConnectionError as exc:
            raise EngineError(
                f"cannot reach the model at {self._base_url} ({exc})", engine=self.name, retryable=True
            ) from exc
        except self._anthropic.APIStatusError as exc:
            raise EngineError(
                f"model at {self._base_url} answered HTTP {exc.status_code}: {exc.message}",
                engine=self.name,
                retryable=exc.status_code in {408, 409, 429} or exc.status_code >= 500,
            ) from exc

    def _chat(
        self, messages: list[ChatMessage], tools: list[ChatTool], *, max_tokens: int | None
    ) -> ChatTurn:
        system = "\n\n".join(m.content for m in messages if m.role == "system" and m.content)
        kwargs: dict[str, Any] = {
            "model": self._model,
            "max_tokens": max_tokens or self._max_tokens,
            "messages": _wire_messages(messages),
        }
        if system:
            kwargs["system"] = system
        if tools:
            kwargs["tools"] = [
                {"name": t.name, "description": t.description, "input_schema": t.parameters} for t in tools
            ]
        response = self._create(kwargs)
        if response.stop_reason == "refusal":
            raise EngineError("the model refused to answer", engine=self.name)
        texts: list[str] = []
        calls: list[ToolCallRequest] = []
        for block in response.content:
            if block.type == "text":
                texts.append(block.text)
            elif block.type == "tool_use":
                if isinstance(block.input, dict):
                    calls.append(ToolCallRequest(id=block.id, name=block.name, arguments=dict(block.input)))
                else:
                    error = f"arguments must be a JSON object, got {json.dumps(block.input)[:200]}"
                    calls.append(ToolCallRequest(id=block.id, name=block.name, arguments_error=error))
        return ChatTurn(
            text="".join(texts),
            tool_calls=calls,
            model=response.model,
            usage=TokenUsage(
                prompt_tokens=response.usage.input_tokens, completion_tokens=response.usage.output_tokens
            ),
        )

    def close(self) -> None:
        self._client.close()


def _blocks(message: ChatMessage) -> list[dict[str, Any]]:
    if message.role == "tool":
        return [
            {
                "type": "tool_result",
                "tool_use_id": message.tool_call_id,
                "content": message.content or "(no output)",
                "is_error": message.is_error,
            }
        ]
    blocks: list[dict[str, Any]] = []
    if message.content:
        blocks.append({"type": "text", "text": message.content})
    blocks.extend(
        {"type": "tool_use", "id": call.id, "name": call.name, "input": call.arguments}
        for call in message.tool_calls
    )
    return blocks


def _wire_messages(messages: list[ChatMessage]) -> list[dict[str, Any]]:
    """Neutral messages as Messages API turns: tool results become ``tool_result`` blocks of a user turn,
    and consecutive turns of one role are merged (the API wants user and assistant to alternate)."""
    turns: list[dict[str, Any]] = []
    for message in messages:
        if message.role == "system":
            continue
        role = "assistant" if message.role == "assistant" else "user"
        blocks = _blocks(message)
        if not blocks:
            continue
        if turns and turns[-1]["role"] == role:
            turns[-1]["content"].extend(blocks)
        else:
            turns.append({"role": role, "content": blocks})
    return turns
