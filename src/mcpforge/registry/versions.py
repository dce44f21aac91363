"""Versions of a tool and whether a candidate may be promoted: the same rules for both backends.

Functions of the two metadata views every backend has (``active_entries``: tool name -> active entry;
``staging_entries``: candidate id -> entry), so the file registry and PostgreSQL plan and refuse alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from mcpforge.exceptions import InvalidArgumentError
from mcpforge.models import ToolStatus
from mcpforge.registry.backend import IDENTICAL_REASON

if TYPE_CHECKING:
    from mcpforge.models import ToolCandidate


class RegistryEntries(Protocol):
    """The metadata views version planning reads."""

    def active_entries(self) -> dict[str, dict[str, Any]]: ...
    def staging_entries(self) -> dict[str, dict[str, Any]]: ...


PACKAGE_FILES = ("tool.py", "spec.json", "tests.py", "__init__.py", "helpers.py", "requirements.txt")
REJECTED_MARK = "-rejected."  # the version of a try that failed validation: <next version>-rejected.<n>


def parse_version(version: str) -> tuple[int, ...]:
    """``"1.2.0"`` → ``(1, 2, 0)``. Raises InvalidArgumentError for anything else."""
    parts = version.strip().removeprefix("v").split(".")
    if not parts or not all(part.isdigit() for part in parts):
        raise InvalidArgumentError(
            f"version {version!r} is not of the form MAJOR.MINOR.PATCH", argument="version"
        )
    numbers = tuple(int(part) for part in parts)
    return numbers + (0,) * (3 - len(numbers))


def plan_version(reg: RegistryEntries, tool_name: str, spec_hash: str, *, rejected: bool = False) -> str:
    """The active version for an identical spec; otherwise a minor bump over every known version.

    A try that failed validation (``rejected``) does not take a version number: it is recorded as
    ``<next>-rejected.<n>``, and such versions are skipped when the next one is planned, so the try
    that passes after three failures is still the next version after the last staged or promoted one.
    """
    entries = [e for e in reg.staging_entries().values() if e.get("tool_name") == tool_name]
    active = reg.active_entries().get(tool_name)
    if rejected:
        base = plan_version(reg, tool_name, "", rejected=False)
        prefix = f"{base}{REJECTED_MARK}"
        tries = [
            str(e["version"]).removeprefix(prefix) for e in entries if str(e["version"]).startswith(prefix)
        ]
        return f"{prefix}{max((int(n) for n in tries if n.isdigit()), default=0) + 1}"
    if active is not None and active.get("spec_hash") == spec_hash:
        return str(active["version"])
    known = [str(e["version"]) for e in entries if REJECTED_MARK not in str(e["version"])]
    if active is not None:
        known.append(str(active["version"]))
    if not known:
        return "1.0.0"
    major, minor, *_ = max(parse_version(v) for v in known)
    return f"{major}.{minor + 1}.0"


def can_promote(reg: RegistryEntries, candidate: ToolCandidate) -> tuple[bool, str]:
    """Requirements 8.1: identical → refused; changed spec needs a higher version; must be APPROVED."""
    existing = reg.active_entries().get(candidate.spec.tool_name)
    if existing is not None:
        if existing.get("spec_hash") == candidate.spec_hash:
            return False, IDENTICAL_REASON
        if parse_version(candidate.version) <= parse_version(str(existing["version"])):
            return False, (
                f"tool {candidate.spec.tool_name!r} exists as v{existing['version']}; a changed spec needs a "
                f"higher version (candidate is v{candidate.version})"
            )
    if candidate.status != ToolStatus.APPROVED:
        return False, f"tool must be APPROVED (current: {candidate.status.value})"
    return True, "OK"
