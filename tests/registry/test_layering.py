"""Storage below, acts above: the modules of ``mcpforge.registry`` import each other without a circle.

Every import counts: module level, under ``if TYPE_CHECKING:`` and inside functions, so a circle hidden
behind a type-only or lazy import is still found. ``file/store.py`` (the file registry's storage) and
``backend.py`` (the protocol both backends implement) reach no act module, directly or through others;
the file backend (``file/``) has no circle inside either.
"""

from __future__ import annotations

import ast
from pathlib import Path

import mcpforge.registry

PACKAGE = "mcpforge.registry"
PACKAGE_DIR = Path(mcpforge.registry.__file__).parent
FILE_BACKEND = f"{PACKAGE}.file"
# Modules that do something to the registry (acts), or sit above the acts.
ACT_MODULES = frozenset(
    [
        *(
            f"{FILE_BACKEND}.{name}"
            for name in (
                "acts",
                "lifecycle",
                "promote",
                "reconcile_repair",
                "doctor",
                "services",
                "service_tools",
            )
        ),
        f"{FILE_BACKEND}.registry",
        *(f"{PACKAGE}.{name}" for name in ("review", "migrate", "prune", "open")),
    ]
)
STORAGE_MODULES = (f"{FILE_BACKEND}.store", f"{PACKAGE}.backend")
Graph = dict[str, set[str]]


def _module_name(path: Path, root: Path, package: str) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([package, *parts])


def import_graph(root: Path, package: str) -> Graph:
    """Edges ``module -> module it imports`` among the modules of ``package`` (found under ``root``)."""
    files = {_module_name(path, root, package): path for path in sorted(root.rglob("*.py"))}
    graph: Graph = {name: set() for name in files}
    for name, path in files.items():
        is_package = path.name == "__init__.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from the module's own package upwards
                    anchor = name.split(".") if is_package else name.split(".")[:-1]
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join([*anchor, base]) if base else ".".join(anchor)
                for alias in node.names:
                    submodule = f"{base}.{alias.name}"
                    targets.append(submodule if submodule in files else base)
            for named in targets:
                # ``import a.b.c`` names the deepest module of the package it reaches.
                target = named
                while target and target not in files and target.startswith(f"{package}."):
                    target = target.rpartition(".")[0]
                if target in files and target != name:
                    graph[name].add(target)
    return graph


def find_cycle(graph: Graph) -> list[str] | None:
    """One circle of imports (its modules in order, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: finished
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def reachable(graph: Graph, start: str) -> set[str]:
    """Every module ``start`` imports, directly or through others."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in graph[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def collapse_subpackages(graph: Graph, package: str) -> Graph:
    """The graph with each subpackage (a backend such as ``postgres/``) as one node: a circle through
    the registry's own modules is found, a subpackage's inner layering is left to its own tests."""
    depth = package.count(".") + 2

    def top(name: str) -> str:
        return ".".join(name.split(".")[:depth])

    collapsed: Graph = {}
    for name, targets in graph.items():
        collapsed.setdefault(top(name), set()).update(top(t) for t in targets if top(t) != top(name))
    return collapsed


def registry_graph() -> Graph:
    """The package's import graph, subpackages collapsed."""
    return collapse_subpackages(import_graph(PACKAGE_DIR, PACKAGE), PACKAGE)


def test_the_registry_modules_import_each_other_without_a_circle() -> None:
    graph = registry_graph()
    assert FILE_BACKEND in graph and f"{PACKAGE}.backend" in graph  # the walk found the package
    cycle = find_cycle(graph)
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_file_backend_has_no_circle_inside() -> None:
    graph = import_graph(PACKAGE_DIR / "file", FILE_BACKEND)
    assert f"{FILE_BACKEND}.store" in graph and f"{FILE_BACKEND}.acts" in graph
    cycle = find_cycle(graph)
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_storage_and_the_protocol_reach_no_act() -> None:
    graph = import_graph(PACKAGE_DIR, PACKAGE)
    for module in STORAGE_MODULES:
        acts = sorted(reachable(graph, module) & ACT_MODULES)
        assert not acts, f"{module} imports act modules (directly or through others): {acts}"


def test_type_only_lazy_and_relative_imports_count(tmp_path: Path) -> None:
    """The walk sees the imports a circle hides behind (so the tests above can fail): the registry
    as it was had ``store`` import ``acts`` at module level and ``acts`` import ``store`` under
    ``TYPE_CHECKING``."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "store.py").write_text("from pkg import acts\n", encoding="utf-8")
    (package / "acts.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.store import Store\n",
        encoding="utf-8",
    )
    (package / "lazy.py").write_text("def f():\n    from . import relative\n", encoding="utf-8")
    (package / "relative.py").write_text("import pkg.lazy\n", encoding="utf-8")
    graph = import_graph(package, "pkg")
    assert graph["pkg.store"] == {"pkg.acts"} and graph["pkg.acts"] == {"pkg.store"}
    assert graph["pkg.lazy"] == {"pkg.relative"} and graph["pkg.relative"] == {"pkg.lazy"}
    assert find_cycle(graph) in (
        ["pkg.acts", "pkg.store", "pkg.acts"],
        ["pkg.lazy", "pkg.relative", "pkg.lazy"],
    )
    assert reachable(graph, "pkg.store") == {"pkg.acts", "pkg.store"}


def test_a_subpackage_counts_as_one_module(tmp_path: Path) -> None:
    """A circle inside a subpackage is its own business; one through the package's modules is not."""
    graph: Graph = {
        "pkg.open": {"pkg.backend.registry"},
        "pkg.backend": {"pkg.backend.registry"},
        "pkg.backend.registry": {"pkg.backend.acts"},
        "pkg.backend.acts": {"pkg.backend.registry", "pkg.store"},
        "pkg.store": set(),
    }
    collapsed = collapse_subpackages(graph, "pkg")
    assert collapsed == {"pkg.open": {"pkg.backend"}, "pkg.backend": {"pkg.store"}, "pkg.store": set()}
    assert find_cycle(collapsed) is None
    graph["pkg.store"] = {"pkg.open"}
    assert find_cycle(collapse_subpackages(graph, "pkg")) == [
        "pkg.backend",
        "pkg.store",
        "pkg.open",
        "pkg.backend",
    ]


def test_the_postgresql_backend_reaches_no_module_of_the_file_backend() -> None:
    """The two backends share only what sits below both (backend, transitions, audit values, hashes,
    the doctor's report); the PostgreSQL one never borrows the file registry's storage or its acts."""
    graph = registry_graph()
    file_backend = {FILE_BACKEND} | {name for name in ACT_MODULES if not name.startswith(FILE_BACKEND)}
    borrowed = sorted(reachable(graph, f"{PACKAGE}.postgres") & file_backend)
    assert not borrowed, f"the PostgreSQL backend imports the file backend's modules: {borrowed}"
