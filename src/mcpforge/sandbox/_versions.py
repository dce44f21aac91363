"""The installed versions of a few distributions, read in one pass over ``sys.path`` (issue 28).

``importlib.metadata.version`` searches every path entry again for each name and parses the whole
METADATA file with the email parser: the five names of the static gate's key took 70-115 ms on a loaded
two-core machine, on the way to every ``ask``'s mypy (and as much again for the resident helper's key).
Here each path entry is listed once; a ``NAME-VERSION.dist-info`` directory gives the version from the
``Version:`` line of its METADATA. The first entry of ``sys.path`` that has the name wins, as in
``importlib.metadata``; a name found another way (an ``.egg-info``, a finder of its own) or not at all is
asked of ``importlib.metadata`` itself, so the answer is always the one it gives.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable
from pathlib import Path

_VERSION_LINE = re.compile(r"^Version:[ \t]*(\S+)[ \t]*$", re.MULTILINE)
_SEPARATORS = re.compile(r"[-_.]+")


def _normalized(name: str) -> str:
    return _SEPARATORS.sub("-", name).lower()


def _metadata_version(dist_info: Path) -> str | None:
    try:
        with (dist_info / "METADATA").open(encoding="utf-8") as handle:
            head = handle.read(8192)  # the headers come first
    except (OSError, UnicodeDecodeError):
        return None
    match = _VERSION_LINE.search(head.split("\n\n", 1)[0])
    return match.group(1) if match else None


def _slow_version(name: str) -> str | None:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return None


def installed_versions(names: Iterable[str]) -> dict[str, str | None]:
    """Each name's installed version, None when it is not installed (what ``importlib.metadata`` says)."""
    wanted = {_normalized(name): name for name in names}
    found: dict[str, str | None] = {}
    slow: set[str] = set()
    for entry in sys.path:
        if len(found) + len(slow) == len(wanted):
            break
        try:
            children = [child.name for child in Path(entry or ".").iterdir()]
        except OSError:  # not a directory (a zip, a missing entry): importlib.metadata answers below
            continue
        for child in children:
            stem, dot, kind = child.rpartition(".")
            if not dot or kind not in {"dist-info", "egg-info"}:
                continue
            # NAME-VERSION[-PYTHON]: a name's own "-" is written "_"
            name = wanted.get(_normalized(stem.split("-", 1)[0]))
            if name is None or name in found or name in slow:
                continue
            version = _metadata_version(Path(entry or ".", child)) if kind == "dist-info" else None
            if version is None:
                slow.add(name)
            else:
                found[name] = version
    for name in wanted.values():
        if name not in found:
            found[name] = _slow_version(name)
    return found
