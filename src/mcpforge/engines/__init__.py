"""Engines: who answers the steps that need judgement (intent, spec, code, repair)."""

from __future__ import annotations

from pathlib import Path

from mcpforge.config import LLMConfig, ModelEndpoint
from mcpforge.engines.base import (
    ChatMessage,
    ChatTool,
    ChatTurn,
    Completion,
    Engine,
    Message,
    TokenUsage,
    ToolCallRequest,
    extract_code,
    parse_structured,
)
from mcpforge.engines.fallback import FallbackEngine
from mcpforge.engines.model_store import default_model_path
from mcpforge.engines.rules import RulesEngine
from mcpforge.engines.scripted import ScriptedEngine
from mcpforge.exceptions import ConfigError

__all__ = [
    "ChatMessage",
    "ChatTool",
    "ChatTurn",
    "Completion",
    "Engine",
    "FallbackEngine",
    "Message",
    "RulesEngine",
    "ScriptedEngine",
    "TokenUsage",
    "ToolCallRequest",
    "build_engine",
    "extract_code",
    "parse_structured",
]

ENGINE_NAMES = ("rules", "openai", "anthropic", "local")


def _build_one(endpoint: ModelEndpoint, llm: LLMConfig) -> Engine:
    if endpoint.engine == "rules":
        return RulesEngine()
    if endpoint.engine == "local":
        from mcpforge.engines.local import LocalEngine

        path = Path(endpoint.model_path) if endpoint.model_path else default_model_path()
        return LocalEngine(model_path=path, temperature=llm.temperature, max_tokens=llm.max_tokens)
    engine_class: type[OpenAIEngine] | type[AnthropicEngine]
    if endpoint.engine == "openai":
        from mcpforge.engines.openai import OpenAIEngine

        engine_class = OpenAIEngine
    elif endpoint.engine == "anthropic":
        from mcpforge.engines.anthropic import AnthropicEngine

        engine_class = AnthropicEngine
    else:
        raise ConfigError(
            f"unknown engine {endpoint.engine!r}; choose one of {', '.join(ENGINE_NAMES)}", key="llm.engine"
        )
    return engine_class(
        model=endpoint.model,
        base_url=endpoint.base_url,
        api_key_env=endpoint.api_key_env,
        timeout_seconds=llm.timeout_seconds,
        max_retries=llm.max_retries,
        temperature=llm.temperature,
        max_tokens=llm.max_tokens,
    )


def build_engine(llm: LLMConfig) -> Engine:
    """The primary engine of ``llm``, wrapped with its fallback when one is configured.

    Raises:
        ConfigError: an unknown engine name.
        EngineError: the engine cannot start (missing SDK, missing model file).
    """
    primary = _build_one(llm, llm)
    if llm.fallback is None:
        return primary
    return FallbackEngine(primary, _build_one(llm.fallback, llm))
