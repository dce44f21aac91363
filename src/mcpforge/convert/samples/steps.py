"""A sample: the tool calls to make, the last one being the tool under test."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, kw_only=True)
class Step:
    """One tool call; ``bind`` names the variable its result is bound to."""

    tool: str
    arguments: dict[str, Any]
    bind: str | None = None


@dataclass(frozen=True, kw_only=True)
class Sample:
    """Calls to make, the last one being the tool under test."""

    source: str
    steps: list[Step] = field(default_factory=list)
    expected: str | None = None  # the output the docstring shows for this call, as written there

    @property
    def final(self) -> Step:
        return self.steps[-1]
