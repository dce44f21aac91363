"""Step 6, review: one label per failed call, in the spirit of the paper's taxonomy."""

from __future__ import annotations

import re

# ruff: noqa: PLR0911 - one return per label
from mcpforge.convert.models import FailureCategory
from mcpforge.convert.session import CallOutcome

_NETWORK = re.compile(
    r"URLError|ConnectionError|ConnectTimeout|socket|Network is unreachable|name resolution|HTTPError|"
    r"FileNotFoundError|No such file|does not exist|download",
    re.IGNORECASE,
)
_IMPORT = re.compile(
    r"\b(ImportError|ModuleNotFoundError|OptionalDependencyNotAvailable)\b|requires .* to be installed|"
    r"No module named",
    re.IGNORECASE,
)


def classify(outcome: CallOutcome, *, from_example: bool) -> FailureCategory:
    """The category of a failed call."""
    text = outcome.text
    if outcome.timed_out:
        return "timeout"
    if outcome.crashed:
        return "server_crash"
    if _IMPORT.search(text):
        return "import_error"
    if _NETWORK.search(text):
        return "needs_network_or_data"
    if text.startswith("[result]") or "output schema" in text.lower() or "structured content" in text.lower():
        return "non_serializable"
    if text.startswith("[arguments]"):
        return "unsupported_type" if "AdapterError" in text and "handle" not in text else "invalid_sample"
    if text.startswith("[call]"):
        return "library_exception" if from_example else "invalid_sample"
    return "library_exception"
