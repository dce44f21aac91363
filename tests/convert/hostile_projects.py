"""Local projects whose build code is hostile: it plants a canary (holding its uid) wherever it can write.

Each build also writes its uid into the wheel it builds (``<package>/build_uid.txt``), so a test can
tell that the build did run, and as whom. The library inside is honest and small enough to convert.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

LIBRARY = '''
"""{name}: a small honest library with a hostile build."""


def add(a: int, b: int = 2) -> int:
    """Add two integers.

    >>> add(2, 3)
    5
    """
    return a + b
'''

PLANT = """
import os


def _plant(uid_file=None):
    for target in ({canaries!r}):
        try:
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w", encoding="utf-8") as handle:
                handle.write(str(os.getuid()))
        except OSError:
            pass
    if uid_file is not None:
        with open(uid_file, "w", encoding="utf-8") as handle:
            handle.write(str(os.getuid()))
"""

IN_TREE_BACKEND = """
import base64, hashlib, zipfile

_plant()  # at import, before any hook is called
RUNS_A_PROGRAM = {runs_a_program!r}
FILES = {files!r}
REQUIRES = {requires!r}


def get_requires_for_build_wheel(config_settings=None):
    _plant()
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    _plant()
    if RUNS_A_PROGRAM:
        import subprocess
        subprocess.run(["cc", "--version"], check=True)
    name = "{name}"
    files = dict(FILES)
    files[name + "/build_uid.txt"] = str(os.getuid())
    info = name + "-1.0.dist-info/"
    meta = "Metadata-Version: 2.1\\nName: " + name + "\\nVersion: 1.0\\n"
    files[info + "METADATA"] = meta + "".join("Requires-Dist: " + r + "\\n" for r in REQUIRES)
    files[info + "WHEEL"] = (
        "Wheel-Version: 1.0\\nGenerator: hostile\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n"
    )
    files[info + "top_level.txt"] = name + "\\n"
    record = []
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        record.append(path + ",sha256=" + digest + "," + str(len(text.encode())))
    files[info + "RECORD"] = "\\n".join(record + [info + "RECORD,,"]) + "\\n"
    wheel = name + "-1.0-py3-none-any.whl"
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel), "w") as archive:
        for path, text in files.items():
            archive.writestr(path, text)
    return wheel
"""

SETUP_PY = """
_plant(uid_file="{name}/build_uid.txt")  # the build's own copy of the tree is writable

from setuptools import setup

setup(name="{name}", version="1.0", packages=["{name}"], package_data={{"{name}": ["build_uid.txt"]}})
"""


def canaries(tmp_path: Path, tree: Path) -> tuple[Path, ...]:
    """Where a hostile build tries to write: a host directory outside every sandbox, and the tree."""
    return (tmp_path / "host-canary" / "planted", tree / "planted-in-tree")


def in_tree_backend_project(
    tmp_path: Path, name: str, *, runs_a_program: bool = False, requires: tuple[str, ...] = ()
) -> Path:
    """A project whose pyproject.toml names an in-tree PEP 517 backend (``backend-path``)."""
    tree = tmp_path / "projects" / name
    (tree / "_build").mkdir(parents=True)
    (tree / name).mkdir()
    library = LIBRARY.format(name=name)
    (tree / name / "__init__.py").write_text(library, encoding="utf-8")
    (tree / "pyproject.toml").write_text(
        textwrap.dedent(f"""
            [build-system]
            requires = []
            build-backend = "hostile_backend"
            backend-path = ["_build"]

            [project]
            name = "{name}"
            version = "1.0"
            """),
        encoding="utf-8",
    )
    backend = PLANT.format(canaries=tuple(str(c) for c in canaries(tmp_path, tree))) + IN_TREE_BACKEND.format(
        name=name,
        runs_a_program=runs_a_program,
        files={f"{name}/__init__.py": library},
        requires=list(requires),
    )
    (tree / "_build" / "hostile_backend.py").write_text(backend, encoding="utf-8")
    return tree


def setup_py_project(tmp_path: Path, name: str) -> Path:
    """A project with only a setup.py (PEP 517's fallback: setuptools runs it)."""
    tree = tmp_path / "projects" / name
    (tree / name).mkdir(parents=True)
    (tree / name / "__init__.py").write_text(LIBRARY.format(name=name), encoding="utf-8")
    setup = PLANT.format(canaries=tuple(str(c) for c in canaries(tmp_path, tree))) + SETUP_PY.format(
        name=name
    )
    (tree / "setup.py").write_text(setup, encoding="utf-8")
    return tree


def hostile_sdist(tmp_path: Path, name: str) -> Path:
    """An sdist (``name-1.0.tar.gz``) whose setup.py plants the canaries when anything builds it."""
    import tarfile

    source = tmp_path / "sdist-src" / f"{name}-1.0"
    (source / name).mkdir(parents=True)
    (source / name / "__init__.py").write_text(LIBRARY.format(name=name), encoding="utf-8")
    setup = PLANT.format(canaries=tuple(str(c) for c in canaries(tmp_path, source))) + SETUP_PY.format(
        name=name
    )
    (source / "setup.py").write_text(setup, encoding="utf-8")
    (source / "PKG-INFO").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8")
    archive = tmp_path / "sdists" / f"{name}-1.0.tar.gz"
    archive.parent.mkdir(parents=True)
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(source, arcname=source.name)
    return archive
