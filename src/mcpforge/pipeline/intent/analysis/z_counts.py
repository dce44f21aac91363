"""A column standardized in words, then a cut-off on its z-scores: the z-score outlier rule (issue 25).

"Standardize income (z-score). How many people have |z| > 3?", "Estandariza los ingresos (puntuación z).
¿Cuántas personas quedan con |z| > 3?", "convert x to z-scores and count the rows with |z| > 2.5": the
count of rows whose |z| exceeds the cut-off, which is what the outlier rule "|z| > c" counts (sample
standard deviation). The standardizing words are cut and the cut-off becomes "outliers of <column>" with
the rule as the method, so the reading says "Number of outliers: the rows whose `x` is more than c standard
deviations from its mean". Only ``|z|`` (both tails) is read so: a one-sided "z > 3" is left as it was.
"""

from __future__ import annotations

from collections.abc import Callable

from mcpforge import _lazy_re as re
from mcpforge.models import AnalysisMethod
from mcpforge.pipeline.intent.words import ColumnResolver

_I = re.IGNORECASE
_Z_WORDS = r"(?:z[- ]?scores?|puntuaci[oó]n(?:es)?\s+z|scores?\s+z|z[- ]?werte?n?|standard\s+scores?)"
_STANDARDIZE = re.compile(
    rf"\b(?:standardi[sz](?:e|ing)|estandariz(?:a|ar|ando)|standardis(?:e|ez|er)|standardisier(?:e|en)|"
    rf"convert(?:ing)?|turn(?:ing)?|transform(?:ing)?)\s+(?:the\s+|los\s+|las\s+|les\s+|la\s+|le\s+|die\s+)?"
    rf"(?P<cols>[\w .'-]{{1,60}}?)(?:\s+(?:in|to|into|en|zu|as)\s+{_Z_WORDS}|\s*\(\s*{_Z_WORDS}\s*\))?"
    rf"(?=\s*(?:[.,;?!]|\band\b|\by\b|\bet\b|\bund\b|\bthen\b|$))",
    _I,
)
_ABS_CUT = re.compile(
    r"(?:\b(?:with|where|whose|having|con|avec|mit|have|has)\s+(?:an?\s+)?)?\|\s*z\s*\|\s*"
    r"(?:>|\bgreater\s+than\b|\babove\b|\bover\b|\bexceed(?:s|ing)?\b|\bmore\s+than\b)\s*(?P<c>\d+(?:[.,]\d+)?)",
    _I,
)

_REMAIN = re.compile(
    r"\b(?:quedan?|remain(?:s|ing)?|are\s+left|is\s+left|restent|reste|bleiben|[uü]brig)\b", _I
)


def z_count(
    text: str, resolver: ColumnResolver, method: AnalysisMethod, mention: Callable[[str], str]
) -> tuple[str, AnalysisMethod]:
    """``text`` with "standardize X ... |z| > c" read as the count of X's |z| > c outliers, and the method."""
    if "|" not in text:  # no |z|: nothing compiled
        return text, method
    cut = _ABS_CUT.search(text)
    if cut is None or method.outlier_rule is not None:
        return text, method
    found = [
        (match, column)
        for match in _STANDARDIZE.finditer(text[: cut.start()])
        if (column := resolver.resolve(match.group("cols").strip(), fuzzy=False)) is not None
        and resolver.kind(column) == "numeric"
    ]
    if len(found) != 1 or not re.search(rf"{_Z_WORDS}|standardi|estandariz|standardis", text, _I):
        return text, method
    match, column = found[0]
    threshold = float(cut.group("c").replace(",", "."))
    between = _REMAIN.sub(" ", text[match.end() : cut.start()])  # "how many people remain with |z| > 3"
    text = f"{text[: match.start()]} {between} outliers of {mention(column)} {text[cut.end() :]}"
    rule = method.model_copy(update={"outlier_rule": "zscore", "outlier_threshold": threshold})
    return re.sub(r"\s{2,}", " ", text).strip(), rule
