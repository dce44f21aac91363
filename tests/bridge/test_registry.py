"""MCPToolRegistry against real MCP servers: callables, signatures, validation, results, errors."""

from __future__ import annotations

import inspect
import threading
from collections.abc import Iterator
from typing import Any, Literal

import anyio
import pytest
from fastmcp import FastMCP

from mcpforge.bridge._signature import build_parameters, build_signature, signature_text
from mcpforge.bridge._tooldef import ToolDefinition
from mcpforge.bridge.errors import MCPServerError, ToolArgumentError, ToolCallError
from mcpforge.bridge.registry import MCPToolRegistry
from mcpforge.exceptions import NotFoundError


@pytest.fixture
def registry(math_server: FastMCP[Any], text_server: FastMCP[Any]) -> Iterator[MCPToolRegistry]:
    with MCPToolRegistry([math_server, text_server], timeout=30) as reg:
        yield reg


def test_tools_of_all_servers_are_listed_with_clashes_prefixed(registry: MCPToolRegistry) -> None:
    assert registry.list_tools() == ["add", "divide", "math_echo", "norm", "text_echo", "lines"]
    assert registry.tool_info("text_echo").definition.server_name == "echo"


def test_a_tool_callable_has_name_docstring_and_a_signature_from_its_schema(
    registry: MCPToolRegistry,
) -> None:
    divide = registry.get_tool("divide")
    assert divide.__name__ == "divide"
    assert divide.__doc__ == (
        "Divide two numbers; dividing by zero is an error.\n\nArgs:\n"
        "    numerator: The number to divide\n    denominator: The number to divide by"
    )
    assert signature_text("divide", inspect.signature(divide)) == (
        "divide(numerator: float, denominator: float = 1.0) -> dict[str, Any]"
    )
    echo = registry.get_tool("math_echo")
    assert inspect.signature(echo) == inspect.Signature(
        [
            inspect.Parameter("text", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=str),
            inspect.Parameter("times", inspect.Parameter.POSITIONAL_OR_KEYWORD, default=1, annotation=int),
            inspect.Parameter("mode", inspect.Parameter.POSITIONAL_OR_KEYWORD, default="plain",
                              annotation=Literal["plain", "upper"]),
        ],
        return_annotation=str,
    )  # fmt: skip


def test_calls_return_structured_content_or_unwrapped_values(registry: MCPToolRegistry) -> None:
    assert registry.get_tool("add")(2, b=3) == 5
    assert registry.get_tool("divide")(numerator=7, denominator=2) == {"quotient": 3.5}
    assert registry.get_tool("math_echo")("ab", times=2, mode="upper") == "ABAB"
    assert registry.get_tool("text_echo")(text="hi") == "text:hi"
    assert registry.get_tool("lines")("a\nb") == ["a", "b"]
    assert registry.get_tool("norm")({"x": 3, "y": 4}) == 5.0


def test_none_for_an_optional_parameter_means_the_server_default(registry: MCPToolRegistry) -> None:
    assert registry.get_tool("math_echo")("x", times=None) == "x"
    assert registry.get_tool("norm")({"x": 3, "y": 4}, scale=None) == 5.0
    assert registry.get_tool("norm")({"x": 3, "y": 4}, scale=2) == 10.0


