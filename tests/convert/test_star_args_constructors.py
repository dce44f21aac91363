"""Issue 26, constructors taking ``*args`` (pyquaternion's ``Quaternion(*args, **kwargs)``): every method
tool was dropped because the object its constructor built came back as a number. The object has
``__float__`` and ``__int__`` (its scalar part), so the runtime answered ``Quaternion(axis=[0, 0, 1],
angle=pi/2)`` with 0.707 (a wrong value, the vector part lost) and the identity with 1, and the
methods were then called on that number. An object with components (indexable) is now a handle, and a
parameter documented as "a 3-vector" / "a sequence of 3 numbers" gets three numbers. Real sandboxed
analysis of a package written here, the real service runtime."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pytest
from readme_packages import first_passing, readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.samples.typed_values import typed_value
from mcpforge.convert.select import ToolPlan, select

_INIT = '''
"""Rotations as four numbers, in miniature."""
import math


class Quat:
    """A quaternion: Quat(w, x, y, z), Quat(axis=..., angle=...), or Quat() for no rotation."""

    def __init__(self, *args, **kwargs):
        if args:
            self.q = [float(v) for v in (args[0] if len(args) == 1 else args)]
        elif "axis" in kwargs:
            half = kwargs.get("angle", 0.0) / 2
            x, y, z = kwargs["axis"]
            norm = math.sqrt(x * x + y * y + z * z)
            s = math.sin(half) / norm
            self.q = [math.cos(half), x * s, y * s, z * s]
        else:
            self.q = [1.0, 0.0, 0.0, 0.0]
        if len(self.q) != 4:
            raise ValueError("four numbers")

    def __float__(self):
        return self.q[0]

    def __int__(self):
        return int(self.q[0])

    def __eq__(self, other):
        q = other.q if isinstance(other, Quat) else [float(other), 0.0, 0.0, 0.0]
        return all(abs(a - b) < 1e-12 for a, b in zip(self.q, q))

    def __getitem__(self, index):
        return self.q[index]

    def rotate(self, vector):
        """Rotate a vector.

        Params:
            vector: A 3-vector given as any ordered sequence of 3 real numbers.
        """
        x, y, z = (float(v) for v in vector)
        w, a, b, c = self.q
        # v' = v + 2w (u x v) + 2 u x (u x v), u = (a, b, c)
        cx, cy, cz = b * z - c * y, c * x - a * z, a * y - b * x
        dx, dy, dz = b * cz - c * cy, c * cx - a * cz, a * cy - b * cx
        return [x + 2 * (w * cx + dx), y + 2 * (w * cy + dy), z + 2 * (w * cz + dz)]

    def is_unit(self, tolerance=1e-14):
        """Whether the quaternion has length 1."""
        return abs(math.sqrt(sum(v * v for v in self.q)) - 1.0) < tolerance
'''


@pytest.fixture
def quatlib(tmp_path: Path) -> Iterator[Path]:
    with readme_package(tmp_path, "quatlib", _INIT, "README.md", "# quatlib\n\nRotations.\n") as package:
        yield package


def _plans(package: Path, config: MCPForgeConfig) -> dict[str, ToolPlan]:
    analysis = analyse(acquire(str(package)), "quatlib", config=config.sandbox)
    return {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="quatlib").plans}


def test_an_object_with_components_is_a_handle_not_its_scalar_part(
    quatlib: Path, convert_config: MCPForgeConfig
) -> None:
    plans = _plans(quatlib, convert_config)
    service = {"library": "quatlib"}
    built = rt.call(
        plans["Quat"].runtime_plan(),
        {"kwargs": {"axis": [0, 0, 1], "angle": math.pi / 2}},
        service,
    )["result"]
    assert isinstance(built, dict) and "handle" in built  # not 0.7071..., the scalar part alone
    rotated = rt.call(
        plans["Quat_rotate"].runtime_plan(), {"handle": built["handle"], "vector": [1, 0, 0]}, service
    )["result"]
    assert rotated == pytest.approx([0.0, 1.0, 0.0], abs=1e-12)
    identity = rt.call(plans["Quat"].runtime_plan(), {}, service)["result"]
    assert isinstance(identity, dict) and "handle" in identity


def test_methods_of_a_star_args_class_are_proven_on_an_object_it_builds(
    quatlib: Path, convert_config: MCPForgeConfig
) -> None:
    plans = _plans(quatlib, convert_config)
    steps, answer = first_passing(plans["Quat_rotate"], plans, "quatlib")
    assert [s["tool"] for s in steps] == ["Quat", "Quat_rotate"]
    vector = steps[-1]["arguments"]["vector"]
    assert len(vector) == 3
    assert isinstance(answer, list) and len(answer) == 3
    steps, answer = first_passing(plans["Quat_is_unit"], plans, "quatlib")
    assert answer is True


def test_a_parameter_documented_with_its_length_gets_that_many_numbers() -> None:
    assert len(typed_value("vector", {}, False, doc="A 3-vector of x, y and z")) == 3
    assert len(typed_value("q", {}, False, doc="any sequence of 4 real numbers")) == 4
    assert len(typed_value("point", {}, False, doc_type="array_like, shape (2,)")) == 2
    assert len(typed_value("values", {}, False, doc="array_like of numbers")) == 4  # no length said
    assert not isinstance(typed_value("code", {}, False, doc="a string of length 3"), list)
