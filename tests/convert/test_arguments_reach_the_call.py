"""Every argument a caller passes to a converted tool reaches the library call, or the tool refuses it.

Held-out miss (mmh3): ``hash(key, seed=0, signed=True)`` is compiled, so its parameters come from the
docstring's call form and go by position. Called as ``{"key": "foo", "signed": false}`` the service
passed ``hash("foo", False)``: ``signed`` landed in ``seed``'s slot and the signed hash came back.
Here a local library with the same call forms is converted, and its generated package is served over
stdio and called through a real MCP client.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import anyio
import pytest
from fastmcp import Client
from fastmcp.client.transports import StdioTransport

from mcpforge.config import MCPForgeConfig
from mcpforge.convert.pipeline import ConvertOptions, convert

SLOTS = '''
"""slots: functions whose optional parameters go by position, as a C extension's do."""

_UNSET = object()


def digest(key: str, seed: int = 0, signed: bool = True, /) -> str:
    """Where each argument landed.

    >>> digest("foo")
    'key=foo seed=0 signed=True'
    """
    return f"key={key} seed={seed} signed={signed}"


def hash32(key, *rest):
    """hash32(key, seed=0, signed=True) -> str

    Where each argument landed (a compiled function: no signature, only this call form).
    """
    seed, signed = [*rest, *(0, True)[len(rest) :]]
    return f"key={key} seed={seed} signed={signed}"


hash32.__signature__ = "compiled"  # inspect.signature fails, as for a C function


def pick(text: str, start=_UNSET, upper: bool = False, /) -> str:
    """Text from ``start`` (a default no JSON can spell), upper-cased when asked.

    >>> pick("abc")
    'abc'
    """
    out = text if start is _UNSET else text[start:]
    return out.upper() if upper else out
'''


@pytest.fixture(scope="module")
def served_slots(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The converted ``slots`` package: (output dir, library source dir)."""
    root = tmp_path_factory.mktemp("slots")
    package = root / "src" / "slots"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text(SLOTS, encoding="utf-8")
    report = convert(
        ConvertOptions(source=str(package), out_dir=root / "out", stage=False),
        MCPForgeConfig(),
        registry_root=None,
    )
    proven = {o.tool for o in report.outcomes if o.passed}
    assert {"digest", "hash32", "pick"} <= proven, report.outcomes
    return root / "out", root / "src"


def _call_all(served: tuple[Path, Path], calls: list[tuple[str, dict[str, Any]]]) -> list[tuple[bool, str]]:
    out_dir, src = served
    transport = StdioTransport(
        command=sys.executable,
        args=["-m", "slots_mcp"],
        cwd=str(out_dir),
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(out_dir), str(src)])},
    )

    async def run() -> list[tuple[bool, str]]:
        answers: list[tuple[bool, str]] = []
        async with Client(transport) as client:
            for name, arguments in calls:
                result = await client.call_tool(name, arguments, raise_on_error=False)
                text = result.content[0].text if result.content else ""
                answers.append((result.is_error, text))
        return answers

    return anyio.run(run)


@pytest.mark.parametrize("tool", ["digest", "hash32"])
def test_a_later_positional_argument_lands_in_its_own_slot(
    served_slots: tuple[Path, Path], tool: str
) -> None:
    answers = _call_all(
        served_slots,
        [
            (tool, {"key": "foo", "signed": False}),
            (tool, {"key": "foo", "seed": 0}),
            (tool, {"key": "foo", "seed": 7, "signed": False}),
        ],
    )
    expected = ["key=foo seed=0 signed=False", "key=foo seed=0 signed=True", "key=foo seed=7 signed=False"]
    for (is_error, text), want in zip(answers, expected, strict=True):
        assert not is_error and f'"result": "{want}"' in text, text


def test_an_argument_that_cannot_reach_the_call_is_refused_by_name(served_slots: tuple[Path, Path]) -> None:
    (gap, gap_text), (unknown, unknown_text), (fine, fine_text) = _call_all(
        served_slots,
        [
            ("pick", {"text": "abc", "upper": True}),
            ("digest", {"key": "foo", "sigend": False}),
            ("pick", {"text": "abc", "start": 1, "upper": True}),
        ],
    )
    assert gap and "'upper'" in gap_text and "pass 'start' too" in gap_text, gap_text
    assert unknown and "unknown argument(s) sigend" in unknown_text, unknown_text
    assert "Traceback" not in gap_text + unknown_text
    assert not fine and '"BC"' in fine_text, fine_text
