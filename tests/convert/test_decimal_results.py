"""A library's Decimal result keeps its exact value (issue 26: a geohash decoder's digits were rounded)."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from mcpforge.convert import _service_runtime as rt


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (Decimal("70.2994537353515625"), "70.2994537353515625"),  # a float would print 70.29945373535156
        (Decimal("-27.9993438720703125"), "-27.9993438720703125"),
        (Decimal("0.1"), 0.1),  # reads back as the same decimal: a number
        (Decimal("2.50"), 2.5),
        (Decimal("42"), 42),
        (Decimal("NaN"), "NaN"),
        (Decimal("-Infinity"), "-Infinity"),
    ],
)
def test_a_decimal_is_a_number_only_when_the_number_reads_back_as_it(
    value: Decimal, expected: object
) -> None:
    result = rt.to_json(value)
    assert result == expected and type(result) is type(expected)
    json.dumps(result)  # always JSON
    assert Decimal(str(result)) == value or not value.is_finite()


def test_decimals_inside_a_result_keep_their_digits() -> None:
    assert rt.to_json((Decimal("70.2994537353515625"), Decimal("1.5"))) == ["70.2994537353515625", 1.5]
