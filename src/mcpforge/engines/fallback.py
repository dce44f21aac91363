"""Primary and fallback model (requirements 5.1.1): the fallback answers when the primary fails."""

from __future__ import annotations

import logging
from typing import Any

from mcpforge.engines.base import ChatMessage, ChatTool, ChatTurn, Completion, Engine, Message
from mcpforge.exceptions import EngineError

logger = logging.getLogger(__name__)


class FallbackEngine(Engine):
    """Asks ``primary``; on an EngineError asks ``fallback`` once and says so in the log."""

    def __init__(self, primary: Engine, fallback: Engine) -> None:
        super().__init__()
        self.primary = primary
        self.fallback = fallback
        self.name = f"{primary.name}+{fallback.name}"

    @property
    def has_model(self) -> bool:
        return self.primary.has_model or self.fallback.has_model

    def _complete(
        self,
        messages: list[Message],
        *,
        json_schema: dict[str, Any] | None,
        schema_name: str,
        max_tokens: int | None,
        temperature: float | None = None,
    ) -> Completion:
        try:
            return self.primary.complete(
                messages,
                json_schema=json_schema,
                schema_name=schema_name,
                max_tokens=max_tokens,
                temperature=temperature,
            )
        except EngineError as exc:
            logger.warning(
                "primary engine %s failed (%s); asking fallback %s",
                self.primary.name,
                exc,
                self.fallback.name,
            )
            return self.fallback.complete(
                messages,
                json_schema=json_schema,
                schema_name=schema_name,
                max_tokens=max_tokens,
                temperature=temperature,
            )

    def _chat(
        self, messages: list[ChatMessage], tools: list[ChatTool], *, max_tokens: int | None
    ) -> ChatTurn:
        try:
            return self.primary.chat(messages, tools, max_tokens=max_tokens)
        except EngineError as exc:
            logger.warning(
                "primary engine %s failed (%s); asking fallback %s",
                self.primary.name,
                exc,
                self.fallback.name,
            )
            return self.fallback.chat(messages, tools, max_tokens=max_tokens)

    def close(self) -> None:
        self.primary.close()
        self.fallback.close()
