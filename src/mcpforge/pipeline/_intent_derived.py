"""Derived columns stated in a request: ``revenue = units * unit_price * (1 - discount)``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from mcpforge.models import DerivedColumn
from mcpforge.pipeline._intent_words import ColumnResolver

_HEAD = re.compile(
    r"(?:\b(?:with|where|compute|calculate|define|let|and|using)\s+)?"
    r"\b([A-Za-z_][A-Za-z0-9_]*)\s*(?::=|=|\bis defined as\b|\bdefined as\b|\bcomputed as\b|\bcalculated as\b)\s*",
    re.IGNORECASE,
)
_EXPR_TOKEN = re.compile(r"\s*(\d+(?:\.\d+)?|[A-Za-z_][A-Za-z0-9_]*|[-+*/()])")


@dataclass(frozen=True, kw_only=True)
class DerivedFound:
    """One derived column, the request text with its definition replaced by its name, and notes."""

    derived: DerivedColumn
    text: str


def _expression_at(text: str, pos: int, resolver: ColumnResolver, known: set[str]) -> tuple[str, int, int] | None:
    """Parse operand (op operand)* from ``pos``: (expression with real names, end, column count)."""
    parts: list[str] = []
    depth = 0
    expect_operand = True
    columns = 0
    end = pos
    while True:
        match = _EXPR_TOKEN.match(text, end)
        if match is None:
            break
        token = match.group(1)
        if expect_operand:
            if token == "(":
                depth += 1
                parts.append(token)
            elif token == "-":
                parts.append(token)
            elif re.fullmatch(r"\d+(?:\.\d+)?", token):
                parts.append(token)
                expect_operand = False
            else:
                column = token if token in known else resolver.resolve(token, fuzzy=False)
                if column is None or resolver.kind(column) not in {"numeric", "boolean"}:
                    break
                parts.append(column)
                columns += 1
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
    while parts and (parts[-1] in {"+", "-", "*", "/", "("}):
        parts.pop()
    if depth != 0 or columns == 0 or not any(p in {"+", "-", "*", "/"} for p in parts):
        return None
    expression = " ".join(parts).replace("( ", "(").replace(" )", ")")
    return expression, end, columns


def find_derived(text: str, resolver: ColumnResolver) -> tuple[list[DerivedColumn], str]:
    """Every ``name = expression`` in ``text``; the text comes back with each definition replaced by its name.

    The new names are registered in ``resolver`` as numeric columns, so later words can refer to them.
    """
    derived: list[DerivedColumn] = []
    pos = 0
    while (match := _HEAD.search(text, pos)) is not None:
        name = match.group(1).lower()
        if resolver.schema.get(name) is not None or resolver.resolve(name, fuzzy=False) in resolver.schema.column_names:
            pos = match.end()
            continue
        parsed = _expression_at(text, match.end(), resolver, {d.name for d in derived})
        if parsed is None:
            pos = match.end()
            continue
        expression, end, _ = parsed
        derived.append(DerivedColumn(name=name, expression=expression))
        resolver.extra[name] = "numeric"
        replacement = f" {name} "
        text = text[: match.start(1)] + replacement + text[end:]
        pos = match.start(1) + len(replacement)
    return derived, text
