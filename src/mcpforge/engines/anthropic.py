"""The Anthropic Messages API through the official ``anthropic`` SDK."""

from __future__ import annotations

import json
import os
from typing import Any

from mcpforge.engines.base import Completion, Engine, Message
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
        try:
            response = self._client.messages.create(**kwargs)
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

    def close(self) -> None:
        self._client.close()
