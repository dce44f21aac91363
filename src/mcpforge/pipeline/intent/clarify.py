"""Questions back to the person: one question with concrete choices built from the data.

A reading the parser cannot settle alone (a measure word with several candidate columns, "patients" as
rows or distinct ids, a word that half-matches a column) raises :class:`NeedsClarificationError`. The
answer comes back as ``{key: choice}`` (``--clarify KEY=CHOICE``, elicitation, or a choice remembered for
the dataset) and the parser applies it on the next reading instead of asking again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NoReturn

from mcpforge.exceptions import NeedsClarificationError


@dataclass(kw_only=True)
class Answers:
    """The person's answers so far (``key -> choice``) and which of them the parser used."""

    given: dict[str, str] = field(default_factory=dict)
    used: dict[str, str] = field(default_factory=dict)

    def get(self, key: str) -> str | None:
        """The answer for ``key`` (keys compare case-insensitively), remembered as used."""
        for name, choice in self.given.items():
            if name.strip().lower() == key.lower():
                self.used[key] = choice
                return choice.strip()
        return None


def ask(key: str, question: str, choices: dict[str, str], *, request: str) -> NoReturn:
    """Raise the one question for ``key`` with ``choices`` (choice -> what it means)."""
    listed = "; ".join(f"{name} = {meaning}" for name, meaning in choices.items())
    message = (
        f"the request {request!r} needs one answer before it can be computed: {question} "
        f"Choices: {listed}. Answer with --clarify {key}=CHOICE."
    )
    raise NeedsClarificationError(message, key=key, question=question, choices=choices)


def question_json(question: NeedsClarificationError, request: str) -> dict[str, Any]:
    """The JSON of a question back to the person (``ask --json`` and the MCP ``forge_request``)."""
    return {
        "status": "NEEDS_CLARIFICATION",
        "request": request,
        "key": question.key,
        "question": question.question,
        "choices": [{"choice": name, "meaning": meaning} for name, meaning in question.choices.items()],
        "answer_with": f"--clarify {question.key}=CHOICE",
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
