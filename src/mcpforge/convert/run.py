"""Steps 5 and 7, run and fix: drive every tool through the MCP client with its samples.

For each tool the samples are tried in order (docstring examples, then type-based values); the first
call that succeeds with a meaningful value proves the tool: not NaN, not None or empty when the
library documents a return value, and the output the docstring shows when the sample is that doctest.
Rule-based fixes happen here: a failed sample is followed by the
next one (another sample), and a tool that no sample can prove is dropped with its review label and
reason, so the staged service lists only tools that answered through a real client.
"""

from __future__ import annotations

import ast
import math
import re
import time
from collections.abc import Callable
from typing import Any

from mcpforge.convert.models import CallAttempt, ToolOutcome
from mcpforge.convert.review import classify
from mcpforge.convert.samples import Sample, keyword_pool, samples_for
from mcpforge.convert.samples.follow_ups import MAX_FOLLOW_UPS, follow_up
from mcpforge.convert.samples.unfounded_values import unfounded_value
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


_ERROR_TEXT = re.compile(
    r"\b(error|exception)\b.{0,200}\b(failed|not found|not understood|invalid)\b"
    r"|\b(failed|not found|not understood|invalid)\b.{0,200}\b(error|exception)\b",
    re.IGNORECASE | re.S,
)
_NAN_TEXTS = frozenset({"nan", "NaN", "-nan", "<NA>", "NaT"})


def _all_nan(value: Any) -> bool:
    if isinstance(value, float):
        return math.isnan(value)
    if isinstance(value, str):
        return value in _NAN_TEXTS
    if isinstance(value, list) and value:
        return all(_all_nan(item) for item in value)
    return False


def _documents_a_value(plan: ToolPlan) -> bool:
    returns = plan.api.returns.get("kind", "any")
    if returns == "none":
        return False
    return bool(plan.api.returns_doc.strip()) or returns not in {"any", "none"}


def _jsonish(value: Any) -> Any:
    if isinstance(value, tuple | list | set | frozenset):
        return [_jsonish(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _jsonish(item) for key, item in value.items()}
    if isinstance(value, complex):
        return {"real": value.real, "imag": value.imag}
    return value


def _same(got: Any, want: Any) -> bool:
    if isinstance(want, bool) or isinstance(got, bool):
        return got is want or (isinstance(got, bool | int) and isinstance(want, bool | int) and got == want)
    if isinstance(want, int | float) and isinstance(got, int | float):
        # A doctest prints a rounded number: agree to its printed precision.
        return math.isclose(got, want, rel_tol=1e-3, abs_tol=1e-6)
    if isinstance(want, list) and isinstance(got, list):
        return len(got) == len(want) and all(_same(g, w) for g, w in zip(got, want, strict=True))
    if isinstance(want, dict) and isinstance(got, dict):
        return set(got) == set(want) and all(_same(got[k], want[k]) for k in want)
    return bool(got == want)


# How far a score may drift from the one a docstring shows, when every string beside it came back the same.
_SCORE_DRIFT = 0.02


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, list):
        return [leaf for item in value for leaf in _leaves(item)]
    if isinstance(value, dict):
        return [leaf for key in sorted(value) for leaf in _leaves(value[key])]  # keys: checked by shape
    return [value]


def _drifted_scores(got: Any, want: Any) -> bool:
    """Whether ``got`` is the shown output with its numbers a little off (``[('New York Jets', 100),
    ('New York Giants', 78)]`` shown, ``79`` returned by the pure-Python matcher): the same shape, every
    string the same (at least one), each number within 2%. The call reached the function with the
    documented arguments; its scores depend on an implementation detail the docstring was written with."""
    if not isinstance(want, list | dict) or not _same(_shape(got), _shape(want)):
        return False
    strings = False
    for g, w in zip(_leaves(got), _leaves(want), strict=True):
        if _number(w):
            if not (_number(g) and math.isclose(g, w, rel_tol=_SCORE_DRIFT, abs_tol=1e-9)):
                return False
        elif g != w or type(g) is not type(w):
            return False
        else:
            strings = strings or isinstance(w, str)
    return strings


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _shape(value: Any) -> Any:
    """``value`` with every number replaced by 0 (lists, keys and strings kept)."""
    if isinstance(value, list):
        return [_shape(item) for item in value]
    if isinstance(value, dict):
        return {key: _shape(item) for key, item in value.items()}
    return 0 if _number(value) else value


def documented_mismatch(result: Any, expected: str | None) -> str | None:
    """Why ``result`` contradicts the output the docstring shows (None: it agrees, or cannot be judged:
    printed text or a repr such as ``<Foo ...>`` is not compared; ``array([1, 2])`` is compared as the list
    and ``1.67093...`` by the digits it shows)."""
    if expected is None or (isinstance(result, dict) and "handle" in result):
        return None
    text = expected.strip()
    prefix = re.fullmatch(r"(-?\d+\.\d+)\.\.\.", text)
    if prefix and isinstance(result, int | float) and not isinstance(result, bool):
        # ``1.6709303...`` (doctest ELLIPSIS): the digits shown, truncated or rounded.
        step = 10.0 ** -len(prefix.group(1).split(".")[1])
        agrees = abs(result - float(prefix.group(1))) <= step
        return None if agrees else f"the docstring shows {text[:80]}, the call returned {str(result)[:80]}"
    array = re.fullmatch(r"array\((.*)\)", text, re.S)
    try:
        want = _jsonish(ast.literal_eval(array.group(1) if array else text))
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None  # printed text or a repr: not judged
    if _same(result, want) or _drifted_scores(result, want):
        return None
    if isinstance(want, str) and isinstance(result, str | int | float) and str(result) == want:
        return None
    return f"the docstring shows {text[:80]}, the call returned {str(result)[:80]}"


