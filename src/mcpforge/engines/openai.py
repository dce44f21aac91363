"""Any OpenAI-compatible chat-completions endpoint: OpenAI, vLLM, TGI, llama.cpp server, Ollama, LM Studio."""

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


class OpenAIEngine(Engine):
    """Chat completions through the official ``openai`` SDK (its retries and backoff included).

    Structured answers use ``response_format: json_schema``; a server that rejects it is asked again
    with ``json_object`` and the schema in the prompt, and the answer is validated either way.
    """

    name = "openai"

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
            import openai
        except ImportError as exc:
            raise EngineError(
                "the openai engine needs `pip install mcpforge[openai]`", engine=self.name
            ) from exc
        key = os.environ.get(api_key_env or "OPENAI_API_KEY") or "not-needed"  # local servers take any key
        self._openai = openai
        self._client = openai.OpenAI(
            base_url=base_url, api_key=key, timeout=timeout_seconds, max_retries=max_retries
        )
        self._model = model or "gpt-4o-mini"
        self._base_url = base_url or "https://api.openai.com/v1"
        self._temperature = temperature
        self._max_tokens = max_tokens
        self._json_schema_supported = True

    def _complete(
        self,
        messages: list[Message],
        *,
        json_schema: dict[str, Any] | None,
        schema_name: str,
        max_tokens: int | None,
        temperature: float | None = None,
    ) -> Completion:
        response_format: dict[str, Any] | None = None
        if json_schema is not None:
            if self._json_schema_supported:
                response_format = {
                    "type": "json_schema",
                    "json_schema": {"name": schema_name, "schema": json_schema},
                }
            else:
                response_format = {"type": "json_object"}
        try:
            return self._request(messages, response_format, max_tokens, temperature)
        except self._openai.BadRequestError as exc:
            if response_format is None or response_format["type"] != "json_schema":
                raise self._error(exc) from exc
            self._json_schema_supported = False  # e.g. an older server; fall back once, validate anyway
            hinted = [
                *messages,
                {"role": "user", "content": f"Answer with JSON matching this schema: {json_schema}"},
            ]
            try:
                return self._request(hinted, {"type": "json_object"}, max_tokens, temperature)
            except self._openai.OpenAIError as retry_exc:
                raise self._error(retry_exc) from retry_exc
        except self._openai.OpenAIError as exc:
            raise self._error(exc) from exc
        except ValueError as exc:  # a 200 whose body is not JSON (a proxy's HTML page, say)
            raise EngineError(
                f"model at {self._base_url} sent a body that is not JSON", engine=self.name
            ) from exc

    def _request(
        self,
        messages: list[Message],
        response_format: dict[str, Any] | None,
        max_tokens: int | None,
        temperature: float | None = None,
    ) -> Completion:
        kwargs: dict[str, Any] = {
            "model": self._model,
            "messages": messages,
            "temperature": self._temperature if temperature is None else temperature,
            "max_tokens": max_tokens or self._max_tokens,
        }
        if response_format is not None:
            kwargs["response_format"] = response_format
        response = self._client.chat.completions.create(**kwargs)
        if not response.choices:
            raise EngineError(f"{self._base_url} returned no choices", engine=self.name, retryable=True)
        choice = response.choices[0]
        refusal = getattr(choice.message, "refusal", None)
        if refusal:
            raise EngineError(f"the model refused: {refusal}", engine=self.name)
        usage = response.usage
        return Completion(
            text=choice.message.content or "",
            model=response.model or self._model,
            prompt_tokens=usage.prompt_tokens if usage else 0,
            completion_tokens=usage.completion_tokens if usage else 0,
        )

    def _chat(
        self, messages: list[ChatMessage], tools: list[ChatTool], *, max_tokens: int | None
    ) -> ChatTurn:
        kwargs: dict[str, Any] = {
            "model": self._model,
            "messages": [_wire_message(message) for message in messages],
            "temperature": self._temperature,
            "max_tokens": max_tokens or self._max_tokens,
        }
        if tools:
            kwargs["tools"] = [
                {
                    "type": "function",
                    "function": {"name": t.name, "description": t.description, "parameters": t.parameters},
                }
                for t in tools
            ]
        try:
            response = self._client.chat.completions.create(**kwargs)
        except self._openai.OpenAIError as exc:
            raise self._error(exc) from exc
        except ValueError as exc:  # a 200 whose body is not JSON
            raise EngineError(
                f"model at {self._base_url} sent a body that is not JSON", engine=self.name
            ) from exc
        if not response.choices:
            raise EngineError(f"{self._base_url} returned no choices", engine=self.name, retryable=True)
        message = response.choices[0].message
        if getattr(message, "refusal", None):
            raise EngineError(f"the model refused: {message.refusal}", engine=self.name)
        calls = [
            _tool_call(call.id, call.function.name, call.function.arguments)
            for call in message.tool_calls or []
            if call.type == "function"
        ]
        usage = response.usage
        return ChatTurn(
            text=message.content or "",
            tool_calls=calls,
            model=response.model or self._model,
            usage=TokenUsage(
                prompt_tokens=usage.prompt_tokens if usage else 0,
                completion_tokens=usage.completion_tokens if usage else 0,
            ),
        )

    def _error(self, exc: Exception) -> EngineError:
        openai = self._openai
        if isinstance(exc, openai.APITimeoutError):
            return EngineError(f"model at {self._base_url} timed out", engine=self.name, retryable=True)
        if isinstance(exc, openai.APIConnectionError):
            return EngineError(
                f"cannot reach the model at {self._base_url} ({exc})", engine=self.name, retryable=True
            )
        if isinstance(exc, openai.APIStatusError):
            return EngineError(
                f"model at {self._base_url} answered HTTP {exc.status_code}: {_short(exc.message)}",
                engine=self.name,
                retryable=exc.status_code in {408, 409, 429} or exc.status_code >= 500,
            )
        return EngineError(f"model request failed: {_short(str(exc))}", engine=self.name)

    def close(self) -> None:
        self._client.close()


def _short(text: str, limit: int = 200) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _wire_message(message: ChatMessage) -> dict[str, Any]:
    """A neutral message in the chat-completions wire format."""
    if message.role == "tool":
        return {"role": "tool", "tool_call_id": message.tool_call_id, "content": message.content}
    if message.role == "assistant" and message.tool_calls:
        return {
            "role": "assistant",
            "content": message.content or None,
            "tool_calls": [
                {
                    "id": call.id,
                    "type": "function",
                    "function": {"name": call.name, "arguments": json.dumps(call.arguments)},
                }
                for call in message.tool_calls
            ],
        }
    return {"role": message.role, "content": message.content}


def _tool_call(call_id: str, name: str, raw_arguments: str | None) -> ToolCallRequest:
    """A tool call whose JSON-encoded arguments are decoded (or reported as unusable)."""
    try:
        arguments = json.loads(raw_arguments or "{}")
    except json.JSONDecodeError as exc:
        return ToolCallRequest(
            id=call_id,
            name=name,
            arguments_error=f"arguments are not valid JSON ({exc.msg}): {_short(raw_arguments or '')}",
        )
    if not isinstance(arguments, dict):
        return ToolCallRequest(
            id=call_id,
            name=name,
            arguments_error=f"arguments must be a JSON object, got {_short(raw_arguments or '')}",
        )
    return ToolCallRequest(id=call_id, name=name, arguments=arguments)
