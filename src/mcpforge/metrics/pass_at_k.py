"""pass@k (requirements 4.5): the chance that at least one of k sampled candidates is correct.

The requirements give ``1 - C(n-c, k) / C(n, k)`` with factorials, which overflows floats for n in the
hundreds. The same value is the product form of the unbiased estimator (Chen et al., 2021)::

    1 - prod_{i=n-c+1}^{n} (1 - k / i)

which needs only c multiplications of numbers in [0, 1] and stays finite for any n.
"""

from __future__ import annotations

from collections.abc import Iterable

from mcpforge.exceptions import InvalidArgumentError

DEFAULT_K_VALUES: tuple[int, ...] = (1, 5, 10)


def pass_at_k(n: int, c: int, k: int) -> float:
    """pass@k for one k.

    Args:
        n: Candidates generated.
        c: Candidates that passed validation.
        k: Candidates considered.

    Returns:
        The probability in [0, 1]. ``c == 0`` gives 0.0. ``n - c < k`` gives 1.0 (every draw of k holds a
        correct candidate); this also covers ``k > n`` with ``c > 0``, read as "all n candidates", as the
        requirements' formula does.

    Raises:
        InvalidArgumentError: ``n < 0``, ``c`` outside ``[0, n]`` or ``k < 1``.
    """
    if n < 0:
        raise InvalidArgumentError(f"n must be >= 0, got {n!r}", argument="n")
    if not 0 <= c <= n:
        raise InvalidArgumentError(f"c must be between 0 and n={n!r}, got {c!r}", argument="c")
    if k < 1:
        raise InvalidArgumentError(f"k must be >= 1, got {k!r}", argument="k")
    if c == 0:
        return 0.0
    if n - c < k:
        return 1.0
    if k == 1:
        # The estimator is exactly c / n here; dividing directly avoids the product's rounding.
        return c / n
    # Multiplying from i = n downwards keeps the result monotone in c even after rounding: one more
    # correct candidate multiplies the same partial product by one more factor <= 1.
    miss = 1.0
    for i in range(n, n - c, -1):
        miss *= 1.0 - k / i
    return min(1.0, max(0.0, 1.0 - miss))


def calculate_pass_at_k(n: int, c: int, k_values: Iterable[int] = DEFAULT_K_VALUES) -> dict[int, float]:
    """pass@k for several k (requirements 4.5), e.g. ``{1: 0.3, 5: 0.917, 10: 1.0}`` for n=10, c=3.

    Args:
        n: Candidates generated.
        c: Candidates that passed validation.
        k_values: The k to report.

    Raises:
        InvalidArgumentError: see :func:`pass_at_k`.
    """
    return {k: pass_at_k(n, c, k) for k in k_values}
