"""A follow-up sample from a refusal that lists the accepted values.

Libraries that refuse a made-up string often say which strings they accept: pywt's ``unsupported mode:
soft. The supported modes are ['zero', 'constant', ...]``, colour's ``"vK20" method is invalid, it must be
one of ('ASTM E308', 'Integration', 'astm2015')!``, CoolProp's ``your input [a] was not understood ...
Acceptable values are T,P,R,W,D,B,H,S,M,K``. The argument whose value the message quotes takes the first
accepted value; when the same made-up value fills several arguments, each takes the next accepted value
(the same guess in several places stands for different choices).
"""

from __future__ import annotations

import ast
import re
from typing import Any

_LEAD = (
    r"(?:(?:supported|acceptable|accepted|valid|allowed|possible|available|known)\b[^.:;!\n]{0,40}?"
    r"\b(?:are|is|include)\b\s*:?|one of\b\s*:?)\s*"
)
_BRACKETED = re.compile(_LEAD + r"([\[({][^\])}]{1,400}[\])}])", re.IGNORECASE)
_LISTED = re.compile(_LEAD + r"([\w.+-]+(?:\s*,\s*[\w.+-]+)+)", re.IGNORECASE)
_MAX_OPTIONS = 40


def accepted_values(message: str) -> list[str]:
    """The strings ``message`` says are accepted, in its order (empty: it lists none)."""
    bracketed = _BRACKETED.search(message)
    if bracketed:
        try:
            value = ast.literal_eval(bracketed.group(1))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            value = None
        if isinstance(value, list | tuple | set | dict):
            options = [v for v in value if isinstance(v, str) and v]
            if options:
                return options[:_MAX_OPTIONS]
    listed = _LISTED.search(message)
    if listed:
        return [part.strip() for part in listed.group(1).split(",") if part.strip()][:_MAX_OPTIONS]
    return []


def _quoted(value: str, message: str) -> bool:
    escaped = re.escape(value)
    return re.search(rf"""(['"`\[]){escaped}['"`\]]|:\s*{escaped}\.""", message) is not None


def choice_fix(arguments: dict[str, Any], message: str) -> dict[str, Any] | None:
    """The arguments to change after ``message`` refused a quoted string value of ``arguments`` and
    listed the accepted ones; None when it does not."""
    options = accepted_values(message)
    if not options:
        return None
    refused = next(
        (
            value
            for value in arguments.values()
            if isinstance(value, str) and value not in options and _quoted(value, message)
        ),
        None,
    )
    if refused is None:
        return None
    names = [name for name, value in arguments.items() if value == refused]
    return {name: options[index % len(options)] for index, name in enumerate(names)}
