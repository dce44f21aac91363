"""What both registry backends decide the same way: a candidate's files, its checks, its audit rows.

Pure functions of the candidate and the person's decision, below both backends (the file registry's
``lifecycle`` and the PostgreSQL ``acts``); no storage here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from mcpforge.exceptions import IllegalTransitionError, InvalidArgumentError
from mcpforge.models import ToolCandidate, ToolStatus, UserFeedback, check_transition, sha256_text, utc_now
from mcpforge.registry.audit import AuditEntry

_FILE_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.-]*$")
GENERATED_FILES = ("candidate.json", "validation_report.json", "run_artifacts.json", "spec.json")
APPROVE_DECISIONS = frozenset({"APPROVED"})
REJECT_DECISIONS = frozenset({"REJECTED", "OUTPUTREJECT_DECISIONSED"})


def candidate_files(candidate: ToolCandidate, files: Mapping[str, str]) -> dict[str, str]:
    """The package files plus the JSON files derived from the candidate."""
    out = {name: text for name, text in files.items() if name not in GENERATED_FILES}
    out["spec.json"] = candidate.spec.to_json()
    out["candidate.json"] = candidate.model_dump_json(indent=2) + "\n"
    if candidate.validation_report is not None:
        out["validation_report.json"] = candidate.validation_report.model_dump_json(indent=2) + "\n"
    if candidate.run_artifacts is not None:
        out["run_artifacts.json"] = candidate.run_artifacts.model_dump_json(indent=2) + "\n"
    return out


def check_package(candidate: ToolCandidate, files: Mapping[str, str]) -> None:
    """Refuse a package whose file names, tool.py or spec do not match the candidate's hashes."""
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


def transition_row(
    candidate: ToolCandidate,
    actor: str,
    current: ToolStatus,
    target: ToolStatus,
    note: str | None = None,
    **details: Any,
) -> AuditEntry:
    """The audit row of ``candidate`` moving from ``current`` to ``target``."""
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


def decision_target(feedback: UserFeedback) -> ToolStatus:
    """The status a registration decision leads to (APPROVED or REJECTED)."""
    if feedback.decision in APPROVE_DECISIONS:
        return ToolStatus.APPROVED
    if feedback.decision in REJECT_DECISIONS:
        return ToolStatus.REJECTED
    raise InvalidArgumentError(
        f"feedback decision {feedback.decision!r} is not a registration decision (APPROVED or REJECTED)",
        argument="feedback",
    )


def staging_target(candidate: ToolCandidate, files: Mapping[str, str]) -> ToolStatus:
    """Where staging puts ``candidate``: STAGED from DRAFT, or REJECTED for a try already rejected.

    Raises:
        InvalidArgumentError: the package does not match the candidate (:func:`check_package`).
        IllegalTransitionError: any other status.
    """
    check_package(candidate, files)
    cid = candidate.candidate_id
    if candidate.status == ToolStatus.DRAFT:
        target = ToolStatus.STAGED
    elif candidate.status == ToolStatus.REJECTED:
        target = ToolStatus.REJECTED
    else:
        raise IllegalTransitionError(cid, candidate.status.value, ToolStatus.STAGED.value)
    check_transition(cid, ToolStatus.DRAFT, target)
    return target
