"""Issue 28 point 14: everyday data and wording.

Dotted European dates read as dates (day first; a column that reads both ways says which it chose); a
date column that fails to parse is named in the refusal; a t-test between the groups of a True/False
column works (its two groups are both groups, even in a one-row edge case); a numeric aggregation of a
text column asks what fits, and the answer computes it; the same request on another file is its own
candidate, the same request on the same file is not staged twice.
"""

from __future__ import annotations

import csv
import random
import shutil
from pathlib import Path

import pandas as pd
import pytest
from scipy import stats

from mcpforge.config import MCPForgeConfig, load_config
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import ToolStatus
from mcpforge.pipeline.forge import forge
from mcpforge.pipeline.intent import extract_intent
from mcpforge.pipeline.schema import DatasetSchema
from mcpforge.registry import Registry
from mcpforge.runtime import configure, load_csv_data_with_types, reset_configuration

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _write(path: Path, header: list[str], rows: list[list[object]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
    return path


def _dotted(path: Path, *, days_over_12: bool) -> Path:
    rng = random.Random(7)
    rows: list[list[object]] = []
    for i in range(60):
        day = rng.randint(13, 28) if days_over_12 and i % 3 == 0 else rng.randint(1, 12)
        rows.append([f"{day:02d}.{rng.randint(1, 12):02d}.2024", rng.choice(["North", "South"]), i])
    return _write(path, ["date", "region", "amount"], rows)


def _registry(tmp_path: Path) -> tuple[Registry, MCPForgeConfig]:
    config = load_config(None, overrides={"registry": {"root": str(tmp_path / "registry")}})
    return Registry(tmp_path / "registry", config), config


# -- dates


def test_dotted_european_dates_are_dates_read_day_first(tmp_path: Path) -> None:
    path = _dotted(tmp_path / "eu.csv", days_over_12=True)
    schema = DatasetSchema.from_file(path)
    date = schema.get("date")
    assert date is not None and date.kind == "datetime"
    assert date.date_reading is None  # days over 12: only one reading
    configure(allowed_read_paths=[str(tmp_path)])
    try:
        tool_view = load_csv_data_with_types(str(path))["date"]  # what a tool reads
    finally:
        reset_configuration()
    first = pd.read_csv(path, dtype=str)["date"].iloc[0]
    assert tool_view.iloc[0] == pd.Timestamp(f"{first[6:]}-{first[3:5]}-{first[:2]}")  # dd.mm.yyyy
    intent = extract_intent("total amount per month", schema)
    assert intent.time_column == "date" and intent.time_grain == "month"


def test_dates_that_read_both_ways_say_which_way_they_were_read(tmp_path: Path) -> None:
    path = _dotted(tmp_path / "eu.csv", days_over_12=False)
    schema = DatasetSchema.from_file(path)
    date = schema.get("date")
    assert date is not None and date.kind == "datetime"
    intent = extract_intent("total amount per month", schema)
    note = next(note for note in intent.notes if "day first" in note)
    assert note.startswith("'date' read as day first (dd.mm.yyyy)") and "month first" in note


def test_a_date_column_that_fails_to_parse_is_named(tmp_path: Path) -> None:
    rows = [["05.10.2024", 1], ["31.02.2024", 2], ["01.03.2024", 3]]
    path = _write(tmp_path / "bad.csv", ["booked_on", "amount"], rows)
    with pytest.raises(UnmappableRequestError) as refused:
        extract_intent("total amount per month", DatasetSchema.from_file(path))
    assert "'booked_on' (e.g. '31.02.2024')" in str(refused.value)


# -- types


def test_a_mean_of_text_asks_and_each_answer_computes_what_it_offered(tmp_path: Path) -> None:
    schema = DatasetSchema.from_file(EXAMPLES / "sales.csv")
    with pytest.raises(NeedsClarificationError) as asked:
        extract_intent("average product by region", schema)
    assert asked.value.key == "product"
    count = extract_intent("average product by region", schema, answers={"product": "count"})
    assert count.operation in {"group_aggregate", "group_count"}
    assert [(m.column, m.func) for m in count.metrics] in ([(None, "count")], [])
    distinct = extract_intent("average product by region", schema, answers={"product": "distinct"})
    assert [(m.column, m.func) for m in distinct.metrics] == [("product", "nunique")]
    units = extract_intent("average product by region", schema, answers={"product": "units"})
    assert [(m.column, m.func) for m in units.metrics] == [("units", "mean")]
    with pytest.raises(NeedsClarificationError) as again:  # not a choice: the question again
        extract_intent("average product by region", schema, answers={"product": "region"})
    assert "not one of the choices" in again.value.question


def test_a_t_test_between_true_and_false_groups_matches_scipy(tmp_path: Path) -> None:
    data = Path(shutil.copy(EXAMPLES / "employees.csv", tmp_path / "employees.csv"))
    registry, config = _registry(tmp_path)
    result = forge(
        "t-test of salary by remote", data, registry=registry, config=config, allow_read=[tmp_path]
    )
    assert result.ok, result.error
    assert result.candidate is not None and result.candidate.status == ToolStatus.STAGED
    frame = pd.read_csv(data)
    expected = stats.ttest_ind(
        frame.loc[frame["remote"], "salary"], frame.loc[~frame["remote"], "salary"], equal_var=True
    )
    assert result.artifacts is not None
    answer = result.artifacts.result["result"]
    row = dict(zip(answer["columns"], answer["rows"][0], strict=True))
    assert row["p_value"] == pytest.approx(expected.pvalue, rel=1e-6)
    assert abs(row["statistic"]) == pytest.approx(abs(expected.statistic), rel=1e-6)


# -- candidate ids


def test_the_same_request_on_another_file_is_its_own_candidate(tmp_path: Path) -> None:
    registry, config = _registry(tmp_path)
    first = Path(shutil.copy(EXAMPLES / "sales.csv", tmp_path / "sales_2023.csv"))
    frame = pd.read_csv(first)
    frame["units"] = frame["units"] * 2
    second = tmp_path / "sales_2024.csv"
    frame.to_csv(second, index=False)

    def ask(path: Path) -> str:
        result = forge("total units by region", path, registry=registry, config=config, allow_read=[tmp_path])
        assert result.ok, result.error
        assert result.candidate_id is not None
        return result.candidate_id

    one, again, other = ask(first), ask(first), ask(second)
    assert one == again  # the same question about the same file is not staged twice
    assert other != one  # another file: its own id, validation and answer
    staged = {c.candidate_id: c for c in registry.list_candidates(ToolStatus.STAGED)}
    assert set(staged) == {one, other}
    assert staged[other].data_key is not None and staged[other].data_key["path"] == str(second.resolve())


def test_numbers_written_with_thousands_separators_are_numbers_not_a_question(tmp_path: Path) -> None:
    path = _write(tmp_path / "t.csv", ["region", "amount"], [["North", "1,234"], ["South", "2,345.5"]])
    schema = DatasetSchema.from_file(path)
    amount = schema.get("amount")
    assert amount is not None and amount.kind == "numeric" and amount.maximum == 2345.5  # as a tool sees it
    intent = extract_intent("total amount by region", schema)
    assert [(m.column, m.func) for m in intent.metrics] == [("amount", "sum")]
