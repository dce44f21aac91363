"""detect_column_types sorts every column into exactly one kind; convert_column_types converts text."""

from __future__ import annotations

import pandas as pd

from mcpforge.runtime import detect_column_types
from mcpforge.runtime._types import convert_column_types


def test_columns_are_sorted_into_kinds() -> None:
    n = 200
    df = pd.DataFrame(
        {
            "amount": [float(i) for i in range(n)],
            "count": list(range(n)),
            "active": [i % 2 == 0 for i in range(n)],
            "when": pd.date_range("2024-01-01", periods=n, freq="D"),
            "city": [["Oslo", "Rome", "Lima"][i % 3] for i in range(n)],
            "order_id": [f"ORD-{i:05d}" for i in range(n)],
            "comment": [
                f"this is a rather long free-text comment number {i} about the order" for i in range(n)
            ],
        }
    )
    kinds = detect_column_types(df)
    assert {key: kinds[key] for key in kinds if key != "unique_counts"} == {
        "numeric": ["amount", "count"],
        "boolean": ["active"],
        "datetime": ["when"],
        "categorical": ["city"],
        "text": ["comment"],
        "high_cardinality": ["order_id"],
    }
    assert kinds["unique_counts"]["city"] == 3


def test_empty_frame_has_only_empty_lists() -> None:
    kinds = detect_column_types(pd.DataFrame())
    assert all(kinds[key] == [] for key in ("numeric", "categorical", "datetime", "text", "high_cardinality"))


def _text(values: list[str | None]) -> pd.DataFrame:
    return pd.DataFrame({"value": pd.Series(values, dtype="str")})


def test_identifiers_that_look_like_exponents_stay_text() -> None:
    converted, notes = convert_column_types(_text([f"E{i:04d}" for i in range(500)]))
    assert pd.api.types.is_string_dtype(converted["value"])
    assert notes == []


def test_numbers_with_thousands_separators_and_exponents_become_numbers() -> None:
    converted, notes = convert_column_types(_text(["1,234", " 2.5 ", "1e3", ".5", None, ""]))
    assert converted["value"].tolist()[:4] == [1234.0, 2.5, 1000.0, 0.5]
    assert converted["value"].isna().tolist()[4:] == [True, True]
    assert notes == ["column 'value' converted to numbers"]


def test_dates_with_empty_cells_parse_with_missing_values() -> None:
    values = [None if i % 7 == 0 else f"2021-03-{i % 28 + 1:02d}" for i in range(3_000)]
    converted, notes = convert_column_types(_text(values))
    column = converted["value"]
    assert pd.api.types.is_datetime64_any_dtype(column)
    assert column.isna().tolist() == [value is None for value in values]
    assert column.iloc[1] == pd.Timestamp("2021-03-02")
    assert notes == ["column 'value' parsed as dates"]


def test_day_first_dates_are_read_in_the_format_that_fits_every_value() -> None:
    values = [f"01/{i % 12 + 1:02d}/2020" for i in range(3_000)] + ["25/12/2020"]
    converted, _ = convert_column_types(_text(values))
    assert converted["value"].iloc[-1] == pd.Timestamp("2020-12-25")
    assert converted["value"].iloc[1] == pd.Timestamp("2020-02-01")


def test_a_bad_value_after_the_sample_keeps_the_column_as_text() -> None:
    for bad in ("2020-13-45", "not a date"):
        values = [f"2020-01-{i % 28 + 1:02d}" for i in range(3_000)] + [bad]
        converted, notes = convert_column_types(_text(values))
        assert converted["value"].tolist() == values
        assert notes == []
    numbers = [str(i) for i in range(3_000)] + ["n/a"]
    assert convert_column_types(_text(numbers))[0]["value"].tolist() == numbers


def test_a_column_whose_first_rows_are_empty_is_still_converted() -> None:
    values = [None] * 2_500 + ["2020-01-01", "2020-01-02"]
    converted, notes = convert_column_types(_text(values))
    assert converted["value"].iloc[-1] == pd.Timestamp("2020-01-02")
    assert notes == ["column 'value' parsed as dates"]
