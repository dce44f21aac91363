"""pass@k: the stable estimator equals the factorial formula and behaves at the edges."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mcpforge.exceptions import InvalidArgumentError
from mcpforge.metrics import calculate_pass_at_k, pass_at_k


def _exact(n: int, c: int, k: int) -> float:
    if n - c < k:
        return 1.0
    return float(1 - Fraction(math.comb(n - c, k), math.comb(n, k)))


def test_reference_values_of_the_issue_hold_to_1e_7() -> None:
    assert calculate_pass_at_k(10, 3, [5])[5] == pytest.approx(0.9166667, abs=1e-7)
    assert calculate_pass_at_k(200, 37, [10])[10] == pytest.approx(0.8773746, abs=1e-7)


def test_requirements_example_ten_candidates_eight_correct() -> None:
    scores = calculate_pass_at_k(n=10, c=8, k_values=[1, 5])
    assert scores[1] == 0.8
    assert scores[5] > 0.95


def test_default_k_values_are_one_five_and_ten() -> None:
    assert set(calculate_pass_at_k(20, 4)) == {1, 5, 10}


def test_stable_estimator_equals_the_binomial_formula_on_a_grid() -> None:
    for n in range(1, 41):
        for c in range(n + 1):
            for k in range(1, n + 1):
                assert pass_at_k(n, c, k) == pytest.approx(_exact(n, c, k), abs=1e-12), (n, c, k)


def test_large_n_stays_finite_and_matches_exact_arithmetic() -> None:
    value = pass_at_k(5000, 40, 100)
    assert math.isfinite(value)
    assert value == pytest.approx(_exact(5000, 40, 100), abs=1e-9)
    assert 0.999 < pass_at_k(100_000, 50_000, 1000) <= 1.0


def test_no_correct_candidate_gives_zero_even_when_k_exceeds_n() -> None:
    assert pass_at_k(10, 0, 5) == 0.0
    assert pass_at_k(3, 0, 10) == 0.0
    assert pass_at_k(0, 0, 1) == 0.0


def test_fewer_wrong_candidates_than_k_gives_one() -> None:
    assert pass_at_k(10, 7, 5) == 1.0
    assert pass_at_k(3, 1, 10) == 1.0  # k > n reads as "all n candidates"


@pytest.mark.parametrize(("n", "c", "k"), [(-1, 0, 1), (5, 6, 1), (5, -1, 1), (5, 2, 0)])
def test_invalid_arguments_are_rejected(n: int, c: int, k: int) -> None:
    with pytest.raises(InvalidArgumentError):
        pass_at_k(n, c, k)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 3000), st.data())
def test_pass_at_k_is_monotone_in_k_and_in_c(n: int, data: st.DataObject) -> None:
    c = data.draw(st.integers(0, n))
    k = data.draw(st.integers(1, n))
    value = pass_at_k(n, c, k)
    assert 0.0 <= value <= 1.0
    if k < n:
        assert pass_at_k(n, c, k + 1) >= value
    if c < n:
        assert pass_at_k(n, c + 1, k) >= value
