"""A helper that the library's tests and README never call directly takes the values a caller they do
call passes on to it (issue 26, blind6 pace-calculator): the tests write
``create_message("10k", "in", "1:00:00")`` and ``create_message`` calls
``calculate_pace(distance=first_unit, time=second_unit)``; ``calculate_pace(distance, time)`` only had
typed guesses, which its parser refuses, and was dropped (``invalid_sample``). The caller's literals put
into that call (``calculate_pace(distance='10k', time='1:00:00')``) are a usage call of the helper, tried
after the ones written. Real sandboxed analysis of a package written here, the real runtime."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from readme_packages import first_passing, readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.samples import samples_for
from mcpforge.convert.select import select

_README = """
# runpace

Give a distance and a time:

    describe_run("10k", "in", "1:00:00")    # '6:00min/km'
    describe_run("1:00:00", "at", "6:00")   # '10km'
"""

_INIT = '''
"""Running paces, in miniature."""
__all__ = ["describe_run", "pace", "distance"]


def _km(text: str) -> float:
    if not text.endswith("k"):
        raise ValueError(f"not a distance: {text!r}")
    return float(text[:-1])


def _minutes(text: str) -> float:
    parts = [int(p) for p in text.split(":")]
    if len(parts) < 2:
        raise ValueError(f"not a time: {text!r}")
    return sum(value * 60 ** (len(parts) - 2 - i) for i, value in enumerate(parts))


def _clock(minutes: float) -> str:
    whole, seconds = divmod(round(minutes * 60), 60)
    return f"{whole}:{seconds:02d}"


def pace(distance: str, time: str) -> str:
    return _clock(_minutes(time) / _km(distance))


def distance(time: str, per_km: str) -> float:
    return round(_minutes(time) / _minutes(per_km), 2)


def describe_run(first: str, word: str, second: str) -> str:
    first = first.lower()
    if word == "in":
        return f"{pace(distance=first, time=second)}min/km"
    return f"{distance(first, second)}km"
'''


@pytest.fixture
def runpace(tmp_path: Path) -> Iterator[Path]:
    with readme_package(tmp_path, "runpace", _INIT, "README.md", _README) as package:
        yield package


def test_a_helper_takes_the_values_its_documented_caller_passes_on(
    runpace: Path, convert_config: MCPForgeConfig
) -> None:
    analysis = analyse(acquire(str(runpace)), "runpace", config=convert_config.sandbox)
    plans = {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="runpace").plans}
    usage = analysis.prominence["usage_examples"]
    assert usage["pace"] == ["pace(distance='10k', time='1:00:00')", "pace(distance='1:00:00', time='6:00')"]
    assert usage["distance"] == ["distance('10k', '1:00:00')", "distance('1:00:00', '6:00')"]

    first = samples_for(plans["pace"], plans, expressions=False)[0]
    assert first.final.arguments == {"distance": "10k", "time": "1:00:00"}
    assert first_passing(plans["pace"], plans, "runpace")[1] == "6:00"
    assert first_passing(plans["distance"], plans, "runpace")[1] == 10.0
