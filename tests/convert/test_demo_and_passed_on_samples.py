"""Samples from what a one-module repository's authors wrote and ran (issue 26, blind12 bank_card_tools):
its only call with a real value is in the module's own ``if __name__ == "__main__":`` demo
(``print(bankCard.luhn("4417123456789113"))``), and the checker ``checkCardNumber(cardNumber)`` has none:
it passes its parameter straight to ``luhn``. Both were dropped as ``invalid_sample`` (a list of numbers for
the one, a blind ``1.0`` for the other). Now a module's demo is part of its usage text, and a function whose
every required parameter goes on unchanged to a function with a written call takes that call's values.
Real sandboxed analysis of a module written here, the real runtime."""

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
from mcpforge.convert.samples import keyword_pool
from mcpforge.convert.select import ToolPlan, select

_MODULE = """
class isbnkit:
    @staticmethod
    def weighted_sum(isbn):
        digits = [10 if c in "Xx" else int(c) for c in str(isbn) if c not in "- "]
        return sum((10 - i) * d for i, d in enumerate(digits))

    @staticmethod
    def is_valid(code):
        return isbnkit.weighted_sum(code) % 11 == 0

    @staticmethod
    def reformat(isbn):
        isbn = str(isbn).replace("-", "")
        return isbn[:1] + "-" + isbn[1:4] + "-" + isbn[4:9] + "-" + isbn[9:]


def check_digit(first_nine):
    return (11 - isbnkit.weighted_sum(str(first_nine) + "0") % 11) % 11


if __name__ == "__main__":
    print(isbnkit.weighted_sum("0-306-40615-2"))
"""


@pytest.fixture
def isbnkit(tmp_path: Path) -> Iterator[Path]:
    repo = tmp_path / "isbnkit"
    repo.mkdir()
    (repo / "isbnkit.py").write_text(textwrap.dedent(_MODULE).lstrip(), encoding="utf-8")
    (repo / "README.md").write_text("# isbnkit\n\nChecks ISBN-10 numbers.\n", encoding="utf-8")
    sys.path.insert(0, str(repo))
    try:
        yield repo
    finally:
        sys.path.remove(str(repo))
        sys.modules.pop("isbnkit", None)


def _plans(repo: Path, config: MCPForgeConfig) -> dict[str, ToolPlan]:
    analysis = analyse(acquire(str(repo), cache_dir=repo.parent / "cache"), "isbnkit", config=config.sandbox)
    return {p.name: p for p in select(analysis, patterns=[], max_tools=20, package="isbnkit").plans}


def test_the_modules_own_demo_is_a_sample(isbnkit: Path, convert_config: MCPForgeConfig) -> None:
    plans = _plans(isbnkit, convert_config)
    steps, value = first_passing(plans["weighted_sum"], plans, "isbnkit")
    assert steps == [{"tool": "weighted_sum", "arguments": {"isbn": "0-306-40615-2"}}]
    assert value == 132


def test_a_parameter_passed_on_unchanged_takes_the_written_value(
    isbnkit: Path, convert_config: MCPForgeConfig
) -> None:
    plans = _plans(isbnkit, convert_config)
    steps, value = first_passing(plans["is_valid"], plans, "isbnkit")
    assert steps == [{"tool": "is_valid", "arguments": {"code": "0-306-40615-2"}}]
    assert value is True


def test_a_parameter_changed_before_it_is_passed_on_takes_nothing_from_the_call(
    isbnkit: Path, convert_config: MCPForgeConfig
) -> None:
    """``check_digit`` passes ``str(first_nine) + "0"``, and ``reformat`` passes nothing on: neither gets
    ``weighted_sum``'s value (it is a different thing by then)."""
    plans = _plans(isbnkit, convert_config)
    assert plans["is_valid"].extra["received_examples"] == ["is_valid(code='0-306-40615-2')"]
    for name in ("check_digit", "reformat"):
        assert not plans[name].extra["usage_examples"]
        assert not plans[name].extra["received_examples"]


def test_a_passed_on_value_is_no_ordinary_value_of_its_parameter(
    isbnkit: Path, convert_config: MCPForgeConfig
) -> None:
    """pathvalidate's README passes an invalid name on purpose (``validate_filename("fi:l*e/p...")`` raises);
    ``validate_filename_arg(value)`` passes ``value`` on to it, and that value, pooled by the parameter's
    name, became every validator's ``value`` sample (3 tools dropped). A derived call feeds no pool."""
    plans = _plans(isbnkit, convert_config)
    assert keyword_pool(plans).get("isbn") == "0-306-40615-2"  # the demo's own call
    assert "code" not in keyword_pool(plans)  # only ``is_valid``'s passed-on value
