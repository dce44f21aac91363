"""Which names in a file can hold a module: imports, then everything a module flows into.

Flow-insensitive and over-approximating on purpose (the static policy is a filter, and a name that
*may* hold a module is checked like one): a module flows through assignment (``p = pd``), tuple
unpacking, containers and their subscripts (``[pd][0]``, ``{"k": pd}["k"]``), attribute chains and
attribute or item targets (``ns.p = pd`` marks ``ns``), the walrus, ``for``/``with`` targets,
function defaults, arguments passed to functions of the same file, and functions or lambdas that
return one. The same tracking finds aliases of pickle-capable loaders (``L = np.load``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

# Loaders with an ``allow_pickle`` parameter, and its 0-based positional index.
PICKLE_LOADERS = {"load": 2, "read_array": 1}
# Builtins that hand back (part of) what they were given.
_PASS_THROUGH = frozenset(
    {
        "list",
        "tuple",
        "set",
        "frozenset",
        "dict",
        "iter",
        "next",
        "reversed",
        "sorted",
        "min",
        "max",
        "ChainMap",
        "OrderedDict",
        "defaultdict",
        "deque",
        "Counter",
        "SimpleNamespace",
        "nullcontext",
        "cast",
        "copy",
        "deepcopy",
    }
)
_CONTAINER_METHODS = frozenset(
    {"get", "pop", "popitem", "setdefault", "copy", "values", "items", "__getitem__"}
)
# Methods that put a value into the container they are called on.
_MUTATORS = frozenset(
    {"append", "appendleft", "extend", "extendleft", "insert", "add", "update", "setdefault"}
)


def _target_names(target: ast.AST) -> Iterator[str]:
    """Names bound (or, for ``a.b = ...`` / ``a[k] = ...``, the root object changed) by a target."""
    if isinstance(target, ast.Name):
        yield target.id
    elif isinstance(target, (ast.Tuple, ast.List)):
        for item in target.elts:
            yield from _target_names(item)
    elif isinstance(target, (ast.Starred, ast.Attribute, ast.Subscript)):
        yield from _target_names(target.value)


class AliasTracker:
    """Names that may hold a module (``modules``), return one (``returners``) or be a pickle loader."""

    def __init__(self) -> None:
        self.modules: set[str] = set()
        self.returners: set[str] = set()
        self.loaders: set[str] = set()
        self._params: dict[str, list[str]] = {}

    # -- queries -----------------------------------------------------------------------------------
    def refers_to_module(self, node: ast.AST | None) -> bool:  # noqa: PLR0911 - one case per node type
        """Whether evaluating ``node`` may produce a module (or a container or callable holding one)."""
        if node is None:
            return False
        if isinstance(node, ast.Name):
            return node.id in self.modules
        if isinstance(node, (ast.Attribute, ast.Subscript, ast.Starred, ast.NamedExpr, ast.Await)):
            return self.refers_to_module(node.value)
        if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            return any(self.refers_to_module(item) for item in node.elts)
        if isinstance(node, ast.Dict):
            return any(self.refers_to_module(item) for item in [*node.keys, *node.values])
        if isinstance(node, ast.IfExp):
            return self.refers_to_module(node.body) or self.refers_to_module(node.orelse)
        if isinstance(node, ast.BoolOp):
            return any(self.refers_to_module(item) for item in node.values)
        if isinstance(node, ast.Lambda):
            return self.refers_to_module(node.body)
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
            return self.refers_to_module(node.elt) or any(
                self.refers_to_module(gen.iter) for gen in node.generators
            )
        if isinstance(node, ast.DictComp):
            return self.refers_to_module(node.value)
        if isinstance(node, ast.Call):
            return self._call_returns_module(node)
        return False

    def _call_returns_module(self, node: ast.Call) -> bool:
        func = node.func
        if isinstance(func, ast.Name) and func.id in self.returners:
            return True
        if isinstance(func, ast.Lambda):
            return self.refers_to_module(func.body)
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name in _PASS_THROUGH:
            values = [*node.args, *(kw.value for kw in node.keywords)]
            return any(self.refers_to_module(value) for value in values)
        if isinstance(func, ast.Attribute) and func.attr in _CONTAINER_METHODS:
            return self.refers_to_module(func.value)
        return isinstance(func, ast.Call) and self.refers_to_module(func)

    def loader_index(self, node: ast.AST) -> int | None:
        """The positional index of ``allow_pickle`` when ``node`` names a pickle-capable loader."""
        if isinstance(node, ast.Attribute) and node.attr in PICKLE_LOADERS:
            return PICKLE_LOADERS[node.attr]
        if isinstance(node, ast.Name) and node.id in self.loaders:
            return PICKLE_LOADERS["load"]
        if isinstance(node, ast.Name) and node.id in PICKLE_LOADERS:
            return PICKLE_LOADERS[node.id]
        return None

    # -- collection --------------------------------------------------------------------------------
    def collect(self, tree: ast.AST) -> AliasTracker:
        """Grow the sets over ``tree`` until nothing changes (each pass can only add names)."""
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self._params[node.name] = [a.arg for a in [*node.args.posonlyargs, *node.args.args]]
        while True:
            before = (len(self.modules), len(self.returners), len(self.loaders))
            for node in ast.walk(tree):
                self._visit(node)
            if (len(self.modules), len(self.returners), len(self.loaders)) == before:
                return self

    def _bind(self, targets: list[ast.AST], value: ast.AST | None) -> None:
        if value is None:
            return
        names = [name for target in targets for name in _target_names(target)]
        if self.refers_to_module(value):
            self.modules.update(names)
        if isinstance(value, ast.Lambda) and self.refers_to_module(value.body):
            self.returners.update(names)
        if self.loader_index(value) is not None and not isinstance(value, ast.Call):
            self.loaders.update(names)

    def _visit(self, node: ast.AST) -> None:  # noqa: PLR0912 - one branch per binding form
        if isinstance(node, ast.Import):
            for alias in node.names:
                self.modules.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                self.modules.add(alias.asname or alias.name)
                if alias.name in PICKLE_LOADERS:
                    self.loaders.add(alias.asname or alias.name)
        elif isinstance(node, ast.Assign):
            self._bind(list(node.targets), node.value)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            self._bind([node.target], node.value)
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            self._bind([node.target], node.iter)
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            self._bind([node.optional_vars], node.context_expr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self._visit_function(node)
        elif isinstance(node, ast.ClassDef):
            for stmt in node.body:
                if isinstance(stmt, ast.Assign) and self.refers_to_module(stmt.value):
                    self.modules.add(node.name)
        elif isinstance(node, ast.Call) and self._stores_module(node):
            target = node.args[0] if isinstance(node.func, ast.Name) else node.func
            self.modules.update(_target_names(target))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in self._params:
            params = self._params[node.func.id]
            for param, arg in zip(params, node.args, strict=False):
                if self.refers_to_module(arg):
                    self.modules.add(param)
            for kw in node.keywords:
                if kw.arg in params and self.refers_to_module(kw.value):
                    self.modules.add(kw.arg)

    def _stores_module(self, node: ast.Call) -> bool:
        """``box.append(pd)``, ``d.update(k=pd)``, ``setattr(obj, "m", pd)``: the receiver now holds one."""
        values = [*node.args, *(kw.value for kw in node.keywords)]
        if isinstance(node.func, ast.Attribute) and node.func.attr in _MUTATORS:
            return any(self.refers_to_module(value) for value in values)
        if isinstance(node.func, ast.Name) and node.func.id == "setattr" and len(node.args) == 3:
            return self.refers_to_module(node.args[2])
        return False

    def _visit_function(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        positional = [*node.args.posonlyargs, *node.args.args]
        for arg, default in zip(positional[::-1], node.args.defaults[::-1], strict=False):
            if self.refers_to_module(default):
                self.modules.add(arg.arg)
        for arg, kw_default in zip(node.args.kwonlyargs, node.args.kw_defaults, strict=True):
            if self.refers_to_module(kw_default):
                self.modules.add(arg.arg)
        for inner in ast.walk(node):
            if isinstance(inner, (ast.Return, ast.Yield, ast.YieldFrom)) and self.refers_to_module(
                inner.value
            ):
                self.returners.add(node.name)
                return
