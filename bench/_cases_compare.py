"""Checks of bench/convert_cases against a converted service: argument mapping and comparison.

Pure functions (no mcpforge, no library), so the rules are tested on their own
(``tests/convert/test_bench_convert_cases.py``).

Argument mapping, in order: a name the tool's schema has; a library parameter name the tool renamed
(convert records ``python_name`` → ``name`` in the plan, e.g. ``handle`` → ``handle_``); ``"*args"``
values onto the tool's parameters in signature order (the ones not named); for a check with a
``positional`` list (builtins without a signature), names the tool does not have go to the tool's
parameters in that order; otherwise names the tool does not have go into its object of a ``**kwargs``
signature's further keywords (``render(name=...)`` → ``kwargs: {name: ...}``), as an MCP client would
pass them. Positional values never fill a keyword-only parameter (after ``*args`` or a bare ``*``).
Anything left over cannot be passed, and the check is an ``error`` (the tool
exists but cannot take the call) rather than a call with an argument silently dropped.

Comparison follows the cases README: ``exact`` is JSON equality with types (``true`` is not ``1``),
``approx`` is relative 1e-6 (absolute 1e-12 near zero), recursively, ``contains`` a substring or list
element. Before comparing, a result in another JSON shape of the same information is normalised, and
the normalisation is named in the outcome: a handle record ``{handle, type, text}`` compared with an
expected string by its text (datetimes in ISO form), a number compared with an expected decimal string
(``Decimal``/``Fraction`` travel as strings in the cases, as numbers from a service), an object compared
with an expected list by its values (a named tuple as an object).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any


class MappingFailedError(Exception):
    """A check's arguments cannot be passed to the tool."""


@dataclass(frozen=True, kw_only=True)
class Param:
    """A tool parameter as the served plan records it."""

    name: str
    python_name: str
    varargs: bool = False  # the tool's array of a ``*args`` signature's positional values
    keyword_only: bool = False  # after ``*args`` or a bare ``*``: no positional value goes here
    varkw: bool = False  # the tool's object of a ``**kwargs`` signature's further keywords


def map_arguments(
    arguments: dict[str, Any], params: list[Param], positional: list[str] | None = None
) -> tuple[dict[str, Any], list[str]]:
    """The tool arguments for a check's ``arguments``, and notes on every name that was adapted.

    Raises:
        MappingFailedError: an argument has no parameter of the tool to go to.
    """
    arguments = dict(arguments)
    varargs = list(arguments.pop("*args", []))
    by_name = {p.name: p for p in params}
    by_python = {p.python_name: p for p in params}
    out: dict[str, Any] = {}
    notes: list[str] = []
    left: dict[str, Any] = {}
    for name, value in arguments.items():
        if name in by_name:
            out[name] = value
        elif name in by_python:
            out[by_python[name].name] = value
            notes.append(f"{name}→{by_python[name].name}")
        else:
            left[name] = value
    if left and positional is None:
        left = _further_keywords(left, params, out, notes)
    _fill_positional(varargs, params, out, notes)
    if left and positional:
        order = [n for n in positional if n in left]
        if len(order) != len(left) or len(order) > len(params):
            raise MappingFailedError(f"arguments {sorted(left)} have no parameter of the tool")
        for name in order:
            index = positional.index(name)
            if index >= len(params) or params[index].name in out:
                raise MappingFailedError(f"argument {name!r} has no free parameter at position {index}")
            out[params[index].name] = left.pop(name)
            notes.append(f"{name}→{params[index].name} (position {index})")
    if left:
        raise MappingFailedError(
            f"arguments {sorted(left)} have no parameter of the tool (it takes {sorted(by_name)})"
        )
    return out, notes


def _fill_positional(varargs: list[Any], params: list[Param], out: dict[str, Any], notes: list[str]) -> None:
    """A check's ``"*args"`` values onto the parameters that take positions, the rest into ``*args``."""
    free = _positional_slots(params, out)
    varargs = _spread(varargs, free, [p for p in params if p.varargs and p.name not in out], out, notes)
    if not varargs:
        return
    if len(varargs) > len(free):
        raise MappingFailedError(
            f"{len(varargs)} positional value(s), the tool has {len(free)} free parameter(s)"
        )
    for param, value in zip(free, varargs, strict=False):
        out[param.name] = value
    notes.append(f"*args→{[p.name for p in free[: len(varargs)]]}")


def _positional_slots(params: list[Param], out: dict[str, Any]) -> list[Param]:
    """The parameters not yet named that a positional value can fill, in order: those before the
    tool's ``*args`` array that are not keyword-only (``Composition(*args, strict=False)``: none)."""
    slots: list[Param] = []
    for param in params:
        if param.varargs:
            break
        if param.name not in out and not param.keyword_only and not param.varkw:
            slots.append(param)
    return slots


