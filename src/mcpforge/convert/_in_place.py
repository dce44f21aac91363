"""A local project whose build backend fails but that needs no build: its packages used in place.

A small repository's build backend can fail for reasons that have nothing to do with its code: a
dynamic-versioning plugin that has since become stricter about its own settings (strif's
``bump = "true"`` under uv-dynamic-versioning), VCS metadata a copy does not have. When the project
declares no dependencies in ``[project]`` and its code is plain package folders (``src/<name>/`` or
``<name>/`` with an ``__init__.py``, no compiled sources), importing those folders is what an installed
wheel would give; convert uses them in place, as it does a plain package folder. Only when the backend
itself raised (``_build.BackendError``): a build that tried to run a program, needed the network or a
missing requirement, or had no strong sandbox still stops, and so does a project that declares
dependencies or whose packages hold extension sources.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

_NOT_PACKAGES = frozenset({"tests", "test", "docs", "doc", "examples", "benchmarks", "scripts", "devtools"})
_COMPILED_SOURCES = ("*.c", "*.cpp", "*.pyx", "*.rs", "*.f90", "*.cu")


@dataclass(frozen=True, kw_only=True)
class InPlace:
    """Where the project's packages are imported from, and their names."""

    root: Path
    packages: tuple[str, ...]
    distribution: str


def plain_packages(project: Path) -> InPlace | None:
    """The project's packages to import in place when it needs nothing installed; None otherwise."""
    try:
        data = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    table = data.get("project")
    if not isinstance(table, dict) or not isinstance(table.get("name"), str):
        return None
    dynamic = table.get("dynamic", [])
    if table.get("dependencies", []) != [] or (isinstance(dynamic, list) and "dependencies" in dynamic):
        return None
    for root in (project / "src", project):
        packages = tuple(
            sorted(
                init.parent.name
                for init in root.glob("*/__init__.py")
                if not init.parent.name.startswith(("_", "."))
                and init.parent.name not in _NOT_PACKAGES
                and init.parent.name.isidentifier()
            )
        )
        if packages:
            if any(next((root / p).rglob(glob), None) for p in packages for glob in _COMPILED_SOURCES):
                return None
            return InPlace(root=root, packages=packages, distribution=str(table["name"]))
    return None
