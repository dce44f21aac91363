"""The runtime dependencies a ``pyproject.toml`` declares, as plain requirement lines for pip.

Read from ``[project]`` (PEP 621) or, for a poetry project, ``[tool.poetry]`` (its ``dependencies`` table
without ``python``; ``^1.2.3`` → ``>=1.2.3,<2.0.0``, ``~1.2`` → ``>=1.2,<1.3``, ``*`` → any version;
optional ones left out). Only lines pip can take from the index's wheels are accepted: a git, path or
URL dependency, a dynamic list, or a constraint this does not read makes the whole answer None (the
project then needs its own build). Nothing is run.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcpforge.convert._folder_requirements import plain_requirement

_VERSION = re.compile(r"^\d+(\.\d+)*$")
_NOT_FROM_INDEX = frozenset({"git", "path", "url", "file", "develop", "source"})


@dataclass(frozen=True, kw_only=True)
class Declared:
    """A project's distribution name and the requirement lines its code needs at run time."""

    distribution: str
    requirements: tuple[str, ...]


def declared_dependencies(project: Path) -> Declared | None:  # noqa: PLR0911 - one return per refusal
    """``project``'s name and dependencies; None without a name or with a dependency pip cannot take
    from the index's wheels."""
    try:
        data = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    table = data.get("project")
    if isinstance(table, dict) and isinstance(table.get("name"), str):
        dynamic = table.get("dynamic", [])
        lines = table.get("dependencies", [])
        if (isinstance(dynamic, list) and "dependencies" in dynamic) or not isinstance(lines, list):
            return None
        if not all(isinstance(line, str) and plain_requirement(line) for line in lines):
            return None
        return Declared(distribution=table["name"], requirements=tuple(lines))
    poetry = data.get("tool", {}).get("poetry") if isinstance(data.get("tool"), dict) else None
    if not isinstance(poetry, dict) or not isinstance(poetry.get("name"), str):
        return None
    wanted: list[str] = []
    for name, spec in (poetry.get("dependencies") or {}).items():
        if name.lower() == "python":
            continue
        line = _poetry_line(name, spec)
        if line is None or (line and not plain_requirement(line)):
            return None
        if line:
            wanted.append(line)
    return Declared(distribution=poetry["name"], requirements=tuple(wanted))


def _poetry_line(name: str, spec: Any) -> str | None:
    """One poetry dependency as a requirement line; "" for an optional one, None for one not from the
    index."""
    extras = ""
    if isinstance(spec, dict):
        if spec.get("optional") is True:
            return ""
        if _NOT_FROM_INDEX & set(spec):
            return None
        if isinstance(spec.get("extras"), list) and all(isinstance(e, str) for e in spec["extras"]):
            extras = f"[{','.join(spec['extras'])}]" if spec["extras"] else ""
        spec = spec.get("version", "*")
    if not isinstance(spec, str):
        return None  # several constraints by marker: not read here
    constraint = _constraint(spec.strip())
    return None if constraint is None else f"{name}{extras}{constraint}"


def _constraint(text: str) -> str | None:
    if text in {"", "*"}:
        return ""
    if "||" in text or "|" in text:
        return None
    parts = [p.strip() for p in text.split(",") if p.strip()]
    out: list[str] = []
    for part in parts:
        if part.startswith("^") and _VERSION.match(part[1:].strip()):
            out.append(_bounded(part[1:].strip(), caret=True))
        elif part.startswith("~") and not part.startswith("~=") and _VERSION.match(part[1:].strip()):
            out.append(_bounded(part[1:].strip(), caret=False))
        elif re.match(r"^(===?|>=|<=|~=|!=|>|<)\s*[\w.*+!-]+$", part):
            out.append(part.replace(" ", ""))
        elif _VERSION.match(part) or re.match(r"^\d+(\.\d+)*\.\*$", part):
            out.append(f"=={part}")
        else:
            return None
    return ",".join(out)


def _bounded(version: str, *, caret: bool) -> str:
    """``^1.2.3`` → ``>=1.2.3,<2.0.0``, ``^0.2.3`` → ``>=0.2.3,<0.3.0``; ``~1.2.3`` → ``>=1.2.3,<1.3.0``,
    ``~1`` → ``>=1,<2`` (poetry's rules)."""
    numbers = [int(n) for n in version.split(".")]
    if caret:
        position = next((i for i, n in enumerate(numbers) if n != 0), len(numbers) - 1)
    else:
        position = min(1, len(numbers) - 1)
    upper = [*numbers[:position], numbers[position] + 1] + [0] * (len(numbers) - position - 1)
    return f">={version},<{'.'.join(str(n) for n in upper)}"
