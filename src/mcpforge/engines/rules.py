"""The deterministic engine: no model. Intents come from the rules parser, code from the catalogue."""

from __future__ import annotations

from typing import Any

from mcpforge.engines.base import Completion, Engine, Message
from mcpforge.exceptions import EngineError


class RulesEngine(Engine):
    """Offline and instant; covers exactly the operation catalogue."""

    name = "rules"

    @property
    def has_model(self) -> bool:
        return False

    def _complete(
        self,
        messages: list[Message],
        *,
        json_schema: dict[str, Any] | None,
        schema_name: str,
        max_tokens: int | None,
        temperature: float | None = None,
    ) -> Completion:
        raise EngineError(
            "the rules engine has no model: this request needs code outside the catalogue; "
            "use --engine local (after `mcpforge model install`), openai or anthropic",
            engine=self.name,
        )
