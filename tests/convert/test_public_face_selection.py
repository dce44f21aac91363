"""Selection follows the library's public face (issue 26, "analysed, not selected" on the test half:
pvlib, scikit-learn, pint, numpy). With a tight ``--max-tools`` the headline callables are kept and
these are pushed down:

- network clients (an ``api_key``, a login, an endpoint defaulting to ``https://``: pvlib's 50
  ``iotools.get_*`` outranked ``atmosphere.get_relative_airmass`` on their long docstrings);
- the library's own test helpers (``numpy.testing.assert_equal``, ``pint.testsuite``);
- a method documented to return ``self`` (scikit-learn's ``fit``): ``fit_transform`` answers;
- a method repeating a top-level function (``numpy.ndarray.sum`` beside ``numpy.sum``).

Modules directly below the package are areas of their own (``pvlib.atmosphere`` no longer shares
``core`` with 300 others), and test suites shipped inside subpackages (``sklearn/metrics/tests``,
``pint/testsuite``) count as the library's usage. Real sandboxed analysis of a package written here.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator

import pytest

from mcpforge.config import MCPForgeConfig
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.models import Analysis
from mcpforge.convert.select import select

_FILES = {
    "__init__.py": '''
        """Sun and panels, in miniature."""
        from solarmini import atmosphere, iotools, testing
        from solarmini.models import Scaler, total

        __all__ = ["Scaler", "atmosphere", "iotools", "testing", "total"]
        ''',
    "atmosphere.py": '''
        """The atmosphere."""
        import math


        def relative_airmass(zenith: float) -> float:
            """Relative airmass at a solar zenith angle in degrees."""
            return 1.0 / math.cos(math.radians(zenith))


        def alt2pres(altitude: float) -> float:
            """Air pressure in Pa at an altitude in metres."""
            return 100 * ((44331.514 - altitude) / 11880.516) ** (1 / 0.1902632)
        ''',
    "iotools.py": "".join(
        f'''
def get_source{i}(
    latitude: float, longitude: float, api_key: str = "DEMO", url: str = "https://example.org/{i}"
) -> dict:
    """Weather from the source {i} service.

    Examples
    --------
    >>> get_source{i}(45.0, 7.0, api_key="KEY")
    {{'ghi': 800}}
    """
    raise RuntimeError("no network")
'''
        for i in range(6)
    ),
    "testing.py": "".join(
        f'''
def assert_close{i}(actual: float, desired: float) -> None:
    """Raise when ``actual`` differs from ``desired``.

    Examples
    --------
    >>> assert_close{i}(1.0, 1.0)
    """
    assert abs(actual - desired) < 1e-9
'''
        for i in range(4)
    ),
    "models/__init__.py": '''
        """Scaling."""


        def total(values: list) -> float:
            """The sum of ``values``."""
            return float(sum(values))


        class Scaler:
            """Scales values to unit range."""

            def __init__(self, factor: float = 1.0) -> None:
                self.factor = factor

            def fit(self, values: list) -> "Scaler":
                """Learn the range.

                Returns
                -------
                self : object
                    The fitted scaler.
                """
                self.low, self.high = min(values), max(values)
                return self

            def fit_transform(self, values: list) -> list:
                """Learn the range and scale ``values`` to it."""
                self.fit(values)
                return [(v - self.low) / (self.high - self.low) for v in values]

            def total(self, values: list) -> float:
                """The sum of ``values``, scaled."""
                return self.factor * sum(values)

            def spread_of(self, values: list) -> float:
                """The spread of ``values``."""
                return float(max(values) - min(values))
        ''',
    "models/tests/__init__.py": "",
    "models/tests/test_scaler.py": """
        from solarmini.models import Scaler


        def test_spread():
            assert Scaler().spread_of([1, 2]) == 1
            assert Scaler().spread_of([1, 3]) == 2
            assert Scaler().spread_of([0, 5]) == 5
        """,
}


@pytest.fixture(scope="module")
def analysis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Analysis]:
    repo = tmp_path_factory.mktemp("public_face") / "repo"
    for relative, text in _FILES.items():
        path = repo / "solarmini" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    (repo / "README.md").write_text("# solarmini\n", encoding="utf-8")
    sys.path.insert(0, str(repo))
    try:
        config = MCPForgeConfig()
        yield analyse(acquire(str(repo / "solarmini")), "solarmini", config=config.sandbox)
    finally:
        sys.path.remove(str(repo))
        for module in [m for m in sys.modules if m == "solarmini" or m.startswith("solarmini.")]:
            del sys.modules[module]


def _selected(analysis: Analysis, max_tools: int) -> set[str]:
    return {
        p.public_path for p in select(analysis, patterns=[], max_tools=max_tools, package="solarmini").plans
    }


def test_headline_functions_outrank_network_clients_and_test_helpers(analysis: Analysis) -> None:
    chosen = _selected(analysis, 6)
    assert {"solarmini.atmosphere.relative_airmass", "solarmini.atmosphere.alt2pres"} <= chosen
    assert not any(".iotools." in path or ".testing." in path for path in chosen), chosen


def test_a_method_returning_self_gives_way_to_the_one_that_answers(analysis: Analysis) -> None:
    chosen = _selected(analysis, 8)
    assert "solarmini.Scaler.fit_transform" in chosen
    assert "solarmini.Scaler.fit" not in chosen


def test_a_method_repeating_a_top_level_function_gives_way_to_it(analysis: Analysis) -> None:
    chosen = _selected(analysis, 8)
    assert "solarmini.total" in chosen
    assert "solarmini.Scaler.total" not in chosen


def test_a_test_suite_inside_a_subpackage_counts_as_usage(analysis: Analysis) -> None:
    usage = analysis.prominence.get("usage_calls", {})
    assert isinstance(usage, dict)
    assert usage.get("spread_of", 0) >= 3
