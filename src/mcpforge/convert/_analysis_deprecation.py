"""Runs inside the sandbox, imported by ``_analysis_script.py``: whether a callable is ITSELF deprecated.

A deprecated callable is never a tool. The first rule skipped any callable whose docstring's head held
the word "deprecated": langcodes' ``standardize_tag`` ("Replace deprecated values with their updated
versions"), its headline function, was skipped with all three of blind10's checks on it. A docstring
mentions deprecated arguments, old aliases and other deprecated functions all the time; only what says
that THIS callable is deprecated counts:

- it is marked by a decorator (PEP 702's ``__deprecated__``, ``typing_extensions.deprecated``);
- calling it always warns: its own code (or the code of the wrapper a decorator put around it) warns
  ``DeprecationWarning`` / ``FutureWarning`` (or a subclass named so) in a statement every call runs
  (a warning under ``if old_arg is not None:`` is about an argument, not the callable);
- its docstring says so: a ``.. deprecated::`` directive at the docstring's own indentation (one indented
  under a parameter is about that parameter), a summary that begins with "Deprecated" (sklearn's
  "DEPRECATED: ..."), or a sentence whose subject is the callable ("This function is deprecated",
  "``old_name`` has been deprecated").

Only source is read (the AST, nothing run). Stdlib only; shipped next to the script under
``_mcpforge_analysis_deprecation`` (see ``analyse.py``).
"""

from __future__ import annotations

import ast
import inspect
import linecache
import re
import textwrap
from typing import Any

_DIRECTIVE = re.compile(r"^\.\. deprecated::", re.MULTILINE)
# "Deprecated.", "DEPRECATED: use y", "[Deprecated] ...", "Deprecated since 2.0", "Deprecated alias of y";
# never "Deprecated values are replaced by ..." (a summary about deprecated things).
_SUMMARY_SAYS = re.compile(
    r"^\W*deprecated(?:\s*[.:;,!)\]\-\u2013\u2014]|\s*$|\s+(?:since|in|as|alias|function|method|class"
    r"|property|and|for|use|wrapper|version|\d))",
    re.IGNORECASE,
)
_SUBJECTS = (
    r"this (?:function|method|class|callable|routine|helper|constructor|property|classmethod"
    r"|staticmethod|wrapper|utility)"
)
_VERDICT = r"\s+(?:is|has been|was|will be|are)\s+(?:now\s+|being\s+|officially\s+)?deprecated\b"
_WARNING_CATEGORY = re.compile(r"(DeprecationWarning|FutureWarning)$")
_WARN_HELPER = re.compile(r"^_?(warn_?deprecat(ed|ion)?|deprecat(ed|ion)_?warn(ing)?)$", re.IGNORECASE)


def _says_so(doc: str, name: str) -> str:
    """The docstring's words that say this callable is deprecated, or ``""``."""
    if "deprecated" not in doc.lower():
        return ""
    if _DIRECTIVE.search(doc):
        return "its docstring has a '.. deprecated::' directive"
    summary = doc.strip().split("\n\n", 1)[0]
    if _SUMMARY_SAYS.match(summary):
        return "its docstring's summary says it is deprecated"
    own = rf"`*{re.escape(name)}`*(?:\(\))?" if name else _SUBJECTS
    subject = re.compile(rf"(?:^|[\s(])(?:{_SUBJECTS}|{own}){_VERDICT}", re.IGNORECASE)
    if subject.search(" ".join(doc.split())):
        return "its docstring says it is deprecated"
    return ""


def _name_of(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def _is_deprecation_warning(call: ast.Call, in_deprecator: bool) -> bool:
    """``warnings.warn(msg, DeprecationWarning)``, ``warn(msg, category=FutureWarning)`` or a helper
    named for it (``warn_deprecated(...)``); a category held in a variable counts inside a wrapper that
    a deprecation decorator made (``deprecated.classic``: ``warnings.warn(msg, category=category)``)."""
    called = _name_of(call.func)
    if _WARN_HELPER.match(called):
        return True
    if called != "warn":
        return False
    category = call.args[1] if len(call.args) > 1 else None
    for keyword in call.keywords:
        if keyword.arg == "category":
            category = keyword.value
    if category is None:
        return False
    named = _name_of(category)
    return bool(_WARNING_CATEGORY.search(named)) or (in_deprecator and isinstance(category, ast.Name))


def _always_warns(body: list[ast.stmt], in_deprecator: bool) -> bool:
    """Whether every run of ``body`` reaches a deprecation warning before any ``return``/``raise``."""
    for statement in body:
        if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
            if _is_deprecation_warning(statement.value, in_deprecator):
                return True
        elif isinstance(statement, (ast.With, ast.AsyncWith)):
            if _always_warns(statement.body, in_deprecator):
                return True
        elif isinstance(statement, ast.If):
            if _always_warns(statement.body, in_deprecator) and _always_warns(
                statement.orelse, in_deprecator
            ):
                return True
        elif isinstance(statement, (ast.Return, ast.Raise)):
            return False
    return False


def _code_warns(fn: Any) -> bool:
    """Whether the code a call of ``fn`` runs first always warns that it is deprecated."""
    fn = getattr(fn, "__func__", fn)
    code = getattr(fn, "__code__", None)
    if code is None:
        return False
    names = getattr(code, "co_names", ())
    if not any(n == "warn" or "deprecat" in n.lower() for n in names):
        return False  # no warning called at all: the source is not read (thousands of callables)
    try:  # the file's lines from the code's first line (``inspect.getsource`` scans every module)
        lines = linecache.getlines(code.co_filename)[code.co_firstlineno - 1 :]
        tree = ast.parse(textwrap.dedent("".join(inspect.getblock(lines))))
    except (OSError, TypeError, SyntaxError, IndentationError, IndexError):
        return False
    definition = next(
        (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))), None
    )
    if definition is None:
        return False
    qualname = str(getattr(code, "co_qualname", "") or getattr(fn, "__qualname__", ""))
    return _always_warns(definition.body, in_deprecator="deprecat" in qualname.lower())


def _entry_points(obj: Any, kind: str) -> list[Any]:
    """The functions a call of ``obj`` runs first: its own code, a wrapt wrapper's, a class's own
    ``__init__`` / ``__new__``."""
    if kind == "class":
        own = vars(obj) if isinstance(obj, type) else {}
        return [own[name] for name in ("__new__", "__init__") if name in own]
    wrapper = getattr(obj, "_self_wrapper", None)  # wrapt.FunctionWrapper forwards __code__ to the wrapped
    return [wrapper, obj] if wrapper is not None else [obj]


def deprecation(obj: Any, doc: str, name: str, kind: str) -> str:
    """Why ``obj`` is itself deprecated (decorator, warning on every call, its docstring), or ``""``."""
    try:
        if isinstance(getattr(obj, "__deprecated__", None), str):
            return "marked @deprecated"
    except Exception:  # a hostile __getattr__
        pass
    said = _says_so(doc, name)
    if said:
        return said
    try:
        if any(_code_warns(fn) for fn in _entry_points(obj, kind)):
            return "calling it always warns DeprecationWarning/FutureWarning"
    except Exception:  # introspection of arbitrary objects
        pass
    return ""
