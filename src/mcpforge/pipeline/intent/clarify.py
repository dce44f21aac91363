"""Questions back to the person: one question with concrete choices built from the data.

A reading the parser cannot settle alone (a measure word with several candidate columns, "patients" as
rows or distinct ids, a word that half-matches a column) raises :class:`NeedsClarificationError`. The
answer comes back as ``{key: choice}`` (``--clarify KEY=CHOICE``, elicitation, or a choice remembered for
the dataset) and the parser applies it on the next reading instead of asking again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, NoReturn

from mcpforge.exceptions import NeedsClarificationError


@dataclass(kw_only=True)
class Answers:
    """The person's answers so far (``key -> choice``) and which of them the parser used."""

    given: dict[str, str] = field(default_factory=dict)
    used: dict[str, str] = field(default_factory=dict)
    asked: list[str] = field(default_factory=list)
    """Every key the reading looked up: the keys an answer may have for this request."""

    def get(self, key: str) -> str | None:
        """The answer for ``key`` (keys compare case-insensitively), remembered as used."""
        if key not in self.asked:
            self.asked.append(key)
        for name, choice in self.given.items():
            if name.strip().lower() == key.lower():
                self.used[key] = choice
                return choice.strip()
        return None


def offered(answer: str | None, choices: Iterable[str]) -> str | None:
    """The offered choice ``answer`` names (case and spaces aside), else None: never a near miss."""
    if answer is None:
        return None
    wanted = "".join(answer.split()).lower()
    return next((choice for choice in choices if "".join(choice.split()).lower() == wanted), None)


def exact_column(answer: str | None, names: Iterable[str]) -> str | None:
    """The column ``answer`` names exactly (case, ``_`` and spaces aside), else None: no partial match."""
    if answer is None:
        return None
    from mcpforge.pipeline.intent.words import norm

    wanted = norm(answer)
    return next((name for name in names if wanted and norm(name) == wanted), None)


def unknown_keys(explicit: Iterable[str], given: Answers) -> None:
    """Refuse answers (``--clarify KEY=...``) for keys the reading of this request never looked up.

    Raises:
        InvalidArgumentError: naming the unknown keys and the ones this request has.
    """
    from mcpforge.exceptions import InvalidArgumentError

    known = {key.lower() for key in given.asked}
    unknown = [key for key in explicit if key.strip().lower() not in known]
    if unknown:
        names = ", ".join(repr(key) for key in unknown)
        has = ", ".join(given.asked) if given.asked else "none: this request asks no question"
        raise InvalidArgumentError(
            f"clarify: no question {names} for this request (known keys: {has})", argument="clarify"
        )


def ask(
    key: str, question: str, choices: dict[str, str], *, request: str, rejected: str | None = None
) -> NoReturn:
    """Raise the one question for ``key`` with ``choices`` (choice -> what it means).

    ``rejected`` is an answer given for ``key`` that is not one of ``choices``: the question says so.
    """
    if rejected is not None:
        question = f"{question} (your answer {rejected!r} is not one of the choices.)"
    listed = "; ".join(f"{name} = {meaning}" for name, meaning in choices.items())
    message = (
        f"the request {request!r} needs one answer before it can be computed: {question} "
        f"Choices: {listed}. Answer with {answer_with(key)}."
    )
    raise NeedsClarificationError(message, key=key, question=question, choices=choices)


def answer_with(key: str) -> str:
    """``--clarify KEY=CHOICE`` quoted for a POSIX shell (a key can have spaces: 'amount per quantity')."""
    import shlex

    return f"--clarify {shlex.quote(key + '=CHOICE')}"


def question_json(question: NeedsClarificationError, request: str) -> dict[str, Any]:
    """The JSON of a question back to the person (``ask --json`` and the MCP ``forge_request``)."""
    return {
        "status": "NEEDS_CLARIFICATION",
        "request": request,
        "key": question.key,
        "question": question.question,
        "choices": [{"choice": name, "meaning": meaning} for name, meaning in question.choices.items()],
        "answer_with": answer_with(question.key),
        "error": None,
    }


def parse_answers(items: list[str]) -> dict[str, str]:
    """``["revenue=amount"]`` → ``{"revenue": "amount"}``, as ``--clarify`` and ``forge_request`` take them.

    Raises:
        InvalidArgumentError: an item is not ``KEY=CHOICE``.
    """
    from mcpforge.exceptions import InvalidArgumentError

    answers: dict[str, str] = {}
    for item in items:
        key, sep, choice = item.partition("=")
        if not sep or not key.strip() or not choice.strip():
            raise InvalidArgumentError(f"clarify {item!r} is not KEY=CHOICE", argument="clarify")
        answers[key.strip()] = choice.strip()
    return answers