@pytest.mark.parametrize(
    ("name", "args", "kwargs"),
    [
        ("add", (1,), {}),  # missing required argument
        ("add", ("1", 2), {}),  # wrong type
        ("add", (1, 2), {"c": 3}),  # unknown argument
        ("math_echo", ("x",), {"mode": "loud"}),  # not an enum value
        ("norm", ({"y": 1},), {}),  # nested required property missing
        ("norm", ({"x": 1},), {"scale": "big"}),  # no variant of anyOf matches
    ],
)
def test_invalid_arguments_are_rejected_before_any_call(
    registry: MCPToolRegistry, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> None:
    with pytest.raises(ToolArgumentError):
        registry.get_tool(name)(*args, **kwargs)


def test_validation_lists_each_problem_with_its_location(registry: MCPToolRegistry) -> None:
    with pytest.raises(ToolArgumentError) as info:
        registry.call("norm", {"point": {"y": "far"}, "scale": "big"})
    assert info.value.problems == [
        "point: 'x' is a required property",
        "point/y: 'far' is not of type 'number'",
        "scale: 'big' is not valid under any of the given schemas",
    ]


def test_nulls_a_strict_model_sends_for_optional_parameters_mean_absent(registry: MCPToolRegistry) -> None:
    sent = {"text": "ab", "times": None, "mode": None}
    assert registry.model_arguments("math_echo", sent) == {"text": "ab"}
    assert registry.model_arguments("norm", {"point": {"x": 1}, "scale": None}) == {
        "point": {"x": 1},
        "scale": None,
    }
    assert registry.call("math_echo", registry.model_arguments("math_echo", sent)) == "ab"


def test_model_definitions_use_the_registry_names(registry: MCPToolRegistry) -> None:
    openai = registry.openai_tools(strict=True)
    assert [tool["function"]["name"] for tool in openai] == registry.list_tools()
    assert all(tool["function"]["strict"] for tool in openai)
    assert [tool["name"] for tool in registry.anthropic_tools()] == registry.list_tools()
    assert [d.name for d in registry.definitions()] == registry.list_tools()


def test_a_tool_error_raises_tool_call_error(registry: MCPToolRegistry) -> None:
    with pytest.raises(ToolCallError) as info:
        registry.get_tool("divide")(1, 0)
    assert (info.value.tool, info.value.server, info.value.is_tool_error) == ("divide", "math", True)


def test_an_unknown_tool_is_not_found(registry: MCPToolRegistry) -> None:
    with pytest.raises(NotFoundError):
        registry.get_tool("nope")


def test_get_all_tools_gives_a_namespace_of_callables(registry: MCPToolRegistry) -> None:
    namespace = registry.get_all_tools()
    assert list(namespace) == registry.list_tools()
    assert all(name.isidentifier() for name in namespace)
    exec_globals: dict[str, Any] = dict(namespace)
    exec("result = add(add(1, 2), 3)", exec_globals)  # trusted test code, not agent code
    assert exec_globals["result"] == 6


def test_calls_from_several_threads_are_served(registry: MCPToolRegistry) -> None:
    results: list[int] = []
    add = registry.get_tool("add")
    threads = [threading.Thread(target=lambda i=i: results.append(add(i, i))) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert sorted(results) == [0, 2, 4, 6, 8, 10, 12, 14]


def test_async_callers_use_acall(registry: MCPToolRegistry) -> None:
    async def main() -> Any:
        return await registry.acall("add", {"a": 20, "b": 22})

    assert anyio.run(main) == 42


def test_a_closed_registry_refuses_calls(math_server: FastMCP[Any]) -> None:
    reg = MCPToolRegistry([math_server])
    add = reg.get_tool("add")
    reg.close()
    reg.close()  # idempotent
    with pytest.raises(ToolCallError):
        add(1, 2)


def test_a_failing_server_fails_the_registry_naming_it(math_server: FastMCP[Any]) -> None:
    with pytest.raises(MCPServerError) as info:
        MCPToolRegistry([math_server, "/nonexistent/server"], timeout=10)
    assert info.value.server == "/nonexistent/server"


def test_a_real_stdio_server_process_serves_calls(stdio_command: list[str]) -> None:
    with MCPToolRegistry([stdio_command], timeout=60) as reg:
        assert reg.list_tools() == ["reverse", "word_count", "shout", "annotate"]
        assert reg.get_tool("reverse")("abc") == "cba"
        assert reg.get_tool("word_count")("a b a", unique=True) == {"words": 2}


def test_a_streamable_http_server_is_used(http_url: str) -> None:
    with MCPToolRegistry([http_url], timeout=30) as reg:
        assert reg.get_tool("shout")("hi there", style="title") == "Hi There"


def test_parameter_names_that_are_not_identifiers_are_mapped_back() -> None:
    definition = ToolDefinition(
        name="relate",
        input_schema={
            "type": "object",
            "properties": {
                "limit": {"type": "integer", "default": 5},
                "from": {"type": "string"},
                "max-results": {"type": ["integer", "null"]},
            },
            "required": ["from"],
        },
    )
    params = build_parameters(definition)
    assert [(p.python_name, p.json_name, p.required, p.accepts_null) for p in params] == [
        ("from_", "from", True, False),
        ("limit", "limit", False, False),
        ("max_results", "max-results", False, True),
    ]
    assert signature_text("relate", build_signature(definition, params)) == (
        "relate(from_: str, limit: int = 5, max_results: int | None = None) -> Any"
    )
