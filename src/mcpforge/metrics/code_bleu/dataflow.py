"""Dataflow match (requirements 4.7.4): which variables exist, what each is computed from, in what order."""

from __future__ import annotations

import ast
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypedDict, cast

from mcpforge.metrics.code_bleu._parse import parse_code, preorder
from mcpforge.metrics.code_bleu._sequence import lcs_ratio

VARIABLE_WEIGHT = 0.4
DEPENDENCY_WEIGHT = 0.4
ORDER_WEIGHT = 0.2


def _names(node: ast.AST | None) -> set[str]:
    if node is None:
        return set()
    return {child.id for child in ast.walk(node) if isinstance(child, ast.Name)}


def _bound_names(target: ast.AST) -> list[str]:
    """Names a target binds; ``df["x"] = ...`` and ``obj.attr = ...`` rebind (mutate) ``df`` / ``obj``."""
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Tuple | ast.List):
        return [name for element in target.elts for name in _bound_names(element)]
    if isinstance(target, ast.Starred):
        return _bound_names(target.value)
    if isinstance(target, ast.Attribute | ast.Subscript):
        base: ast.AST = target
        while isinstance(base, ast.Attribute | ast.Subscript):
            base = base.value
        return [base.id] if isinstance(base, ast.Name) else []
    return []


class DataflowAnalyzer:
    """Collects variable → dependencies, assignments and usages, one node at a time in source order.

    ``observe`` is fed by a single pre-order walk that the AST match shares, so the tree is walked once.
    """

    def __init__(self) -> None:
        self.variables: dict[str, set[str]] = {}
        self.assignments: list[tuple[str, int]] = []
        self.usages: list[tuple[str, int]] = []

    def visit(self, tree: ast.AST) -> None:
        """Analyze a whole tree."""
        for node, _ in preorder(tree):
            self.observe(node)

    def observe(self, node: ast.AST) -> None:
        """Record what one node binds or reads."""
        kind = type(node)
        if kind is ast.Name:
            name = cast(ast.Name, node)
            if type(name.ctx) is ast.Load:
                self.usages.append((name.id, name.lineno))
            return
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, node)

    def _bind(self, target: ast.AST, deps: set[str], line: int) -> None:
        extra = set()
        if isinstance(target, ast.Subscript):
            extra = _names(target.slice)  # result[key] = value: result now depends on key too
        for name in _bound_names(target):
            self.variables.setdefault(name, set()).update(deps | extra)
            self.assignments.append((name, line))

    def _declare(self, name: str, line: int) -> None:
        self.variables.setdefault(name, set())
        self.assignments.append((name, line))


def _assign(analyzer: DataflowAnalyzer, node: ast.AST) -> None:
    assign = cast(ast.Assign, node)
    deps = _names(assign.value)
    for target in assign.targets:
        analyzer._bind(target, deps, assign.lineno)


def _aug_assign(analyzer: DataflowAnalyzer, node: ast.AST) -> None:
    aug = cast(ast.AugAssign, node)
    analyzer._bind(aug.target, _names(aug.value) | set(_bound_names(aug.target)), aug.lineno)


def _ann_assign(analyzer: DataflowAnalyzer, node: ast.AST) -> None:
    ann = cast(ast.AnnAssign, node)
    if ann.value is not None:
        analyzer._bind(ann.target, _names(ann.value), ann.lineno)


def _named_expr(analyzer: DataflowAnalyzer, node: ast.AST) -> None:
    walrus = cast(ast.NamedExpr, node)
    analyzer._bind(walrus.target, _names(walrus.value), walrus.lineno)


def _for(analyzer: DataflowAnalyzer, node: ast.AST) -> None:
    loop = cast(ast.For, node)
    analyzer._bind(loop.target, _names(loop.iter), loop.lineno)


def _comprehension(analyzer: DataflowAnalyzer, node: ast.AST) -> None:
    generator = cast(ast.comprehension, node)
    analyzer._bind(generator.target, _names(generator.iter), getattr(generator.iter, "lineno", 0))


def _with(analyzer: DataflowAnalyzer, node: ast.AST) -> None:
    block = cast(ast.With, node)
    for item in block.items:
        if item.optional_vars is not None:
            analyzer._bind(item.optional_vars, _names(item.context_expr), block.lineno)


def _except_handler(analyzer: DataflowAnalyzer, node: ast.AST) -> None:
    handler = cast(ast.ExceptHandler, node)
    if handler.name:
        analyzer._declare(handler.name, handler.lineno)


def _arg(analyzer: DataflowAnalyzer, node: ast.AST) -> None:
    # Parameters are where a tool's data flow starts (file_path, group_by, ...).
    parameter = cast(ast.arg, node)
    analyzer._declare(parameter.arg, parameter.lineno)


_HANDLERS: dict[type[ast.AST], Callable[[DataflowAnalyzer, ast.AST], None]] = {
    ast.Assign: _assign,
    ast.AugAssign: _aug_assign,
    ast.AnnAssign: _ann_assign,
    ast.NamedExpr: _named_expr,
    ast.For: _for,
    ast.AsyncFor: _for,
    ast.comprehension: _comprehension,
    ast.With: _with,
    ast.AsyncWith: _with,
    ast.ExceptHandler: _except_handler,
    ast.arg: _arg,
}


