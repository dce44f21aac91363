"""What the readers of value steps share (value_steps.py, column_transforms.py): a step's span in the
text, the words that end a column's name, and the reader that resolves a step's column or refuses.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mcpforge import _lazy_re as re
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import PreparationStep
from mcpforge.pipeline.intent.words import ColumnResolver

IGNORE_CASE = re.IGNORECASE
Span = tuple[int, int, PreparationStep, str]
"""Where a step is said (start, end), the step, and the words that replace its span."""
END = (
    r"(?=\s*(?:[,.;:?!()]|\b(?:and|then|before|after|to|y|et|und|puis|luego|dann|by|using|according|following|"
    r"under|with|nach|selon|seg[uú]n|mit|con|avec)\b|$))"
)
COLS = r"(?P<cols>[\w .'-]{1,60}?)"
THE = r"(?:(?:the|its|their|all|any|los|las|les|la|le|die|der|den)\s+)?"


@dataclass(frozen=True, kw_only=True)
class StepReader:
    """Resolves the numeric column a step names; refuses in the words of the request."""

    resolver: ColumnResolver
    mention: Callable[[str], str]
    request: str

    def column(self, words: str | None) -> str | None:
        if not words:
            return None
        cleaned = re.sub(
            r"^(?:the|its|their)\s+|\s+(?:columns?|values?)$", "", words.strip(" '\"`"), flags=IGNORE_CASE
        )
        column = self.resolver.resolve(cleaned, fuzzy=False)
        if column is None or self.resolver.kind(column) != "numeric":
            return None
        return column

    def refuse(self, why: str) -> UnmappableRequestError:
        return UnmappableRequestError(
            f"cannot map the request {self.request!r} onto a data analysis: {why}",
            understood={"preparation": why},
        )

    def column_at(self, text: str, start: int) -> tuple[str, int] | None:
        """The numeric column named right at ``start`` (longest first, up to five words) and its end."""
        words = list(re.finditer(r"[\w'.-]+", text[start : start + 80]))
        for n in range(min(5, len(words)), 0, -1):
            end = start + words[n - 1].end()
            column = self.column(text[start:end])
            if column is not None and text[start : start + words[0].start()].strip() == "":
                return column, end
        return None


def blanked(text: str, spans: list[Span]) -> str:
    """``text`` with the characters of each span made spaces (positions kept)."""
    chars = list(text)
    for start, end, _, _ in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)
