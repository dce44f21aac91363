"""Tool calling for engines without a native tool API: the model answers one JSON step at a time.

A step is ``{"tool": name, "arguments": {...}}`` or ``{"final": text}``. The step's JSON Schema lists
every tool by name (``const``) with its argument schema, so a grammar-constrained model (llama.cpp)
can only ask for tools that exist, with arguments of the right shape. Scripted engines answer the same
JSON; any other text is taken as a final answer.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Callable
from importlib import resources
from string import Template
from typing import Any

from mcpforge.engines.base import (
    ChatMessage,
    ChatTool,
    ChatTurn,
    Completion,
    Message,
    TokenUsage,
    ToolCallRequest,
)

STEP_SCHEMA_NAME = "tool_step"
_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.DOTALL)

CompleteFn = Callable[..., Completion]


_LOCAL_REF = re.compile(r'"\$ref":\s*"#/\$defs/')


def _arguments_schema(parameters: dict[str, Any], shared_defs: dict[str, Any]) -> dict[str, Any]:
    """The tool's argument schema inside the step schema.

    ``$ref`` pointers are relative to the schema root, which moves when the schema is nested inside the
    step schema: the tool's ``$defs`` are moved to the step schema's root (``shared_defs``). A tool
    whose definitions clash with another tool's, or that uses any other kind of reference, gets a
    generic object (its arguments are still validated against its own schema before the call).
    """
    defs = parameters.get("$defs", {})
    text = json.dumps(parameters)
    clash = any(name in shared_defs and shared_defs[name] != schema for name, schema in defs.items())
    if clash or text.count('"$ref"') != len(_LOCAL_REF.findall(text)):
        return {"type": "object"}
    shared_defs.update(defs)
    return {key: value for key, value in parameters.items() if key not in ("$schema", "$defs", "title")}


def step_schema(tools: list[ChatTool]) -> dict[str, Any]:
    """The JSON Schema of one step: a call of one of ``tools``, or a final answer."""
    shared_defs: dict[str, Any] = {}
    options: list[dict[str, Any]] = [
        {
            "type": "object",
            "properties": {
                "tool": {"const": tool.name},
                "arguments": _arguments_schema(tool.parameters, shared_defs),
            },
            "required": ["tool", "arguments"],
            "additionalProperties": False,
        }
        for tool in tools
    ]
    options.append(
        {
            "type": "object",
            "properties": {"final": {"type": "string"}},
            "required": ["final"],
            "additionalProperties": False,
        }
    )
    schema: dict[str, Any] = options[0] if len(options) == 1 else {"anyOf": options}
    if shared_defs:
        schema = {**schema, "$defs": shared_defs}
    return schema


def system_prompt(tools: list[ChatTool]) -> str:
    """The protocol and the tool list (prompt template ``prompts/tool_calling.txt``)."""
    listing = "\n".join(
        f"- {tool.name}: {tool.description.strip() or '(no description)'}\n"
        f"  arguments schema: {json.dumps(tool.parameters, separators=(',', ':'))}"
        for tool in tools
    )
    text = (
        resources.files("mcpforge.engines")
        .joinpath("prompts", "tool_calling.txt")
        .read_text(encoding="utf-8")
    )
    return Template(text).substitute(tools=listing or "(no tools)")


def _step_json(call: ToolCallRequest) -> str:
    return json.dumps({"tool": call.name, "arguments": call.arguments}, ensure_ascii=False)


def render_messages(messages: list[ChatMessage], tools: list[ChatTool]) -> list[Message]:
    """The conversation as plain chat messages that show the protocol to the model."""
    system = [system_prompt(tools), *(m.content for m in messages if m.role == "system" and m.content)]
    rendered: list[Message] = [{"role": "system", "content": "\n\n".join(system)}]
    for message in messages:
        if message.role == "user":
            rendered.append({"role": "user", "content": message.content})
        elif message.role == "assistant":
            steps = [_step_json(call) for call in message.tool_calls]
            if not steps and message.content:
                steps.append(json.dumps({"final": message.content}, ensure_ascii=False))
            if steps:
                rendered.append({"role": "assistant", "content": "\n".join(steps)})
        elif message.role == "tool":
            body = message.content.replace("</tool_result>", "</ tool_result>")
            status = " (the call failed)" if message.is_error else ""
            rendered.append(
                {
                    "role": "user",
                    "content": f"Result of tool {message.tool_name!r}{status}:\n"
                    f"<tool_result>\n{body}\n</tool_result>\nAnswer with the next JSON step.",
                }
            )
    return rendered


def _json_object(text: str) -> Any:
    candidates = [text.strip(), *(match.strip() for match in _FENCE.findall(text))]
    start, end = text.find("{"), text.rfind("}")
    if 0 <= start < end:
        candidates.append(text[start : end + 1])
    for candidate in candidates:
        try:
            return json.loads(candidate)
        except json.JSONDecodeError:
            continue
    return None


def parse_step(text: str, *, call_id: str) -> tuple[str, list[ToolCallRequest]]:
    """``(final text, tool calls)`` from one step; text that is not a step is a final answer."""
    data = _json_object(text)
    if isinstance(data, dict) and isinstance(data.get("tool"), str):
        arguments = data.get("arguments", {})
        if isinstance(arguments, str):  # some models encode the arguments a second time
            with contextlib.suppress(json.JSONDecodeError):
                arguments = json.loads(arguments)
        if isinstance(arguments, dict):
            return "", [ToolCallRequest(id=call_id, name=data["tool"], arguments=arguments)]
        error = f"arguments must be a JSON object, got {json.dumps(arguments)[:200]}"
        return "", [ToolCallRequest(id=call_id, name=data["tool"], arguments_error=error)]
    if isinstance(data, dict) and isinstance(data.get("final"), str):
        return data["final"], []
    return text.strip(), []


def prompted_chat(
    complete: CompleteFn,
    messages: list[ChatMessage],
    tools: list[ChatTool],
    *,
    max_tokens: int | None,
) -> ChatTurn:
    """One step through ``complete`` (an engine's ``_complete``) with the step schema as constraint."""
    previous_calls = sum(len(m.tool_calls) for m in messages if m.role == "assistant")
    completion = complete(
        render_messages(messages, tools),
        json_schema=step_schema(tools),
        schema_name=STEP_SCHEMA_NAME,
        max_tokens=max_tokens,
    )
    text, calls = parse_step(completion.text, call_id=f"call_{previous_calls + 1}")
    return ChatTurn(
        text=text,
        tool_calls=calls,
        model=completion.model,
        usage=TokenUsage(
            prompt_tokens=completion.prompt_tokens, completion_tokens=completion.completion_tokens
        ),
    )
