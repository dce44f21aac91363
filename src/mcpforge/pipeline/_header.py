"""The fixed part of a model-written tool: imports, decorator, signature and docstring from the spec.

The model's answer contributes only its extra imports, helper functions and the body of the tool
function, so the signature a person approves is exactly the contract that was written first.
"""

from __future__ import annotations

import ast
import json
import textwrap
from typing import Any

from mcpforge.models import ToolSpec

_IMPORTS = """\
from typing import Annotated, Any

import numpy as np
import pandas as pd
from pydantic import Field

from mcpforge.runtime import (
    format_markdown_table,
    load_csv_data_with_types,
    mcp,
    output_footer,
    validate_file_and_columns,
)
"""
_HEADER_MODULES = {"typing", "numpy", "pandas", "pydantic", "mcpforge.runtime"}


def _literal(value: Any) -> str:
    return repr(value) if not isinstance(value, str) else json.dumps(value)


def _docstring(spec: ToolSpec) -> str:
    sections = [
        spec.description,
        "",
        f"WHEN TO USE THIS TOOL: {spec.when_to_use}",
        f"WHAT THIS TOOL DOES: {spec.what_it_does}",
        f"RETURNS: {spec.returns}",
        f"PREREQUISITES: {spec.prerequisites}",
    ]
    body = "\n".join(textwrap.fill(line, 100, subsequent_indent="    ") if line else "" for line in sections)
    return body.replace('"""', "'''").replace("\\", "\\\\")


def render_header(spec: ToolSpec) -> str:
    """Imports, ``@mcp.tool()``, signature and docstring of ``spec``'s tool, ending in the docstring."""
    lines = []
    for param in spec.parameters:
        line = f"    {param['name']}: {param['annotation']}"
        if not param.get("required", False):
            line += f" = {_literal(param.get('default'))}"
        lines.append(line + ",")
    signature = "\n".join(lines)
    docstring = textwrap.indent(_docstring(spec), "    ").lstrip()
    definition = f"@mcp.tool()\ndef {spec.tool_name}(\n{signature}\n) -> str:\n"
    return f'{_IMPORTS}\n\n{definition}    """{docstring}\n    """\n'


def _function(tree: ast.Module, name: str) -> ast.FunctionDef | None:
    functions = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    named = [node for node in functions if node.name == name]
    decorated = [node for node in functions if any("tool" in ast.unparse(d) for d in node.decorator_list)]
    for group in (named, decorated, functions[-1:]):
        if group:
            return group[0]
    return None


def merge_with_header(code: str, header: str, function_name: str) -> str:
    """The tool source: ``header`` + the model's extra imports and helpers + the body of its tool function.

    Code that does not parse is returned under the header unchanged, so validation reports the syntax
    error with its line and the repair loop can fix it.
    """
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return code if "@mcp.tool" in code else header + "\n" + code
    function = _function(tree, function_name)
    if function is None:
        return header + textwrap.indent(code, "    ")
    lines = code.splitlines()
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant):
        body = body[1:]  # the model's docstring: ours is in the header
    if not body:
        return header + "    raise ValueError('the generated tool has no body')\n"
    start = body[0].lineno - 1
    end = function.end_lineno or len(lines)
    body_text = textwrap.indent(textwrap.dedent("\n".join(lines[start:end])), "    ")
    extras: list[str] = []
    for node in tree.body:
        if node is function:
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            module = node.module if isinstance(node, ast.ImportFrom) else node.names[0].name
            if module in _HEADER_MODULES or module == "__future__" or ast.unparse(node) in header:
                continue
            extras.append(ast.unparse(node))
        elif isinstance(node, ast.FunctionDef | ast.Assign | ast.AnnAssign | ast.ClassDef):
            extras.append(ast.get_source_segment(code, node) or ast.unparse(node))
    imports = [e for e in extras if e.startswith(("import ", "from "))]
    helpers = [e for e in extras if not e.startswith(("import ", "from "))]
    prefix = header
    if imports:
        prefix = prefix.replace("\n\n@mcp.tool()", "\n" + "\n".join(imports) + "\n\n@mcp.tool()", 1)
    if helpers:
        prefix = prefix.replace("\n\n@mcp.tool()", "\n\n" + "\n\n\n".join(helpers) + "\n\n\n@mcp.tool()", 1)
    return prune_unused_imports(prefix + body_text + "\n")


def prune_unused_imports(source: str) -> str:
    """Drop top-level imported names that the module never uses (keeps ``mcp``: the decorator uses it).

    The header imports what tools usually need; a body that needs less must not fail the static gate
    for it.
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return source
    used = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    lines = source.splitlines()
    for node in reversed(tree.body):
        if not isinstance(node, ast.Import | ast.ImportFrom) or getattr(node, "module", None) == "__future__":
            continue
        kept = [alias for alias in node.names if (alias.asname or alias.name).split(".")[0] in used]
        if len(kept) == len(node.names):
            continue
        start, end = node.lineno - 1, node.end_lineno or node.lineno
        replacement: list[str] = []
        if kept:
            node.names = kept
            replacement = [ast.unparse(node)]
        lines[start:end] = replacement
    return "\n".join(lines) + "\n"
