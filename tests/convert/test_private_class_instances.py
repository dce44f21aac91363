"""The public face of a library can be one module-level object of a private class (issue 26, test half
iso3166: ``__all__ = ["countries"]`` with ``countries = _CountryLookup()``, used as
``countries.get('us')``): the analysis saw no public class, so nothing was converted ("no public callable
could be adapted"). The private class's methods are now analysed with that instance as their ready-made
object; no tool builds the private class. Real sandboxed analysis of a package written here, the real
runtime."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from readme_packages import first_passing, readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.select import select

_README = """
# regions_mini

    >>> from regions_mini import regions
    >>> regions.get('fr')
    Region(name='France', alpha2='FR', alpha3='FRA')
"""

_INIT = '''
"""Country records, in miniature."""
from typing import NamedTuple

__all__ = ["regions"]


class Region(NamedTuple):
    name: str
    alpha2: str
    alpha3: str


_RECORDS = [Region("France", "FR", "FRA"), Region("Germany", "DE", "DEU")]


class _Lookup:
    def get(self, key: str) -> Region:
        """The region whose two- or three-letter code or name is ``key``."""
        for record in _RECORDS:
            if key.upper() in (record.alpha2, record.alpha3, record.name.upper()):
                return record
        raise KeyError(key)


regions = _Lookup()
'''


@pytest.fixture
def regions(tmp_path: Path) -> Iterator[Path]:
    with readme_package(tmp_path, "regions_mini", _INIT, "README.md", _README) as package:
        yield package


def test_the_methods_of_a_public_instance_of_a_private_class_are_tools(
    regions: Path, convert_config: MCPForgeConfig
) -> None:
    analysis = analyse(acquire(str(regions)), "regions_mini", config=convert_config.sandbox)
    plans = {
        p.public_path: p for p in select(analysis, patterns=[], max_tools=20, package="regions_mini").plans
    }
    assert sorted(plans) == ["regions_mini.regions.get"]  # the private class itself is no tool
    get = plans["regions_mini.regions.get"]

    answer = rt.call(get.runtime_plan(), {"key": "DEU"}, {"library": "regions_mini"})["result"]
    assert answer == ["Germany", "DE", "DEU"]
    by_name = {p.name: p for p in plans.values()}
    assert first_passing(get, by_name, "regions_mini")[1] == ["France", "FR", "FRA"]
