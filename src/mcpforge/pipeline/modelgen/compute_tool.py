"""A model-written tool: the model writes ``compute(df)``; mcpforge writes everything around it.

A 1.5B model gets a whole tool wrong in ways that have nothing to do with the analysis (the footer,
JSON safety, file checks). So the model's part is one function from the loaded DataFrame to the answer
table; the tool around it is rendered from the spec: signature and docstring (the approved contract),
the column check, loading, the empty-data error and the markdown answer with its footer
(:func:`mcpforge.runtime.table_result`).
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Sequence

from mcpforge.models import ToolSpec
from mcpforge.pipeline._header import prune_unused_imports, render_header

COMPUTE = "compute"
_KEPT = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.ClassDef)


def _constant_assignment(node: ast.stmt) -> bool:
    return isinstance(node, ast.Assign | ast.AnnAssign) and isinstance(node.value, ast.Constant)


def _wrap_statements(code: str) -> str:
    """Bare statements as a compute function; a final expression becomes its return value."""
    tree = ast.parse(code)
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = tree.body[-1]
        tree.body[-1] = ast.Return(value=last.value, lineno=last.lineno, col_offset=last.col_offset)
    body = "\n".join(ast.unparse(node) for node in tree.body) or "return None"
    return f"def {COMPUTE}(df):\n{textwrap.indent(body, '    ')}\n"


def extract_compute(code: str) -> str:
    """The module-level part of the model's answer: imports, helpers and a function named ``compute``.

    Top-level statements that would run at import (reading a CSV, printing a demo call) are dropped; a
    single function under another name is renamed; bare statements are wrapped. Code that does not parse
    is returned unchanged, so validation reports the syntax error with its line and repair can fix it.
    """
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return code
    functions = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    if not functions:
        return _wrap_statements(code)
    if not any(node.name == COMPUTE for node in functions):
        functions[-1].name = COMPUTE
    for node in functions:
        if node.name == COMPUTE:
            node.returns = None  # it may return a table, a series or a value: table_result takes each
    kept = [node for node in tree.body if isinstance(node, _KEPT) or _constant_assignment(node)]
    return "\n\n\n".join(ast.unparse(node) for node in kept) + "\n"


def used_columns(compute_source: str, columns: Sequence[str]) -> list[str]:
    """The data columns ``compute_source`` names in string literals, in the data's column order."""
    try:
        tree = ast.parse(compute_source)
    except SyntaxError:
        return []
    literals = {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    return [column for column in columns if column in literals]


def _without_header_imports(compute_source: str, header: str) -> str:
    """``compute_source`` without the imports the header already has (a second copy fails ruff)."""
    try:
        tree = ast.parse(compute_source)
    except SyntaxError:
        return compute_source
    header_lines = set(header.splitlines())
    kept = [
        node
        for node in tree.body
        if not (isinstance(node, ast.Import | ast.ImportFrom) and ast.unparse(node) in header_lines)
    ]
    return "\n\n\n".join(ast.unparse(node) for node in kept) + "\n"


def render_compute_tool(spec: ToolSpec, compute_source: str, *, required: Sequence[str] = ()) -> str:
    """The whole tool.py: header from ``spec``, the model's ``compute`` above it, the fixed body below."""
    header = render_header(spec)
    title = spec.description.rstrip(".")[:120] or spec.tool_name
    checks = f"    validate_file_and_columns(file_path, {list(required)!r})\n" if required else ""
    body = (
        f"{checks}"
        "    df = load_csv_data_with_types(file_path)\n"
        "    if df.empty:\n"
        '        raise DataError(f"{file_path!r} has a header but no data rows")\n'
        f"    return table_result({COMPUTE}(df), title={title!r}, rows_processed=len(df))\n"
    )
    compute_source = _without_header_imports(compute_source, header)
    prefix = header.replace("\n\n@mcp.tool()", "\n\n" + compute_source.strip() + "\n\n\n@mcp.tool()", 1)
    return prune_unused_imports(prefix + body)