@dataclass(frozen=True, kw_only=True)
class Dataflow:
    """The dataflow of one module."""

    variable_dependencies: dict[str, frozenset[str]]
    assignments: tuple[tuple[str, int], ...]
    usages: tuple[tuple[str, int], ...]

    @property
    def variable_count(self) -> int:
        """Number of distinct variables."""
        return len(self.variable_dependencies)


class DataflowSimilarity(TypedDict):
    """The requirements' keys: the combined score and its parts."""

    dataflow_match_score: float
    variable_flow_similarity: float
    dependency_graph_similarity: float
    assignment_order_similarity: float


def dataflow_from_tree(tree: ast.AST) -> Dataflow:
    """The dataflow of a parsed module."""
    analyzer = DataflowAnalyzer()
    analyzer.visit(tree)
    return dataflow_of(analyzer)


def dataflow_of(analyzer: DataflowAnalyzer) -> Dataflow:
    """The dataflow an analyzer has collected."""
    return Dataflow(
        variable_dependencies={name: frozenset(deps) for name, deps in analyzer.variables.items()},
        assignments=tuple(analyzer.assignments),
        usages=tuple(analyzer.usages),
    )


class DataflowInfo(TypedDict):
    """The requirements' result of :func:`extract_dataflow`."""

    valid: bool
    variable_dependencies: dict[str, frozenset[str]]
    assignments: list[tuple[str, int]]
    usages: list[tuple[str, int]]
    variable_count: int


def extract_dataflow(code: str) -> DataflowInfo:
    """The dataflow of ``code`` (dedented first, so indented snippets work).

    ``extract_dataflow("b = a + 5")["variable_dependencies"] == {"b": frozenset({"a"})}``. Code that does
    not parse gives ``valid`` False and empty collections.
    """
    tree = parse_code(code)
    if tree is None:
        return DataflowInfo(
            valid=False, variable_dependencies={}, assignments=[], usages=[], variable_count=0
        )
    flow = dataflow_from_tree(tree)
    return DataflowInfo(
        valid=True,
        variable_dependencies=dict(flow.variable_dependencies),
        assignments=list(flow.assignments),
        usages=list(flow.usages),
        variable_count=flow.variable_count,
    )


def _jaccard(left: frozenset[str] | set[str], right: frozenset[str] | set[str]) -> float:
    union = left | right
    # Two empty sets agree completely: identical code must score 1.0.
    return len(left & right) / len(union) if union else 1.0


def similarity_from_dataflow(candidate: Dataflow, reference: Dataflow) -> DataflowSimilarity:
    """Dataflow similarity of two parsed modules; symmetric in its arguments."""
    candidate_vars = set(candidate.variable_dependencies)
    reference_vars = set(reference.variable_dependencies)
    variables = _jaccard(candidate_vars, reference_vars)
    common = candidate_vars & reference_vars
    if common:
        dependencies = math.fsum(
            _jaccard(candidate.variable_dependencies[name], reference.variable_dependencies[name])
            for name in common
        ) / len(common)
    else:
        dependencies = 1.0 if not (candidate_vars or reference_vars) else 0.0
    order = lcs_ratio(
        [name for name, _ in candidate.assignments], [name for name, _ in reference.assignments]
    )
    score = VARIABLE_WEIGHT * variables + DEPENDENCY_WEIGHT * dependencies + ORDER_WEIGHT * order
    return DataflowSimilarity(
        dataflow_match_score=min(1.0, score),
        variable_flow_similarity=variables,
        dependency_graph_similarity=dependencies,
        assignment_order_similarity=order,
    )


def dataflow_similarity_from_trees(
    candidate_code: str, reference_code: str, candidate_tree: ast.AST | None, reference_tree: ast.AST | None
) -> DataflowSimilarity:
    """Dataflow similarity from already parsed trees (None: the code did not parse)."""
    if candidate_tree is None or reference_tree is None:
        same = 1.0 if candidate_code == reference_code else 0.0
        return DataflowSimilarity(
            dataflow_match_score=same,
            variable_flow_similarity=same,
            dependency_graph_similarity=same,
            assignment_order_similarity=same,
        )
    return similarity_from_dataflow(dataflow_from_tree(candidate_tree), dataflow_from_tree(reference_tree))


def calculate_dataflow_similarity(candidate_code: str, reference_code: str) -> DataflowSimilarity:
    """0.4 variable-set Jaccard + 0.4 mean dependency Jaccard of shared variables + 0.2 assignment order.

    Differences from the requirements' sketch, all so that identical code scores 1.0: two empty sets
    compare as equal (1.0), and the order term is the LCS ratio. Code that does not parse scores 0.0
    against anything but the identical text. Symmetric.
    """
    return dataflow_similarity_from_trees(
        candidate_code, reference_code, parse_code(candidate_code), parse_code(reference_code)
    )
