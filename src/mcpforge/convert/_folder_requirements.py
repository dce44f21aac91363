"""The requirements a plain folder declares (``requirements.txt``), installed as wheels beside it.

A repository that is not a package on the index (no ``pyproject.toml`` / ``setup.py`` / ``setup.cfg``) is
used in place, but its modules import what its ``requirements.txt`` names (``import requests``). Those are
installed the way a package's dependencies are (:mod:`mcpforge.convert._pip`: wheels only, pip unable to
start a program, into a fresh venv of their own); the folder is imported from where it is, its requirements
from that venv's site-packages. Only plain requirement lines are taken (``name``, ``name[extra]>=1.0``,
with an environment marker): options (``-r``, ``-e``, ``--index-url``), paths and URLs are left out and
named, since each would fetch or build something outside the index's wheels.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

REQUIREMENTS_FILE = "requirements.txt"
_PLAIN = re.compile(
    r"^[A-Za-z0-9][A-Za-z0-9._-]*(\[[A-Za-z0-9_,.\s-]+\])?\s*"
    r"((===?|>=|<=|~=|!=|>|<)\s*[\w.*+!-]+\s*,?\s*)*(;[^#@]*)?$"
)


@dataclass(frozen=True, kw_only=True)
class FolderRequirements:
    """What ``requirements.txt`` asks for: the lines pip gets, and the lines left out."""

    wanted: tuple[str, ...]
    left_out: tuple[str, ...]


def plain_requirement(line: str) -> bool:
    """A requirement pip takes from the index's wheels (``name[extra]>=1.0; marker``), not an option,
    path or URL."""
    return bool(_PLAIN.match(line.strip()))


def folder_requirements(folder: Path) -> FolderRequirements:
    """The plain requirement lines of ``folder/requirements.txt`` (none when there is no such file)."""
    try:
        text = (folder / REQUIREMENTS_FILE).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return FolderRequirements(wanted=(), left_out=())
    wanted: list[str] = []
    left_out: list[str] = []
    for raw in text.splitlines():
        line = re.sub(r"(^|\s)#.*$", "", raw).strip()
        if not line:
            continue
        if plain_requirement(line) and line not in wanted:
            wanted.append(line)
        else:
            left_out.append(line[:120])
    return FolderRequirements(wanted=tuple(wanted), left_out=tuple(left_out))
