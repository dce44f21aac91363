"""The one column a fill step prepared is the column measured next when the rest names none.

"Fill missing values of X with the mean, then calculate the sample standard deviation": the statistic
is of X (the column just filled); said in the reading by the preparation note. Only a fill step, only when
it touched exactly one column, only when the analysis text names no column at all and asks one
single-column statistic (mean, median, standard deviation, variance, sum, min, max, skewness, kurtosis):
"fill X with the mean, then count the rows per region" names a column and is left as it is.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.models import PreparationStep
from mcpforge.pipeline.intent.analysis.statistic_words import mentioned_columns
from mcpforge.pipeline.intent.words import ColumnResolver, tokenize

_STATISTIC = re.compile(
    r"\b(?:mean|average|median|(?:sample\s+|population\s+)?standard\s+deviation|std|variance|sum|total|"
    r"minimum|maximum|min|max|skewness|kurtosis)\b",
    re.IGNORECASE,
)


def measure_the_filled(
    text: str, steps: list[PreparationStep], mention: str, resolver: ColumnResolver
) -> str:
    """``text`` with "of <mention>" after its one statistic when a single filled column is all it can mean."""
    filled = {column for step in steps if step.kind == "fill_missing" for column in step.columns}
    touched = {column for step in steps for column in step.columns}
    if len(filled) != 1 or touched != filled or mentioned_columns(tokenize(text), resolver):
        return text
    found = list(_STATISTIC.finditer(text))
    if len(found) != 1:
        return text
    end = found[0].end()
    return f"{text[:end]} of {mention}{text[end:]}"
