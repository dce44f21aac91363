"""CodeAct: agents write Python that calls MCP tools as plain functions (seed 003).

- :func:`filter_imports` strips import statements with the AST (not a regex), keeping line numbers.
- :func:`generate_tool_system_prompt` tells the model which functions exist, with signatures.
- :func:`run_codeact` runs the code IN THE MCPFORGE SANDBOX, never in this process. The tools are stub
  functions there; each call crosses back to the host as a JSON line over the sandbox's stdin/stdout,
  where its name and arguments are checked against the registry (and the tool's JSON Schema) before
  it is forwarded to the MCP server. Results come back as Python values.
"""

from __future__ import annotations

import ast
import json
import textwrap
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mcpforge.bridge import _codeact_runner
from mcpforge.bridge._signature import signature_text
from mcpforge.bridge.errors import ToolArgumentError, ToolCallError
from mcpforge.bridge.registry import MCPToolRegistry
from mcpforge.exceptions import NotFoundError
from mcpforge.sandbox.base import RunningSandbox, Sandbox, SandboxLimits, SandboxRequest

_RUNNER_SOURCE = Path(_codeact_runner.__file__).read_text(encoding="utf-8")
DEFAULT_MAX_TOOL_CALLS = 100
_MAX_LINE = 16 * 1024 * 1024  # one protocol message (a call's arguments) may not exceed this


# -- filter_imports -----------------------------------------------------------------------------------


def _statement_lists(tree: ast.AST) -> list[tuple[list[ast.stmt], bool]]:
    """Every list of statements in the tree, and whether it is the module's top level."""
    lists: list[tuple[list[ast.stmt], bool]] = []
    for node in ast.walk(tree):
        for name in ("body", "orelse", "finalbody"):
            value = getattr(node, name, None)
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                lists.append((value, isinstance(node, ast.Module)))
    return lists


def _replace(lines: list[bytes], node: ast.stmt, needs_pass: bool) -> None:
    """Replace ``node``'s source with nothing (its lines stay, empty) or ``pass``, keeping line numbers."""
    first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
    start, end = node.col_offset, node.end_col_offset or 0
    prefix, suffix = lines[first][:start], lines[last][end:]
    alone = not prefix.strip() and (not suffix.strip() or suffix.strip().startswith(b"#"))
    count = last - first
    if alone:
        head = prefix + b"pass" if needs_pass else b""
        new = [head + suffix] + [b"\n"] * count
    else:  # shares its line with other statements (``import os; x = 1``): keep them valid and in place
        joined = prefix + b"pass" + b" \\\n" * count + suffix
        new = joined.splitlines(keepends=True)
    lines[first : last + 1] = new


def filter_imports(code: str) -> str:
    """Remove every ``import``/``from ... import`` statement from agent code (at any depth).

    Statements are found with the AST, so code that merely mentions "import" in a string or a comment
    is kept. Removed statements leave empty lines (or ``pass`` where a block would become empty), so
    line numbers in tracebacks still match the code the model wrote. Code that does not parse is
    returned unchanged (running it reports the syntax error at the model's own line numbers);
    uniformly indented code is dedented first.
    """
    code = code.replace("\r\n", "\n").replace("\r", "\n")
    try:
        tree = ast.parse(code)
    except SyntaxError:
        dedented = textwrap.dedent(code)
        try:
            tree = ast.parse(dedented)
        except SyntaxError:
            return code
        code = dedented
    imports: list[tuple[ast.stmt, bool]] = []
    for statements, top_level in _statement_lists(tree):
        only_imports = all(isinstance(stmt, ast.Import | ast.ImportFrom) for stmt in statements)
        for index, stmt in enumerate(statements):
            if isinstance(stmt, ast.Import | ast.ImportFrom):
                imports.append((stmt, only_imports and index == 0 and not top_level))
    if not imports:
        return code
    lines = code.encode("utf-8").splitlines(keepends=True)
    for stmt, needs_pass in sorted(
        imports, key=lambda item: (item[0].lineno, item[0].col_offset), reverse=True
    ):
        _replace(lines, stmt, needs_pass)
    result = b"".join(lines).decode("utf-8")
    try:
        ast.parse(result)
    except SyntaxError:  # pragma: no cover - a layout the rules above did not foresee: correct, not pretty
        kept = ast.parse(code)
        for statements, _ in _statement_lists(kept):
            statements[:] = [s for s in statements if not isinstance(s, ast.Import | ast.ImportFrom)] or [
                ast.Pass()
            ]
        return ast.unparse(kept)
    return result


# -- system prompt ------------------------------------------------------------------------------------


def generate_tool_system_prompt(registry: MCPToolRegistry) -> str:
    """A system prompt listing every tool as a pre-imported function, with signature and description."""
    parts = [
        "You are writing Python code that will be executed in a sandbox.",
        "The following tools are pre-imported and available as functions:",
        "",
    ]
    for name in registry.list_tools():
        tool = registry.tool_info(name)
        parts.append(f"- {signature_text(name, tool.signature)}")
        parts.extend("    " + line if line else "" for line in tool.doc.splitlines())
    parts += [
        "",
        "IMPORTANT: Do NOT write import statements; they are removed before the code runs.",
        "Call the functions directly by name, with keyword arguments. They return Python values",
        "(dicts, lists, strings, numbers). A failing call raises ToolCallError; arguments that do not",
        "match a tool's parameters raise ToolArgumentError.",
        "Use print() to show intermediate output. The value of the last expression is the final result.",
    ]
    if registry.list_tools():
        name = registry.list_tools()[0]
        params = [p for p in registry.tool_info(name).parameters if p.required]
        call = ", ".join(f"{p.python_name}=..." for p in params)
        parts += ["", "Example:", f"result = {name}({call})", "print(result)"]
    return "\n".join(parts)


