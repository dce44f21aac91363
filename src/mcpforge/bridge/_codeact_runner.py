"""Runs INSIDE the sandbox: execute agent code with stub tool functions that call back to the host.

Standard library only, and nothing from mcpforge, so it starts fast and trusts nothing from the host
beyond its input. Protocol (JSON lines over the sandbox's stdin/stdout):

- host → runner, first line:
  ``{"code": str, "tools": [{"name": str, "params": [str, ...]}], "max_output": int}``
- runner → host: ``{"type": "call", "id": int, "tool": str, "arguments": {...}}``
- host → runner: ``{"id": int, "ok": true, "value": ...}``
  or ``{"id": int, "ok": false, "error_type": str, "error": str}``
- runner → host, last line: ``{"type": "done", "ok": bool, "stdout": str, "value": ...,
  "value_repr": str | null, "error_type": str | null, "error": str | null, "line": int | null}``

The code's ``print`` output is captured (not written to the channel); the value of its last expression
is the final value.
"""

from __future__ import annotations

import ast
import io
import json
import sys
import traceback
from typing import Any

AGENT_FILENAME = "<agent>"


class ToolArgumentError(TypeError):
    """The host refused the arguments of a tool call (they do not match the tool's schema)."""


class ToolCallError(RuntimeError):
    """The tool reported an error, or the call failed on the host."""


class _CappedOutput(io.StringIO):
    def __init__(self, limit: int) -> None:
        super().__init__()
        self._limit = limit
        self.truncated = False

    def write(self, text: str) -> int:
        room = self._limit - self.tell()
        if room < len(text):
            self.truncated = True
        if room > 0:
            super().write(text[:room])
        return len(text)


class _Channel:
    def __init__(self) -> None:
        self._in = sys.stdin.buffer
        self._out = sys.stdout.buffer
        self._next_id = 0

    def send(self, message: dict[str, Any]) -> None:
        self._out.write(json.dumps(message, default=str).encode("utf-8") + b"\n")
        self._out.flush()

    def call(self, tool: str, arguments: dict[str, Any]) -> Any:
        self._next_id += 1
        try:
            line = json.dumps({"type": "call", "id": self._next_id, "tool": tool, "arguments": arguments})
        except (TypeError, ValueError) as exc:
            raise TypeError(f"arguments of {tool}() must be JSON values: {exc}") from None
        self._out.write(line.encode("utf-8") + b"\n")
        self._out.flush()
        reply = json.loads(self._in.readline() or b"null")
        if not isinstance(reply, dict) or reply.get("id") != self._next_id:
            raise ToolCallError(f"{tool}(): no answer from the host")
        if reply.get("ok"):
            return reply.get("value")
        error = str(reply.get("error") or "tool call failed")
        if reply.get("error_type") == "ToolArgumentError":
            raise ToolArgumentError(error)
        raise ToolCallError(error)


def _make_stub(channel: _Channel, name: str, params: list[str]) -> Any:
    def stub(*args: Any, **kwargs: Any) -> Any:
        if len(args) > len(params):
            raise TypeError(f"{name}() takes {len(params)} positional arguments but {len(args)} were given")
        for param, value in zip(params, args, strict=False):
            if param in kwargs:
                raise TypeError(f"{name}() got multiple values for argument {param!r}")
            kwargs[param] = value
        return channel.call(name, kwargs)

    stub.__name__ = name
    stub.__qualname__ = name
    return stub


def _error_line(exc: BaseException) -> int | None:
    if isinstance(exc, SyntaxError) and exc.filename == AGENT_FILENAME:
        return exc.lineno
    frames = [frame for frame in traceback.extract_tb(exc.__traceback__) if frame.filename == AGENT_FILENAME]
    return frames[-1].lineno if frames else None


def _run(code: str, namespace: dict[str, Any]) -> Any:
    tree = ast.parse(code, AGENT_FILENAME)
    last = tree.body[-1] if tree.body else None
    if isinstance(last, ast.Expr):
        tree.body.pop()
    # exec/eval of untrusted code is the point here: this process IS the sandbox.
    exec(compile(tree, AGENT_FILENAME, "exec"), namespace)
    if not isinstance(last, ast.Expr):
        return None
    return eval(compile(ast.Expression(last.value), AGENT_FILENAME, "eval"), namespace)


def main() -> None:
    channel = _Channel()
    request = json.loads(sys.stdin.buffer.readline() or b"{}")
    output = _CappedOutput(int(request.get("max_output", 1 << 20)))
    namespace: dict[str, Any] = {"__name__": "__main__", "ToolArgumentError": ToolArgumentError,
                                 "ToolCallError": ToolCallError}  # fmt: skip
    for tool in request.get("tools", []):
        namespace[tool["name"]] = _make_stub(channel, tool["name"], list(tool.get("params", [])))
    done: dict[str, Any] = {"type": "done", "ok": True, "value": None, "value_repr": None,
                            "error_type": None, "error": None, "line": None}  # fmt: skip
    sys.stdout = output
    try:
        value = _run(request.get("code", ""), namespace)
        if value is not None:
            done["value_repr"] = repr(value)[:10_000]
            try:
                json.dumps(value)
                done["value"] = value
            except (TypeError, ValueError):
                done["value"] = done["value_repr"]
    except BaseException as exc:  # any failure of agent code (SystemExit included) is reported
        done.update(ok=False, error_type=type(exc).__name__, error=str(exc)[:10_000], line=_error_line(exc))
    finally:
        sys.stdout = sys.__stdout__
    done["stdout"] = output.getvalue() + ("\n[output truncated]" if output.truncated else "")
    channel.send(done)


if __name__ == "__main__":
    main()
