"""The declared requirements a project's code actually imports: what to install when the whole
declared list cannot be.

A small repository often declares its development tools beside what its code needs (blind7
numerical-expressions: a poetry project whose dependencies are ``ipykernel``, ``num2words`` and
``fraction``; its one module imports only ``num2words``). When installing every declared line fails (a
Jupyter kernel's compiled dependencies have no wheel here), a user still expects convert to install what
the code imports. The modules' ``import`` statements are read with the AST (nothing is run); a declared
line is kept when its distribution name is one of those imported names (``num2words``, ``python-dateutil``
is not ``dateutil``: such a line is left out and the import then fails, said by the analysis). No name
is guessed beyond the declared lines.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

_SKIPPED_FOLDERS = frozenset(
    {"tests", "test", "docs", "doc", "examples", "benchmarks", ".git", ".venv", "venv"}
)
_MAX_FILES = 400


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


def _distribution(line: str) -> str:
    return _normal(re.split(r"[\s\[=<>!~;@]", line.strip(), maxsplit=1)[0])


def _sources(root: Path, import_names: tuple[str, ...]) -> list[Path]:
    files: list[Path] = []
    for name in import_names:
        if (root / f"{name}.py").is_file():
            files.append(root / f"{name}.py")
        elif (root / name).is_dir():
            files += [p for p in sorted((root / name).rglob("*.py")) if not _SKIPPED_FOLDERS & set(p.parts)]
    return files[:_MAX_FILES]


def imported_names(root: Path, import_names: tuple[str, ...]) -> set[str]:
    """Top-level names the code of ``import_names`` (modules or packages under ``root``) imports, other
    than the standard library's and its own (relative imports and the project's modules)."""
    found: set[str] = set()
    for path in _sources(root, import_names):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8", errors="replace"))
        except (SyntaxError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    local = set(import_names) | {p.stem for p in root.glob("*.py")}
    return {n for n in found if n not in sys.stdlib_module_names and n not in local and n != "__future__"}


def imported_requirements(
    lines: tuple[str, ...], root: Path, import_names: tuple[str, ...]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(the declared ``lines`` the code imports, the others)."""
    imported = {_normal(n) for n in imported_names(root, import_names)}
    kept = tuple(line for line in lines if _distribution(line) in imported)
    return kept, tuple(line for line in lines if line not in kept)
