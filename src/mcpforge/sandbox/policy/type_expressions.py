"""Where a type is expected, only a plain type expression may stand: never a string, never a value.

typing and pydantic turn a string found where a type is expected into a ``ForwardRef`` and evaluate it as
Python (``x: "__import__('os').system('id')"``, ``make_dataclass('C', [('a', s)])`` then ``TypeAdapter``,
a ``BaseModel`` field annotated with a name that holds a string). So an annotation, and each type argument
of a typing factory (``NewType``, ``TypeVar``, ``NamedTuple(...)``, ``TypedDict(...)``) or generic
(``List[...]``), must be built only from names, attributes, subscripts, ``|``, ``None`` and ``...``, and
every name in it must never be bound in the file to anything but another such expression. The check is
flow-insensitive on purpose: with ``from __future__ import annotations`` an annotation is evaluated later,
in whatever the names hold by then, and a binding anywhere in the file may be the one it sees.
``Literal[...]`` holds values and ``Annotated[T, ...]`` metadata, not types; both keep that meaning only
while their names come from ``typing`` and are never rebound.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

# Subscripting these with a string makes a ForwardRef that pydantic or get_type_hints evaluates later.
GENERIC_NAMES = frozenset(
    {
        "List",
        "Dict",
        "Set",
        "FrozenSet",
        "Tuple",
        "Type",
        "Optional",
        "Union",
        "Callable",
        "ClassVar",
        "Final",
        "Sequence",
        "Mapping",
        "MutableMapping",
        "MutableSequence",
        "Iterable",
        "Iterator",
        "Collection",
        "AbstractSet",
        "DefaultDict",
        "OrderedDict",
        "Counter",
        "Deque",
        "Generator",
        "Awaitable",
        "Required",
        "NotRequired",
        "TypeGuard",
        "Unpack",
        "Annotated",
        "RootModel",
        "Json",
        "list",
        "dict",
        "set",
        "frozenset",
        "tuple",
        "type",
        "deque",
        "defaultdict",
    }
)
# Functional forms that take types as arguments (the first argument is the new type's name).
TYPE_FACTORIES = frozenset({"NewType", "TypeVar", "NamedTuple", "TypedDict", "TypeAliasType"})
_SPECIAL = ("Literal", "Annotated")
_TYPING_MODULES = frozenset({"typing", "typing_extensions"})
STRING_TYPE = "string annotations are evaluated as code; use real types"


def _bound_targets(target: ast.AST) -> Iterator[tuple[str, bool]]:
    """``(name, simple)`` for each name a target binds; ``simple`` when the whole value lands in it."""
    if isinstance(target, ast.Name):
        yield target.id, True
    elif isinstance(target, ast.Attribute):
        yield target.attr, True
    elif isinstance(target, (ast.Tuple, ast.List)):
        for item in target.elts:
            for name, _ in _bound_targets(item):
                yield name, False
    elif isinstance(target, ast.Starred):
        for name, _ in _bound_targets(target.value):
            yield name, False


class TypeNames:
    """Which names may stand in a type expression: those never bound to something that is not a type."""

    def __init__(self) -> None:
        self.values: dict[str, list[ast.expr | None]] = {}
        self.tainted: set[str] = set()
        self.rebound: set[str] = set()
        self.classes: set[str] = set()

    # -- collection --------------------------------------------------------------------------------
    def collect(self, tree: ast.AST) -> TypeNames:
        """Record every binding in ``tree``, then taint names until nothing changes."""
        for node in ast.walk(tree):
            self._record(node)
        changed = True
        while changed:
            changed = False
            for name, values in self.values.items():
                if name in self.tainted:
                    continue
                if any(value is None or self.problems(value) for value in values):
                    self.tainted.add(name)
                    changed = True
        return self

    def _bind(self, name: str, value: ast.expr | None) -> None:
        self.values.setdefault(name, []).append(value)
        self.rebound.add(name)

    def _record(self, node: ast.AST) -> None:  # noqa: PLR0912 - one branch per binding form
        if isinstance(node, ast.Assign):
            for target in node.targets:
                for name, simple in _bound_targets(target):
                    self._bind(name, node.value if simple else None)
        elif isinstance(node, (ast.AnnAssign, ast.NamedExpr)) and node.value is not None:
            for name, simple in _bound_targets(node.target):
                self._bind(name, node.value if simple else None)
        elif isinstance(node, (ast.AugAssign, ast.For, ast.AsyncFor, ast.comprehension)):
            for name, _ in _bound_targets(node.target):
                self._bind(name, None)
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            for name, _ in _bound_targets(node.optional_vars):
                self._bind(name, None)
        elif isinstance(node, ast.arg):
            self._bind(node.arg, None)
        elif isinstance(node, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and node.name:
            self._bind(node.name, None)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            self._bind(node.rest, None)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            for name in node.names:
                self._bind(name, None)
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                bound = alias.asname or alias.name
                if bound in _SPECIAL and (node.module not in _TYPING_MODULES or alias.name != bound):
                    self.rebound.add(bound)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname in _TYPING_MODULES and alias.name not in _TYPING_MODULES:
                    self.rebound.add(alias.asname)
        elif isinstance(node, ast.ClassDef):
            self.classes.add(node.name)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "setattr"
            and len(node.args) == 3
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
        ):
            self._bind(node.args[1].value, node.args[2])

    # -- queries -----------------------------------------------------------------------------------
    def special(self, node: ast.expr) -> str | None:
        """``Literal`` or ``Annotated`` when ``node`` names the one from typing, else None."""
        if isinstance(node, ast.Name) and node.id in _SPECIAL and node.id not in self.rebound:
            return node.id
        if (
            isinstance(node, ast.Attribute)
            and node.attr in _SPECIAL
            and isinstance(node.value, ast.Name)
            and node.value.id in _TYPING_MODULES
            and node.value.id not in self.rebound
        ):
            return node.attr
        return None

    def is_generic(self, node: ast.expr) -> bool:
        """Whether subscripting ``node`` builds a type (a typing generic or a class of this file)."""
        name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
        return name in GENERIC_NAMES or name in self.classes

    def problems(self, node: ast.expr) -> list[tuple[ast.AST, str]]:  # noqa: PLR0911 - one case per node type
        """Why ``node`` is not a plain type expression: ``(where, message)`` pairs, empty when it is."""
        if isinstance(node, ast.Constant):
            if isinstance(node.value, str | bytes):
                return [(node, STRING_TYPE)]
            return []
        if isinstance(node, ast.Name):
            if node.id in self.tainted:
                return [(node, f"{node.id!r} is used as a type but is bound to a value that is not one")]
            return []
        if isinstance(node, ast.Attribute):
            found = self.problems(node.value)
            if node.attr in self.tainted:
                found.append(
                    (node, f"{node.attr!r} is used as a type but is bound to a value that is not one")
                )
            return found
        if isinstance(node, ast.Subscript):
            return self._subscript_problems(node)
        if isinstance(node, (ast.Tuple, ast.List)):
            return [item for elt in node.elts for item in self.problems(elt)]
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
            return self.problems(node.left) + self.problems(node.right)
        return [(node, f"a {type(node).__name__} is not a type; annotations must be plain type expressions")]

    def _subscript_problems(self, node: ast.Subscript) -> list[tuple[ast.AST, str]]:
        special = self.special(node.value)
        if special == "Literal":
            return []
        found = self.problems(node.value)
        if special == "Annotated":
            first = (
                node.slice.elts[0] if isinstance(node.slice, ast.Tuple) and node.slice.elts else node.slice
            )
            return found + self.problems(first)  # the rest is metadata (Field(...)), never a type
        return found + self.problems(node.slice)

    def factory_problems(self, node: ast.Call) -> list[tuple[ast.AST, str]]:
        """Type arguments of ``NewType``/``TypeVar``/``NamedTuple(...)``/``TypedDict(...)`` calls."""
        found: list[tuple[ast.AST, str]] = []
        for arg in [*node.args[1:], *(kw.value for kw in node.keywords)]:
            if isinstance(arg, (ast.List, ast.Tuple)):
                for item in arg.elts:
                    pair = isinstance(item, ast.Tuple) and len(item.elts) == 2
                    found += self.problems(item.elts[1] if pair and isinstance(item, ast.Tuple) else item)
            elif isinstance(arg, ast.Dict):
                found += [item for value in arg.values for item in self.problems(value)]
            elif not (isinstance(arg, ast.Constant) and isinstance(arg.value, bool)):
                found += self.problems(arg)
        return found
