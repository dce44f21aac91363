"""Functional correctness (requirements 4.4): reference comparison, categorized test cases, combined score.

Generated code never runs in the mcpforge process. The pipeline runs a suite in the sandbox
(``call_tool_batch``) and hands the outcomes to :func:`judge_test_cases`; :func:`run_test_cases` and
:func:`validate_against_reference` accept callables, which for generated code must be sandbox-backed
(for example ``lambda **args: call_tool(sandbox, source, args).structured``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from mcpforge.exceptions import InvalidArgumentError, MCPForgeError
from mcpforge.metrics._normalize import Table, normalize_output, outputs_match
from mcpforge.metrics.test_pass_rate import calculate_test_pass_rate, normalize_category
from mcpforge.models import FunctionalCorrectnessMetrics

TestCategory = Literal["edge", "normal", "stress", "general"]
REFERENCE_WEIGHT = 0.4  # requirements 4.4.3: 60 % test cases + 40 % reference similarity


@dataclass(frozen=True, kw_only=True)
class ToolTestCase:
    """One test of a tool: arguments and what counts as passing.

    Checks are combined: every one given must hold. With none given the call only has to succeed.
    """

    name: str
    category: TestCategory = "normal"
    arguments: dict[str, Any] = field(default_factory=dict)
    expected: Any = None
    """Output the tool must match after normalization (None: not checked)."""
    expected_rows: int | None = None
    """Number of rows the result table must have."""
    expect_error: str | None = None
    """Name of the exception type the call must raise (``"*"``: any error); the call must fail."""
    check: Callable[[Any], bool] | None = None
    """Extra predicate on the output (trusted test code, not generated code)."""


def _row_count(output: Any) -> int | None:
    normalized = normalize_output(output)
    return len(normalized.rows) if isinstance(normalized, Table) else None


def judge_output(case: ToolTestCase, output: Any) -> dict[str, Any]:
    """The result record of one test case whose call returned ``output``.

    ``output`` may be a sandbox ``ToolCallOutcome`` (anything with ``ok``, ``structured``, ``markdown``,
    ``error_type`` and ``error``) or a plain value.
    """
    record: dict[str, Any] = {"test_id": case.name, "category": case.category, "passed": False}
    if hasattr(output, "ok") and hasattr(output, "error_type"):
        if not output.ok:
            error_type = output.error_type or "Error"
            record["error"] = f"{error_type}: {output.error or ''}".strip()
            record["passed"] = case.expect_error in {"*", error_type}
            return record
        output = output.structured if output.structured is not None else output.markdown
    if case.expect_error is not None:
        record["error"] = f"expected {case.expect_error!r} but the call succeeded"
        return record
    reasons: list[str] = []
    if case.expected is not None and not outputs_match(output, case.expected):
        reasons.append("output differs from the expected output")
    if case.expected_rows is not None:
        rows = _row_count(output)
        if rows != case.expected_rows:
            reasons.append(f"expected {case.expected_rows} rows, got {rows}")
    if case.check is not None and not case.check(output):
        reasons.append("check failed")
    record["passed"] = not reasons
    if reasons:
        record["error"] = "; ".join(reasons)
    return record


def judge_test_cases(cases: Sequence[ToolTestCase], outputs: Sequence[Any]) -> list[dict[str, Any]]:
    """Result records for outputs (e.g. ``ToolBatchResult.outcomes``) in the order of ``cases``.

    Raises:
        InvalidArgumentError: the numbers of cases and outputs differ.
    """
    if len(cases) != len(outputs):
        raise InvalidArgumentError(f"{len(cases)} test cases but {len(outputs)} outputs", argument="outputs")
    return [judge_output(case, output) for case, output in zip(cases, outputs, strict=True)]


def run_test_cases(
    tool: Callable[..., Any],
    cases: Sequence[ToolTestCase],
    *,
    errors: tuple[type[BaseException], ...] = (MCPForgeError,),
) -> list[dict[str, Any]]:
    """Call ``tool(**case.arguments)`` for each case and judge the output (requirements 4.4.2).

    Args:
        tool: A trusted or sandbox-backed callable.
        cases: The test cases.
        errors: Exception types that count as the tool failing the case (recorded, not raised).
    """
    results = []
    for case in cases:
        try:
            output = tool(**case.arguments)
        except errors as exc:
            error_type = type(exc).__name__
            results.append(
                {
                    "test_id": case.name,
                    "category": case.category,
                    "passed": case.expect_error in {"*", error_type},
                    "error": f"{error_type}: {exc}",
                }
            )
            continue
        results.append(judge_output(case, output))
    return results


def compare_with_reference(generated_outputs: Sequence[Any], reference_outputs: Sequence[Any]) -> float:
    """Share of inputs on which the generated and reference outputs match (already computed outputs).

    Raises:
        InvalidArgumentError: the sequences differ in length.
    """
    if len(generated_outputs) != len(reference_outputs):
        raise InvalidArgumentError(
            f"{len(generated_outputs)} generated outputs but {len(reference_outputs)} reference outputs",
            argument="reference_outputs",
        )
    if not generated_outputs:
        return 0.0
    matches = sum(
        outputs_match(generated, reference)
        for generated, reference in zip(generated_outputs, reference_outputs, strict=True)
    )
    return matches / len(generated_outputs)


def validate_against_reference(
    generated_tool: Callable[..., Any],
    reference_tool: Callable[..., Any],
    test_inputs: Sequence[Mapping[str, Any]],
) -> float:
    """Share of ``test_inputs`` on which both tools give matching outputs (requirements 4.4.1).

    ``generated_tool`` must be sandbox-backed when it wraps generated code. An empty input list gives 0.0.
    """
    generated = [generated_tool(**dict(arguments)) for arguments in test_inputs]
    reference = [reference_tool(**dict(arguments)) for arguments in test_inputs]
    return compare_with_reference(generated, reference)


def calculate_correctness_score(reference_similarity: float | None, test_pass_rate: float) -> float:
    """0.6 x test pass rate + 0.4 x reference similarity, or the pass rate alone (requirements 4.4.3)."""
    if reference_similarity is None:
        return test_pass_rate
    return (1.0 - REFERENCE_WEIGHT) * test_pass_rate + REFERENCE_WEIGHT * reference_similarity


def calculate_functional_correctness(
    test_results: Sequence[Mapping[str, Any]], reference_similarity: float | None = None
) -> FunctionalCorrectnessMetrics:
    """The FunctionalCorrectnessMetrics of a judged test suite (and reference comparison, if any)."""
    summary = calculate_test_pass_rate(test_results)
    records = [{**result, "category": normalize_category(result.get("category"))} for result in test_results]
    return FunctionalCorrectnessMetrics(
        reference_solution_similarity=reference_similarity,
        test_cases_passed=summary["passed_tests"],
        test_cases_total=summary["total_tests"],
        test_case_pass_rate=summary["overall_pass_rate"],
        correctness_score=calculate_correctness_score(reference_similarity, summary["overall_pass_rate"]),
        test_results=records,
    )
