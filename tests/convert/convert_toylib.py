"""The toy library the converter's tests and the bench's smoke mode convert (written into a tmp dir)."""

from __future__ import annotations

import textwrap
from pathlib import Path

TOYLIB = '''
"""toylib: a small library for the converter's tests."""

from __future__ import annotations

import enum
import socket

import numpy as np

__all__ = [
    "Color",
    "Counter",
    "add",
    "complex_abs",
    "explode",
    "mean_of",
    "needs_socket",
    "paint",
    "scale_array",
    "slow_echo",
]


def add(a: int, b: int = 2) -> int:
    """Add two integers.

    Examples:
        >>> add(2, 3)
        5
    """
    return a + b


def mean_of(values: list[float]) -> float:
    """Arithmetic mean of the values.

    >>> mean_of([1.0, 2.0, 3.0])
    2.0
    """
    return sum(values) / len(values)


def scale_array(x, factor=2.0):
    """Multiply every element of an array.

    Parameters
    ----------
    x : array_like
        The values.
    factor : float, optional
        The multiplier.

    Returns
    -------
    ndarray
        ``x * factor``.
    """
    return np.asarray(x) * factor


class Color(enum.Enum):
    RED = "red"
    GREEN = "green"


def paint(color: Color) -> str:
    """The value of a colour."""
    return color.value


def complex_abs(z: complex) -> float:
    """Modulus of a complex number."""
    return abs(z)


class Counter:
    """A counter that starts somewhere.

    >>> c = Counter(5)
    >>> c.increment(2)
    7
    """

    def __init__(self, start: int = 0) -> None:
        self.count = start

    def increment(self, by: int = 1) -> int:
        """Add ``by`` and return the new count."""
        self.count += by
        return self.count


def explode(n: int) -> int:
    """Always raises (a library bug).

    >>> explode(1)
    """
    raise ValueError(f"boom {n}")


def needs_socket(sock: socket.socket) -> int:
    """Takes a value that has no JSON form."""
    return sock.fileno()


def slow_echo(text: str) -> str:
    """Echo text."""
    return text


def hidden_by_all() -> int:
    """Not in __all__, so not public."""
    return 1
'''


def write_toylib(root: Path) -> Path:
    """A plain package folder ``root/toylib``; returns the package directory."""
    package = root / "toylib"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text(textwrap.dedent(TOYLIB).lstrip(), encoding="utf-8")
    return package
