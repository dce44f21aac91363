"""How the reading sentence says a step that changes a column's values or the rows kept (issue 25).

"after removing the rows whose `age` lies outside 1.5xIQR beyond its quartiles", "with `earnings` capped
at its 99th percentile", "with `gdpPercap` replaced by its log10": each step and each of its parameters.
"""

from __future__ import annotations

from mcpforge.models import PreparationStep
from mcpforge.shown_text import code_span

_FUNCTION_NAMES = {"log": "natural log", "log10": "log10", "log2": "log2", "sqrt": "square root"}


def _number(value: object) -> str:
    number = float(str(value))
    return f"{number:g}"


def _ordinal(fraction: float) -> str:
    percent = round(fraction * 100, 6)
    text = f"{percent:g}"
    if not text.isdigit():
        return f"{text}th"
    suffix = "th" if 10 <= int(text) % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(int(text) % 10, "th")
    return f"{text}{suffix}"


def value_step_text(step: PreparationStep) -> str | None:
    """The words for a ``drop_outliers`` / ``clip`` / ``transform`` step; None for any other kind."""
    names = " and ".join(code_span(column) for column in step.columns)
    if step.kind == "drop_outliers":
        factor = _number(1.5 if step.value is None else step.value)
        if step.strategy == "zscore":
            rule = f"has |z| > {factor} (sample standard deviation)"
        else:
            rule = f"lies outside {factor}\u00d7IQR beyond its quartiles"
        return f"after removing the rows whose {names} {rule} or is missing"
    if step.kind == "clip":
        low, high = [*(step.value or []), None, None][:2]
        if low is not None and high is not None:
            return (
                f"with {names} capped at its {_ordinal(float(low))} and {_ordinal(float(high))} percentiles"
            )
        if high is not None:
            return f"with {names} capped at its {_ordinal(float(high))} percentile"
        return f"with {names} floored at its {_ordinal(float(low))} percentile"
    if step.kind == "transform":
        return f"with {names} replaced by its {_FUNCTION_NAMES.get(str(step.strategy), str(step.strategy))}"
    return None
