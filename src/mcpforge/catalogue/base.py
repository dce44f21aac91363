"""The catalogue's contract: an Operation renders a tool from an Intent and has a reference implementation."""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from mcpforge.catalogue.reference.core import prepare_reference
from mcpforge.catalogue.reference.missing import is_missing
from mcpforge.catalogue.reference.prepare import round_reference
from mcpforge.exceptions import InvalidArgumentError
from mcpforge.models import Intent, ToolSpec

if TYPE_CHECKING:
    import pandas as pd

REQUIRED: Any = object()  # marks a parameter without a default


@dataclass(frozen=True, kw_only=True)
class RenderedTool:
    """A tool rendered from a template: its contract, its source, and the call for this request."""

    spec: ToolSpec
    source: str
    function_name: str
    arguments: dict[str, Any]  # the call for THIS request, without "file_path" (the caller adds it)
    helpers: str


@dataclass(frozen=True, kw_only=True)
class Param:
    """One tool parameter besides ``file_path``, ``filters`` and ``derived_columns``."""

    name: str
    annotation: str  # Python type text, e.g. "list[str]"
    schema: dict[str, Any]  # JSON Schema of the value
    description: str
    default: Any = REQUIRED


@dataclass(frozen=True, kw_only=True)
class ToolDocs:
    """The prose of a spec and of the tool's docstring."""

    description: str
    when_to_use: str
    what_it_does: str
    returns: str
    prerequisites: str = "The CSV file exists, is readable under the allowed roots and has the named columns."
    assumptions: list[str] = field(default_factory=list)
    limitations: list[str] = field(default_factory=list)


@dataclass(frozen=True, kw_only=True)
class ToolPlan:
    """What an operation contributes to the template: parameters, code, prose and a default name."""

    params: list[Param]
    needed: str  # Python expression (over parameter names) listing the columns the tool reads
    body: str  # code computing ``result`` (DataFrame), ``title`` and maybe ``extra``; 4-space indented
    empty_columns: str | None  # expression for the result columns when no row is left; None: no early exit
    docs: ToolDocs
    default_name: str
    uses_extra: bool = False
    inline: tuple[str, ...] = ()  # extra helper modules to copy in: "metrics", "time"


class Operation(ABC):
    """One analysis the rules engine knows: template, reference implementation, words that suggest it."""

    name: ClassVar[str]
    summary: ClassVar[str]
    keywords: ClassVar[tuple[str, ...]]

    @abstractmethod
    def plan(self, intent: Intent) -> ToolPlan:
        """The operation's part of the tool for ``intent`` (raises InvalidArgumentError when unusable)."""

    @abstractmethod
    def arguments(self, intent: Intent) -> dict[str, Any]:
        """The operation's own arguments for this request (without file_path / filters / derived)."""

    @abstractmethod
    def reference_empty_columns(self, arguments: dict[str, Any], df: pd.DataFrame) -> list[str] | None:
        """Columns of the result when no row is left after filters (None: compute as usual)."""

    @abstractmethod
    def compute_reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        """The independent implementation over the prepared (derived + filtered) frame."""

    def render(self, intent: Intent, *, tool_name: str | None = None) -> RenderedTool:
        """Render the spec and ``tool.py`` for ``intent``; ``tool_name`` overrides the derived name."""
        from mcpforge.catalogue._template import render_tool

        return render_tool(self, intent, tool_name=tool_name)

    def reference(self, df: pd.DataFrame, arguments: dict[str, Any]) -> pd.DataFrame:
        """The expected result table of the tool called with ``arguments`` on ``df`` (file_path ignored)."""
        import pandas as pd

        frame = prepare_reference(df, arguments)
        columns = self.reference_empty_columns(arguments, frame)
        if frame.empty and columns is not None:
            return pd.DataFrame({column: [] for column in columns})
        return round_reference(self.compute_reference(frame, arguments), arguments.get("round_digits"))


def require(condition: bool, message: str, argument: str) -> None:
    """Raise InvalidArgumentError(message) unless ``condition``: an intent the operation cannot render."""
    if not condition:
        raise InvalidArgumentError(message, argument=argument)


def frame_to_table(df: pd.DataFrame) -> dict[str, Any]:
    """A result frame as the footer's ``{"columns", "rows"}`` (missing → None, timestamps → ISO text).

    The same normalization the tools apply to their own result, so ``frame_to_table(reference(...))``
    can be compared with the footer's ``result``.
    """

    import pandas as pd

    def cell(value: Any) -> Any:
        if is_missing(value):
            return None
        if isinstance(value, pd.Timestamp):
            return value.isoformat()
        if hasattr(value, "item"):
            value = value.item()
        if isinstance(value, float) and not math.isfinite(value):
            return None
        return value

    rows = [[cell(value) for value in row] for row in df.astype(object).itertuples(index=False, name=None)]
    return {"columns": [str(column) for column in df.columns], "rows": rows}


def tables_match(actual: dict[str, Any], expected: dict[str, Any], *, rel_tol: float = 1e-6) -> bool:
    """Whether two ``{"columns", "rows"}`` tables are equal (numbers within ``rel_tol``, ints ≡ floats)."""
    if [str(c) for c in actual.get("columns", [])] != [str(c) for c in expected.get("columns", [])]:
        return False
    rows_a, rows_b = actual.get("rows", []), expected.get("rows", [])
    if len(rows_a) != len(rows_b):
        return False
    return all(
        len(row_a) == len(row_b)
        and all(_cells_match(a, b, rel_tol) for a, b in zip(row_a, row_b, strict=True))
        for row_a, row_b in zip(rows_a, rows_b, strict=True)
    )


def _cells_match(a: Any, b: Any, rel_tol: float) -> bool:
    numeric = (int, float)
    if (
        isinstance(a, numeric)
        and isinstance(b, numeric)
        and not isinstance(a, bool)
        and not isinstance(b, bool)
    ):
        return math.isclose(float(a), float(b), rel_tol=rel_tol, abs_tol=1e-9)
    return bool(a == b)
