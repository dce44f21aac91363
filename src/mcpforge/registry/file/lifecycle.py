"""Staging, feedback and rejection: the lifecycle steps before promotion.

Ordering keeps every step crash-safe: files are written (to a temp dir renamed into place) first,
then the status change and its audit row are committed as one journaled act (``acts.py``).
Leftovers of an interrupted step are directories no metadata entry points at; ``doctor`` removes them.
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from mcpforge.exceptions import IllegalTransitionError, InvalidArgumentError
from mcpforge.models import ToolCandidate, ToolStatus, UserFeedback, check_transition, utc_now
from mcpforge.registry._atomic import (
    atomic_write_text,
    build_dir,
    dumps_json,
    free_path,
    read_dir_texts,
    rename_dir,
)
from mcpforge.registry.backend import ActResult
from mcpforge.registry.file.acts import commit_act
from mcpforge.registry.transitions import (
    APPROVE_DECISIONS,
    candidate_files,
    decision_target,
    staging_target,
    transition_row,
)

if TYPE_CHECKING:
    from pathlib import Path

    from mcpforge.registry.file.store import FileStore


def _entry(reg: FileStore, candidate: ToolCandidate, path: Path, **extra: Any) -> dict[str, Any]:
    return {
        "tool_id": candidate.tool_id,
        "tool_name": candidate.spec.tool_name,
        "version": candidate.version,
        "status": candidate.status.value,
        "path": reg.rel(path),
        "spec_hash": candidate.spec_hash,
        "code_hash": candidate.code_hash,
        "created_at": candidate.created_at,
        "created_by": candidate.created_by,
        "updated_at": utc_now(),
        **extra,
    }


def _timestamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")


def _archive_rejected(
    reg: FileStore,
    candidate: ToolCandidate,
    files: dict[str, str],
    *,
    actor: str,
    current: ToolStatus,
    reason: str,
    expect_status: str | None,
) -> ToolCandidate:
    """Write archive/rejected/<tool_id>_<timestamp>/ and commit the REJECTED status. Lock held."""
    target = free_path(reg.rejected_dir / f"{candidate.tool_id}_{_timestamp()}")
    rejected = candidate.model_copy(update={"status": ToolStatus.REJECTED, "package_path": str(target)})
    feedback = rejected.user_feedback
    issues = list(feedback.issues) if feedback else []
    archive_files = candidate_files(rejected, files)
    archive_files["user_feedback.json"] = (
        (feedback.model_dump_json(indent=2) + "\n") if feedback else "null\n"
    )
    archive_files["metadata.json"] = dumps_json(
        {
            "candidate_id": candidate.candidate_id,
            "tool_id": candidate.tool_id,
            "tool_name": candidate.spec.tool_name,
            "version": candidate.version,
            "status": ToolStatus.REJECTED.value,
            "previous_status": current.value,
            "rejected_at": utc_now(),
            "rejected_by": actor,
            "reason": reason,
            "issues": issues,
            "spec_hash": candidate.spec_hash,
            "code_hash": candidate.code_hash,
            "created_at": candidate.created_at,
            "created_by": candidate.created_by,
        }
    )
    rename_dir(build_dir(reg.rejected_dir, target.name, archive_files), target)
    commit_act(
        reg,
        candidate_id=candidate.candidate_id,
        expect_status=expect_status,
        entry=_entry(reg, rejected, target, archived_at=utc_now()),
        rows=[
            transition_row(
                rejected, actor, current, ToolStatus.REJECTED, reason, issues=issues, archive=reg.rel(target)
            )
        ],
    )
    return rejected


def stage_candidate(
    reg: FileStore, candidate: ToolCandidate, files: Mapping[str, str], *, actor: str
) -> ToolCandidate:
    """Write a candidate into staging (DRAFT → STAGED) or, when already REJECTED, into the archive."""
    target_status = staging_target(candidate, files)
    cid = candidate.candidate_id
    with reg.writing():
        existing = reg.staging_entries().get(cid)
        if existing is not None and existing.get("status") != ToolStatus.REJECTED.value:
            raise InvalidArgumentError(
                f"candidate {cid!r} is already in the registry ({existing.get('status')}); "
                f"plan a new version with Registry.plan_version",
                argument="candidate",
            )
        if target_status == ToolStatus.REJECTED:
            draft = candidate.model_copy(update={"status": ToolStatus.DRAFT})
            result = _archive_rejected(
                reg,
                draft,
                dict(files),
                actor=actor,
                current=ToolStatus.DRAFT,
                reason="rejected before staging",
                expect_status=None if existing is None else str(existing.get("status")),
            )
        else:
            final = reg.candidates_dir / cid
            result = candidate.model_copy(update={"status": ToolStatus.STAGED, "package_path": str(final)})
            built = build_dir(reg.candidates_dir, cid, candidate_files(result, files))
            if final.exists():  # no live entry points at it (checked above): a leftover
                shutil.rmtree(final)
            rename_dir(built, final)
            commit_act(
                reg,
                candidate_id=cid,
                expect_status=None if existing is None else str(existing.get("status")),
                entry=_entry(reg, result, final),
                rows=[transition_row(result, actor, ToolStatus.DRAFT, ToolStatus.STAGED)],
            )
    return result


def save_candidate(reg: FileStore, candidate: ToolCandidate) -> None:
    """Rewrite the candidate's JSON files in place; status, spec and hashes must not change."""
    cid = candidate.candidate_id
    with reg.writing():
        stored = reg.get_candidate(cid)
        if candidate.status != stored.status:
            raise IllegalTransitionError(cid, stored.status.value, candidate.status.value)
        if (candidate.spec_hash, candidate.code_hash) != (stored.spec_hash, stored.code_hash):
            raise InvalidArgumentError(f"candidate {cid!r}: spec and code cannot change once staged")
        directory = reg.candidate_dir(cid)
        updated = candidate.model_copy(update={"package_path": stored.package_path})
        for name, text in candidate_files(updated, {}).items():
            if name != "spec.json":
                atomic_write_text(directory / name, text)


