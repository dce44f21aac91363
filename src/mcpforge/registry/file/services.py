"""Converted services in the registry: staged as one candidate each, served only after approval.

Layout under the registry root::

    services/metadata.json                        {"candidates": {id: entry}, "active": {name: entry}}
    services/staging/<candidate_id>/              package/ (the generated <name>_mcp), report.json,
                                                  report.md, samples.json
    services/active/<service>/                    package/ copied at approval, pinned by file hashes

The gate is the same as for a forged tool: a service enters as STAGED, a person answers both review
questions, and only an explicit Approve promotes it. Every file of the promoted package is hashed into
the metadata; a service whose files (or whose environment's installed distributions) no longer match is
not served. Directories are built under a temp name and renamed into place, metadata written last,
all under the registry lock, so a crash leaves nothing half-staged that anything reads.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcpforge.exceptions import InvalidArgumentError, NotFoundError, RegistryCorruptedError
from mcpforge.models import ToolSpec, ToolStatus, UserFeedback, check_transition, utc_now
from mcpforge.registry._atomic import TEMP_PREFIX, atomic_write_json, fsync_dir
from mcpforge.registry.file.store import FileStore

CANDIDATE_PREFIX = "service-"


@dataclass(frozen=True, kw_only=True)
class ActiveService:
    """An approved service as recorded in ``services/metadata.json``."""

    name: str
    version: str
    package_dir: Path
    site_dirs: list[str]
    specs: list[ToolSpec]
    file_hashes: dict[str, str]
    environment_hash: str | None
    candidate_id: str


def is_service_candidate(candidate_id: str) -> bool:
    """Whether ``candidate_id`` names a converted service (not a forged tool)."""
    return candidate_id.startswith(CANDIDATE_PREFIX)


def _dir(reg: FileStore) -> Path:
    return reg.root / "services"


def metadata_path(reg: FileStore) -> Path:
    """``services/metadata.json`` of the registry (servers watch it to announce new services)."""
    return _dir(reg) / "metadata.json"


_meta_path = metadata_path


def read_metadata(reg: FileStore) -> dict[str, dict[str, Any]]:
    """``{"candidates": {...}, "active": {...}}`` (empty when nothing was staged yet)."""
    path = _meta_path(reg)
    if not path.exists():
        return {"candidates": {}, "active": {}}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise RegistryCorruptedError(path, f"not valid JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise RegistryCorruptedError(path, "expected an object")
    return {"candidates": dict(data.get("candidates", {})), "active": dict(data.get("active", {}))}


def package_hashes(package_dir: Path) -> dict[str, str]:
    """sha256 of every file of the package (``__pycache__`` excluded), by relative path."""
    return {
        str(path.relative_to(package_dir)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(package_dir.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


def environment_hash(site_dirs: list[str]) -> str:
    """A hash of the installed distributions (names and versions) of the service's environment."""
    names = sorted(p.name for d in site_dirs for p in Path(d).glob("*.dist-info"))
    return hashlib.sha256("\n".join(names).encode("utf-8")).hexdigest()[:16]


