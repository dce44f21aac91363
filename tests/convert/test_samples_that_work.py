"""Issue 26, samples that work: a library whose headline calls need what its authors wrote (array
doctests, a ``*args`` constructor shown in prose, a ``(*args, **kw)`` wrapper documenting its keywords,
an expression whose names come from a dict, a "give velocity" docstring, GeoJSON and a Protocol) is
converted for real (sandboxed analysis, generated service, samples through an MCP client), and each
tool is proven by the value its sample returned."""

from __future__ import annotations

from pathlib import Path

from mcpforge.config import MCPForgeConfig
from mcpforge.convert.pipeline import ConvertOptions, convert

FIELDLIB = r'''
"""fieldlib: headline functions whose samples must come from the library itself."""

from __future__ import annotations

import ast
from typing import Any, Protocol

import numpy as np

__all__ = ["GeoInterface", "Perm", "bbox", "distance", "evaluate", "kinetic", "sld", "Wavelet", "dwt"]


class GeoInterface(Protocol):
    """Anything with a ``__geo_interface__``."""

    @property
    def __geo_interface__(self) -> dict[str, Any]: ...


def bbox(shape: dict[str, Any] | GeoInterface) -> list[float]:
    """Bounding box of a GeoJSON polygon.

    Args:
        shape: The polygon, as a GeoJSON dictionary.

    Returns:
        List[float]: the box.
    """
    if shape.get("type") != "Polygon":
        raise ValueError("no 'type' field found in GeoJSON")
    xs = [p[0] for p in shape["coordinates"][0]]
    ys = [p[1] for p in shape["coordinates"][0]]
    return [min(xs), min(ys), max(xs), max(ys)]


class Perm:
    """A permutation of 1..n."""

    def __init__(self, *img: int) -> None:
        """Construct from the images: ``Perm(3, 1, 2)`` maps 1 to 3, 2 to 1 and 3 to 2."""
        self.img = [int(i) for i in img]

    def moved(self) -> list[int]:
        """The points the permutation moves.

        Returns
        -------
        list of int
        """
        return [i + 1 for i, v in enumerate(self.img) if v != i + 1]


def distance(a, b):
    """Euclidean distance of two 3-D points.

    Parameters
    ----------
    a : array_like
        First point.
    b : array_like
        Second point.

    Returns
    -------
    float

    Examples
    --------
    >>> import numpy as np
    >>> a = np.array([0.0, 3.0, 0.0])
    >>> b = np.array([4.0, 0.0, 0.0])
    >>> distance(a, b)  # doctest: +ELLIPSIS
    5.000...
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if a.shape != (3,) or b.shape != (3,):
        raise ValueError("expected two points of 3 coordinates")
    return float(np.linalg.norm(a - b))


def _sld(compound: str, *, density: float | None = None) -> float:
    assert density is not None, "scattering calculation needs density"
    if compound != "H2O":
        raise ValueError(f"not a valid chemical formula: {compound}")
    return 18.0 * density


def sld(*args, **kw):
    """Scattering length density of a compound.

    :Parameters:
        *compound* \: Formula initializer
            Chemical formula
        *density* \: float | g/cm^3
            Mass density

    :Returns:
        *sld* \: float
    """
    return _sld(*args, **kw)


def evaluate(ex: str, local_dict: dict | None = None) -> float:
    """Evaluate an arithmetic expression; its names come from ``local_dict``.

    >>> evaluate("a + 1")
    """
    tree = ast.parse(ex, mode="eval")
    names = local_dict or {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id not in names:
            raise KeyError(node.id)
    return float(eval(compile(tree, "<ex>", "eval"), {"__builtins__": {}}, dict(names)))


def kinetic(mass: float, velocity: float | None = None, time_of_fall: float | None = None) -> float:
    """Kinetic energy: give velocity, or time_of_fall (free fall)."""
    if velocity is not None:
        return 0.5 * mass * velocity**2
    if time_of_fall is not None:
        return 0.5 * mass * (9.81 * time_of_fall) ** 2
    raise ValueError("Correct or right values were not given to find kinetic energy.")


class Wavelet:
    """A wavelet, named like "db1"."""

    def __init__(self, name: str) -> None:
        if name not in {"db1", "db2"}:
            raise ValueError(f"unknown wavelet {name!r}")
        self.name = name


def dwt(data, wavelet):
    """One level of the discrete wavelet transform.

    Parameters
    ----------
    data : array_like
        Input signal.
    wavelet : Wavelet object or name
        Wavelet to use.

    Examples
    --------
    >>> (cA, cD) = dwt([1, 2, 3, 4, 5, 6], 'db1')
    """
    name = wavelet.name if isinstance(wavelet, Wavelet) else Wavelet(wavelet).name
    values = list(data)
    pairs = list(zip(values[::2], values[1::2], strict=True))
    return [[(x + y) / 2 for x, y in pairs], [(x - y) / 2 for x, y in pairs], name]
'''


def test_headline_tools_are_proven_with_samples_from_the_library(
    tmp_path: Path, forge_config: MCPForgeConfig
) -> None:
    package = tmp_path / "src" / "fieldlib"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(FIELDLIB, encoding="utf-8")
    report = convert(
        ConvertOptions(source=str(package), out_dir=tmp_path / "out", stage=False),
        forge_config,
        registry_root=None,
    )
    outcomes = {o.tool: o for o in report.outcomes}
    proof = {name: next(a for a in o.attempts if a.ok) for name, o in outcomes.items() if o.passed}
    failed = {name: o.dropped_reason for name, o in outcomes.items() if not o.passed}
    # A Protocol is a type, not a tool; the GeoJSON polygon comes from the parameter's documentation.
    assert "GeoInterface" not in outcomes
    assert proof["bbox"].arguments["shape"]["type"] == "Polygon", failed
    # Arrays written as np.array([...]) in the doctest, checked against the digits it shows.
    assert proof["distance"].source == "example", failed
    assert proof["distance"].result == 5.0
    # The *args constructor takes its values as one array, from the call its docstring's prose shows;
    # the method is proven on that object (the identity ``Perm()`` would move nothing: no proof).
    assert proof["Perm_moved"].result == [1, 2, 3], failed
    assert proof["Perm"].arguments == {"img": [3, 1, 2]}
    # The (*args, **kw) wrapper's documented parameters; "needs density" fills the optional one.
    assert proof["sld"].arguments["compound"] == "H2O", failed
    assert "density" in proof["sld"].arguments
    # The expression's names come from the dictionary parameter.
    assert proof["evaluate"].arguments["local_dict"] == {"a": 2.0}, failed
    assert proof["evaluate"].result == 3.0
    # "give velocity": the None-defaulted parameter the docstring names.
    assert "velocity" in proof["kinetic"].arguments, failed
    # "Wavelet object or name": the name its doctest passes.
    assert proof["dwt"].arguments["wavelet"] == "db1", failed
