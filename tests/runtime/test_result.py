"""table_result: whatever a compute function returns becomes one markdown answer with a JSON footer."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from mcpforge.exceptions import DataError
from mcpforge.footer import parse_output_footer
from mcpforge.runtime import as_table, table_result


def _footer(value: object) -> dict[str, object]:
    data = parse_output_footer(table_result(value, title="Answer", rows_processed=7))
    assert data is not None
    return data


def test_a_grouped_series_becomes_key_and_value_columns() -> None:
    series = pd.DataFrame({"g": ["a", "b", "a"], "v": [1, 2, 3]}).groupby("g")["v"].sum()
    data = _footer(series)
    assert data["result"] == {"columns": ["g", "v"], "rows": [["a", 4], ["b", 2]]}
    assert data["rows_processed"] == 7


def test_a_frame_with_a_multiindex_and_nan_is_flat_and_json_safe() -> None:
    frame = pd.DataFrame({"g": ["a", "a"], "h": [1, 2], "v": [np.nan, 2.5]}).set_index(["g", "h"])
    data = _footer(frame)
    assert data["result"] == {"columns": ["g", "h", "v"], "rows": [["a", 1, None], ["a", 2, 2.5]]}


def test_dates_periods_and_numpy_scalars_are_plain_json() -> None:
    frame = pd.DataFrame(
        {
            "day": pd.to_datetime(["2024-01-02"]),
            "month": pd.PeriodIndex(["2024-01"], freq="M"),
            "n": [np.int64(3)],
        }
    )
    data = _footer(frame)
    assert data["result"] == {
        "columns": ["day", "month", "n"],
        "rows": [["2024-01-02T00:00:00", "2024-01", 3]],
    }


def test_a_single_value_and_an_empty_answer() -> None:
    assert _footer(np.float64(1.5))["result"] == {"columns": ["value"], "rows": [[1.5]]}
    empty = table_result(pd.DataFrame({"g": []}), title="Answer", rows_processed=0)
    assert "No rows" in empty


def test_duplicate_and_tuple_column_names_are_made_unique() -> None:
    frame = pd.DataFrame(
        [[1, 2, 3]], columns=pd.MultiIndex.from_tuples([("v", "sum"), ("v", "mean"), ("v", "sum")])
    )
    assert list(as_table(frame).columns) == ["v_sum", "v_mean", "v_sum_2"]


def test_a_long_answer_is_cut_with_its_full_length_in_the_footer() -> None:
    data = _footer(pd.DataFrame({"n": range(5_000)}))
    assert data["rows_returned"] == 5_000
    assert len(data["result"]["rows"]) == 1_000  # type: ignore[index]


def test_something_that_is_not_a_table_is_a_data_error() -> None:
    with pytest.raises(DataError, match="returned a list"):
        as_table([[1, 2]])


def test_row_positions_are_dropped_and_unnamed_labels_kept_as_key() -> None:
    shuffled = pd.DataFrame({"g": ["a", "b"], "n": [1, 2]}).sort_values("n", ascending=False)
    assert _footer(shuffled)["result"] == {"columns": ["g", "n"], "rows": [["b", 2], ["a", 1]]}
    labelled = pd.Series({"x": 1, "y": 2})
    assert _footer(labelled)["result"] == {"columns": ["key", "value"], "rows": [["x", 1], ["y", 2]]}
