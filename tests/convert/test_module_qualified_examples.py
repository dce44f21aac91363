"""Issue 26, blind7 convertdate: every calendar module has ``monthcalendar`` (and ``from_gregorian``,
``to_jd``...). The README calls them through their module, ``hebrew.monthcalendar(5775, 8)`` after
``from convertdate import hebrew``, yet the examples were matched by the function's short name only: the
first module's ``monthcalendar`` took every example, ``hebrew.monthcalendar`` got none, its blind sample
(``2020.0``) failed and the tool was dropped. A dotted call now goes to the tool whose path ends with its
names; a call of another module's function of the same name is no sample. Real sandboxed analysis of a
package written here, selection, samples, and the real runtime."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from readme_packages import readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert import _service_runtime as rt
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.samples import samples_for
from mcpforge.convert.select import ToolPlan, select

_INIT = '''
"""Two calendars, in miniature."""

from . import lunar, solar
'''

# No types, no docstrings: nothing but the README says what the arguments are. Each indexes a list
# with ``month``, so a float month fails.
_LUNAR = """
def month_length(year, month):
    lengths = [30, 29] * 6
    return lengths[month - 1] + (1 if month == 12 and year % 3 == 0 else 0)
"""

_SOLAR = """
def month_length(year, month):
    lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return lengths[month - 1] + (1 if month == 2 and year % 4 == 0 else 0)
"""

_README = """
# calendars_mini

    >>> from calendars_mini import lunar, solar
    >>> lunar.month_length(5775, 8)
    29
    >>> solar.month_length(2016, 2)
    29
"""


@pytest.fixture
def calendars(tmp_path: Path) -> Iterator[Path]:
    with readme_package(tmp_path, "calendars_mini", _INIT, "README.md", _README) as package:
        (package / "lunar.py").write_text(_LUNAR, encoding="utf-8")
        (package / "solar.py").write_text(_SOLAR, encoding="utf-8")
        yield package


def _plans(package: Path, config: MCPForgeConfig) -> dict[str, ToolPlan]:
    analysis = analyse(acquire(str(package)), "calendars_mini", config=config.sandbox)
    selection = select(analysis, patterns=[], max_tools=20, package="calendars_mini")
    return {p.name: p for p in selection.plans}


def test_a_module_qualified_example_is_the_sample_of_that_modules_function(
    calendars: Path, convert_config: MCPForgeConfig
) -> None:
    plans = _plans(calendars, convert_config)
    lunar = next(p for p in plans.values() if p.public_path == "calendars_mini.lunar.month_length")
    solar = next(p for p in plans.values() if p.public_path == "calendars_mini.solar.month_length")
    for plan, arguments in ((lunar, {"year": 5775, "month": 8}), (solar, {"year": 2016, "month": 2})):
        written = [s for s in samples_for(plan, plans, expressions=False) if s.source == "example"]
        assert written and all(s.steps[-1].tool == plan.name for s in written)
        assert all(s.steps[-1].arguments == arguments for s in written)
        assert "29" in [s.expected for s in written]  # the README's output, to prove it by
        result = rt.call(plan.runtime_plan(), arguments, {"library": "calendars_mini"})["result"]
        assert result == 29


def test_a_call_of_another_modules_same_named_function_is_no_sample(
    calendars: Path, convert_config: MCPForgeConfig
) -> None:
    """``solar.month_length(2016, 2)`` is never lunar's sample, nor ``lunar.month_length(5775, 8)``
    solar's, from the README or from the calls collected over the library's texts."""
    plans = _plans(calendars, convert_config)
    for module, other in (("lunar", {"year": 2016, "month": 2}), ("solar", {"year": 5775, "month": 8})):
        plan = next(p for p in plans.values() if p.public_path == f"calendars_mini.{module}.month_length")
        arguments = [s.steps[-1].arguments for s in samples_for(plan, plans, expressions=False)]
        assert other not in arguments
