"""Pruning the staging inbox: STAGED candidates nobody decided on, older than an age, are archived.

Every ``ask`` stages a candidate (``--no-review`` and a closed terminal leave it STAGED), so the inbox
grows with every question. ``mcpforge candidates prune --older-than 7d`` archives the STAGED ones created
more than that long ago, exactly as a generic rejection does (archive/rejected/, an audit row with the
reason, the candidate id gone from staging). APPROVED, PROMOTED and REJECTED candidates are never touched;
a candidate decided on while pruning runs is left as it was decided.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

from mcpforge.exceptions import IllegalTransitionError, InvalidArgumentError, UserError
from mcpforge.models import ToolStatus, UserFeedback, utc_now

if TYPE_CHECKING:
    from mcpforge.registry.backend import RegistryBackend

_AGE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([dhm])\s*$", re.IGNORECASE)
_UNITS = {"d": "days", "h": "hours", "m": "minutes"}


def parse_age(text: str) -> timedelta:
    """``7d``, ``12h``, ``30m`` → a duration (``0d``: every STAGED candidate).

    Raises:
        InvalidArgumentError: anything else, naming the accepted forms.
    """
    match = _AGE.match(text)
    if match is None:
        raise InvalidArgumentError(
            f"--older-than {text!r} is not an age; write a number and d, h or m (e.g. 7d, 12h, 30m)",
            argument="--older-than",
        )
    return timedelta(**{_UNITS[match.group(2).lower()]: float(match.group(1))})


@dataclass(kw_only=True)
class PruneResult:
    """What a prune archived (or would archive, with ``dry_run``) and what it left."""

    archived: list[str] = field(default_factory=list)
    kept: int = 0
    skipped: dict[str, str] = field(default_factory=dict)
    """Candidates decided on (or gone) while pruning ran: id → why they were left."""


def _created(stamp: str) -> datetime:
    moment = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def prune_staged(
    reg: RegistryBackend,
    older_than: timedelta,
    *,
    actor: str,
    dry_run: bool = False,
    now: datetime | None = None,
) -> PruneResult:
    """Archive the STAGED candidates created more than ``older_than`` before ``now``."""
    cutoff = (now or datetime.now(UTC)) - older_than
    result = PruneResult()
    for candidate in reg.list_candidates(ToolStatus.STAGED):
        if _created(candidate.created_at) > cutoff:
            result.kept += 1
            continue
        if dry_run:
            result.archived.append(candidate.candidate_id)
            continue
        feedback = UserFeedback(
            decision="REJECTED",
            notes=f"pruned: staged at {candidate.created_at}, older than {older_than}",
            timestamp=utc_now(),
            stage="registration",
        )
        try:
            reg.record_feedback(candidate.candidate_id, feedback, actor=actor)
        except (
            UserError,
            IllegalTransitionError,
        ) as exc:  # approved, rejected or pruned by someone else meanwhile
            result.skipped[candidate.candidate_id] = str(exc)
            continue
        result.archived.append(candidate.candidate_id)
    return result
