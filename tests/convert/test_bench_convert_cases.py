"""The outsider benchmark's rules (bench/_cases_compare.py): argument mapping and comparison."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from _cases_compare import MappingFailedError, Param, compare, map_arguments

PARAMS = [Param(name="value", python_name="value"), Param(name="handle_", python_name="handle")]


def test_arguments_keep_their_names_and_follow_a_renamed_parameter() -> None:
    mapped, notes = map_arguments({"value": 1, "handle": "x"}, PARAMS)
    assert (mapped, notes) == ({"value": 1, "handle_": "x"}, ["handle→handle_"])


def test_positional_values_fill_the_parameters_not_named() -> None:
    mapped, notes = map_arguments({"*args": ["Fe2O3"], "handle": "x"}, PARAMS)
    assert (mapped, notes) == ({"value": "Fe2O3", "handle_": "x"}, ["handle→handle_", "*args→['value']"])


def test_a_positional_list_places_names_the_tool_does_not_have() -> None:
    params = [Param(name="a", python_name="a"), Param(name="b", python_name="b")]
    mapped, _notes = map_arguments({"output": "D", "fluid": "Water"}, params, positional=["output", "fluid"])
    assert mapped == {"a": "D", "b": "Water"}


def test_an_argument_with_no_parameter_is_refused_not_dropped() -> None:
    with pytest.raises(MappingFailedError):
        map_arguments({"units": "degF"}, PARAMS)
    with pytest.raises(MappingFailedError):
        map_arguments({"*args": [1, 2, 3]}, PARAMS)


def test_exact_keeps_json_types_apart() -> None:
    assert compare(1, 1.0, "exact") == (True, None)
    assert compare(True, 1, "exact") == (False, None)
    assert compare([1, "a"], [1, "a"], "exact") == (True, None)
    assert compare({"a": 1}, {"a": 1, "b": 2}, "exact") == (False, None)


def test_approx_is_relative_one_in_a_million_recursively() -> None:
    assert compare([1.0000001, {"x": 2.0}], [1.0, {"x": 2.0000015}], "approx") == (True, None)
    assert compare([1.00001], [1.0], "approx") == (False, None)
    assert compare(1e-13, 0.0, "approx") == (True, None)


def test_other_json_shapes_of_the_same_information_are_normalised_and_named() -> None:
    record = {"handle": "h$Version$x", "type": "semver.version.Version", "text": "1.2.3"}
    assert compare(record, "1.2.3", "exact") == (True, "handle text (semver.version.Version)")
    stamp = {"handle": "h$d$x", "type": "datetime.datetime", "text": "2025-04-20 10:00:00"}
    assert compare(stamp, "2025-04-20T10:00:00", "exact")[0]
    assert compare(1234.5, "1234.50", "exact") == (True, "number vs decimal string")
    assert compare({"x": 1, "y": 2}, [1, 2], "exact") == (True, "object values as list")


def test_a_tuple_of_decimals_is_compared_item_by_item() -> None:
    """blind9 decimaldegrees: ``decimal2dms(121.135)`` is ``(Decimal('121'), Decimal('8'),
    Decimal('6.000'))``, written ``["121", "8", "6.000"]`` in the case and served as ``[121, 8, 6]``: the
    same values, which the comparison of the whole list called wrong."""
    how = "items: number vs decimal string"
    assert compare([121, 8, 6], ["121", "8", "6.000"], "exact") == (True, how)
    assert compare([-121, 8.1], ["-121", "8.100"], "exact") == (True, how)
    assert compare([121, 8, 7], ["121", "8", "6.000"], "exact") == (False, how)  # a different value
    assert compare([121, "8", 6], ["121", "8", "6.000"], "exact") == (True, how)
    assert not compare([121, 8], ["121", "8", "6.000"], "exact")[0]


def test_contains_looks_in_strings_and_lists() -> None:
    assert compare("hello world", "world", "contains")[0]
    assert compare([1, 2], 2, "contains")[0]
    assert not compare([1, 2], 3, "contains")[0]
