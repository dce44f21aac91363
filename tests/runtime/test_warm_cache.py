"""The warm template's parsed-file cache (runtime/_warm_cache.py): used only for this very file, these
arguments and these limits; every caller gets its own copy."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from mcpforge.runtime import _warm_cache, configure, load_csv_data_with_types, reset_configuration

ROWS = "region,amount,when\nNorth,1,2024-01-02\nSouth,2,2024-02-03\nNorth,3,2024-03-04\n"


def _arguments(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "auto_expand_json": True, "max_rows": None, "delimiter": None, "encoding": None,
        "convert_types": True, "columns": None, "sheet": None, "table": None,
    }  # fmt: skip
    return {**base, **changes}


@pytest.fixture
def data(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "rows.csv"
    path.write_text(ROWS, encoding="utf-8")
    configure(allowed_read_paths=[str(tmp_path)])
    yield path
    _warm_cache._entries.clear()
    reset_configuration()


def test_a_remembered_parse_is_handed_out_as_an_equal_independent_copy(data: Path) -> None:
    assert _warm_cache.remember(str(data), _arguments(), load_csv_data_with_types)
    first = load_csv_data_with_types(str(data))
    first.loc[0, "amount"] = 100
    first.attrs["mcpforge_notes"].append("changed by a caller")
    second = load_csv_data_with_types(str(data))
    _warm_cache._entries.clear()
    fresh = load_csv_data_with_types(str(data))
    assert second.equals(fresh) and second.attrs == fresh.attrs
    assert str(second["when"].dtype).startswith("datetime64")


def test_a_file_changed_in_place_is_parsed_again(data: Path) -> None:
    assert _warm_cache.remember(str(data), _arguments(), load_csv_data_with_types)
    with data.open("a", encoding="utf-8") as handle:  # same inode, new size and times
        handle.write("East,4,2024-04-05\n")
    assert _warm_cache.lookup(str(data), _arguments()) is None
    assert len(load_csv_data_with_types(str(data))) == 4


def test_other_arguments_or_other_limits_never_get_the_remembered_frame(data: Path) -> None:
    assert _warm_cache.remember(str(data), _arguments(), load_csv_data_with_types)
    assert _warm_cache.lookup(str(data), _arguments(columns=["region"])) is None
    assert _warm_cache.lookup(str(data), _arguments(max_rows=1)) is None
    configure(max_rows=2)
    assert _warm_cache.lookup(str(data), _arguments()) is None


def test_files_past_the_size_cap_are_not_kept(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_warm_cache, "MAX_FILE_BYTES", 10)
    assert not _warm_cache.remember(str(data), _arguments(), load_csv_data_with_types)
    assert _warm_cache.lookup(str(data), _arguments()) is None


@pytest.mark.parametrize(
    "reported",
    [
        None,
        "columns",
        {**_arguments(), "extra": 1},
        {k: v for k, v in _arguments().items() if k != "sheet"},
        _arguments(max_rows="10"),
        _arguments(columns="region"),
        _arguments(columns=[1, 2]),
        _arguments(auto_expand_json=1),
    ],
)
def test_a_load_a_call_reports_is_used_only_when_it_names_loader_arguments_of_the_right_types(
    reported: Any,
) -> None:
    assert not _warm_cache.well_formed(reported)


def test_a_well_formed_report_is_accepted() -> None:
    assert _warm_cache.well_formed(_arguments(columns=["region", "amount"], max_rows=5, delimiter=";"))
