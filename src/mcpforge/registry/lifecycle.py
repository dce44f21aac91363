"""Staging, feedback and rejection: the lifecycle steps before promotion.

Ordering keeps every step crash-safe: files are written (to a temp dir renamed into place) first,
then the status change and its audit row are committed as one journaled act (``acts.py``).
Leftovers of an interrupted step are directories no metadata entry points at; ``doctor`` removes them.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from mcpforge.exceptions import IllegalTransitionError, InvalidArgumentError
from mcpforge.models import ToolCandidate, ToolStatus, UserFeedback, check_transition, sha256_text, utc_now
from mcpforge.registry._atomic import (
    atomic_write_text,
    build_dir,
    dumps_json,
    free_path,
    read_dir_texts,
    rename_dir,
)
from mcpforge.registry.acts import commit_act
from mcpforge.registry.audit import AuditEntry
from mcpforge.registry.backend import ActResult

if TYPE_CHECKING:
    from pathlib import Path

    from mcpforge.registry.store import Registry

_FILE_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")
GENERATED_FILES = ("candidate.json", "validation_report.json", "run_artifacts.json", "spec.json")
_APPROVE = {"APPROVED"}
_REJECT = {"REJECTED", "OUTPUT_REJECTED"}


def _candidate_files(candidate: ToolCandidate, files: Mapping[str, str]) -> dict[str, str]:
    """The package files plus the JSON files derived from the candidate."""
    out = {name: text for name, text in files.items() if name not in GENERATED_FILES}
    out["spec.json"] = candidate.spec.to_json()
    out["candidate.json"] = candidate.model_dump_json(indent=2) + "\n"
    if candidate.validation_report is not None:
        out["validation_report.json"] = candidate.validation_report.model_dump_json(indent=2) + "\n"
    if candidate.run_artifacts is not None:
        out["run_artifacts.json"] = candidate.run_artifacts.model_dump_json(indent=2) + "\n"
    return out


def _check_package(candidate: ToolCandidate, files: Mapping[str, str]) -> None:
    for name in files:
        if not _FILE_NAME.match(name):
            raise InvalidArgumentError(
                f"package file name {name!r} is not a plain file name", argument="files"
            )
    if "tool.py" not in files:
        raise InvalidArgumentError("a candidate package needs a 'tool.py'", argument="files")
    if sha256_text(files["tool.py"]) != candidate.code_hash:
        raise InvalidArgumentError(
            f"candidate {candidate.candidate_id!r}: code_hash does not match tool.py", argument="code_hash"
        )
    spec_text = candidate.spec.to_json()
    if sha256_text(spec_text) != candidate.spec_hash:
        raise InvalidArgumentError(
            f"candidate {candidate.candidate_id!r}: spec_hash does not match spec.to_json()",
            argument="spec_hash",
        )
    if "spec.json" in files and files["spec.json"] != spec_text:
        raise InvalidArgumentError(
            f"candidate {candidate.candidate_id!r}: spec.json differs from candidate.spec", argument="files"
        )


def _entry(reg: Registry, candidate: ToolCandidate, path: Path, **extra: Any) -> dict[str, Any]:
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


def _transition_row(
    candidate: ToolCandidate,
    actor: str,
    current: ToolStatus,
    target: ToolStatus,
    note: str | None = None,
    **details: Any,
) -> AuditEntry:
    return AuditEntry(
        time=utc_now(),
        actor=actor,
        action="transition",
        tool=candidate.spec.tool_name,
        candidate_id=candidate.candidate_id,
        version=candidate.version,
        from_status=current.value,
        to_status=target.value,
        spec_sha256=candidate.spec_hash,
        code_sha256=candidate.code_hash,
        note=note,
        details=details,
    )


def _timestamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")


def _archive_rejected(
    reg: Registry,
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
    archive_files = _candidate_files(rejected, files)
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
            _transition_row(
                rejected, actor, current, ToolStatus.REJECTED, reason, issues=issues, archive=reg.rel(target)
            )
        ],
    )
    return rejected


def stage_candidate(
    reg: Registry, candidate: ToolCandidate, files: Mapping[str, str], *, actor: str
) -> ToolCandidate:
    """Write a candidate into staging (DRAFT → STAGED) or, when already REJECTED, into the archive."""
    _check_package(candidate, files)
    cid = candidate.candidate_id
    if candidate.status == ToolStatus.DRAFT:
        target_status = ToolStatus.STAGED
    elif candidate.status == ToolStatus.REJECTED:
        target_status = ToolStatus.REJECTED
    else:
        raise IllegalTransitionError(cid, candidate.status.value, ToolStatus.STAGED.value)
    check_transition(cid, ToolStatus.DRAFT, target_status)
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
            built = build_dir(reg.candidates_dir, cid, _candidate_files(result, files))
            if final.exists():  # no live entry points at it (checked above): a leftover
                shutil.rmtree(final)
            rename_dir(built, final)
            commit_act(
                reg,
                candidate_id=cid,
                expect_status=None if existing is None else str(existing.get("status")),
                entry=_entry(reg, result, final),
                rows=[_transition_row(result, actor, ToolStatus.DRAFT, ToolStatus.STAGED)],
            )
    return result


def save_candidate(reg: Registry, candidate: ToolCandidate) -> None:
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
        for name, text in _candidate_files(updated, {}).items():
            if name != "spec.json":
                atomic_write_text(directory / name, text)


def _decision_target(feedback: UserFeedback) -> ToolStatus:
    if feedback.decision in _APPROVE:
        return ToolStatus.APPROVED
    if feedback.decision in _REJECT:
        return ToolStatus.REJECTED
    raise InvalidArgumentError(
        f"feedback decision {feedback.decision!r} is not a registration decision (APPROVED or REJECTED)",
        argument="feedback",
    )


def _dir_bytes(directory: Path) -> int:
    return sum(entry.stat().st_size for entry in directory.iterdir() if entry.is_file())


def record_feedback(reg: Registry, candidate_id: str, feedback: UserFeedback, *, actor: str) -> ToolCandidate:
    """Registration decision: APPROVED → APPROVED; REJECTED (or OUTPUT_REJECTED) → REJECTED + archive."""
    candidate, _ = _decide(reg, candidate_id, feedback, actor=actor, promote=False)
    return candidate


def approve_and_promote(
    reg: Registry, candidate_id: str, feedback: UserFeedback, *, actor: str
) -> tuple[ToolCandidate, ActResult]:
    """The person's approval and the promotion it asks for, as one journaled act.

    Either nothing is recorded (a crash or a full disk before the journal), or the journal lets any
    later command finish both. A promotion refused by a pre-promotion check leaves the candidate
    APPROVED, with the reason in the result.
    """
    if feedback.decision not in _APPROVE:
        raise InvalidArgumentError(f"{feedback.decision!r} is not an approval", argument="feedback")
    return _decide(reg, candidate_id, feedback, actor=actor, promote=True)


def _decide(
    reg: Registry, candidate_id: str, feedback: UserFeedback, *, actor: str, promote: bool
) -> tuple[ToolCandidate, ActResult]:
    target = _decision_target(feedback)
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
            rows=[_transition_row(updated, actor, current, target, feedback.notes)],
            candidate_file=directory / "candidate.json",
            candidate_text=updated.model_dump_json(indent=2) + "\n",
            promote_actor=actor if promote else None,
            extra_bytes=2 * _dir_bytes(directory),
        )
        return reg.get_candidate(candidate_id), outcome