# -- runner -------------------------------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ToolCallRecord:
    """One tool call the code made, as the host saw it."""

    name: str
    arguments: dict[str, Any]
    ok: bool
    error_type: str | None = None
    error: str | None = None
    duration_ms: float = 0.0


@dataclass(frozen=True, kw_only=True)
class CodeActResult:
    """What a CodeAct run produced. ``value`` is the last expression's value (``value_repr`` its repr)."""

    ok: bool
    stdout: str
    value: Any = None
    value_repr: str | None = None
    error_type: str | None = None
    error: str | None = None
    error_line: int | None = None
    tool_calls: list[ToolCallRecord] = field(default_factory=list)
    backend: str = ""
    duration_ms: float = 0.0
    killed_reason: str | None = None
    stderr: str = ""


class _Host:
    """The host end of the channel: checks each call, forwards it through the registry, answers."""

    def __init__(self, registry: MCPToolRegistry, max_tool_calls: int) -> None:
        self.registry = registry
        self.tools = registry.get_all_tools()
        self.max_tool_calls = max_tool_calls
        self.records: list[ToolCallRecord] = []

    def answer(self, message: dict[str, Any]) -> dict[str, Any]:
        name, arguments = message.get("tool"), message.get("arguments")
        started = time.perf_counter()
        reply: dict[str, Any] = {"id": message.get("id")}
        try:
            if not isinstance(name, str) or name not in self.tools:
                raise NotFoundError("tool", str(name))
            if not isinstance(arguments, dict) or not all(isinstance(key, str) for key in arguments):
                raise ToolArgumentError(name, ["arguments must be a JSON object with string keys"])
            if len(self.records) >= self.max_tool_calls:
                raise ToolCallError(
                    name, f"the limit of {self.max_tool_calls} tool calls per run was reached"
                )
            reply.update(ok=True, value=self.tools[name](**arguments))
        except (ToolArgumentError, ToolCallError, NotFoundError) as exc:
            reply.update(ok=False, error_type=type(exc).__name__, error=str(exc))
        self.records.append(ToolCallRecord(
            name=str(name), arguments=arguments if isinstance(arguments, dict) else {}, ok=bool(reply["ok"]),
            error_type=reply.get("error_type"), error=reply.get("error"),
            duration_ms=(time.perf_counter() - started) * 1000,
        ))  # fmt: skip
        return reply


def _converse(running: RunningSandbox, host: _Host) -> dict[str, Any] | None:  # noqa: PLR0911
    """Serve the sandbox's tool calls until it reports ``done`` (returned) or goes away (None)."""
    while True:
        line = running.stdout.readline(_MAX_LINE)
        if not line:
            return None
        if not line.endswith(b"\n"):
            running.kill(f"a protocol message exceeded {_MAX_LINE} bytes")
            return None
        try:
            message = json.loads(line)
        except json.JSONDecodeError:
            running.kill("the sandboxed code wrote something that is not a protocol message")
            return None
        if not isinstance(message, dict):
            running.kill("the sandboxed code wrote something that is not a protocol message")
            return None
        if message.get("type") == "done":
            return message
        if message.get("type") != "call":
            running.kill(f"unknown protocol message type {message.get('type')!r}")
            return None
        reply = json.dumps(host.answer(message), default=str).encode("utf-8") + b"\n"
        try:
            running.stdin.write(reply)
            running.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            return None


def run_codeact(
    code: str,
    registry: MCPToolRegistry,
    *,
    sandbox: Sandbox,
    limits: SandboxLimits | None = None,
    max_tool_calls: int = DEFAULT_MAX_TOOL_CALLS,
) -> CodeActResult:
    """Run agent ``code`` in the sandbox with the registry's tools injected as functions.

    Imports are filtered first. Failures of the code (exceptions, time limit, kill) become a result
    with ``ok=False``, not an exception.

    Args:
        code: Python source written by an agent.
        registry: The tools the code may call (each call is validated on the host).
        sandbox: The isolation backend (``mcpforge.sandbox.get_sandbox(config.sandbox)``).
        limits: Resource limits of the run (the wall clock includes the time tools take).
        max_tool_calls: Calls allowed per run; later calls fail with ToolCallError.
    """
    limits = limits or SandboxLimits()
    tools = [{"name": name, "params": [p.python_name for p in registry.tool_info(name).parameters]}
             for name in registry.list_tools()]  # fmt: skip
    first = {"code": filter_imports(code), "tools": tools, "max_output": limits.max_stdout_bytes}
    request = SandboxRequest(
        script=_RUNNER_SOURCE, stdin=json.dumps(first).encode("utf-8") + b"\n", limits=limits
    )
    host = _Host(registry, max_tool_calls)
    started = time.perf_counter()
    with sandbox.spawn(request) as running:
        done = _converse(running, host)
        raw = running.result()
    duration_ms = (time.perf_counter() - started) * 1000
    if done is None:
        reason = raw.killed_reason or (f"the sandbox exited with code {raw.exit_code} without a result")
        return CodeActResult(
            ok=False, stdout="", error_type="SandboxFailure", error=reason, tool_calls=host.records,
            backend=raw.backend, duration_ms=duration_ms, killed_reason=raw.killed_reason, stderr=raw.stderr,
        )  # fmt: skip
    return CodeActResult(
        ok=bool(done.get("ok")), stdout=str(done.get("stdout") or ""), value=done.get("value"),
        value_repr=done.get("value_repr"), error_type=done.get("error_type"), error=done.get("error"),
        error_line=done.get("line") if isinstance(done.get("line"), int) else None, tool_calls=host.records,
        backend=raw.backend, duration_ms=duration_ms, killed_reason=raw.killed_reason, stderr=raw.stderr,
    )  # fmt: skip
