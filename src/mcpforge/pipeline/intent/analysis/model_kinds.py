"""A regression of another kind is never answered as a straight line (issue 25, a wrong answer).

The catalogue's ``linear_regression`` fits ordinary least squares. A word naming another kind of model —
"the slope of the *logistic* regression", "by *weighted* least squares", a *polynomial* or *robust* fit —
changes every number of the answer, yet such words are ordinary vocabulary ("logistic" is a word of
analysis) and passed the word check: the request was answered as an OLS line. A closed vocabulary of model
kinds (English, and the French, Spanish and German words that the language layer leaves as written) refuses
the reading, naming the word. Words that restate OLS ("linear", "least squares", "ordinary") pass.
"""

from __future__ import annotations

import re

# The kinds of fit that are not ordinary least squares on the raw columns, by the words that name them.
_OTHER_KINDS = re.compile(
    r"\b(?:logistic|logit|probit|poisson|tobit|multinomial|ordinal|weighted|wls|gls|polynomial|quadratic|"
    r"cubic|robust|quantile|ridge|lasso|elastic[-\s]?net|non[-\s]?linear|nonlinear|exponential|log[-\s]?linear|"
    r"log[-\s]?log|negative\s+binomial|mixed[-\s]effects?|hierarchical|bayesian|lowess|loess|spline|kernel|"
    r"logistique|pond[ée]r[ée]e?s?|polynomiale|robuste|log[íi]stica|ponderad[oa]s?|polin[óo]mica|"
    r"logistische|gewichtete[nr]?|polynomiale)\b",
    re.IGNORECASE,
)


def other_model_kind(text: str) -> str | None:
    """The word of ``text`` that names a regression other than ordinary least squares, if one does."""
    found = _OTHER_KINDS.search(text)
    return found.group(0) if found else None
