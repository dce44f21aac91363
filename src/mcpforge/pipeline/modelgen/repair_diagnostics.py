"""What a repair prompt says about a failed validation: each distinct problem once, with its code line.

A small model cannot map "line 41" of a tool it never saw whole onto its own function, so a line
number is replaced by the text of that line. Tests that fail the same way are reported once.
"""

from __future__ import annotations

import re

from mcpforge.pipeline.validation.run import ValidationRun

MAX_DIAGNOSTICS = 6
_LINE = re.compile(r"\(?\bline (\d+)\)?")
_TEST = re.compile(r"^test (\S+) \((\w+)\) failed: ")
# Errors a model trained on old pandas makes, with the current way (pandas 3 runs the tools).
_PANDAS_HINTS = {
    "no attribute 'append'": "DataFrame.append no longer exists: build the table with groupby, or pd.concat",
    "no attribute 'iteritems'": "iteritems no longer exists: use .items()",
    "unexpected keyword argument 'columns'": "a Series has no columns: use .reset_index(name=...)",
    "not callable": "a column is a Series, not a function: use df['col'], not df['col']()",
    "reset_index() got an unexpected keyword argument 'name'": (
        "this is already a DataFrame: call .reset_index() without name=, then rename its columns"
    ),
}


def _with_code(message: str, lines: list[str]) -> str:
    match = _LINE.search(message)
    if match is None:
        return message
    number = int(match.group(1))
    if not 0 < number <= len(lines):
        return message
    code = lines[number - 1].strip()
    return f"{message[: match.start()].rstrip()} in the line `{code}`{message[match.end() :]}"


def repair_diagnostics(run: ValidationRun, source: str) -> list[str]:
    """The distinct problems of ``run`` for a repair prompt, most important first."""
    lines = source.splitlines()
    seen: set[str] = set()
    found: list[str] = []
    for error in run.report.errors or []:
        test = _TEST.match(error)
        problem = error[test.end() :] if test else error
        if problem in seen:
            continue
        seen.add(problem)
        where = f"on {test.group(1).replace('_', ' ')}: " if test else ""
        hint = next((text for key, text in _PANDAS_HINTS.items() if key in problem), None)
        found.append(where + _with_code(problem, lines) + (f" (hint: {hint})" if hint else ""))
    return found[:MAX_DIAGNOSTICS] or ["the tool failed validation without a specific error"]
