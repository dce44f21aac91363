"""Converted services' tools where ``tools show`` / ``tools remove`` look for them.

A service's tools are served as ``<service>_<tool>`` and approved as one package, pinned by the hashes of
its files, so a service is unregistered as a whole: ``tools remove SERVICE`` drops its active entry
(the commit: servers stop listing it on their next look), then moves its files to ``archive/removed/``,
under the registry lock, with an audit row naming who removed it — as for a forged tool. One tool of a
service is not removed on its own (that would serve a set of tools nobody approved); the refusal names
the service.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mcpforge.exceptions import InvalidArgumentError, NotFoundError
from mcpforge.models import ToolSpec, utc_now
from mcpforge.registry._atomic import atomic_write_json, free_path, rename_dir
from mcpforge.registry.audit import AuditEntry
from mcpforge.registry.file.services import (
    ActiveService,
    active_services,
    metadata_path,
    read_metadata,
    verify_service,
)
from mcpforge.registry.file.store import FileStore


@dataclass(frozen=True, kw_only=True)
class ServiceMatch:
    """What a name given to ``tools show`` / ``remove`` names: a whole service, or one of its tools."""

    service: ActiveService
    spec: ToolSpec | None  # None: the service itself

    @property
    def name(self) -> str:
        """The name as ``tools list`` and ``serve`` show it."""
        return self.service.name if self.spec is None else f"{self.service.name}_{self.spec.tool_name}"


def find_service_entry(reg: FileStore, name: str) -> ServiceMatch | None:
    """The approved service called ``name``, or the service tool served as ``name``; None if neither."""
    for service in active_services(reg):
        if service.name == name:
            return ServiceMatch(service=service, spec=None)
        for spec in service.specs:
            if f"{service.name}_{spec.tool_name}" == name:
                return ServiceMatch(service=service, spec=spec)
    return None


def service_details(reg: FileStore, match: ServiceMatch) -> dict[str, Any]:
    """``tools show`` of a service or of one of its tools (the keys of a forged tool where they apply)."""
    entry = read_metadata(reg)["active"].get(match.service.name, {})
    data: dict[str, Any] = {
        "kind": "service" if match.spec is None else "service_tool",
        "name": match.name,
        "service": match.service.name,
        "version": match.service.version,
        "path": str(match.service.package_dir),
        "candidate_id": match.service.candidate_id,
        "promoted_at": str(entry.get("promoted_at", "")),
        "promoted_by": str(entry.get("promoted_by", "")),
        "integrity": verify_service(match.service) or "ok",
    }
    if match.spec is None:
        data["tools"] = [f"{match.service.name}_{spec.tool_name}" for spec in match.service.specs]
    else:
        data["spec"] = match.spec.model_dump(mode="json")
    return data


def remove_service(reg: FileStore, name: str, *, actor: str) -> dict[str, Any]:
    """Unregister the approved service ``name`` (all its tools); what was removed and where it went.

    Raises:
        NotFoundError: no approved service or service tool has that name.
        InvalidArgumentError: ``name`` is one tool of a service (a service is removed as a whole).
    """
    with reg.writing():
        match = find_service_entry(reg, name)
        if match is None:
            raise NotFoundError("tool or service", name)
        if match.spec is not None:
            raise InvalidArgumentError(
                f"{name!r} is a tool of the converted service {match.service.name!r}, which was approved "
                f"as a whole; remove the whole service by its name: tools remove {match.service.name}",
                argument="name",
            )
        meta = read_metadata(reg)
        entry = meta["active"].pop(match.service.name)
        candidate = meta["candidates"].get(entry["candidate_id"])
        if candidate is not None:
            candidate["removed_at"] = utc_now()
            candidate["removed_by"] = actor
        atomic_write_json(metadata_path(reg), meta)  # the commit: from here it is not served
        source = reg.resolve(entry["path"])
        archived = free_path(reg.removed_dir / f"service-{match.service.name}_{entry['version']}")
        if source.exists():
            rename_dir(source, archived)
        tools = [f"{match.service.name}_{spec.tool_name}" for spec in match.service.specs]
        reg.audit.append(
            AuditEntry(
                time=utc_now(),
                actor=actor,
                action="remove",
                tool=match.service.name,
                candidate_id=entry["candidate_id"],
                version=str(entry["version"]),
                from_status="PROMOTED",
                to_status=None,
                note="service removed",
                details={"archive": reg.rel(archived), "kind": "service", "tools": tools},
            )
        )
    return {"removed": match.service.name, "kind": "service", "tools": tools, "archive": reg.rel(archived)}
