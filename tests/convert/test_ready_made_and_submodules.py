"""What the analysis could not see (issue 26, fresh blind set): ready-made instances of a class
(``Geodesic.WGS84``) are handles a method tool uses without constructing;
a name whose lazy import fails is skipped and said, not the end of the analysis; a public submodule
reached only as an attribute of the package (``pkg.linalg`` bound to a private module) is analysed under
that name and its functions called through it. Real sandboxed analysis of a package written here, and
the real service runtime."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.samples import samples_for
from mcpforge.convert.select import select

_FILES = {
    "__init__.py": '''
        """Geodesy in miniature."""
        from geolib.geodesic import Geodesic
        from geolib import _linalg_impl as linalg

        __all__ = ["Geodesic", "fancy", "linalg"]


        def __getattr__(name):
            if name == "fancy":
                import geolib_missing_optional_dependency  # noqa: F401 - not installed
            raise AttributeError(name)
        ''',
    "geodesic.py": '''
        class Geodesic:
            """An ellipsoid; ``Geodesic.WGS84`` is the one most people want.

            >>> Geodesic.WGS84.Inverse(0.0, 0.0, 0.0, 90.0)
            """

            def __init__(self, a, f):
                self.a, self.f = a, f

            def Inverse(self, lat1: float, lon1: float, lat2: float, lon2: float) -> dict:
                """Distance between two points (a toy formula of the equatorial radius)."""
                return {"s12": self.a * abs(lon2 - lon1) / 90.0, "a": self.a}


        Geodesic.WGS84 = Geodesic(6378137.0, 1 / 298.257223563)
        Geodesic.SPHERE = Geodesic(6371000.0, 0.0)
        default = Geodesic(1000.0, 0.0)
        ''',
    "_linalg_impl.py": '''
        def solve(a: float, b: float) -> float:
            """The x of ``a * x = b``."""
            return b / a
        ''',
}


@pytest.fixture
def geolib(tmp_path: Path) -> Iterator[Path]:
    package = tmp_path / "src" / "geolib"
    package.mkdir(parents=True)
    for name, text in _FILES.items():
        (package / name).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    sys.path.insert(0, str(package.parent))
    yield package
    sys.path.remove(str(package.parent))
    for name in [m for m in sys.modules if m == "geolib" or m.startswith("geolib.")]:
        del sys.modules[name]


def test_ready_made_instances_serve_a_method_without_a_constructed_object(
    geolib: Path, convert_config: MCPForgeConfig
) -> None:
    analysis = analyse(acquire(str(geolib)), "geolib", config=convert_config.sandbox)
    geodesic = next(c for c in analysis.callables if c.public_path == "geolib.Geodesic")
    assert geodesic.instances == {"WGS84": "geolib:Geodesic.WGS84", "SPHERE": "geolib:Geodesic.SPHERE"}
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="geolib").plans}
    # A module-level instance is its own tool, bound to it (test_module_level_objects.py).
    assert plans["default_Inverse"].target == "geolib.geodesic:default.Inverse"
    inverse = plans["Geodesic_Inverse"]
    assert inverse.input_schema["properties"]["instance"]["default"] == "WGS84"
    assert "handle" not in inverse.input_schema["required"]
    # The sample needs no constructor (whose a, f no type says): the documented instance answers.
    first = samples_for(inverse, plans, expressions=False)[0]
    assert "handle" not in first.final.arguments
    service = {"library": "geolib"}
    args = {"lat1": 0.0, "lon1": 0.0, "lat2": 0.0, "lon2": 90.0}
    assert rt.call(inverse.runtime_plan(), args, service)["result"]["a"] == 6378137.0
    sphere = rt.call(inverse.runtime_plan(), {**args, "instance": "SPHERE"}, service)
    assert sphere["result"]["a"] == 6371000.0
    with pytest.raises(rt.ToolFailedError, match="unknown instance"):
        rt.call(inverse.runtime_plan(), {**args, "instance": "os"}, service)


def test_a_failing_lazy_import_is_skipped_and_an_attribute_submodule_is_seen(
    geolib: Path, convert_config: MCPForgeConfig
) -> None:
    analysis = analyse(acquire(str(geolib)), "geolib", config=convert_config.sandbox)
    assert "ModuleNotFoundError" in analysis.module_errors["geolib.fancy"]
    paths = {c.public_path for c in analysis.callables}
    assert "geolib.linalg.solve" in paths
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="geolib").plans}
    solve = next(p for p in plans.values() if p.public_path == "geolib.linalg.solve")
    assert rt.call(solve.runtime_plan(), {"a": 2.0, "b": 8.0}, {"library": "geolib"})["result"] == 4.0
