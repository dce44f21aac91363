"""An embedded llama.cpp model loaded in-process from a GGUF file (``xllamacpp``); no server to start."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

from mcpforge.engines.base import Completion, Engine, Message
from mcpforge.exceptions import EngineError


class LocalEngine(Engine):
    """Qwen2.5-Coder-1.5B-Instruct (or any GGUF) through llama.cpp; JSON answers are grammar-constrained."""

    name = "local"
    stop_after_code_fence = True

    def __init__(
        self,
        *,
        model_path: Path,
        context_tokens: int = 8192,
        threads: int | None = None,
        temperature: float = 0.2,
        max_tokens: int = 2000,
        seed: int = 42,
    ) -> None:
        super().__init__()
        if not model_path.is_file():
            raise EngineError(
                f"local model {str(model_path)!r} not found; "
                "run `mcpforge model install` or set llm.model_path",
                engine=self.name,
            )
        self._model_path = model_path
        self._context_tokens = context_tokens
        self._threads = threads or max(1, os.cpu_count() or 1)
        self._temperature = temperature
        self._max_tokens = max_tokens
        self._seed = seed
        self._server: Any = None
        self._lock = threading.Lock()

    def _load(self) -> Any:
        if self._server is not None:
            return self._server
        try:
            import xllamacpp
        except ImportError as exc:
            raise EngineError(
                "the local engine needs `pip install mcpforge[local]`", engine=self.name
            ) from exc
        params = xllamacpp.CommonParams()
        params.model.path = str(self._model_path)
        params.n_ctx = self._context_tokens
        params.n_parallel = 1
        params.cpuparams.n_threads = self._threads
        params.cpuparams_batch.n_threads = self._threads
        params.verbosity = -1
        self._server = xllamacpp.Server(params)
        return self._server

    def _complete(
        self,
        messages: list[Message],
        *,
        json_schema: dict[str, Any] | None,
        schema_name: str,
        max_tokens: int | None,
        temperature: float | None = None,
    ) -> Completion:
        request: dict[str, Any] = {
            "messages": messages,
            "max_tokens": max_tokens or self._max_tokens,
            "temperature": self._temperature if temperature is None else temperature,
            "seed": self._seed,
        }
        remaining = self.remaining_seconds()
        if remaining is not None:
            # llama.cpp stops predicting after this many ms (at the next line break): a slow model ends
            # within the ask's budget instead of running on.
            request["t_max_predict_ms"] = max(1, int(remaining * 1000))
        if json_schema is not None:
            # llama.cpp turns the schema into a grammar, so the sampled text always parses.
            request["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": schema_name, "schema": json_schema},
            }
        elif self.stop_after_code_fence:
            # At a few tokens per second, the explanation a small model adds after its code block costs
            # minutes; a closing fence ends the answer (extract_code accepts an unclosed block).
            request["stop"] = ["\n```\n"]
        with self._lock:
            response = self._load().handle_chat_completions(request)
        if not isinstance(response, dict) or "choices" not in response:
            detail = response.get("error", response) if isinstance(response, dict) else response
            raise EngineError(f"local model failed: {str(detail)[:200]}", engine=self.name)
        usage = response.get("usage", {})
        return Completion(
            text=response["choices"][0]["message"].get("content") or "",
            model=self._model_path.name,
            prompt_tokens=int(usage.get("prompt_tokens", 0)),
            completion_tokens=int(usage.get("completion_tokens", 0)),
        )

    def close(self) -> None:
        self._server = None
