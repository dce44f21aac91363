"""DatasetSchema: real names, kinds, values, ranges and row counts; clear errors for unusable files."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mcpforge.exceptions import DataError
from mcpforge.pipeline.schema import ColumnInfo, DatasetSchema

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_example_dataset_is_described_with_kinds_values_and_ranges() -> None:
    schema = DatasetSchema.from_file(EXAMPLES / "traffic_accidents.csv")
    assert schema.row_count == 2000
    assert schema.column_names[:4] == ["accident_id", "date", "hour", "severity"]
    kinds = {col.name: col.kind for col in schema.columns}
    assert kinds["date"] == "datetime"
    assert kinds["severity"] == kinds["weather"] == "categorical"
    assert kinds["casualties"] == kinds["driver_age"] == "numeric"
    assert kinds["accident_id"] == "text"
    weather = schema.get("weather")
    assert weather is not None
    assert set(weather.values) == {"Clear", "Rain", "Snow", "Fog"}
    age = schema.get("driver_age")
    assert age is not None
    assert age.null_count > 0
    assert (age.minimum, age.maximum) == (17.0, 89.0)
    date = schema.get("date")
    assert date is not None
    assert (date.minimum, date.maximum) == ("2020-01-01T00:00:00", "2024-12-31T00:00:00")


def test_boolean_columns_are_recognised(tmp_path: Path) -> None:
    path = tmp_path / "flags.csv"
    path.write_text("name,active,score\na,True,1\nb,False,2\nc,true,3\n", encoding="utf-8")
    schema = DatasetSchema.from_file(path)
    assert schema.get("active") == ColumnInfo(name="active", kind="boolean", distinct_count=2)
    assert schema.names_of_kind("numeric") == ["score"]


def test_a_big_text_file_is_counted_only_when_its_row_count_is_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mcpforge.pipeline import schema as module

    path = tmp_path / "big.csv"
    path.write_text("n,word\n" + "".join(f"{i},w{i % 7}\n" for i in range(3_000)), encoding="utf-8")
    monkeypatch.setattr(module, "BIG_FILE_BYTES", 1)
    counted: list[Path] = []
    count = module._count_rows
    monkeypatch.setattr(module, "_count_rows", lambda file: counted.append(file) or count(file))
    schema = DatasetSchema.from_file(path, sample_rows=100)
    assert schema.sampled and schema.rows is None and counted == []
    assert schema.row_count == 3_000 and schema.to_dict()["row_count"] == 3_000
    assert len(counted) == 1  # once
    small = DatasetSchema.from_file(path, sample_rows=5_000)  # the sample holds the whole file
    assert small.rows == 3_000 and not small.sampled


def test_a_million_rows_are_counted_without_parsing_them(tmp_path: Path) -> None:
    path = tmp_path / "big.csv"
    rng = np.random.default_rng(0)
    frame = pd.DataFrame(
        {"group": rng.choice(["a", "b", "c"], size=1_000_000), "value": rng.integers(0, 100, size=1_000_000)}
    )
    frame.to_csv(path, index=False)
    start = time.perf_counter()
    schema = DatasetSchema.from_file(path, sample_rows=5_000)
    elapsed = time.perf_counter() - start
    assert schema.row_count == 1_000_000
    assert schema.sampled
    assert elapsed < 2.0


def test_file_without_trailing_newline_counts_its_last_row(tmp_path: Path) -> None:
    path = tmp_path / "short.csv"
    path.write_text("a,b\n" + "\n".join(f"{i},{i}" for i in range(10)), encoding="utf-8")
    assert DatasetSchema.from_file(path, sample_rows=3).row_count == 10


def test_profiling_parses_a_bounded_sample_and_counts_every_row(tmp_path: Path) -> None:
    # Past the sample a row is ragged: a whole-file parse would refuse the file, the sample never sees it.
    path = tmp_path / "tail.csv"
    body = "\n".join(f"{['a', 'b'][i % 2]},{i}" for i in range(3_000))
    path.write_text(f"group,value\n{body}\nb,1,extra,fields\na,2\n", encoding="utf-8")
    schema = DatasetSchema.from_file(path, sample_rows=500)
    assert schema.row_count == 3_002
    assert schema.sampled
    assert schema.get("value") == ColumnInfo(
        name="value", kind="numeric", distinct_count=500, minimum=0.0, maximum=499.0, is_integer=True
    )


@pytest.mark.parametrize("ending", ["\n", ""])
def test_rows_are_counted_the_same_across_many_windows(
    tmp_path: Path, ending: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import mmap

    monkeypatch.setattr("mcpforge.pipeline.schema._COUNT_WINDOW", mmap.ALLOCATIONGRANULARITY)
    path = tmp_path / "windows.csv"
    rows = [f"{i},{'x' * (i % 37)}" for i in range(5_000)]  # about 25 windows, breaks at every offset
    path.write_text("n,text\n" + "\n".join(rows) + ending, encoding="utf-8")
    assert path.stat().st_size > 20 * mmap.ALLOCATIONGRANULARITY
    assert DatasetSchema.from_file(path, sample_rows=10).row_count == 5_000


@pytest.mark.parametrize(
    ("content", "name"),
    [
        (b"", "empty.csv"),
        (b"   \n\n", "blank.csv"),
        (b"a,b\n", "header_only.csv"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "image.csv"),
        (b"a,b\n1,2\n3,4,5,6\n", "ragged.csv"),
    ],
)
def test_unusable_files_raise_data_error(tmp_path: Path, content: bytes, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    with pytest.raises(DataError):
        DatasetSchema.from_file(path)


def test_missing_file_raises_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError):
        DatasetSchema.from_file(tmp_path / "nope.csv")


def test_schema_serializes_to_a_plain_dict() -> None:
    data = DatasetSchema.from_file(EXAMPLES / "sales.csv").to_dict()
    assert data["row_count"] == 2500
    region = next(col for col in data["columns"] if col["name"] == "region")
    assert region["kind"] == "categorical"
    assert sorted(region["values"]) == ["East", "North", "South", "West"]


def test_latin1_file_is_described_with_a_note_instead_of_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin1.csv"
    path.write_bytes("name,city\nJos\u00e9,M\u00e1laga\n".encode("latin-1"))
    schema = DatasetSchema.from_file(path)
    assert schema.get("city") is not None
    assert any("Windows-1252" in note for note in schema.notes)


def test_column_names_are_the_ones_the_tool_loader_sees(tmp_path: Path) -> None:
    path = tmp_path / "weather.csv"
    path.write_text("DATE, WINDSPEED ,TEMP\n2024-01-01,3.5,10\n2024-01-02,4.0,11\n", encoding="utf-8")
    assert DatasetSchema.from_file(path).column_names == ["DATE", "WINDSPEED", "TEMP"]


def test_non_text_files_are_described_with_their_full_row_count(tmp_path: Path) -> None:
    path = tmp_path / "big.parquet"
    pd.DataFrame({"g": ["a", "b"] * 50, "v": range(100)}).to_parquet(path)
    schema = DatasetSchema.from_file(path, sample_rows=10)
    assert schema.row_count == 100
    assert schema.sampled
    assert schema.get("v") is not None
