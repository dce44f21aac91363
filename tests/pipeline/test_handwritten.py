"""A ToolSpec is derived from a hand-written tool's signature and docstring, without importing it."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcpforge.exceptions import InvalidArgumentError
from mcpforge.models import ToolSpec
from mcpforge.pipeline.handwritten import load_handwritten_tool, spec_from_source

TOOL = '''
from typing import Annotated, Literal

from pydantic import Field

from mcpforge.runtime import mcp

raise SystemExit("importing this file would stop the test run")


@mcp.tool()
def count_by_column(
    file_path: Annotated[str, Field(description="Path to the CSV file")],
    column: Annotated[str, Field(description="Column whose values are counted")],
    top: Annotated[int, Field(description="Most values shown", ge=1)] = 20,
    order: Annotated[Literal["asc", "desc"], Field(description="Sort order")] = "desc",
    keys: Annotated[list[str] | None, Field(description="Extra keys")] = None,
) -> str:
    """Count rows for each value of a column.

    More prose that is not the summary.

    WHEN TO USE THIS TOOL: When you need to know how often
        each value occurs.
    WHAT THIS TOOL DOES: Counts rows per value.
    RETURNS: A markdown table with a JSON footer.
    PREREQUISITES: The CSV file has the column.
    """
    return ""
'''


def test_spec_is_derived_from_signature_and_docstring() -> None:
    spec = spec_from_source(TOOL)
    assert spec == ToolSpec(
        tool_name="count_by_column",
        description="Count rows for each value of a column.",
        input_schema={
            "type": "object",
            "properties": {
                "file_path": {"type": "string", "description": "Path to the CSV file"},
                "column": {"type": "string", "description": "Column whose values are counted"},
                "top": {"type": "integer", "minimum": 1, "description": "Most values shown", "default": 20},
                "order": {
                    "type": "string",
                    "enum": ["asc", "desc"],
                    "description": "Sort order",
                    "default": "desc",
                },
                "keys": {
                    "anyOf": [{"type": "array", "items": {"type": "string"}}, {"type": "null"}],
                    "description": "Extra keys",
                    "default": None,
                },
            },
            "required": ["file_path", "column"],
        },
        output_schema={},  # it returns no footer, so it promises no structured output
        parameters=[
            {
                "name": "file_path",
                "type": "str",
                "required": True,
                "description": "Path to the CSV file",
                "annotation": "Annotated[str, Field(description='Path to the CSV file')]",
            },
            {
                "name": "column",
                "type": "str",
                "required": True,
                "description": "Column whose values are counted",
                "annotation": "Annotated[str, Field(description='Column whose values are counted')]",
            },
            {
                "name": "top",
                "type": "int",
                "required": False,
                "description": "Most values shown",
                "default": 20,
                "annotation": "Annotated[int, Field(description='Most values shown', ge=1)]",
            },
            {
                "name": "order",
                "type": "Literal['asc', 'desc']",
                "required": False,
                "description": "Sort order",
                "default": "desc",
                "annotation": "Annotated[Literal['asc', 'desc'], Field(description='Sort order')]",
            },
            {
                "name": "keys",
                "type": "list[str] | None",
                "required": False,
                "description": "Extra keys",
                "default": None,
                "annotation": "Annotated[list[str] | None, Field(description='Extra keys')]",
            },
        ],
        return_type="str",
        when_to_use="When you need to know how often each value occurs.",
        what_it_does="Counts rows per value.",
        returns="A markdown table with a JSON footer.",
        prerequisites="The CSV file has the column.",
    )


def test_missing_sections_stay_empty_for_the_schema_gate_to_report() -> None:
    source = TOOL.replace("    PREREQUISITES: The CSV file has the column.\n", "")
    assert spec_from_source(source).prerequisites == ""


@pytest.mark.parametrize(
    "source",
    [
        "def f() -> str:\n    return ''\n",
        "from mcpforge.runtime import mcp\n@mcp.tool()\ndef a() -> str:\n    return ''\n"
        "@mcp.tool()\ndef b() -> str:\n"
        "    return ''\n",
        "from mcpforge.runtime import mcp\n@mcp.tool()\ndef a(x: object) -> str:\n    return ''\n",
        "from mcpforge.runtime import mcp\n@mcp.tool()\ndef a(x) -> str:\n    return ''\n",
        "from mcpforge.runtime import mcp\n@mcp.tool()\ndef a(*args: str) -> str:\n    return ''\n",
        "from mcpforge.runtime import mcp\n@mcp.tool()\ndef a(x: int = len('a')) -> str:\n    return ''\n",
        "def broken(:\n",
    ],
    ids=[
        "no-tool",
        "two-tools",
        "object-param",
        "unannotated",
        "varargs",
        "computed-default",
        "syntax-error",
    ],
)
def test_sources_that_are_not_one_json_tool_are_refused(source: str) -> None:
    with pytest.raises(InvalidArgumentError):
        spec_from_source(source)


def test_a_missing_or_non_utf8_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgumentError):
        load_handwritten_tool(tmp_path / "nope.py")
    binary = tmp_path / "tool.py"
    binary.write_bytes(b"\xff\xfe\x00def")
    with pytest.raises(InvalidArgumentError):
        load_handwritten_tool(binary)


def test_loading_a_file_keeps_its_source(tmp_path: Path) -> None:
    path = tmp_path / "tool.py"
    path.write_text(TOOL, encoding="utf-8")
    tool = load_handwritten_tool(path)
    assert tool.source == TOOL
    assert tool.parsed.function_name == "count_by_column"
    assert tool.spec.tool_name == "count_by_column"
