"""Static policy for generated code: a first filter in front of the sandbox, never the boundary.

The AST is built from exactly the text that will run: the bytes must be UTF-8 without a coding cookie
(a cookie would make Python decode differently from us), and identifiers are checked on the raw
tokens, because the parser NFKC-normalizes them (fullwidth ``eval`` becomes ``eval``). Every violation names
its line, column and rule.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pydantic import BaseModel, Field

from mcpforge.config import DEFAULT_ALLOWED_IMPORTS
from mcpforge.sandbox.policy.call_arguments import (
    Found,
    call_problems,
    constructor_aliases,
    model_config_problems,
    name_of,
    type_as_value,
)
from mcpforge.sandbox.policy.module_aliases import AliasTracker
from mcpforge.sandbox.policy.rules import (
    ALLOWED_DUNDERS,
    ATTRIBUTE_FUNCTIONS,
    ATTRIBUTE_READERS,
    CODING_COOKIE,
    FORBIDDEN_NAMES,
    FORMAT_DUNDER,
    FORMULA_ATTRIBUTES,
    FORMULA_KEYWORDS,
    FORMULA_MESSAGE,
    FORMULA_MODULES,
    FRAME_ATTRIBUTES,
    HINT_FUNCTIONS,
    HOOK_METHODS,
    IMPORT_STRING_NAMES,
    METACLASS_SUFFIXES,
    MODULE_ATTRIBUTES,
    PANDAS_ESCAPES,
    PICKLE_HOOKS,
    PICKLE_NAMES,
    PUBLIC_UNDERSCORE_ATTRIBUTES,
    QUERY_ESCAPES,
    RAW_MEMORY_ATTRIBUTES,
    RAW_MEMORY_HOOKS,
    URL,
    Rule,
)
from mcpforge.sandbox.policy.type_expressions import TYPE_FACTORIES, TypeNames


@dataclass(frozen=True, kw_only=True)
class Violation:
    """One place where code breaks the policy."""

    line: int
    col: int
    rule: Rule
    message: str


class ViolationModel(BaseModel):
    """A policy violation as printed by ``mcpforge check --json``."""

    line: int = Field(description="1-based line of the offending code")
    col: int = Field(description="0-based column of the offending code")
    rule: str = Field(description="Policy rule that was broken, e.g. 'forbidden-name'")
    message: str = Field(description="What was found and why it is not allowed")


class PolicyReport(BaseModel):
    """The result of the static policy check of one file."""

    ok: bool = Field(description="True when the code breaks no rule")
    violations: list[ViolationModel] = Field(
        default_factory=list, description="Every violation, in source order"
    )

    @classmethod
    def from_violations(cls, violations: Iterable[Violation]) -> PolicyReport:
        """Build the report from :func:`check_source` output."""
        items = [ViolationModel(line=v.line, col=v.col, rule=v.rule, message=v.message) for v in violations]
        return cls(ok=not items, violations=items)


def check_bytes(data: bytes, *, allowed_imports: Sequence[str] = DEFAULT_ALLOWED_IMPORTS) -> list[Violation]:
    """Check a file's raw bytes: they must be UTF-8 without a coding cookie, then :func:`check_source`."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        return [Violation(line=line, col=0, rule="encoding", message=f"not valid UTF-8 ({exc.reason})")]
    return check_source(text, allowed_imports=allowed_imports)


def check_source(source: str, *, allowed_imports: Sequence[str] = DEFAULT_ALLOWED_IMPORTS) -> list[Violation]:
    """Every policy violation in ``source`` (the exact text that will run), sorted by position."""
    found: list[Violation] = []
    raw = source.encode("utf-8", "surrogatepass")
    if source.startswith("\ufeff"):
        found.append(Violation(line=1, col=0, rule="encoding", message="a byte-order mark is not allowed"))
    for match in CODING_COOKIE.finditer(raw):
        line = raw[: match.start()].count(b"\n") + 1
        if line <= 2:
            found.append(
                Violation(
                    line=line,
                    col=0,
                    rule="encoding",
                    message=f"coding cookie {match.group(1).decode(errors='replace')!r} is not allowed",
                )
            )
    found += _non_ascii_identifiers(source)
    try:
        tree = ast.parse(source, type_comments=False)
    except (SyntaxError, ValueError) as exc:
        line = getattr(exc, "lineno", None) or 1
        found.append(Violation(line=line, col=0, rule="syntax", message=f"cannot be parsed: {exc}"))
        return sorted(found, key=lambda v: (v.line, v.col))
    checker = _Checker(tuple(allowed_imports), AliasTracker().collect(tree), TypeNames().collect(tree))
    checker.constructors = constructor_aliases(tree)
    checker.visit(tree)
    found += checker.violations
    return sorted(set(found), key=lambda v: (v.line, v.col, v.rule))


