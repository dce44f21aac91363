"""Who reads a request when a model engine is configured: the rules parser first, the model for the rest.

The parser accounts for every word of the request (issue 12): a reading it completes is exact, and its
questions go to the person, not to the model. Asking a small model to route a request the parser
already read costs half a minute on two cores and was measured to send a mean to a counting template
(``bench/bench_reading.py --engine local``). The model decides only when the parser refuses: it names a
catalogue operation (rendered from the template when the answer's shape fits and it does not contradict
what the parser understood) or ``custom`` (it writes the tool).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent.guards import shape_problem
from mcpforge.pipeline.schema import DatasetSchema

if TYPE_CHECKING:
    from mcpforge.engines.base import Engine

Progress = Callable[[str], None]
_COUNTING = frozenset({"group_count", "value_distribution", "distinct_count", "missing_values"})
_NAMED_ANALYSES = frozenset({"statistical_test", "linear_regression", "distribution_shape"})


def read_or_route(
    engine: Engine,
    request: str,
    schema: DatasetSchema,
    answers: dict[str, str],
    say: Progress,
    *,
    explicit: Sequence[str] = (),
) -> Intent | None:
    """The parser's reading; when it refuses, the model's choice of template (None: the model writes it).

    Raises:
        NeedsClarificationError: the parser has a question for the person.
    """
    from mcpforge.pipeline.intent import extract_intent

    try:
        return extract_intent(request, schema, answers=answers, explicit=explicit)
    except UnmappableRequestError as refusal:
        if refusal.final or isinstance(refusal, NeedsClarificationError):
            raise  # data the file lacks, not an analysis, or a question that is the person's to answer
        return _route_with_model(engine, request, schema, say, refusal.understood)


def _route_with_model(
    engine: Engine, request: str, schema: DatasetSchema, say: Progress, understood: dict[str, Any]
) -> Intent | None:
    from mcpforge.catalogue import CATALOGUE
    from mcpforge.pipeline.modelgen.accounting_gate import unaccounted
    from mcpforge.pipeline.modelgen.generate import model_intent
    from mcpforge.pipeline.modelgen.model_use import from_intent
    from mcpforge.pipeline.modelgen.partial_reading import from_understood

    say(f"asking the {engine.name} model which analysis fits")
    partial = from_understood(understood, schema)
    operations = {name: op.summary for name, op in CATALOGUE.items()}
    chosen = model_intent(engine, request, schema, operations, notes=partial.notes())
    if chosen is None:
        return None
    if shape_problem(request, schema.column_names, chosen) is not None:
        say("the chosen template cannot give the answer's shape; the model writes the tool instead")
        return None
    if contradicts(understood, chosen):
        say(f"the model chose {chosen.operation!r}, which contradicts what the request asks for")
        return None
    left_out = unaccounted(request, schema, partial, from_intent(chosen))
    if left_out:  # held to the request's accounting; the model-written tool is held to it in turn
        say(f"the chosen template leaves out {left_out[0].text()}; the model writes the tool instead")
        return None
    return chosen


def _counts_only(intent: Intent) -> bool:
    """Whether ``intent`` computes only counts (a counting template, or ``aggregate`` of counts)."""
    if intent.operation in _COUNTING:
        return True
    return intent.operation == "aggregate" and all(m.func in ("count", "nunique") for m in intent.metrics)


def contradicts(understood: dict[str, Any], chosen: Intent) -> bool:
    """Whether the model's template contradicts what the parser understood before refusing (issue 16).

    A counting template cannot answer a mean, a sum or a spread; a test, regression or skewness the
    request names outright is not a routing judgement call.
    """
    funcs = {str(m.get("func")) for m in understood.get("metrics") or [] if isinstance(m, dict)}
    measures = any(func not in ("count", "nunique") for func in funcs)
    return (_counts_only(chosen) and measures) or understood.get("operation") in _NAMED_ANALYSES
