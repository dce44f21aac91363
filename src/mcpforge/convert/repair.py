"""Model-assisted repair (``--engine local|openai|anthropic``): up to 3 rounds after the rule-based fixes.

For each tool that still failed with an invalid sample or an exception inside the library, the engine
sees the tool's description, its input schema and the failed calls (errors included), and answers, as
JSON constrained by a schema, new sample arguments and optionally a different adapter: arguments passed
by position, or another adapter kind for a parameter from a closed set. The package is regenerated
with the changed adapters (only those tools' plans change) and the tools are called again through the
MCP client. Import errors, network needs and timeouts are not sent to the model: no sample fixes them.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from mcpforge.convert.models import ToolOutcome
from mcpforge.convert.samples import Sample, Step
from mcpforge.convert.select import ToolPlan
from mcpforge.engines.base import Engine
from mcpforge.exceptions import EngineError

logger = logging.getLogger("mcpforge.convert")

MAX_ROUNDS = 3
REPAIRABLE = frozenset({"invalid_sample", "library_exception", "unsupported_type", "non_serializable"})
ADAPTER_KINDS = ["json", "ndarray", "tuple", "complex", "expression", "handle"]
_SYSTEM = (
    "You repair the adapter of an MCP tool generated from a Python library function. Answer only JSON. "
    "Give sample arguments that make a typical, valid call of the function (small values), and change "
    "the adapter only when the errors show the function needs it: `positional` true when it rejects "
    "keyword arguments; `adapters` maps a parameter to one of: " + ", ".join(ADAPTER_KINDS) + "."
)


@dataclass(frozen=True, kw_only=True)
class Repair:
    """What the model proposed for one tool."""

    plan: ToolPlan
    sample: Sample


def repair_schema(plan: ToolPlan) -> dict[str, Any]:
    """The JSON Schema the engine's answer must match."""
    names = list(plan.input_schema.get("properties", {}))
    return {
        "type": "object",
        "properties": {
            "arguments": plan.input_schema,
            "positional": {"type": "boolean"},
            "adapters": {
                "type": "object",
                "properties": {name: {"enum": ADAPTER_KINDS} for name in names},
                "additionalProperties": False,
            },
        },
        "required": ["arguments"],
    }


def propose(engine: Engine, plan: ToolPlan, outcome: ToolOutcome) -> Repair | None:
    """Ask the engine for a repaired sample (and adapters); None when it has no usable answer."""
    failures = [
        {"arguments": a.arguments, "error": (a.error or "")[:300]} for a in outcome.attempts if not a.ok
    ][-4:]
    prompt = (
        f"Function: {plan.public_path}\nSummary: {plan.api.summary}\n"
        f"Docstring (start):\n{plan.api.doc[:1500]}\n\n"
        f"Input schema: {json.dumps(plan.input_schema)[:2000]}\n"
        f"Failed calls: {json.dumps(failures, default=str)[:2000]}"
    )
    try:
        completion = engine.complete(
            [{"role": "system", "content": _SYSTEM}, {"role": "user", "content": prompt}],
            json_schema=repair_schema(plan),
            schema_name="tool_repair",
        )
        answer = json.loads(completion.text)
    except (EngineError, json.JSONDecodeError) as exc:
        logger.warning("no repair for %r: %s", plan.name, exc)
        return None
    if not isinstance(answer, dict) or not isinstance(answer.get("arguments"), dict):
        return None
    repaired = plan.positional() if answer.get("positional") else plan
    adapters = answer.get("adapters") or {}
    if adapters:
        params = [
            {**p, "adapter": {"kind": adapters[p["name"]]}}
            if adapters.get(p["name"]) in ADAPTER_KINDS and p.get("role") != "self"
            else p
            for p in repaired.params
        ]
        repaired = ToolPlan(**{**repaired.__dict__, "params": params})
    sample = Sample(source="model", steps=[Step(tool=plan.name, arguments=answer["arguments"])])
    return Repair(plan=repaired, sample=sample)
