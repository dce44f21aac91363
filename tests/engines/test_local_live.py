"""The embedded local model, for real. Opt-in: `pytest -m live` after `mcpforge model install`."""

from __future__ import annotations

import pytest
from pydantic import BaseModel

from mcpforge.engines.model_store import default_model_path

pytestmark = pytest.mark.live


class Grouping(BaseModel):
    operation: str
    columns: list[str]


@pytest.mark.skipif(
    not default_model_path().is_file(), reason="local model not installed (mcpforge model install)"
)
def test_local_model_answers_with_schema_constrained_json() -> None:
    from mcpforge.engines.local import LocalEngine

    engine = LocalEngine(model_path=default_model_path(), context_tokens=2048, max_tokens=80)
    answer = engine.complete_model(
        [
            {
                "role": "user",
                "content": "Which columns does 'count accidents by severity' group by? Answer JSON.",
            }
        ],
        Grouping,
    )
    assert "severity" in [column.lower() for column in answer.columns]
    assert engine.usage.completion_tokens > 0
