"""The fixed part of a model-written tool: imports, decorator, signature and docstring from the spec.

The signature a person approves is exactly the contract that was written first; the model's code
goes above it (see ``modelgen.compute_tool``).
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
    DataError,
    load_csv_data_with_types,
    mcp,
    table_result,
    validate_file_and_columns,
)
"""


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
