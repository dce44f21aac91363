"""Every ask ends within its time budget: a deadline checked at each step and a bounded wait for the work.

The work runs in a worker thread; the caller waits at most the budget and then gets a
:class:`~mcpforge.exceptions.BudgetExceededError`. A model call in flight cannot be interrupted from
outside, so the deadline is also handed to the engine (the local engine turns it into llama.cpp's
prediction time limit) and checked at every progress step, where the abandoned work stops before it
stages anything.

Ctrl-C while the caller waits abandons the work the same way: an interrupted ask stages nothing (not even
a REJECTED candidate that failed because the interrupt killed a gate's helper process or the interpreter
was already shutting down), and a registry write already under way is waited for, so it ends whole.
"""

from __future__ import annotations

import contextvars
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from mcpforge.exceptions import BudgetExceededError

T = TypeVar("T")
STAGING_STEP = "staging the candidate"
"""The progress step said right before the first registry write (the last check of an abandoned ask)."""
# How long an interrupted caller waits for work that is writing to the registry to finish.
_WRITE_GRACE_SECONDS = 15.0
Progress = Callable[[str], None]


@dataclass(kw_only=True)
class AskBudget:
    """The deadline of one ask and the step it was on."""

    seconds: float
    started: float = field(default_factory=time.monotonic)
    step: str = "starting"
    abandoned: threading.Event = field(default_factory=threading.Event)

    @property
    def deadline(self) -> float:
        """The monotonic time the ask must end by."""
        return self.started + self.seconds

    def remaining(self) -> float:
        """Seconds left (never below zero)."""
        return max(0.0, self.deadline - time.monotonic())

    def error(self) -> BudgetExceededError:
        """The error the caller gets, naming the budget and the step."""
        return BudgetExceededError(
            f"the ask did not finish within its time budget of {self.seconds:g} s (it was {self.step!r}); "
            "nothing was staged. Raise generation.ask_budget_seconds, use a faster engine, or ask for "
            "something the catalogue covers.",
            budget_seconds=self.seconds,
            step=self.step,
        )

    def check(self) -> None:
        """Raise when the budget is spent or the caller has stopped waiting."""
        if self.abandoned.is_set() or time.monotonic() > self.deadline:
            raise self.error()

    def progress(self, say: Progress) -> Progress:
        """``say`` that records the step and stops the ask once the budget is spent."""

        def checked(message: str) -> None:
            self.step = message
            self.check()
            say(message)

        return checked


# Steps during which the work writes to the registry (staging, then the run's artifacts).
_WRITING_STEPS = frozenset({STAGING_STEP, "running the staged tool on your data"})


def run_within(budget: AskBudget, work: Callable[[], T]) -> T:
    """``work()``'s result, or BudgetExceededError once ``budget`` is spent (the work is told to stop)."""
    outcome: dict[str, Any] = {}

    finished = threading.Event()

    def target() -> None:
        # Reads of the person's files in this work (a SQLite view is a query) stop with the ask.
        from mcpforge.runtime._read_bounds import reads_end_by

        try:
            with reads_end_by(budget.deadline, budget.abandoned.is_set):
                outcome["value"] = work()
        except BaseException as error:
            outcome["error"] = error
        finally:
            finished.set()

    # The caller's context goes along (an MCP request's context, so progress reaches its client).
    context = contextvars.copy_context()
    worker = threading.Thread(target=context.run, args=(target,), name="mcpforge-ask", daemon=True)
    worker.start()
    # An Event, not Thread.join: a join interrupted by Ctrl-C marks a running thread as stopped (CPython
    # 3.11), and nothing could wait for it afterwards.
    try:
        done = finished.wait(budget.remaining())
    except BaseException:  # Ctrl-C (the CLI's Interrupted) while waiting
        budget.abandoned.set()
        if budget.step in _WRITING_STEPS:
            finished.wait(_WRITE_GRACE_SECONDS)  # a second Ctrl-C ends this wait too
        raise
    if not done:
        budget.abandoned.set()
        raise budget.error()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]  # type: ignore[no-any-return]
