"""Category values spelled like English words ("HI", "OR", "IN", "ME") are never dropped as grammar.

The value finder skips "in", "or", "hi" as words; when the data has them as codes and the request writes
them in the data's capitals, a reading without that condition would answer over every row (a wrong answer
that looks validated). Such a reading is refused, naming the code; other codes still filter as before.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent


@pytest.fixture(scope="module")
def schema(tmp_path_factory: pytest.TempPathFactory) -> DatasetSchema:
    path = Path(tmp_path_factory.mktemp("codes")) / "stations.csv"
    states = ["HI", "OR", "IN", "ME", "OK", "TX", "WA", "CA"] * 5
    pd.DataFrame(
        {"state": states, "elevation": range(len(states)), "name": [f"s{i}" for i in range(len(states))]}
    ).to_csv(path, index=False)
    return DatasetSchema.from_file(path)


@pytest.mark.parametrize(
    ("request_text", "code"),
    [
        ("mean elevation of the stations in HI", "HI"),
        ("maximum elevation per state for WA, OR and CA", "OR"),
        ("how many stations are in IN?", "IN"),
        ("average elevation in Maine (ME)", "ME"),
        ("total elevation of the OK stations", "OK"),
    ],
)
def test_a_code_that_is_also_a_word_is_never_silently_dropped(
    schema: DatasetSchema, request_text: str, code: str
) -> None:
    try:
        intent = extract_intent(request_text, schema)
    except UnmappableRequestError as exc:
        assert repr(code) in str(exc)
        return
    values = {str(v) for f in intent.filters for v in (f.value if isinstance(f.value, list) else [f.value])}
    assert code in values, intent.filters  # read, or refused: never answered over every row


def test_ordinary_codes_and_lowercase_words_still_read_as_before(schema: DatasetSchema) -> None:
    intent = extract_intent("mean elevation of the stations in TX", schema)
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("state", "==", "TX")]
    grouped = extract_intent("mean elevation per state", schema)
    assert grouped.group_by == ["state"] and grouped.filters == []