def stage_service(
    reg: FileStore,
    *,
    service: str,
    version: str,
    package_dir: Path,
    site_dirs: list[str],
    specs: list[ToolSpec],
    report: dict[str, Any],
    report_markdown: str,
    samples: list[dict[str, Any]],
    actor: str,
) -> str:
    """Stage the converted service as one candidate; its id."""
    candidate_id = f"{CANDIDATE_PREFIX}{service}_{version}_{utc_now().replace(':', '').replace('-', '')[:15]}"
    with reg.writing():
        root = _dir(reg) / "staging"
        root.mkdir(parents=True, exist_ok=True)
        tmp = root / f"{TEMP_PREFIX}{candidate_id}"
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.copytree(package_dir, tmp / "package", ignore=shutil.ignore_patterns("__pycache__"))
        (tmp / "report.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
        (tmp / "report.md").write_text(report_markdown, encoding="utf-8")
        (tmp / "samples.json").write_text(json.dumps(samples, indent=2, default=str), encoding="utf-8")
        fsync_dir(tmp)
        final = root / candidate_id
        tmp.rename(final)
        meta = read_metadata(reg)
        meta["candidates"][candidate_id] = {
            "service": service,
            "version": version,
            "status": ToolStatus.STAGED.value,
            "path": reg.rel(final),
            "site_dirs": site_dirs,
            "tools": [s.tool_name for s in specs],
            "file_hashes": package_hashes(final / "package"),
            "environment_hash": environment_hash(site_dirs),
            "created_at": utc_now(),
            "created_by": actor,
        }
        atomic_write_json(_meta_path(reg), meta)
    reg.record_event("service_staged", name=service, candidate_id=candidate_id, tools=len(specs), actor=actor)
    return candidate_id


def get_service_candidate(reg: FileStore, candidate_id: str) -> dict[str, Any]:
    """The metadata entry of a staged (or decided) service candidate."""
    entry = read_metadata(reg)["candidates"].get(candidate_id)
    if entry is None:
        raise NotFoundError("service candidate", candidate_id)
    return dict(entry)


def candidate_presentation(reg: FileStore, candidate_id: str) -> str:
    """The markdown shown before the two review questions: the conversion report."""
    entry = get_service_candidate(reg, candidate_id)
    return (reg.resolve(entry["path"]) / "report.md").read_text(encoding="utf-8")


def decide_service(
    reg: FileStore, candidate_id: str, *, feedback: UserFeedback, output_feedback: UserFeedback, actor: str
) -> str:
    """Apply a parsed review: promote on APPROVED, archive (REJECTED) otherwise. A one-line message."""
    with reg.writing():
        meta = read_metadata(reg)
        entry = meta["candidates"].get(candidate_id)
        if entry is None:
            raise NotFoundError("service candidate", candidate_id)
        if entry["status"] != ToolStatus.STAGED.value:
            raise InvalidArgumentError(
                f"service candidate {candidate_id!r} is {entry['status']}; "
                "only STAGED candidates are reviewed",
                argument="candidate",
            )
        entry["feedback"] = {
            "output": output_feedback.model_dump(mode="json"),
            "decision": feedback.model_dump(mode="json"),
        }
        if feedback.decision != "APPROVED":
            check_transition(candidate_id, ToolStatus.STAGED, ToolStatus.REJECTED)
            entry["status"] = ToolStatus.REJECTED.value
            meta["candidates"][candidate_id] = entry
            atomic_write_json(_meta_path(reg), meta)
            message = f"Service {entry['service']!r} not registered (no explicit Approve)."
        else:
            check_transition(candidate_id, ToolStatus.STAGED, ToolStatus.APPROVED)
            check_transition(candidate_id, ToolStatus.APPROVED, ToolStatus.PROMOTED)
            active_root = _dir(reg) / "active"
            active_root.mkdir(parents=True, exist_ok=True)
            tmp = active_root / f"{TEMP_PREFIX}{entry['service']}"
            shutil.rmtree(tmp, ignore_errors=True)
            shutil.copytree(reg.resolve(entry["path"]) / "package", tmp / "package")
            fsync_dir(tmp)
            final = active_root / entry["service"]
            parked = None
            if final.exists():
                parked = active_root / f"{TEMP_PREFIX}old-{entry['service']}"
                shutil.rmtree(parked, ignore_errors=True)
                final.rename(parked)
            tmp.rename(final)
            hashes = package_hashes(final / "package")
            if hashes != entry["file_hashes"]:
                raise RegistryCorruptedError(final, "the staged package changed between staging and approval")
            previous = meta["active"].get(entry["service"])
            if previous is not None and previous.get("candidate_id") in meta["candidates"]:
                meta["candidates"][previous["candidate_id"]]["status"] = "SUPERSEDED"
            entry["status"] = ToolStatus.PROMOTED.value
            meta["candidates"][candidate_id] = entry
            meta["active"][entry["service"]] = {
                "version": entry["version"],
                "path": reg.rel(final),
                "site_dirs": entry["site_dirs"],
                "file_hashes": hashes,
                "environment_hash": entry["environment_hash"],
                "candidate_id": candidate_id,
                "promoted_at": utc_now(),
                "promoted_by": actor,
            }
            atomic_write_json(_meta_path(reg), meta)
            if parked is not None:
                shutil.rmtree(parked, ignore_errors=True)
            message = (
                f"Registered service {entry['service']!r} ({len(entry['tools'])} tools); "
                "`mcpforge serve` now serves them."
            )
    reg.record_event(
        "service_review",
        name=entry["service"],
        candidate_id=candidate_id,
        decision=feedback.decision,
        actor=actor,
    )
    return message


def active_services(reg: FileStore) -> list[ActiveService]:
    """Every approved service (unverified; see :func:`verify_service`)."""
    services = []
    for name, entry in sorted(read_metadata(reg)["active"].items()):
        package_dir = reg.resolve(entry["path"]) / "package"
        specs_path = package_dir / "specs.json"
        try:
            specs = [ToolSpec.model_validate(s) for s in json.loads(specs_path.read_text(encoding="utf-8"))]
        except (OSError, ValueError):
            specs = []
        services.append(
            ActiveService(
                name=name,
                version=entry["version"],
                package_dir=package_dir,
                site_dirs=list(entry["site_dirs"]),
                specs=specs,
                file_hashes=dict(entry["file_hashes"]),
                environment_hash=entry.get("environment_hash"),
                candidate_id=entry["candidate_id"],
            )
        )
    return services


def verify_service(service: ActiveService) -> str | None:
    """None when the package files and the environment match what was approved, else what changed."""
    actual = package_hashes(service.package_dir) if service.package_dir.is_dir() else {}
    for name in sorted(set(actual) | set(service.file_hashes)):
        if actual.get(name) != service.file_hashes.get(name):
            return f"{name} changed since approval"
    if service.environment_hash and environment_hash(service.site_dirs) != service.environment_hash:
        return "the installed distributions of its environment changed since approval"
    return None


def review_service(
    reg: FileStore, candidate_id: str, *, output_answer: str | None, decision_answer: str | None, actor: str
) -> tuple[str, bool]:
    """The two review questions for a service: (message, promoted).

    Anything but an explicit Approve rejects.
    """
    from mcpforge.pipeline.feedback import parse_feedback

    settings = reg.config.feedback
    output = parse_feedback(output_answer, "output", settings)
    if output.decision != "OUTPUT_ACCEPTED":
        rejection = output.model_copy(update={"decision": "REJECTED"})
        message = decide_service(reg, candidate_id, feedback=rejection, output_feedback=output, actor=actor)
        return f"Output rejected. {message}", False
    decision = parse_feedback(decision_answer, "registration", settings)
    message = decide_service(reg, candidate_id, feedback=decision, output_feedback=output, actor=actor)
    return message, decision.decision == "APPROVED"


def service_candidate_rows(reg: FileStore, status: ToolStatus | None = None) -> list[dict[str, Any]]:
    """Each service candidate as a row of ``candidates list`` (the keys of a forged candidate's row)."""
    rows = []
    for candidate_id, entry in read_metadata(reg)["candidates"].items():
        if status is not None and entry.get("status") != status.value:
            continue
        rows.append({
            "kind": "service",
            "candidate_id": candidate_id,
            "tool_name": str(entry.get("service", "")),
            "version": str(entry.get("version", "")),
            "status": str(entry.get("status", "")),
            "created_at": str(entry.get("created_at", "")),
            "created_by": str(entry.get("created_by", "")),
            "path": str(entry.get("path", "")),
            "tools": list(entry.get("tools", [])),
            "code_bleu": None,
            "code_bleu_reference": None,
        })  # fmt: skip
    return rows


def service_figures(reg: FileStore) -> dict[str, int]:
    """How many converted services are staged, approved and served, rejected, and their served tools."""
    meta = read_metadata(reg)
    statuses = [str(entry.get("status")) for entry in meta["candidates"].values()]
    return {
        "services_converted": len(statuses),
        "services_staged": statuses.count(ToolStatus.STAGED.value),
        "services_rejected": statuses.count(ToolStatus.REJECTED.value),
        "services_active": len(meta["active"]),
        "service_tools_active": sum(
            len(meta["candidates"].get(entry.get("candidate_id"), {}).get("tools", []))
            for entry in meta["active"].values()
        ),
    }


def check_services(reg: FileStore) -> list[tuple[str, str]]:
    """Doctor findings on the converted services: (level, detail) pairs; empty when there are none.

    Raises:
        RegistryCorruptedError: ``services/metadata.json`` is unreadable.
    """
    meta = read_metadata(reg)
    if not meta["candidates"] and not meta["active"]:
        return []
    findings: list[tuple[str, str]] = []
    missing = [cid for cid, entry in meta["candidates"].items() if not reg.resolve(entry["path"]).is_dir()]
    if missing:
        findings.append(("error", f"staged service dir(s) missing: {', '.join(missing[:10])}"))
    for service in active_services(reg):
        changed = verify_service(service)
        if changed is not None:
            findings.append(("error", f"service {service.name!r} is not served: {changed}"))
    figures = service_figures(reg)
    findings.append((
        "ok",
        f"{figures['services_active']} approved ({figures['service_tools_active']} tools), "
        f"{figures['services_staged']} staged, {figures['services_rejected']} rejected",
    ))  # fmt: skip
    return findings


def service_tool_rows(reg: FileStore) -> list[dict[str, Any]]:
    """Each tool of each approved service as a row of ``tools list`` (named as ``serve`` names it)."""
    active = read_metadata(reg)["active"]
    rows = []
    for service in active_services(reg):
        entry = active.get(service.name, {})
        integrity = verify_service(service) or "ok"
        for spec in service.specs:
            rows.append({
                "kind": "service",
                "name": f"{service.name}_{spec.tool_name}",
                "version": service.version,
                "path": str(service.package_dir),
                "spec_hash": None,
                "code_hash": None,
                "promoted_at": str(entry.get("promoted_at", "")),
                "created_by": str(entry.get("promoted_by", "")),
                "description": spec.description,
                "integrity": integrity,
            })  # fmt: skip
    return rows
