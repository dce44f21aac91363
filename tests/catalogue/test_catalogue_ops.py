"""Every operation, rendered from a hand-built Intent and run in the sandbox, against hand-computed numbers
and against its reference implementation: the request's data, no rows left after a filter, one row."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from catalogue_cases import CASES

from mcpforge.catalogue import CATALOGUE, RenderedTool, frame_to_table, get_operation, tables_match
from mcpforge.models import Intent
from mcpforge.sandbox import ToolCallOutcome

RunBatch = Callable[[RenderedTool, Sequence[dict[str, Any]]], list[ToolCallOutcome]]


def test_the_catalogue_has_every_operation_of_the_contract_and_the_statistics() -> None:
    assert sorted(CATALOGUE) == sorted(CASES)
    assert all(op.summary and op.keywords for op in CATALOGUE.values())


@pytest.mark.parametrize("name", sorted(CASES))
def test_operation_matches_hand_computed_numbers_and_its_reference_in_the_sandbox(
    name: str, run_batch: RunBatch, data_dir: Path, load: Callable[[Path], pd.DataFrame]
) -> None:
    fields, expected = CASES[name]
    operation = get_operation(name)
    rendered = operation.render(Intent(request=f"test {name}", operation=name, **fields))
    data, one_row = data_dir / "accidents.csv", data_dir / "one_row.csv"
    nothing = [*rendered.arguments["filters"], {"column": "region", "op": "==", "value": "Nowhere"}]
    calls = [
        {**rendered.arguments, "file_path": str(data)},
        {**rendered.arguments, "file_path": str(data), "filters": nothing},
        {**rendered.arguments, "file_path": str(one_row), "filters": []},
    ]
    outcomes = run_batch(rendered, calls)
    for call, outcome in zip(calls, outcomes, strict=True):
        if name == "period_change" and call is calls[2]:
            # One row has one period: the end period is absent, a clear error and never empty numbers.
            assert not outcome.ok and "'2024-04' (end) is not in column 'date'" in str(outcome.error)
            continue
        assert outcome.ok, (outcome.error_type, outcome.error, outcome.error_line)
        assert outcome.structured is not None
        assert outcome.structured["operation"] == name
        reference = frame_to_table(operation.reference(load(Path(call["file_path"])), call))
        assert tables_match(outcome.structured["result"], reference), (
            outcome.structured["result"],
            reference,
        )
    first = outcomes[0].structured
    assert first is not None
    assert tables_match(first["result"], expected), first["result"]
    assert first["rows_processed"] == 6
    assert outcomes[0].markdown is not None and outcomes[0].markdown.startswith("## ")
    empty = outcomes[1].structured
    assert empty is not None and empty["rows_matched"] == 0