def _dir_bytes(directory: Path) -> int:
    return sum(entry.stat().st_size for entry in directory.iterdir() if entry.is_file())


def record_feedback(
    reg: FileStore, candidate_id: str, feedback: UserFeedback, *, actor: str
) -> ToolCandidate:
    """Registration decision: APPROVED → APPROVED; REJECTED (or OUTPUT_REJECTED) → REJECTED + archive."""
    candidate, _ = _decide(reg, candidate_id, feedback, actor=actor, promote=False)
    return candidate


def approve_and_promote(
    reg: FileStore, candidate_id: str, feedback: UserFeedback, *, actor: str
) -> tuple[ToolCandidate, ActResult]:
    """The person's approval and the promotion it asks for, as one journaled act.

    Either nothing is recorded (a crash or a full disk before the journal), or the journal lets any
    later command finish both. A promotion refused by a pre-promotion check leaves the candidate
    APPROVED, with the reason in the result.
    """
    if feedback.decision not in APPROVE_DECISIONS:
        raise InvalidArgumentError(f"{feedback.decision!r} is not an approval", argument="feedback")
    return _decide(reg, candidate_id, feedback, actor=actor, promote=True)


def _decide(
    reg: FileStore, candidate_id: str, feedback: UserFeedback, *, actor: str, promote: bool
) -> tuple[ToolCandidate, ActResult]:
    target = decision_target(feedback)
    with reg.writing():
        candidate = reg.get_candidate(candidate_id)
        current = candidate.status
        check_transition(candidate_id, current, target)
        directory = reg.candidate_dir(candidate_id)
        updated = candidate.model_copy(update={"user_feedback": feedback, "status": target})
        if target == ToolStatus.REJECTED:
            files = read_dir_texts(directory)
            result = _archive_rejected(
                reg,
                updated,
                files,
                actor=actor,
                current=current,
                reason=feedback.notes or "rejected",
                expect_status=current.value,
            )
            shutil.rmtree(directory, ignore_errors=True)
            return result, ActResult()
        entries = reg.staging_entries()
        outcome = commit_act(
            reg,
            candidate_id=candidate_id,
            expect_status=current.value,
            entry={**entries[candidate_id], "status": target.value, "updated_at": utc_now()},
            rows=[transition_row(updated, actor, current, target, feedback.notes)],
            candidate_file=directory / "candidate.json",
            candidate_text=updated.model_dump_json(indent=2) + "\n",
            promote_actor=actor if promote else None,
            extra_bytes=2 * _dir_bytes(directory),
        )
        return reg.get_candidate(candidate_id), outcome
