"""Prompt templates, kept as package data in ``prompts/*.txt`` and filled with ``string.Template``.

``$name`` placeholders (not ``{name}``) so JSON and code in the templates need no escaping.
"""

from __future__ import annotations

from importlib import resources
from string import Template

PROMPT_NAMES = ("intent_extraction", "spec_generation", "code_generation", "repair")
SAMPLE_ROWS = 5
SAMPLE_CELL_CHARS = 40


def render_prompt(name: str, **values: str) -> str:
    """The template ``prompts/<name>.txt`` with ``values`` substituted.

    Raises:
        KeyError: a placeholder of the template has no value (a programming error, not user input).
    """
    if name not in PROMPT_NAMES:
        raise KeyError(f"unknown prompt {name!r}")
    text = resources.files("mcpforge.engines").joinpath("prompts", f"{name}.txt").read_text(encoding="utf-8")
    return Template(text).substitute(values)


def data_sample(rows: list[dict[str, object]]) -> str:
    """A small, truncated sample for a prompt: cells are cut and stripped of the sample delimiters."""
    lines = []
    for row in rows[:SAMPLE_ROWS]:
        cells = []
        for key, value in row.items():
            text = str(value).replace("\n", " ").replace("<", "(").replace(">", ")")
            if len(text) > SAMPLE_CELL_CHARS:
                text = text[: SAMPLE_CELL_CHARS - 3] + "..."
            cells.append(f"{key}={text}")
        lines.append("; ".join(cells))
    return "\n".join(lines)
