"""Steps 5 and 7, run and fix: drive every tool through the MCP client with its samples.

For each tool the samples are tried in order (docstring examples, then type-based values); the first
call that succeeds proves the tool. Rule-based fixes happen here: a failed sample is followed by the
next one (another sample), and a tool that no sample can prove is dropped with its review label and
reason, so the staged service lists only tools that answered through a real client.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from mcpforge.convert.models import CallAttempt, ToolOutcome
from mcpforge.convert.review import classify
from mcpforge.convert.samples import Sample, samples_for
from mcpforge.convert.select import ToolPlan
from mcpforge.convert.session import CallOutcome, ServiceSession

CALL_TIMEOUT_SECONDS = 15.0


def _resolve(value: Any, bound: dict[str, Any]) -> Any:
    if isinstance(value, dict) and set(value) == {"$ref"}:
        return bound[value["$ref"]]
    if isinstance(value, dict):
        return {key: _resolve(item, bound) for key, item in value.items()}
    if isinstance(value, list):
        return [_resolve(item, bound) for item in value]
    return value


def _bound_value(structured: dict[str, Any] | None) -> Any:
    result = (structured or {}).get("result")
    if isinstance(result, dict) and "handle" in result:
        return result["handle"]
    return result


def run_sample(session: ServiceSession, sample: Sample) -> tuple[dict[str, Any], CallOutcome]:
    """Make the sample's calls; the final arguments and the outcome of the final call (or failed step)."""
    bound: dict[str, Any] = {}
    for step in sample.steps[:-1]:
        outcome = session.call(step.tool, _resolve(step.arguments, bound), timeout=CALL_TIMEOUT_SECONDS)
        if not outcome.ok:
            return step.arguments, CallOutcome(
                ok=False,
                structured=None,
                text=f"[arguments] a preparing call of {step.tool!r} failed: {outcome.text}",
                timed_out=outcome.timed_out,
                crashed=outcome.crashed,
            )
        if step.bind:
            bound[step.bind] = _bound_value(outcome.structured)
    arguments = _resolve(sample.final.arguments, bound)
    return arguments, session.call(sample.final.tool, arguments, timeout=CALL_TIMEOUT_SECONDS)


# Most telling first: an environment problem explains every later failure; a made-up sample explains least.
_PRIORITY = (
    "import_error",
    "needs_network_or_data",
    "timeout",
    "server_crash",
    "non_serializable",
    "unsupported_type",
    "library_exception",
    "invalid_sample",
)


def _most_telling(attempts: list[CallAttempt]) -> CallAttempt | None:
    failed = [a for a in attempts if not a.ok]
    if not failed:
        return None
    return min(
        failed, key=lambda a: _PRIORITY.index(a.category) if a.category in _PRIORITY else len(_PRIORITY)
    )


def run_tools(
    session: ServiceSession,
    plans: list[ToolPlan],
    *,
    expressions: bool,
    progress: Callable[[str], None] = lambda _m: None,
    tools: list[ToolPlan] | None = None,
    samples: dict[str, list[Sample]] | None = None,
) -> list[ToolOutcome]:
    """Try the samples of every tool in ``plans`` (``tools``: every tool of the service, for chains)."""
    known = {plan.name: plan for plan in (tools or plans)}
    outcomes: list[ToolOutcome] = []
    for index, plan in enumerate(plans, 1):
        attempts: list[CallAttempt] = []
        passed = False
        chosen = (samples or {}).get(plan.name)
        for sample in chosen if chosen is not None else samples_for(plan, known, expressions=expressions):
            started = time.perf_counter()
            arguments, outcome = run_sample(session, sample)
            category = None if outcome.ok else classify(outcome, from_example=sample.source == "example")
            attempts.append(
                CallAttempt(
                    tool=plan.name,
                    source=sample.source + ("+chain" if len(sample.steps) > 1 else ""),
                    arguments=arguments,
                    ok=outcome.ok,
                    steps=[{"tool": s.tool, "arguments": s.arguments, "bind": s.bind} for s in sample.steps],
                    result=(outcome.structured or {}).get("result") if outcome.ok else None,
                    error=None if outcome.ok else outcome.text[:500],
                    category=category,
                    seconds=round(time.perf_counter() - started, 3),
                )
            )
            if outcome.ok:
                passed = True
                break
        last = _most_telling(attempts)
        outcomes.append(
            ToolOutcome(
                tool=plan.name,
                public_path=plan.public_path,
                passed=passed,
                attempts=attempts,
                category=None if passed or last is None else last.category,
                dropped_reason=None if passed else (last.error if last else "no sample could be built"),
                fixes=[f"tried {len(attempts)} samples"] if len(attempts) > 1 else [],
            )
        )
        progress(f"  [{index}/{len(plans)}] {plan.name}: {'ok' if passed else 'failed'}")
    return outcomes


def sample_records(outcomes: list[ToolOutcome]) -> list[dict[str, Any]]:
    """The passing samples, as ``samples.json`` of the package records them."""
    records = []
    for outcome in outcomes:
        for attempt in outcome.attempts:
            if attempt.ok:
                records.append(
                    {
                        "tool": outcome.tool,
                        "arguments": attempt.arguments,
                        "steps": attempt.steps,
                        "source": attempt.source,
                        "chain": "+chain" in attempt.source,
                        "result": attempt.result,
                    }
                )
    return records


_POSITIONAL_HINTS = (
    "positional argument",
    "argument (0 given)",
    "arguments (0 given)",
    "unexpected keyword argument",
    "got multiple values for argument",
    "takes no keyword arguments",
)


def needs_positional(outcome: ToolOutcome, plan: ToolPlan) -> bool:
    """Whether the fix step should retry ``plan`` with positional arguments."""
    if outcome.passed or plan.extra.get("positional"):
        return False
    return any(
        a.error and "TypeError" in a.error and any(h in a.error for h in _POSITIONAL_HINTS)
        for a in outcome.attempts
    )
