"""A deterministic engine that replays scripted answers: for tests, demos and recorded runs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mcpforge.engines.base import Completion, Engine, Message
from mcpforge.exceptions import EngineError

Answer = str | Callable[[list[Message]], str]


class ScriptedEngine(Engine):
    """Answers with the next scripted answer; a callable answer sees the messages (to echo or branch)."""

    name = "scripted"

    def __init__(self, answers: Sequence[Answer]) -> None:
        super().__init__()
        self._answers = list(answers)
        self.prompts: list[list[Message]] = []

    def _complete(
        self,
        messages: list[Message],
        *,
        json_schema: dict[str, Any] | None,
        schema_name: str,
        max_tokens: int | None,
        temperature: float | None = None,
    ) -> Completion:
        self.prompts.append(messages)
        if not self._answers:
            raise EngineError("scripted engine has no answers left", engine=self.name)
        answer = self._answers.pop(0)
        text = answer(messages) if callable(answer) else answer
        return Completion(
            text=text,
            model="scripted",
            prompt_tokens=sum(len(m["content"]) // 4 for m in messages),
            completion_tokens=len(text) // 4,
        )
