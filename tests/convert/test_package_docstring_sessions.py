"""A library shipped with no README (a wheel without a long description, blind7 cronex) whose package
docstring is its introduction: a doctest session building an object and calling its headline method with
a tuple of date parts (``job.check_trigger((2010, 11, 17, 0, 0))``). Nothing else documents the method's
parameter, so it found no sample and was dropped; the package docstring is now read as the README
would be, and the tuple travels as its JSON list. Real sandboxed analysis of a package written here (no
README beside it), the real runtime."""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from readme_packages import first_passing

from mcpforge.config import MCPForgeConfig
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.select import select

_INIT = '''
"""Alarms at given minutes of the day, in miniature.

Daily alarms:
>>> alarm = Alarm("7:30 wake up")
>>> alarm.rings_at((2010, 11, 17, 7, 30))
True
>>> alarm.rings_at((2010, 11, 17, 8, 0))
False
"""


class Alarm:
    def __init__(self, line):
        clock, _, self.comment = line.partition(" ")
        hour, minute = clock.split(":")
        self.hour, self.minute = int(hour), int(minute)

    def rings_at(self, date_tuple):
        """Whether the alarm rings at the given time."""
        year, month, day, hour, minute = date_tuple
        return (hour, minute) == (self.hour, self.minute)
'''


@pytest.fixture
def alarms(tmp_path: Path) -> Iterator[Path]:
    package = tmp_path / "repo" / "alarms_mini"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(textwrap.dedent(_INIT).lstrip(), encoding="utf-8")
    sys.path.insert(0, str(package.parent))
    yield package
    sys.path.remove(str(package.parent))
    for name in [m for m in sys.modules if m == "alarms_mini" or m.startswith("alarms_mini.")]:
        del sys.modules[name]


def test_the_package_docstring_session_is_the_sample_of_a_method_taking_a_tuple(
    alarms: Path, convert_config: MCPForgeConfig
) -> None:
    analysis = analyse(acquire(str(alarms)), "alarms_mini", config=convert_config.sandbox)
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="alarms_mini").plans}
    steps, value = first_passing(plans["Alarm_rings_at"], plans, "alarms_mini")
    assert steps == [
        {"tool": "Alarm", "arguments": {"line": "7:30 wake up"}},
        {
            "tool": "Alarm_rings_at",
            "arguments": {"handle": {"$ref": "alarm"}, "date_tuple": [2010, 11, 17, 7, 30]},
        },
    ]
    assert value is True
