"""What a doctor found in a registry, whichever backend: checks, repairs and interrupted acts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Level = Literal["ok", "warning", "error"]


@dataclass(frozen=True, kw_only=True)
class Check:
    """One finding of the doctor."""

    name: str
    level: Level
    detail: str


@dataclass(kw_only=True)
class DoctorReport:
    """What the doctor found and, after a repair, what it changed."""

    root: str
    checks: list[Check] = field(default_factory=list)
    repaired: list[str] = field(default_factory=list)
    pending: list[str] = field(default_factory=list)

    @property
    def has_errors(self) -> bool:
        """Some check is an error (damage that ``--repair`` fixes)."""
        return any(check.level == "error" for check in self.checks)

    @property
    def ok(self) -> bool:
        """No check is an error and no interrupted act or promotion waits to be finished."""
        return not self.has_errors and not self.pending

    def add(self, name: str, level: Level, detail: str) -> None:
        """Record one finding."""
        self.checks.append(Check(name=name, level=level, detail=detail))

    def to_dict(self) -> dict[str, Any]:
        """Plain dict for JSON output."""
        return {
            "root": self.root,
            "ok": self.ok,
            "pending": self.pending,
            "repaired": self.repaired,
            "checks": [{"name": c.name, "level": c.level, "detail": c.detail} for c in self.checks],
        }
