"""CodeAct: import filtering, the system prompt, agent code run in the real sandbox with real MCP tools."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastmcp import FastMCP

from mcpforge.bridge.codeact import _Host, filter_imports, generate_tool_system_prompt, run_codeact
from mcpforge.bridge.registry import MCPToolRegistry
from mcpforge.config import SandboxConfig
from mcpforge.sandbox import Sandbox, SandboxLimits, get_sandbox

LIMITS = SandboxLimits(timeout_seconds=60)


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        (
            "from tools import search_web\nimport os\n\nresult = search_web(query='import x')  # import x\n",
            "\n\n\nresult = search_web(query='import x')  # import x\n",
        ),
        (
            "x = 1; import os; y = 2\nprint('from a import b')\n",
            "x = 1; pass; y = 2\nprint('from a import b')\n",
        ),
        (
            "if x:\n    import os\nelse:\n    from a import (\n        b,\n    )\n    y = b\n",
            "if x:\n    pass\nelse:\n\n\n\n    y = b\n",
        ),
        ("def f():\n    import json\n    return json\n", "def f():\n\n    return json\n"),
        ("s = '''\nimport os\n'''\n", "s = '''\nimport os\n'''\n"),
        ("    import os\n    print(os)\n", "\nprint(os)\n"),  # uniformly indented code is dedented
        ("def broken(:\n    import os\n", "def broken(:\n    import os\n"),  # unparsable: unchanged
    ],
)
def test_imports_are_removed_with_the_ast_keeping_line_numbers(code: str, expected: str) -> None:
    filtered = filter_imports(code)
    assert filtered == expected
    if "broken" not in code:
        ast.parse(filtered)


def test_no_import_statement_survives_anywhere() -> None:
    code = (
        "try:\n    import a\nexcept ImportError:\n    from b import c\nfinally:\n    import d\nz = __name__\n"
    )
    tree = ast.parse(filter_imports(code))
    assert not [node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom)]


@pytest.fixture
def tools(text_server: FastMCP[Any]) -> Iterator[MCPToolRegistry]:
    with MCPToolRegistry([text_server]) as reg:
        yield reg


def test_the_system_prompt_lists_each_tool_with_signature_and_description(tools: MCPToolRegistry) -> None:
    assert generate_tool_system_prompt(tools) == "\n".join([
        "You are writing Python code that will be executed in a sandbox.",
        "The following tools are pre-imported and available as functions:",
        "",
        "- echo(text: str) -> str",
        "    Echo a text back, marked as coming from the text server.",
        "- lines(text: str) -> list[str]",
        "    Split a text into lines.",
        "",
        "IMPORTANT: Do NOT write import statements; they are removed before the code runs.",
        "Call the functions directly by name, with keyword arguments. They return Python values",
        "(dicts, lists, strings, numbers). A failing call raises ToolCallError; arguments that do not",
        "match a tool's parameters raise ToolArgumentError.",
        "Use print() to show intermediate output. The value of the last expression is the final result.",
        "",
        "Example:",
        "result = echo(text=...)",
        "print(result)",
    ])  # fmt: skip


@pytest.fixture
def sandbox(sandbox_config: SandboxConfig) -> Sandbox:
    return get_sandbox(sandbox_config)


@pytest.fixture
def math_tools(math_server: FastMCP[Any], text_server: FastMCP[Any]) -> Iterator[MCPToolRegistry]:
    with MCPToolRegistry([math_server, text_server]) as reg:
        yield reg


def test_agent_code_calls_tools_in_the_sandbox_and_returns_print_output_and_value(
    math_tools: MCPToolRegistry, sandbox: Sandbox
) -> None:
    code = (
        "import os\n"
        "from tools import add\n"
        "total = add(a=2, b=3)\n"
        "print('total', total)\n"
        "{'total': total, 'lines': lines(text_echo('x') + '\\ny'), 'q': divide(9, denominator=3)}\n"
    )
    result = run_codeact(code, math_tools, sandbox=sandbox, limits=LIMITS)
    assert (result.ok, result.error) == (True, None)
    assert result.stdout == "total 5\n"
    assert result.value == {"total": 5, "lines": ["text:x", "y"], "q": {"quotient": 3.0}}
    assert [(call.name, call.arguments, call.ok) for call in result.tool_calls] == [
        ("add", {"a": 2, "b": 3}, True),
        ("text_echo", {"text": "x"}, True),
        ("lines", {"text": "text:x\ny"}, True),
        ("divide", {"numerator": 9, "denominator": 3}, True),
    ]
    assert result.backend == sandbox.name


def test_tool_errors_reach_the_agent_code_as_exceptions_it_can_catch(
    math_tools: MCPToolRegistry, sandbox: Sandbox
) -> None:
    code = (
        "try:\n    divide(1, 0)\nexcept ToolCallError as exc:\n    print('tool error')\n"
        "try:\n    add(a='x', b=1)\nexcept ToolArgumentError:\n    print('bad arguments')\n"
        "add(1, 2, 3)\n"
    )
    result = run_codeact(code, math_tools, sandbox=sandbox, limits=LIMITS)
    assert result.stdout == "tool error\nbad arguments\n"
    assert (result.ok, result.error_type, result.error_line) == (False, "TypeError", 9)
    assert [(call.name, call.error_type) for call in result.tool_calls] == [
        ("divide", "ToolCallError"),
        ("add", "ToolArgumentError"),
    ]


def test_an_exception_in_agent_code_is_reported_with_its_line(
    math_tools: MCPToolRegistry, sandbox: Sandbox
) -> None:
    result = run_codeact("import json\nx = add(a=1, b=1)\nraise ValueError(f'bad {x}')\n", math_tools,
                         sandbox=sandbox, limits=LIMITS)  # fmt: skip
    assert (result.ok, result.error_type, result.error, result.error_line) == (
        False,
        "ValueError",
        "bad 2",
        3,
    )


def test_code_that_runs_too_long_is_killed(math_tools: MCPToolRegistry, sandbox: Sandbox) -> None:
    result = run_codeact("while True:\n    pass\n", math_tools, sandbox=sandbox,
                         limits=SandboxLimits(timeout_seconds=2))  # fmt: skip
    assert (result.ok, result.error_type) == (False, "SandboxFailure")
    assert result.killed_reason is not None


def test_the_host_checks_every_call_before_it_reaches_a_server(math_tools: MCPToolRegistry) -> None:
    host = _Host(math_tools, max_tool_calls=3)
    assert host.answer({"id": 1, "tool": "os_system", "arguments": {}})["error_type"] == "NotFoundError"
    assert host.answer({"id": 2, "tool": "add", "arguments": ["a"]})["error_type"] == "ToolArgumentError"
    assert (
        host.answer({"id": 3, "tool": "add", "arguments": {"a": 1, "b": "2"}})["error_type"]
        == "ToolArgumentError"
    )
    assert (
        host.answer({"id": 4, "tool": "add", "arguments": {"a": 1, "b": 2}})["error_type"] == "ToolCallError"
    )
    assert [call.ok for call in host.records] == [False, False, False, False]


def test_the_tool_call_limit_applies_per_run(math_tools: MCPToolRegistry, sandbox: Sandbox) -> None:
    result = run_codeact("[add(a=i, b=i) for i in range(5)]\n", math_tools, sandbox=sandbox, limits=LIMITS,
                         max_tool_calls=2)  # fmt: skip
    assert (result.ok, result.error_type) == (False, "ToolCallError")
    assert [call.ok for call in result.tool_calls] == [True, True, False]


def test_a_codeact_snippet_calls_two_promoted_tools_of_mcpforge_serve(
    served_registry: tuple[Path, Path], sandbox: Sandbox
) -> None:
    root, config_file = served_registry
    mcpforge = str(Path(sys.executable).parent / "mcpforge")
    server = [mcpforge, "serve", "--registry", str(root), "--config", str(config_file)]
    with MCPToolRegistry([server], timeout=60) as reg:
        assert {"add_one", "add_two"} <= set(reg.list_tools())
        code = "a = add_one(value=10)\nb = add_two(value=10)\n[a['result'], b['result']]\n"
        result = run_codeact(code, reg, sandbox=sandbox, limits=LIMITS)
    assert (result.ok, result.error) == (True, None)
    assert result.value == [{"value": 11}, {"value": 12}]