def _further_keywords(
    left: dict[str, Any], params: list[Param], out: dict[str, Any], notes: list[str]
) -> dict[str, Any]:
    """``Template(...).render(name="John")``: names the tool does not have go, as a client calls it,
    into the tool's object of a ``**kwargs`` signature's further keywords; the names still left."""
    varkw = next((p for p in params if p.varkw and p.name not in out), None)
    if varkw is None:
        return left
    out[varkw.name] = dict(left)
    notes.append(f"{sorted(left)}→{varkw.name}")
    return {}


def _spread(
    varargs: list[Any], free: list[Param], spread: list[Param], out: dict[str, Any], notes: list[str]
) -> list[Any]:
    """``Permutation(2, 1, 4, 5, 3)``: what the named parameters do not take goes to the tool's array
    of a ``*args`` signature's positional values; the values left for the named parameters."""
    if not spread or len(varargs) <= len(free):
        return varargs
    out[spread[0].name] = varargs[len(free) :]
    notes.append(f"*args[{len(free)}:]→{spread[0].name}")
    return varargs[: len(free)]


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-12)


def strict_equal(a: Any, b: Any) -> bool:
    """JSON equality with types: ``True`` is not ``1``, ``1`` equals ``1.0`` (JSON has one number)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if _is_number(a) and _is_number(b):
        return bool(a == b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(strict_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(strict_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def approx_equal(a: Any, b: Any) -> bool:
    """Numbers within relative 1e-6 (absolute 1e-12 near zero), recursively; other values exactly."""
    if _is_number(a) and _is_number(b):
        return _close(float(a), float(b))
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(approx_equal(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(approx_equal(a[k], b[k]) for k in a)
    return strict_equal(a, b)


def _decimal(text: str) -> Decimal | None:
    try:
        return Decimal(text)
    except InvalidOperation:
        try:
            fraction = Fraction(text)
        except (ValueError, ZeroDivisionError):
            return None
        return Decimal(fraction.numerator) / Decimal(fraction.denominator)


def is_handle_record(value: Any) -> bool:
    """Whether ``value`` is the service's record of an object kept under a handle."""
    return isinstance(value, dict) and {"handle", "type", "text"} <= value.keys()


def normalise(got: Any, expected: Any) -> tuple[Any, str | None]:
    """``got`` in the JSON shape of ``expected`` when it carries the same information; the rule used."""
    if is_handle_record(got) and isinstance(expected, str):
        text = str(got["text"])
        if got["type"] in {"datetime.datetime", "pandas._libs.tslibs.timestamps.Timestamp"}:
            text = text.replace(" ", "T", 1)
        return text, f"handle text ({got['type']})"
    if _is_number(got) and isinstance(expected, str):
        value = _decimal(expected)
        if value is not None:
            return got, "number vs decimal string"
    if isinstance(got, dict) and isinstance(expected, list) and len(got) == len(expected):
        return list(got.values()), "object values as list"
    return got, None


def _decimal_items(got: Any, expected: Any) -> bool:
    """Two lists of one length where some item is a number and its expected one a decimal string."""
    if not (isinstance(got, list) and isinstance(expected, list) and len(got) == len(expected)):
        return False
    pairs = zip(got, expected, strict=True)
    return any(_is_number(g) and isinstance(e, str) and _decimal(e) is not None for g, e in pairs)


def compare(got: Any, expected: Any, rule: str) -> tuple[bool, str | None]:  # noqa: PLR0911 - one per rule
    """Whether ``got`` answers ``expected`` under ``rule`` (exact | approx | contains); the normalisation."""
    value, how = normalise(got, expected)
    if _decimal_items(value, expected):
        # ``decimal2dms(121.135)`` -> ``(Decimal('121'), Decimal('8'), Decimal('6.000'))``: a tuple of
        # Decimals, strings in the case and numbers from the service, compared item by item.
        pairs = list(zip(value, expected, strict=True))
        return all(compare(g, e, rule)[0] for g, e in pairs), "items: number vs decimal string"
    if how == "number vs decimal string":
        target = _decimal(expected)
        assert target is not None
        if rule == "exact":
            return Decimal(repr(value)) == target, how
        return _close(float(value), float(target)), how
    if rule == "exact":
        return strict_equal(value, expected), how
    if rule == "approx":
        return approx_equal(value, expected), how
    if rule == "contains":
        if isinstance(value, str) and isinstance(expected, str):
            return expected in value, how
        if isinstance(value, list):
            return any(strict_equal(item, expected) for item in value), how
        return False, how
    raise ValueError(f"unknown compare rule {rule!r}")
