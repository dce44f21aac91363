"""Converter snapshots over a corpus of real-world-style MCP tool schemas, compared as whole objects.

Regenerate after a deliberate change with ``MCPFORGE_UPDATE_SNAPSHOTS=1`` and review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from mcpforge.bridge._strict import ALLOWED_KEYWORDS
from mcpforge.bridge.anthropic import to_anthropic_tool
from mcpforge.bridge.errors import StrictModeError
from mcpforge.bridge.openai import to_openai_tool
from mcpforge.bridge.schema_walk import iter_schema

CORPUS = Path(__file__).parent / "corpus"
SNAPSHOTS = Path(__file__).parent / "snapshots"
CORPUS_FILES = sorted(CORPUS.glob("*.json"))


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _strict_or_error(tool: dict[str, Any]) -> dict[str, Any]:
    try:
        return to_openai_tool(tool, strict=True)
    except StrictModeError as exc:
        return {"strict_error": {"tool": exc.tool, "pointer": exc.pointer, "reason": exc.reason}}


def _conversions(tool: dict[str, Any]) -> dict[str, Any]:
    return {
        "openai": to_openai_tool(tool),
        "openai_strict": _strict_or_error(tool),
        "anthropic": to_anthropic_tool(tool),
    }


def test_the_corpus_has_at_least_twenty_tools() -> None:
    assert len(CORPUS_FILES) >= 20


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_conversions_match_their_reviewed_snapshot(path: Path) -> None:
    actual = _conversions(_load(path))
    snapshot = SNAPSHOTS / path.name
    if os.environ.get("MCPFORGE_UPDATE_SNAPSHOTS") == "1":
        snapshot.write_text(json.dumps(actual, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    assert snapshot.exists(), (
        f"no snapshot for {path.name}; run with MCPFORGE_UPDATE_SNAPSHOTS=1 and review it"
    )
    assert actual == json.loads(snapshot.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_openai_parameters_carry_no_default_at_any_depth(path: Path) -> None:
    parameters = to_openai_tool(_load(path))["function"]["parameters"]
    assert [ctx.pointer for node, ctx in iter_schema(parameters) if "default" in node] == []


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_conversion_leaves_the_input_unchanged_and_is_idempotent(path: Path) -> None:
    tool = _load(path)
    once = to_openai_tool(tool)
    assert tool == _load(path)
    again = to_openai_tool({"name": tool["name"], "description": tool["description"],
                            "inputSchema": once["function"]["parameters"]})  # fmt: skip
    assert again == once


@pytest.mark.parametrize("path", CORPUS_FILES, ids=lambda p: p.stem)
def test_strict_schemas_follow_the_strict_rules_everywhere(path: Path) -> None:
    tool = _load(path)
    converted = _strict_or_error(tool)
    if "strict_error" in converted:  # a refusal names the tool and where (its snapshot pins which and why)
        error = converted["strict_error"]
        assert error["tool"] == tool["name"]
        assert error["pointer"] == "" or error["pointer"].startswith("/")
        return
    parameters = converted["function"]["parameters"]
    jsonschema.Draft202012Validator.check_schema(parameters)
    for node, ctx in iter_schema(parameters):
        assert set(node) <= ALLOWED_KEYWORDS, ctx.pointer
        if "properties" in node:
            assert node["additionalProperties"] is False, ctx.pointer
            assert node["required"] == list(node["properties"]), ctx.pointer
        if "$ref" in node:
            assert list(node) == ["$ref"], ctx.pointer
