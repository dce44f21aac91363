"""Close misspellings of analysis words ("avrage", "medain", "maximun") corrected before parsing.

Column names and category values are matched by the column resolver with their own fuzzy rules; this
module only fixes the vocabulary of the analysis itself, and only for words that are not already a
column or a value of the data, so "meant" or "media" in a dataset keep their meaning.
"""

from __future__ import annotations

import difflib

from mcpforge.pipeline.intent.words import ColumnResolver

# Words worth correcting: long enough that a close spelling is unlikely to be another word.
ANALYSIS_WORDS = (
    "average", "median", "maximum", "minimum", "percentage", "percentile", "proportion", "distribution",
    "distinct", "number", "deviation", "highest", "lowest", "largest", "smallest", "category",
)  # fmt: skip
_CUTOFF = 0.8
# Real words close to an analysis word ("percent" ~ "percentile", "numbers" ~ "number") stay as they are.
_KNOWN = frozenset({"percent", "percents", "proportions", "distinctly", "numbers", "numbered", "higher",
                    "lower", "larger", "smaller", "categories", "maximal", "minimal", "averages",
                    "medians", "highest", "distribute", "distributed", "medium", "meaning",
                    "slowest", "slower"})  # fmt: skip  # "slowest" is no "lowest": it ranks the other way


def fix_spelling(tokens: list[str], resolver: ColumnResolver) -> tuple[list[str], list[str]]:
    """Tokens with close misspellings of analysis words corrected, and a note for each correction."""
    fixed: list[str] = []
    notes: list[str] = []
    names = {name.lower() for name in resolver.names()}
    for token in tokens:
        if token == "set" and fixed[-1:] == ["data"]:
            fixed[-1] = "dataset"  # "in the data set": the dataset, no set of anything
            continue
        if (
            len(token) < 5
            or not token.isalpha()
            or token in ANALYSIS_WORDS
            or token in _KNOWN
            or token in names
        ):
            fixed.append(token)
            continue
        if resolver.resolve(token, fuzzy=False) is not None:
            fixed.append(token)
            continue
        close = difflib.get_close_matches(token, ANALYSIS_WORDS, n=1, cutoff=_CUTOFF)
        if close and (close[0] != "category" or resolver.resolve("category", fuzzy=False) is None):
            notes.append(f"read {token!r} as {close[0]!r}")
            fixed.append(close[0])
        else:
            fixed.append(token)
    return fixed, notes
