"""A local project whose build backend fails but whose code is plain: used in place.

A small repository's build backend can fail for reasons that have nothing to do with its code: a
dynamic-versioning plugin that has since become stricter about its own settings (strif's
``bump = "true"`` under uv-dynamic-versioning), VCS metadata a copy does not have, a poetry project
named ``pace-calculator`` whose one module is ``pacecalc.py`` (poetry-core finds no package of that
name). When its code is plain package folders (``src/<name>/`` or ``<name>/`` with an ``__init__.py``)
or, with none, modules at its top (``pacecalc.py``), with no compiled sources, importing them is what an
installed wheel would give; convert uses them in place, as it does a plain folder, and installs the
dependencies the project declares (``[project]`` or ``[tool.poetry]``, :mod:`._declared_dependencies`)
from wheels into a venv beside it, as it does a folder's ``requirements.txt``. Only when the backend
itself raised (``_build.BackendError``): a build that tried to run a program, needed the network or a
missing requirement, or had no strong sandbox still stops, and so does a project with a dependency pip
cannot take from the index's wheels (git, path, URL) or whose code holds extension sources.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mcpforge.convert._declared_dependencies import declared_dependencies

_NOT_PACKAGES = frozenset({"tests", "test", "docs", "doc", "examples", "benchmarks", "scripts", "devtools"})
_COMPILED_SOURCES = ("*.c", "*.cpp", "*.pyx", "*.rs", "*.f90", "*.cu")


@dataclass(frozen=True, kw_only=True)
class InPlace:
    """Where the project's packages (or modules) are imported from, their names, and what it declares."""

    root: Path
    packages: tuple[str, ...]
    distribution: str
    requirements: tuple[str, ...]


def plain_packages(project: Path, top_level_modules: Callable[[Path], list[str]]) -> InPlace | None:
    """The project's packages, else its top-level modules (``top_level_modules(project)``), to import in
    place with its declared dependencies; None when it has neither or needs a build of its own."""
    declared = declared_dependencies(project)
    if declared is None:
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
            return InPlace(
                root=root,
                packages=packages,
                distribution=declared.distribution,
                requirements=declared.requirements,
            )
    modules = tuple(top_level_modules(project))
    if not modules or any(next(project.glob(glob), None) for glob in _COMPILED_SOURCES):
        return None
    return InPlace(
        root=project, packages=modules, distribution=declared.distribution, requirements=declared.requirements
    )