def _non_ascii_identifiers(source: str) -> list[Violation]:
    """Names with non-ASCII characters, read from the raw tokens (before NFKC normalization)."""
    found = []
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.type == tokenize.NAME and not tok.string.isascii():
                found.append(
                    Violation(
                        line=tok.start[0],
                        col=tok.start[1],
                        rule="non-ascii-identifier",
                        message=f"identifier {tok.string!r} is not ASCII",
                    )
                )
            elif tok.type == tokenize.ERRORTOKEN and not tok.string.isascii() and not tok.string.isspace():
                found.append(
                    Violation(
                        line=tok.start[0],
                        col=tok.start[1],
                        rule="non-ascii-identifier",
                        message=f"character {tok.string!r} is not allowed in code",
                    )
                )
    except (tokenize.TokenError, SyntaxError):
        pass  # the parser reports the syntax error
    return found


class _Checker(ast.NodeVisitor):
    def __init__(self, allowed_imports: tuple[str, ...], aliases: AliasTracker, types: TypeNames) -> None:
        self.allowed = allowed_imports
        self.violations: list[Violation] = []
        self.aliases = aliases
        self.types = types
        self.constructors: dict[str, str] = {}

    def flag(self, node: ast.AST, rule: Rule, message: str) -> None:
        self.violations.append(
            Violation(
                line=getattr(node, "lineno", 1),
                col=getattr(node, "col_offset", 0),
                rule=rule,
                message=message,
            )
        )

    def _allowed(self, dotted: str) -> bool:
        return any(dotted == entry or dotted.startswith(entry + ".") for entry in self.allowed)

    # -- imports -----------------------------------------------------------------------------------
    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            self._check_module_path(node, alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        if node.level:
            self.flag(node, "import", "relative imports are not allowed")
            return
        module = node.module or ""
        for alias in node.names:
            full = f"{module}.{alias.name}"
            if not (self._allowed(module) or self._allowed(full)):
                self.flag(node, "import", f"import from {module!r} is not in the allowlist")
            self._check_attribute_name(node, alias.name, on_module=True)
            self._check_any_name(node, alias.name)
            if alias.name in IMPORT_STRING_NAMES:
                self.flag(node, "import-string", f"{alias.name!r} imports a module named by data")
        self._check_module_path(node, module, allowlist=False)

    def _check_module_path(self, node: ast.AST, dotted: str, *, allowlist: bool = True) -> None:
        if allowlist and not self._allowed(dotted):
            self.flag(node, "import", f"import of {dotted!r} is not in the allowlist")
        for part in dotted.split(".")[1:]:
            self._check_attribute_name(node, part, on_module=True)
        if any(part in PICKLE_NAMES for part in dotted.split(".")):
            self.flag(node, "pickle", f"{dotted!r} deserializes code (pickle family)")
        formula_part = "formula" in dotted.split(".")[1:]  # flagged once, as an attribute, above
        if not formula_part and any(dotted == m or dotted.startswith(m + ".") for m in FORMULA_MODULES):
            self.flag(node, "formula-api", f"{dotted!r}: {FORMULA_MESSAGE}")

    # -- names and attributes ----------------------------------------------------------------------
    def visit_Name(self, node: ast.Name) -> None:
        if node.id in IMPORT_STRING_NAMES:
            self.flag(node, "import-string", f"{node.id!r} imports a module named by data")
        if node.id in FORBIDDEN_NAMES:
            self.flag(node, "forbidden-name", f"{node.id!r} is not allowed")
        elif node.id.startswith("__") and node.id.endswith("__") and node.id not in ALLOWED_DUNDERS:
            self.flag(node, "forbidden-name", f"dunder name {node.id!r} is not allowed")
        elif node.id in ATTRIBUTE_FUNCTIONS:
            self.flag(
                node, "dynamic-attribute", f"{node.id!r} may only be called directly with a literal name"
            )
        self._check_any_name(node, node.id)

    def _check_any_name(self, node: ast.AST, name: str) -> None:
        """Rules that hold for a name however it is reached: bare, as an attribute, or imported."""
        if name in HINT_FUNCTIONS:
            self.flag(node, "string-annotation", _hint_message(name))
        if name in ATTRIBUTE_READERS:
            self.flag(node, "dynamic-attribute", f"{name!r} reads an attribute whose name is data")
        if name.endswith(METACLASS_SUFFIXES):
            self.flag(node, "dynamic-class", f"{name!r} builds classes from a namespace dict")

    def visit_Attribute(self, node: ast.Attribute) -> None:
        on_module = self.aliases.refers_to_module(node.value)
        self._check_attribute_name(node, node.attr, on_module=on_module)
        self._check_any_name(node, node.attr)
        if node.attr in IMPORT_STRING_NAMES:
            self.flag(node, "import-string", f"{node.attr!r} imports a module named by data")
        self.generic_visit(node)

    def _check_attribute_name(self, node: ast.AST, attr: str, *, on_module: bool) -> None:
        if attr in FORMULA_ATTRIBUTES or (attr == "formula" and on_module):
            self.flag(node, "formula-api", f"{attr!r}: {FORMULA_MESSAGE}")
        if attr in RAW_MEMORY_HOOKS:
            self.flag(node, "raw-memory", f"{attr!r} describes raw memory by address")
        elif attr.startswith("__") and attr.endswith("__") and attr not in ALLOWED_DUNDERS:
            self.flag(node, "dunder-attribute", f"dunder attribute {attr!r} is not allowed")
        elif attr in FRAME_ATTRIBUTES:
            self.flag(node, "frame-attribute", f"frame/code attribute {attr!r} is not allowed")
        elif attr.startswith("_") and on_module:
            self.flag(node, "private-module-attribute", f"private module attribute {attr!r} is not allowed")
        elif attr.startswith("_") and attr not in PUBLIC_UNDERSCORE_ATTRIBUTES | ALLOWED_DUNDERS:
            self.flag(node, "private-attribute", f"private attribute {attr!r} is not allowed on any object")
        elif attr in PICKLE_NAMES:
            self.flag(node, "pickle", f"{attr!r} belongs to the pickle family")
        elif attr in {"ctypeslib", "f2py", "distutils"}:
            self.flag(node, "numpy-escape", f"{attr!r} reaches native code or a compiler")
        elif attr in RAW_MEMORY_ATTRIBUTES:
            self.flag(node, "raw-memory", f"{attr!r} gives foreign-function or raw-address access")
        elif attr in MODULE_ATTRIBUTES and on_module:
            self.flag(node, "module-attribute", f"attribute {attr!r} leads to a module that is not allowed")
        elif attr in PANDAS_ESCAPES - {"engine", "local_dict", "global_dict", "resolvers", "storage_options"}:
            self.flag(node, "pandas-escape", f"{attr!r} can run code or reach outside the data")

    # -- calls -------------------------------------------------------------------------------------
    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if isinstance(func, ast.Name) and func.id in ATTRIBUTE_FUNCTIONS:
            self._check_dynamic_attribute(node, func.id)
            for arg in node.args[:1] + node.args[2:]:
                self.visit(arg)
            for kw in node.keywords:
                self.visit(kw)
            return
        self._report(call_problems(node, self.constructors))
        if name in TYPE_FACTORIES:
            for where, why in self.types.factory_problems(node):
                self.flag(where, "string-annotation", why)
        for kw in node.keywords:
            if kw.arg in {"storage_options", "allow_pickle"}:
                rule: Rule = "pickle" if kw.arg == "allow_pickle" else "pandas-escape"
                self.flag(kw.value, rule, f"keyword {kw.arg!r} is not allowed")
            if kw.arg in FORMULA_KEYWORDS:
                self.flag(kw.value, "formula-api", f"keyword {kw.arg!r}: {FORMULA_MESSAGE}")
            if name == "query" and kw.arg in QUERY_ESCAPES:
                self.flag(kw.value, "pandas-escape", f"query(..., {kw.arg}=...) is not allowed")
        if name in {"query", "eval"}:
            self._check_expression_call(node, name)
        self._check_pickle_loader(node)
        if name in HINT_FUNCTIONS:
            self.flag(node, "string-annotation", _hint_message(name))
        self.generic_visit(node)

    def _report(self, found: list[Found]) -> None:
        for where, rule, message in found:
            self.flag(where, rule, message)

    def visit_Assign(self, node: ast.Assign) -> None:
        self._report(type_as_value(node.value))
        if any(name_of(target) == "model_config" for target in node.targets):
            self._report(model_config_problems(node.value))
        self.generic_visit(node)

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        for kw in node.keywords:
            if kw.arg is None:
                self.flag(kw.value, "dynamic-attribute", "class keywords may not be unpacked (**)")
            elif kw.arg in ATTRIBUTE_READERS:
                self.flag(kw.value, "dynamic-attribute", f"keyword {kw.arg!r} reads attributes named by data")
        self.generic_visit(node)

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        self._report(type_as_value(node.value))
        self.generic_visit(node)

    def visit_Return(self, node: ast.Return) -> None:
        self._report(type_as_value(node.value))
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        """``List["expr"]`` builds a ForwardRef outside any annotation (``T = List["..."]``)."""
        if isinstance(node.ctx, ast.Load) and self.types.is_generic(node.value):
            for where, why in self.types.problems(node):
                self.flag(where, "string-annotation", why)
        self.generic_visit(node)

    def _check_expression_call(self, node: ast.Call, name: str) -> None:
        """``.query()`` / ``.eval()``: a literal expression that reads columns and calls nothing."""
        expr = node.args[0] if node.args else next((k.value for k in node.keywords if k.arg == "expr"), None)
        if expr is None:
            return
        if not isinstance(expr, ast.Constant) or not isinstance(expr.value, str):
            self.flag(node, "pandas-escape", f"{name}() needs a literal expression")
            return
        why = query_expression_problem(expr.value)
        if why:
            self.flag(expr, "pandas-escape", f"{name}() expression {why}")

    def _check_pickle_loader(self, node: ast.Call) -> None:
        """``np.load(path, None, True)``: allow_pickle by position or by splat, or the loader passed on."""
        index = self.aliases.loader_index(node.func)
        if index is not None:
            positional = node.args[index] if len(node.args) > index else None
            if positional is not None and not (
                isinstance(positional, ast.Constant) and positional.value in (False, None)
            ):
                self.flag(positional, "pickle", "allow_pickle is given by position")
            if any(isinstance(arg, ast.Starred) for arg in node.args) or any(
                kw.arg is None for kw in node.keywords
            ):
                self.flag(node, "pickle", "arguments of a pickle-capable loader are unpacked (*/**)")
        for arg in [*node.args, *(kw.value for kw in node.keywords)]:
            if self.aliases.loader_index(arg) is not None and (
                isinstance(arg, ast.Name) or self.aliases.refers_to_module(getattr(arg, "value", None))
            ):
                self.flag(arg, "pickle", "a pickle-capable loader is passed on as a value")

    def _check_dynamic_attribute(self, node: ast.Call, fn: str) -> None:
        if (
            len(node.args) < 2
            or not isinstance(node.args[1], ast.Constant)
            or not isinstance(node.args[1].value, str)
        ):
            self.flag(node, "dynamic-attribute", f"{fn}() needs a literal attribute name")
            return
        on_module = self.aliases.refers_to_module(node.args[0])
        self._check_attribute_name(node, node.args[1].value, on_module=on_module)

    # -- constants and annotations -----------------------------------------------------------------
    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str):
            if URL.match(node.value):
                self.flag(node, "url", f"URL {node.value[:60]!r}: tools read local data only")
            if FORMAT_DUNDER.search(node.value):
                self.flag(
                    node,
                    "format-dunder",
                    "format fields may not reach dunder, frame, private or foreign-function attributes",
                )
            if node.value in RAW_MEMORY_HOOKS:
                self.flag(node, "raw-memory", f"{node.value!r} describes raw memory by address")
            if node.value in ATTRIBUTE_READERS:
                self.flag(node, "dynamic-attribute", f"{node.value!r} reads attributes named by data")

    def _check_annotation(self, annotation: ast.expr | None) -> None:
        """An annotation is evaluated as a type (now, or later by pydantic): a plain type expression only."""
        if annotation is None:
            return
        for where, why in self.types.problems(annotation):
            self.flag(where, "string-annotation", why)

    def visit_arg(self, node: ast.arg) -> None:
        self._check_annotation(node.annotation)
        self.generic_visit(node)

    def _check_definition_name(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        if node.name in PICKLE_HOOKS:
            self.flag(node, "pickle", f"defining {node.name!r} hooks into (un)pickling")
        elif node.name in RAW_MEMORY_HOOKS:
            self.flag(node, "raw-memory", f"defining {node.name!r} hands numpy a raw address")
        elif node.name in HOOK_METHODS:
            self.flag(node, "forbidden-name", f"defining {node.name!r} runs code behind attribute access")

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._check_definition_name(node)
        self._check_annotation(node.returns)
        self.generic_visit(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._check_definition_name(node)
        self._check_annotation(node.returns)
        self.generic_visit(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self._check_annotation(node.annotation)
        self.generic_visit(node)


def _hint_message(name: str) -> str:
    return f"{name!r} can evaluate strings as code"


def query_expression_problem(expr: str) -> str | None:
    """Why a pandas ``query``/``eval`` expression may reach outside the frame, or None when it cannot.

    ``@name`` reads a Python variable (and through it anything callable); a call runs code. Column
    names in backticks are data. An expression Python cannot parse is refused: it cannot be checked.
    """
    if "@" in expr:
        return "references Python variables with '@'"
    plain = re.sub(r"`[^`]*`", "_column", expr)
    try:
        tree = ast.parse(plain.strip(), mode="eval")
    except SyntaxError:
        return "cannot be checked (not a plain Python expression)"
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            return "calls a function"
        reaches = isinstance(node, ast.Attribute) and node.attr.startswith("_")
        if reaches or (isinstance(node, ast.Attribute) and node.attr in RAW_MEMORY_ATTRIBUTES):
            return f"reaches the attribute {getattr(node, 'attr', '')!r}"
        if isinstance(node, (ast.Lambda, ast.NamedExpr, ast.Starred)):
            return "holds code, not a condition"
    return None
