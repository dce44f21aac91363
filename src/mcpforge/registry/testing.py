"""Small, stable helpers for tests that need registry candidates (used across the test suite)."""

from __future__ import annotations

from mcpforge.models import ToolCandidate, ToolSpec, ToolStatus, sha256_text, utc_now

_TOOL_TEMPLATE = '''"""{name}: add a constant to a number (a test tool)."""

from typing import Annotated

from pydantic import Field

from mcpforge.runtime import mcp, output_footer


@mcp.tool()
def {name}(value: Annotated[int, Field(description="A whole number")] = 1) -> str:
    """Add {variant} to a number.

    WHEN TO USE THIS TOOL: when a test needs a tool.
    WHAT THIS TOOL DOES: adds {variant} to ``value``.
    RETURNS: markdown with the sum and a JSON footer.
    PREREQUISITES: none.
    """
    total = value + {variant}
    return f"Result: {{total}}\\n" + output_footer({{"operation": "{name}", "result": {{"value": total}}}})
'''


def make_spec(name: str = "demo_tool", *, description: str | None = None) -> ToolSpec:
    """A small valid ToolSpec; a different ``description`` gives a different spec_hash."""
    return ToolSpec(
        tool_name=name,
        description=description or f"{name}: add a constant to a number",
        input_schema={
            "type": "object",
            "properties": {"value": {"type": "integer", "description": "A whole number", "default": 1}},
        },
        output_schema={"type": "object", "properties": {"result": {"type": "object"}}},
        parameters=[{"name": "value", "type": "int", "description": "A whole number", "default": 1}],
        return_type="str",
        when_to_use="when a test needs a tool",
        what_it_does="adds a constant to a number",
        returns="markdown with the sum and a JSON footer",
        prerequisites="none",
    )


def make_candidate(
    name: str = "demo_tool",
    *,
    version: str = "1.0.0",
    variant: int = 1,
    description: str | None = None,
    status: ToolStatus = ToolStatus.DRAFT,
    created_by: str = "test",
) -> tuple[ToolCandidate, dict[str, str]]:
    """A DRAFT candidate and its package files (``tool.py``, ``tests.py``) with matching hashes.

    Args:
        name: tool name (also the tool_id).
        version: candidate version.
        variant: changes the code (and so code_hash) but not the spec.
        description: changes the spec (and so spec_hash).
        status: initial status (DRAFT, or REJECTED for a candidate that failed validation).
        created_by: recorded creator.
    """
    source = _TOOL_TEMPLATE.format(name=name, variant=variant)
    spec = make_spec(name, description=description)
    candidate = ToolCandidate(
        tool_id=name,
        version=version,
        spec=spec,
        package_path="",
        code_hash=sha256_text(source),
        spec_hash=sha256_text(spec.to_json()),
        status=status,
        created_at=utc_now(),
        created_by=created_by,
    )
    tests = f"CASES = [{{'arguments': {{'value': 1}}, 'expected': {{'value': {1 + variant}}}}}]\n"
    return candidate, {"tool.py": source, "tests.py": tests}
