"""Step 5: validation — proving a generated tool computes its reading, before anyone sees its answer.

The room for the hot path between a rendered tool and a staged one: ``test_cases`` (test planning),
``stress`` (stress data prepared once per data file and cached), ``static_gate`` (ruff, mypy, the sandbox
policy), ``schema_gate`` (the spec's JSON Schemas), ``answer_checks`` (the answer's shape against the
request), ``quality`` (the scores), ``semantic`` (CodeBLEU, attached later) and ``run`` (the validation run).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mcpforge.pipeline.validation.run import ValidationRun, report_passed, run_validation, summary_line

__all__ = ["ValidationRun", "report_passed", "run_validation", "summary_line"]


def __getattr__(name: str) -> Any:
    # Imported on first use: a step that needs one module of the room (the reference's read of a big
    # file, started before the rest of validation is imported) does not wait for all of it.
    if name in __all__:
        from mcpforge.pipeline.validation import run

        return getattr(run, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
