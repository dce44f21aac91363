"""The runtime shipped in every converted package: handles, safe expressions, JSON results."""

from __future__ import annotations

from collections.abc import Iterator, MutableSet

import numpy as np
import pytest

from mcpforge.convert import _service_runtime as rt


def test_expressions_with_attributes_dunders_or_statements_are_refused() -> None:
    for text in ["x.__class__", "__import__('os')", "(lambda: 1)()", "x[0]", "a.b(1)", "import os"]:
        with pytest.raises(rt.AdapterError):
            rt.check_expression(text)
    rt.check_expression("x**2 - 1 + sin(y) * 3")


def test_results_become_json_and_objects_become_handles() -> None:
    class Thing:
        def __str__(self) -> str:
            return "a thing"

    assert rt.to_json(np.array([[1, 2], [3, 4]])) == [[1, 2], [3, 4]]
    assert rt.to_json(2 + 3j) == {"real": 2.0, "imag": 3.0}
    assert rt.to_json(x for x in range(3)) == [0, 1, 2]
    assert rt.to_json({1: {2, 1}}) == {"1": [1, 2]}
    assert rt.to_json({"a": 1}.keys()) == ["a"]
    # A library's own set type (deepdiff's SetOrdered) is its members in its order, not a handle.
    assert rt.to_json(_OrderedSet(["b", "a"])) == ["b", "a"]
    assert rt.to_json(float("inf")) == "inf"
    record = rt.to_json(Thing())
    assert record["text"] == "a thing"
    assert isinstance(rt.HANDLES.get(record["handle"]), Thing)
    assert rt.release(record["handle"])["result"]["released"] is True
    with pytest.raises(rt.AdapterError):
        rt.HANDLES.get(record["handle"])


def test_arguments_are_adapted_and_handles_resolved() -> None:
    handle = rt.HANDLES.put(object())
    assert rt.adapt_argument("g", handle, {"kind": "handle"}, {}) is rt.HANDLES.get(handle)
    assert rt.adapt_argument("z", {"real": 1.0, "imag": -1.0}, {"kind": "complex"}, {}) == 1 - 1j
    assert rt.adapt_argument("x", [[1, 2]], {"kind": "ndarray"}, {}).shape == (1, 2)


def test_a_dataframe_path_outside_the_allowed_roots_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path
) -> None:
    monkeypatch.setenv("MCPFORGE_ALLOWED_ROOTS", str(tmp_path / "allowed"))
    with pytest.raises(rt.AdapterError):
        rt.adapt_argument("df", "/etc/passwd", {"kind": "dataframe"}, {})


def test_a_failing_library_call_names_its_phase() -> None:
    plan = {
        "target": "math:sqrt",
        "kind": "function",
        "params": [{"name": "x", "adapter": {"kind": "json"}, "positional_only": True}],
    }
    assert rt.call(plan, {"x": 4.0}, {})["result"] == 2.0
    with pytest.raises(rt.ToolFailedError) as caught:
        rt.call(plan, {"x": -1.0}, {})
    assert (caught.value.phase, caught.value.error_type) == ("call", "ValueError")


class _OrderedSet(MutableSet[str]):
    """An insertion-ordered set as libraries write them (collections.abc, not a builtin set)."""

    def __init__(self, items: list[str]) -> None:
        self._items = dict.fromkeys(items)

    def __contains__(self, item: object) -> bool:
        return item in self._items

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def add(self, value: str) -> None:
        self._items[value] = None

    def discard(self, value: str) -> None:
        self._items.pop(value, None)


def test_dates_inside_a_result_are_iso_text_and_a_date_result_is_a_handle_with_iso_text() -> None:
    import datetime

    stamp = datetime.datetime(1979, 5, 27, 7, 32, tzinfo=datetime.timezone(datetime.timedelta(hours=-8)))
    # A parsed document's dates (toml.loads): ISO 8601 text, not a handle a person cannot read.
    assert rt.to_json({"owner": {"dob": stamp}, "days": [datetime.date(2024, 2, 29)]}) == {
        "owner": {"dob": "1979-05-27T07:32:00-08:00"},
        "days": ["2024-02-29"],
    }
    whole = rt.to_json(datetime.time(7, 32))
    assert whole["text"] == "07:32:00" and whole["type"] == "datetime.time" and "handle" in whole
