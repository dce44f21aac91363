"""The reference reads each fixture once and runs once on it (issue 28).

Telling a fixture the reference stops on (a period the cut does not hold) from one it answers used to
take a read of the whole fixture and a run of the reference of its own, before the read and run that
give the expected value: twice the reference's work in mcpforge's own process, while mypy and the
sandboxes need the same two cores. One read and one run now give both answers.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from mcpforge.catalogue import get_operation
from mcpforge.models import Aggregation, Intent
from mcpforge.pipeline.forge import intent_columns, reference_columns
from mcpforge.pipeline.validation import test_cases
from mcpforge.pipeline.validation.test_cases import PERSON_DATA_CASE, plan_suite

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _resolved_with_reads(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, intent: Intent
) -> tuple[test_cases.SuitePlan, Counter[str]]:
    reads: Counter[str] = Counter()
    real_read = test_cases.read_for_reference

    def counted_read(path: Path, columns: Any, **kwargs: Any) -> Any:
        reads[Path(path).name] += 1
        return real_read(path, columns, **kwargs)

    monkeypatch.setattr(test_cases, "read_for_reference", counted_read)
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    plan = plan_suite(
        fixture_dir=tmp_path,
        data_path=EXAMPLES / "sales.csv",
        arguments=rendered.arguments,
        reference=operation.reference,
        key_columns=intent.group_by,
        used_columns=intent_columns(intent),
        reference_columns=reference_columns(intent),
    )
    return plan.resolved(), reads


def test_each_fixture_is_read_once_for_its_expected_value(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    intent = Intent(
        request="total units by region",
        operation="group_aggregate",
        group_by=["region"],
        metrics=[Aggregation(column="units", func="sum")],
    )
    resolved, reads = _resolved_with_reads(monkeypatch, tmp_path, intent)
    fixtures = [p for p in resolved.quick if p.name != PERSON_DATA_CASE and p.file_parameter is not None]
    assert fixtures  # the edge and normal cases on files cut from the data
    assert reads and max(reads.values()) == 1, reads
    with_values = [p for p in fixtures if p.case.expected is not None]
    assert with_values  # ... and their expected values were computed from that one read


def test_a_fixture_the_reference_stops_on_accepts_the_same_argument_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A period a fixture does not hold: the tool may stop with InvalidArgumentError, as the reference."""
    intent = Intent(
        request="change in total units from 2023-01 to 2023-06 by region",
        operation="period_change",
        group_by=["region"],
        time_column="order_date",
        columns=["units"],
        options={"grain": "month", "start": "2023-01", "end": "2023-06", "combine": "sum"},
    )
    resolved, reads = _resolved_with_reads(monkeypatch, tmp_path, intent)
    refused = [p for p in resolved.quick if "InvalidArgumentError" in p.accept_errors]
    answered = [p for p in resolved.quick if p.case.expected is not None]
    assert refused and answered  # some cuts lack a period, others hold both
    assert all(p.case.expected is None for p in refused)
    assert max(reads.values()) == 1, reads
