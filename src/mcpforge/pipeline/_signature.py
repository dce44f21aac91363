"""Read a tool module's signature and docstring from its source with ``ast``, never by importing it.

Used to derive a ToolSpec from a hand-written tool and, by the schema gate, to check that generated
code matches the spec it was written from.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import Any

from mcpforge.exceptions import InvalidArgumentError

SECTION_TITLES: dict[str, str] = {
    "when_to_use": "WHEN TO USE THIS TOOL",
    "what_it_does": "WHAT THIS TOOL DOES",
    "returns": "RETURNS",
    "prerequisites": "PREREQUISITES",
}
_SECTION_RE = re.compile(
    r"^\s*(" + "|".join(re.escape(t) for t in SECTION_TITLES.values()) + r")\s*:\s*(.*)$"
)

_SCALARS: dict[str, dict[str, Any]] = {
    "str": {"type": "string"},
    "int": {"type": "integer"},
    "float": {"type": "number"},
    "bool": {"type": "boolean"},
    "None": {"type": "null"},
    "dict": {"type": "object"},
    "list": {"type": "array"},
    "Any": {},
}
_LIST_NAMES = frozenset({"list", "List", "Sequence", "tuple", "Tuple", "set", "Set"})
_DICT_NAMES = frozenset({"dict", "Dict", "Mapping"})
# Constraints of pydantic.Field that have a JSON Schema keyword of the same meaning.
_FIELD_CONSTRAINTS = {
    "ge": "minimum",
    "le": "maximum",
    "gt": "exclusiveMinimum",
    "lt": "exclusiveMaximum",
    "min_length": "minLength",
    "max_length": "maxLength",
    "pattern": "pattern",
}
_NO_DEFAULT = object()


@dataclass(frozen=True, kw_only=True)
class ParsedParameter:
    """One parameter of a tool function as written in its source."""

    name: str
    type_source: str
    annotation: str
    description: str | None
    required: bool
    default: Any = None
    json_schema: dict[str, Any] = field(default_factory=dict)

    def as_spec_entry(self) -> dict[str, Any]:
        """The ``ToolSpec.parameters`` entry for this parameter."""
        entry: dict[str, Any] = {
            "name": self.name,
            "type": self.type_source,
            "annotation": self.annotation,
            "required": self.required,
            "description": self.description or "",
        }
        if not self.required:
            entry["default"] = self.default
        return entry


@dataclass(frozen=True, kw_only=True)
class ParsedTool:
    """The decorated tool function of a module: name, parameters, return type and docstring parts."""

    function_name: str
    parameters: tuple[ParsedParameter, ...]
    return_annotation: str | None
    docstring: str
    description: str
    sections: dict[str, str]
    line: int

    def input_schema(self) -> dict[str, Any]:
        """JSON Schema of the arguments, built from the annotations."""
        return {
            "type": "object",
            "properties": {p.name: p.json_schema for p in self.parameters},
            "required": [p.name for p in self.parameters if p.required],
        }


def _is_tool_decorator(node: ast.expr) -> bool:
    target = node.func if isinstance(node, ast.Call) else node
    return (
        isinstance(target, ast.Attribute)
        and target.attr == "tool"
        and isinstance(target.value, ast.Name)
        and target.value.id == "mcp"
    )


def _name_of(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr  # typing.List -> List
    if isinstance(node, ast.Constant) and node.value is None:
        return "None"
    return ""


def _subscript_items(node: ast.Subscript) -> list[ast.expr]:
    return list(node.slice.elts) if isinstance(node.slice, ast.Tuple) else [node.slice]


def _union(options: list[dict[str, Any]]) -> dict[str, Any]:
    return options[0] if len(options) == 1 else {"anyOf": options}


def type_schema(node: ast.expr, *, where: str) -> dict[str, Any]:  # noqa: PLR0911 - one return per type form
    """JSON Schema of a (JSON-serializable) type annotation.

    Raises:
        InvalidArgumentError: the type cannot be passed as JSON.
    """
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        left, right = type_schema(node.left, where=where), type_schema(node.right, where=where)
        options = [*left.get("anyOf", [left]), *right.get("anyOf", [right])]
        return _union(options)
    name = _name_of(node.value) if isinstance(node, ast.Subscript) else _name_of(node)
    if not isinstance(node, ast.Subscript):
        if name in _SCALARS:
            return dict(_SCALARS[name])
        raise InvalidArgumentError(
            f"{where} has type {ast.unparse(node)!r}, which is not JSON-serializable; use str, int, float, "
            "bool, list, dict, None or Literal",
            argument=where,
        )
    items = _subscript_items(node)
    if name in _LIST_NAMES:
        return {"type": "array", "items": type_schema(items[0], where=where)} if items else {"type": "array"}
    if name in _DICT_NAMES:
        value = type_schema(items[-1], where=where) if len(items) == 2 else {}
        return {"type": "object", "additionalProperties": value} if value else {"type": "object"}
    if name == "Optional":
        return type_schema(ast.BinOp(left=items[0], op=ast.BitOr(), right=ast.Constant(None)), where=where)
    if name == "Union":
        schemas = [type_schema(item, where=where) for item in items]
        return _union([opt for schema in schemas for opt in schema.get("anyOf", [schema])])
    if name == "Literal":
        values = [ast.literal_eval(item) for item in items]
        kinds = {type(v).__name__ for v in values}
        schema: dict[str, Any] = {"enum": values}
        if len(kinds) == 1 and (kind := kinds.pop()) in _SCALARS:
            schema = {**_SCALARS[kind], "enum": values}
        return schema
    if name == "Annotated":
        return type_schema(items[0], where=where)
    raise InvalidArgumentError(f"{where} has unsupported type {ast.unparse(node)!r}", argument=where)


def _literal(node: ast.expr, *, where: str) -> Any:
    try:
        return ast.literal_eval(node)
    except ValueError as exc:
        raise InvalidArgumentError(
            f"{where} default {ast.unparse(node)!r} is not a literal JSON value", argument=where
        ) from exc


def _field_call(meta: list[ast.expr]) -> ast.Call | None:
    for item in meta:
        if isinstance(item, ast.Call) and _name_of(item.func) == "Field":
            return item
    return None


def _parse_parameter(arg: ast.arg, default_node: ast.expr | None) -> ParsedParameter:
    where = f"parameter {arg.arg!r}"
    if arg.annotation is None:
        raise InvalidArgumentError(f"{where} has no type annotation", argument=arg.arg)
    annotation = arg.annotation
    type_node = annotation
    description: str | None = None
    default: Any = _NO_DEFAULT if default_node is None else _literal(default_node, where=where)
    constraints: dict[str, Any] = {}
    if isinstance(annotation, ast.Subscript) and _name_of(annotation.value) == "Annotated":
        items = _subscript_items(annotation)
        type_node = items[0]
        call = _field_call(items[1:])
        if call is not None:
            for keyword in call.keywords:
                if keyword.arg == "description":
                    description = str(_literal(keyword.value, where=where))
                elif keyword.arg == "default" and default is _NO_DEFAULT:
                    default = _literal(keyword.value, where=where)
                elif keyword.arg in _FIELD_CONSTRAINTS:
                    constraints[_FIELD_CONSTRAINTS[keyword.arg]] = _literal(keyword.value, where=where)
            if call.args and default is _NO_DEFAULT:
                first = call.args[0]
                if not (isinstance(first, ast.Constant) and first.value is Ellipsis):
                    default = _literal(first, where=where)
    schema = {**type_schema(type_node, where=where), **constraints}
    if description:
        schema["description"] = description
    required = default is _NO_DEFAULT
    if not required:
        schema["default"] = default
    return ParsedParameter(
        name=arg.arg,
        type_source=ast.unparse(type_node),
        annotation=ast.unparse(annotation),
        description=description,
        required=required,
        default=None if required else default,
        json_schema=schema,
    )


def split_docstring(docstring: str) -> tuple[str, dict[str, str]]:
    """The summary (text before the first section) and the four sections, each collapsed to one line."""
    summary_lines: list[str] = []
    collected: dict[str, list[str]] = {}
    current: str | None = None
    keys = {title: key for key, title in SECTION_TITLES.items()}
    for line in docstring.splitlines():
        match = _SECTION_RE.match(line)
        if match:
            current = keys[match.group(1)]
            collected[current] = [match.group(2)]
        elif current is None:
            summary_lines.append(line)
        else:
            collected[current].append(line)
    first_paragraph = "\n".join(summary_lines).strip().split("\n\n")[0]
    summary = " ".join(first_paragraph.split())
    sections = {key: " ".join(" ".join(lines).split()) for key, lines in collected.items()}
    return summary, sections


def parse_tool_source(source: str, *, filename: str = "tool.py") -> ParsedTool:
    """Find the one ``@mcp.tool()`` function in ``source`` and read its signature and docstring.

    Raises:
        InvalidArgumentError: the source does not parse, has no or several tool functions, or a
            parameter is not JSON-serializable.
    """
    try:
        tree = ast.parse(source, filename=filename)
    except SyntaxError as exc:
        raise InvalidArgumentError(
            f"{filename!r} is not valid Python: {exc.msg} (line {exc.lineno})"
        ) from exc
    functions = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and any(_is_tool_decorator(dec) for dec in node.decorator_list)
    ]
    if len(functions) != 1:
        raise InvalidArgumentError(
            f"{filename!r} must decorate exactly one function with @mcp.tool(); found {len(functions)}"
        )
    fn = functions[0]
    args = fn.args
    if args.vararg or args.kwarg or args.posonlyargs:
        raise InvalidArgumentError(f"tool {fn.name!r} may only take named parameters (no *args / **kwargs)")
    positional = args.args
    defaults: list[ast.expr | None] = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    params = [_parse_parameter(arg, default) for arg, default in zip(positional, defaults, strict=True)]
    params += [
        _parse_parameter(arg, default) for arg, default in zip(args.kwonlyargs, args.kw_defaults, strict=True)
    ]
    docstring = ast.get_docstring(fn) or ""
    summary, sections = split_docstring(docstring)
    return ParsedTool(
        function_name=fn.name,
        parameters=tuple(params),
        return_annotation=ast.unparse(fn.returns) if fn.returns is not None else None,
        docstring=docstring,
        description=summary,
        sections=sections,
        line=fn.lineno,
    )
