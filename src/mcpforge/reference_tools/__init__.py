"""Reference tools shipped with mcpforge: hand-written examples of the tool shape (ARCHITECTURE §3).

Each lives in its own directory as package data (``<name>/tool.py`` and ``<name>/spec.json``); the source is
never imported here, only read, because tools run in the sandbox like any other tool.
"""

from __future__ import annotations

from importlib import resources

from mcpforge.exceptions import NotFoundError
from mcpforge.models import ToolSpec

REFERENCE_TOOLS = ("load_and_analyze_csv",)


def _file(name: str, file_name: str) -> str:
    if name not in REFERENCE_TOOLS:
        raise NotFoundError("reference tool", name)
    return resources.files(__name__).joinpath(name, file_name).read_text(encoding="utf-8")


def reference_tool_source(name: str = "load_and_analyze_csv") -> str:
    """The ``tool.py`` text of the reference tool ``name``.

    Raises:
        NotFoundError: no reference tool has that name.
    """
    return _file(name, "tool.py")


def reference_tool_spec(name: str = "load_and_analyze_csv") -> ToolSpec:
    """The ToolSpec (``spec.json``) of the reference tool ``name``.

    Raises:
        NotFoundError: no reference tool has that name.
    """
    return ToolSpec.model_validate_json(_file(name, "spec.json"))


__all__ = ["REFERENCE_TOOLS", "reference_tool_source", "reference_tool_spec"]