def meaningless(plan: ToolPlan, result: Any) -> str | None:
    """Why a successful call's ``result`` does not prove the tool (None: it does)."""
    if plan.returns_handle_of and plan.kind != "class" and result is None:
        return "the factory returned None, not an object"  # a docstring's "returns X" may not hold
    if plan.kind == "class" or plan.returns_handle_of:
        return None
    if _all_nan(result):
        return "the call returned NaN, not a value"
    if isinstance(result, str) and _ERROR_TEXT.search(result):
        # ``PhaseSI`` answers "unknown: Initialize failed ...; error: key [a] was not found": a refusal.
        return f"the call returned an error message, not a value: {result[:120]}"
    if _documents_a_value(plan) and (
        result is None
        or (isinstance(result, str | list | dict) and not result)
        or (isinstance(result, list) and all(item is None for item in result))
    ):
        return f"the library documents a return value, the call returned {result!r}"
    return None


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
    pool = keyword_pool(known)
    outcomes: list[ToolOutcome] = []
    for index, plan in enumerate(_state_changers_last(plans), 1):
        attempts: list[CallAttempt] = []
        passed = False
        chosen = (samples or {}).get(plan.name)
        queue = list(chosen if chosen is not None else samples_for(plan, known, expressions=expressions))
        follow_ups = 0
        while queue:
            sample = queue.pop(0)
            started = time.perf_counter()
            weak = unfounded_value(sample, known, pool)
            if weak is not None:
                # Not made at all: whatever it answered would prove nothing.
                arguments = sample.final.arguments
                outcome = CallOutcome(ok=False, structured=None, text=f"[value] {weak}")
            else:
                arguments, outcome = run_sample(session, sample)
            if outcome.ok:
                result = (outcome.structured or {}).get("result")
                weak = meaningless(plan, result) or documented_mismatch(result, sample.expected)
                if weak is not None:
                    # Answered, but proves nothing: a made-up sample, most likely.
                    outcome = CallOutcome(ok=False, structured=outcome.structured, text=f"[value] {weak}")
            category = (
                None
                if outcome.ok
                else "invalid_sample"
                if weak is not None
                else classify(outcome, from_example=sample.source == "example")
            )
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
            if outcome.timed_out:
                break  # another sample of a call that did not answer in time costs as much again
            again = follow_up(plan, sample, outcome.text, pool) if follow_ups < MAX_FOLLOW_UPS else None
            if again is not None and all(again.final.arguments != s.final.arguments for s in queue):
                follow_ups += 1
                queue.insert(0, again)  # the library said what the sample missed: try that next
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
    order = {plan.name: position for position, plan in enumerate(plans)}
    outcomes.sort(key=lambda outcome: order.get(outcome.tool, len(order)))
    return _proven_through_chains(outcomes, plans)


# Functions that change the process the service runs in (pint's ``set_application_registry``,
# ``use_backend``, ``register_unit_format``, ``seed``), not an object a handle holds.
_CHANGES_PROCESS_STATE = re.compile(
    r"^(set_|use_|enable_|disable_|register|unregister|activate|deactivate|configure|reset_|seed)"
)


def _state_changers_last(plans: list[ToolPlan]) -> list[ToolPlan]:
    """``plans`` with the functions that change the process's state validated after every other tool:
    their samples run in the service process, and pint's ``set_application_registry`` sample (an empty
    registry) made every ``Quantity`` built after it fail."""
    return sorted(plans, key=lambda p: p.kind != "method" and bool(_CHANGES_PROCESS_STATE.match(_short(p))))


def _short(plan: ToolPlan) -> str:
    return plan.public_path.rsplit(".", 1)[-1]


def _proven_through_chains(outcomes: list[ToolOutcome], plans: list[ToolPlan]) -> list[ToolOutcome]:
    """A constructor (or factory) whose own samples failed is proven when a passing sample of another
    tool built its object with it and then got a meaningful value from that object (``Geod(initstring=
    ...)`` before ``Geod_line_length``)."""
    makers = {p.name for p in plans if p.kind == "class" or p.returns_handle_of}
    proofs: dict[str, CallAttempt] = {}
    for outcome in outcomes:
        for attempt in outcome.attempts:
            if not attempt.ok:
                continue
            for step in attempt.steps[:-1]:
                if step.get("tool") in makers and step.get("bind") and step["tool"] not in proofs:
                    proofs[step["tool"]] = CallAttempt(
                        tool=step["tool"],
                        source="chain",
                        arguments=step.get("arguments", {}),
                        steps=attempt.steps[: attempt.steps.index(step) + 1],
                        ok=True,
                        result=outcome.tool,
                    )
    return [
        outcome.model_copy(
            update={
                "passed": True,
                "attempts": [*outcome.attempts, proofs[outcome.tool].model_copy(update={"result": None})],
                "category": None,
                "dropped_reason": None,
                "fixes": [
                    *outcome.fixes,
                    f"proven by building the object {proofs[outcome.tool].result!r} was proven on",
                ],
            }
        )
        if not outcome.passed and outcome.tool in proofs
        else outcome
        for outcome in outcomes
    ]


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
