"""A condition on each group (HAVING) read from the whole request: "How many cities have more than 5
airports?", "which cities have a total sales of more than 100000". The numbers are checked against pandas
on the benchmark's real public files (airports.json, txhousing.parquet, cars.tsv); near-misses still ask,
refuse or read as the row filter they are.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.reading import reading_sentence
from mcpforge.runtime import load_csv_data_with_types

DATA = Path(__file__).resolve().parents[2] / "bench" / "realworld" / "data"
FILES = ("airports.json", "txhousing.parquet", "cars.tsv")
OPS = {">": "gt", ">=": "ge", "<": "lt", "<=": "le"}


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("group_having")
    for name in FILES:
        if not (DATA / name).is_file():
            pytest.skip(f"{DATA / name} is not in this checkout")
        shutil.copy(DATA / name, root / name)
    pd.DataFrame({
        "city": ["Ames", "Ames", "Boise", "Boise", "Boise", "Cody", "Cody", "Cody", "Cody"],
        "runways": [1, 7, 2, 6, 8, 3, 9, 1, 2],
    }).to_csv(root / "airfields.csv", index=False)  # fmt: skip
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _frame(path: Path) -> pd.DataFrame:
    if path.suffix == ".json":
        return pd.read_json(path)
    if path.suffix == ".parquet":
        return pd.read_parquet(path)
    return pd.read_csv(path, sep="\t" if path.suffix == ".tsv" else ",")


def _answer(intent: Intent, path: Path) -> dict[str, Any]:
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    return frame_to_table(operation.reference(load_csv_data_with_types(str(path)), rendered.arguments))


@pytest.mark.parametrize(
    ("file", "request_text", "key", "func", "column", "op", "value", "count"),
    [
        ("airports.json", "How many cities have more than 5 airports?", "city", "size", None, ">", 5, True),
        ("airports.json", "which states have at least 100 airports", "state", "size", None, ">=", 100, False),
        ("airports.json", "number of states with fewer than 10 airports", "state", "size", None, "<", 10,
         True),
        ("cars.tsv", "how many origins have more than 100 cars", "Origin", "size", None, ">", 100, True),
        ("txhousing.parquet", "How many cities have an average inventory above 10?", "city", "mean",
         "inventory", ">", 10, True),
        ("txhousing.parquet", "which cities have a total sales of more than 100000", "city", "sum", "sales",
         ">", 100000, False),
        ("txhousing.parquet", "list the cities with a maximum volume below 100000000", "city", "max",
         "volume", "<", 100000000, False),
        ("cars.tsv", "which origins have an average horsepower above 100", "Origin", "mean", "Horsepower",
         ">", 100, False),
    ],
)  # fmt: skip
def test_a_condition_on_each_group_is_read_and_answers_like_pandas(  # noqa: PLR0917 - the case
    folder: Path, file: str, request_text: str, key: str, func: str, column: str | None, op: str,
    value: float, count: bool,
) -> None:  # fmt: skip
    path = folder / file
    intent = extract_intent(request_text, DatasetSchema.from_file(path))
    assert intent.group_by == [key] and intent.options["having"] == {"op": op, "value": value}
    assert not intent.filters
    grouped = _frame(path).groupby(key)  # pandas leaves out a missing key
    per_group = grouped.size() if column is None else grouped[column].agg(func)
    passing = per_group[getattr(per_group, OPS[op])(value)]
    table = _answer(intent, path)
    if count:
        assert table["rows"] == [[table["rows"][0][0], len(passing)]]
        assert f"{op} {value:g}" in table["rows"][0][0]
    else:
        got = {row[0]: row[1] for row in table["rows"] if row[0] is not None}
        assert got == pytest.approx({k: float(v) for k, v in passing.items()})
    sentence = reading_sentence(intent)
    assert f"{op} {value:g}" in sentence and "group" in sentence


@pytest.mark.parametrize(
    ("file", "request_text"),
    [
        ("airfields.csv", "cities with more than 5 runways"),  # runways is a column: not a count of rows
        ("airfields.csv", "how many cities have more than 5 runways"),
        ("airports.json", "how many cities have more than 5 airports in CA"),  # another condition
        ("airports.json", "which cities have more than 5"),  # the value of each group is not said
        ("txhousing.parquet", "How many cities have an average inventory?"),  # no threshold
        ("txhousing.parquet", "how many cities have inventory above 10"),  # no per-group value
    ],
)
def test_near_misses_are_not_read_as_a_group_condition(folder: Path, file: str, request_text: str) -> None:
    try:
        intent = extract_intent(request_text, DatasetSchema.from_file(folder / file))
    except UnmappableRequestError:  # refused or asked (NeedsClarificationError is one)
        return
    assert "having" not in intent.options


def test_a_row_filter_on_the_named_column_stays_a_row_filter(folder: Path) -> None:
    path = folder / "airfields.csv"
    intent = extract_intent("number of rows with runways above 5", DatasetSchema.from_file(path))
    assert "having" not in intent.options
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("runways", ">", 5)]
    assert _answer(intent, path)["rows"][-1][-1] == int((_frame(path).runways > 5).sum())
