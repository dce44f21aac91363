"""Derived columns stated in a request: ``revenue = units * unit_price * (1 - discount)``."""

from __future__ import annotations

from dataclasses import dataclass

from mcpforge import _lazy_re as re
from mcpforge.models import DerivedColumn
from mcpforge.pipeline.intent.words import ColumnResolver

_HEAD = re.compile(
    r"(?:\b(?:with|where|compute|calculate|define|let|and|using)\s+)?"
    r"\b([A-Za-z_][A-Za-z0-9_]*)\s*"
    r"(?::=|=|\bis defined as\b|\bdefined as\b|\bcomputed as\b|\bcalculated as\b)\s*",
    re.IGNORECASE,
)
_EXPR_TOKEN = re.compile(r"\s*(\d+(?:\.\d+)?|[A-Za-z_][A-Za-z0-9_]*|[-+*/()])")


@dataclass(frozen=True, kw_only=True)
class DerivedFound:
    """One derived column, the request text with its definition replaced by its name, and notes."""

    derived: DerivedColumn
    text: str


def _operand(token: str, resolver: ColumnResolver, known: set[str]) -> str | None:
    """A number or numeric column (real or derived earlier) as it goes into the expression."""
    if re.fullmatch(r"\d+(?:\.\d+)?", token):
        return token
    column = token if token in known else resolver.resolve(token, fuzzy=False)
    if column is None or resolver.kind(column) not in {"numeric", "boolean"}:
        return None
    return column


def _expression_at(text: str, pos: int, resolver: ColumnResolver, known: set[str]) -> tuple[str, int] | None:
    """Parse ``operand (operator operand)*`` from ``pos``: (expression with real names, end offset)."""
    parts: list[str] = []
    depth = 0
    expect_operand = True
    end = pos
    while (match := _EXPR_TOKEN.match(text, end)) is not None:
        token = match.group(1)
        if expect_operand and token in {"(", "-"}:
            depth += token == "("
            parts.append(token)
        elif expect_operand:
            operand = _operand(token, resolver, known)
            if operand is None:
                break
            parts.append(operand)
            expect_operand = False
        elif token == ")" and depth > 0:
            depth -= 1
            parts.append(token)
        elif token in {"+", "-", "*", "/"}:
            parts.append(token)
            expect_operand = True
        else:
            break
        end = match.end()
    while parts and parts[-1] in {"+", "-", "*", "/", "("}:
        parts.pop()
    has_column = any(re.fullmatch(r"[A-Za-z_]\w*", part) for part in parts)
    if depth != 0 or not has_column or not any(p in {"+", "-", "*", "/"} for p in parts):
        return None
    return " ".join(parts).replace("( ", "(").replace(" )", ")"), end


def find_derived(text: str, resolver: ColumnResolver) -> tuple[list[DerivedColumn], str]:
    """Every ``name = expression`` in ``text``; the text comes back with each definition replaced by its name.

    The new names are registered in ``resolver`` as numeric columns, so later words can refer to them.
    """
    derived: list[DerivedColumn] = []
    pos = 0
    while (match := _HEAD.search(text, pos)) is not None:
        name = match.group(1).lower()
        if (
            resolver.schema.get(name) is not None
            or resolver.resolve(name, fuzzy=False) in resolver.schema.column_names
        ):
            pos = match.end()
            continue
        parsed = _expression_at(text, match.end(), resolver, {d.name for d in derived})
        if parsed is None:
            pos = match.end()
            continue
        expression, end = parsed
        derived.append(DerivedColumn(name=name, expression=expression))
        resolver.extra[name] = "numeric"
        replacement = f" {name} "
        text = text[: match.start(1)] + replacement + text[end:]
        pos = match.start(1) + len(replacement)
    return derived, text
