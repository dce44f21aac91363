"""Issue 26, blind10 langcodes: ``standardize_tag`` — the library's headline function — was skipped as
deprecated because its docstring says it replaces "deprecated values"; all three checks on it found no
tool. A callable is deprecated when it says so about ITSELF: a deprecation decorator, a warning that every
call raises, a ``.. deprecated::`` directive at its docstring's own level, a summary that begins with
"Deprecated", or a sentence whose subject is the callable. A docstring that mentions deprecated values,
a deprecated parameter, an old alias or another deprecated function is no such word. Real sandboxed
analysis of a package written here, then selection."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from readme_packages import readme_package

from mcpforge.config import MCPForgeConfig
from mcpforge.convert.acquire import acquire
from mcpforge.convert.analyse import analyse
from mcpforge.convert.select import select

_INIT = '''
"""Tags, tidied."""

import functools
import warnings


def _deprecated(replacement):
    """A decorator that warns on every call (the shape of sklearn's and numpy's)."""

    def decorate(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            warnings.warn(f"use {replacement}", DeprecationWarning, stacklevel=2)
            return func(*args, **kwargs)

        return wrapper

    return decorate


def _marked(func):
    """PEP 702's mark (``typing_extensions.deprecated`` sets it)."""
    func.__deprecated__ = "use tidy"
    return func


def tidy(tag: str, strict: bool = False) -> str:
    """Tidy a tag:

    - Replace deprecated values with their updated versions
    - Lowercase it

    >>> tidy("EN_us")
    'en-us'
    """
    return tag.replace("_", "-").lower()


def shorten(tag: str, keep: int = 2, limit: int | None = None) -> str:
    """The first ``keep`` letters of a tag.

    Parameters
    ----------
    tag : str
        The tag.
    keep : int
        How many letters to keep.
    limit : int, optional
        The old name of ``keep``.

        .. deprecated:: 2.0
            Use ``keep``.
    """
    if limit is not None:
        warnings.warn("limit is deprecated, use keep", DeprecationWarning, stacklevel=2)
        keep = limit
    return tag[:keep]


def pad(tag: str, width: int = 8) -> str:
    """A tag padded to ``width``. ``padded`` is a deprecated alias of this function; ``fill`` is
    deprecated too."""
    return tag.ljust(width, "-")


def old_tidy(tag: str) -> str:
    """Tidy a tag.

    .. deprecated:: 2.0
        Use :func:`tidy`.
    """
    return tidy(tag)


def older_tidy(tag: str) -> str:
    """DEPRECATED: use tidy."""
    return tidy(tag)


def oldest_tidy(tag: str) -> str:
    """Tidy a tag, the first way.

    This function is deprecated and will be removed in 3.0.
    """
    return tidy(tag)


def noisy_tidy(tag: str) -> str:
    """Tidy a tag, loudly."""
    warnings.warn("noisy_tidy is going away", FutureWarning, stacklevel=2)
    return tidy(tag)


@_deprecated("tidy")
def wrapped_tidy(tag: str) -> str:
    """Tidy a tag (wrapped)."""
    return tidy(tag)


@_marked
def marked_tidy(tag: str) -> str:
    """Tidy a tag (marked)."""
    return tidy(tag)
'''

_README = """
# tags_mini

    >>> import tags_mini
    >>> tags_mini.tidy("EN_us")
    'en-us'
"""

_DEPRECATED = {"old_tidy", "older_tidy", "oldest_tidy", "noisy_tidy", "wrapped_tidy", "marked_tidy"}


@pytest.fixture
def tags(tmp_path: Path) -> Iterator[Path]:
    with readme_package(tmp_path, "tags_mini", _INIT, "README.md", _README) as package:
        yield package


def test_only_callables_deprecated_themselves_are_skipped(tags: Path, convert_config: MCPForgeConfig) -> None:
    analysis = analyse(acquire(str(tags)), "tags_mini", config=convert_config.sandbox)
    selection = select(analysis, patterns=[], max_tools=20, package="tags_mini")
    tools = {plan.name for plan in selection.plans}
    skipped = {s.public_path.rsplit(".", 1)[-1]: s for s in selection.skipped if s.category == "deprecated"}
    # Deprecated values, a deprecated parameter, an old alias: words about other things.
    assert {"tidy", "shorten", "pad"} <= tools
    assert set(skipped) == _DEPRECATED
    assert not tools & _DEPRECATED
    assert "warns" in skipped["noisy_tidy"].reason
    assert "warns" in skipped["wrapped_tidy"].reason
    assert "@deprecated" in skipped["marked_tidy"].reason
    assert "directive" in skipped["old_tidy"].reason
