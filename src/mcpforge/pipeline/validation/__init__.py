"""Step 5: validation — proving a generated tool computes its reading, before anyone sees its answer.

The room for the hot path between a rendered tool and a staged one: ``test_cases`` (test planning),
``stress`` (stress data prepared once per data file and cached), ``static_gate`` (ruff, mypy, the sandbox
policy), ``schema_gate`` (the spec's JSON Schemas), ``answer_checks`` (the answer's shape against the
request), ``quality`` (the scores), ``semantic`` (CodeBLEU, attached later) and ``run`` (the validation run).
"""

from mcpforge.pipeline.validation.run import ValidationRun, report_passed, run_validation, summary_line

__all__ = ["ValidationRun", "report_passed", "run_validation", "summary_line"]
