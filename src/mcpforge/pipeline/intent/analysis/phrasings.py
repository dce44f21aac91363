"""Everyday ways of asking for a summary statistic or a correlation, said in the words the parser reads.

People ask "How spread out is Fare?", "what value does price take on average?", "How strongly are A and B
linearly related?", "the monotonic association of A and B", "... over the whole file". Each shape below is
a class of phrasings with one meaning, rewritten to the plain form ("the standard deviation of Fare", "the
average price", "the correlation between A and B", nothing) before the request is parsed. The column words
are kept as written, so the parser still resolves them and every word is still accounted for.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re

_I = re.IGNORECASE
_END = r"(?=\s*(?:[?.,;!]|$))"
_COLUMN = r"(?:the\s+)?(?P<x>[^?.,;!]+?)"

# "over the whole file", "across all rows", "in the entire dataset": the scope is every row, no condition.
_WHOLE = re.compile(
    r",?\s*\b(?:over|across|in|for|throughout|within|using|from)\s+(?:the\s+|this\s+)?"
    r"(?:whole|entire|full|complete)\s+(?:file|dataset|data\s?set|data|table|sheet|csv|sample)\b"
    r"|,?\s*\b(?:across|over|for|using|from|among)\s+all\s+(?:the\s+)?(?:rows|records|entries|observations|data)\b,?",
    _I,
)
_AVERAGE = r"what is the average \g<x>"
_STATISTIC = (
    r"(?:mean|average|median|minimum|maximum|min|max|sum|total|standard\s+deviation|std|variance|count|mode)"
)
_REWRITES: list[tuple[re.Pattern[str], str]] = [
    # "the mean and the median of X": one list of statistics of X
    (re.compile(rf"\b(?P<a>{_STATISTIC})\s*(?P<sep>,|and|,\s*and)\s+the\s+(?={_STATISTIC}\b)", _I),
     r"\g<a> \g<sep> "),
    # "what value does price take on average", "what is price on average", "on average, what is price"
    (re.compile(rf"\bwhat\s+(?:value|amount|level|number)\s+(?:does|do)\s+{_COLUMN}\s+"
                rf"(?:take|have|reach|show|hold|come\s+to)\s+on\s+average\b", _I), _AVERAGE),
    (re.compile(rf"\bwhat\s+(?:is|are)\s+{_COLUMN}\s+on\s+average\b", _I), _AVERAGE),
    (re.compile(rf"\bon\s+average,?\s+what\s+(?:is|are)\s+{_COLUMN}{_END}", _I), _AVERAGE),
    # "how spread out is Fare", "how variable are the charges", "how much does mpg vary"
    (re.compile(rf"\bhow\s+(?:spread\s+out|dispersed|variable|volatile|scattered)\s+(?:is|are|was|were)\s+"
                rf"{_COLUMN}{_END}", _I), r"what is the standard deviation of \g<x>"),
    (re.compile(rf"\bhow\s+much\s+(?:does|do)\s+{_COLUMN}\s+(?:vary|fluctuate|deviate)\b", _I),
     r"what is the standard deviation of \g<x>"),
    # "the middle value (median) of X", "the middle value of X"
    (re.compile(r"\bmiddle\s+value(?:\s*\(\s*median\s*\))?", _I), "median"),
    # "How strongly are A and B (linearly) related?", "Are A and B correlated?"
    (re.compile(r"\b(?:how\s+(?:(?:strongly|closely|tightly|much|well)\s+)?)?(?:are|is|do|does)\s+(?:the\s+)?"
                r"(?P<a>[^?.,;!]+?)\s+and\s+(?P<b>[^?.,;!]+?)\s+(?P<how>linearly\s+|monotonically\s+)?"
                r"(?:related|associated|correlated|correlate|relate|co-?vary|move\s+together)\b", _I),
     r"what is the \g<how>correlation between \g<a> and \g<b>"),
    # "How does A relate to B?", "how is A related to B", "how A relates to B"
    (re.compile(r"\bhow\s+(?:does|do|is|are)\s+(?:the\s+)?(?!(?:it|they|this|that)\b)(?P<a>[^?.,;!]+?)\s+(?:relate|related|correlate|"
                r"correlated|associated)\s+(?:to|with)\s+", _I),
     r"what is the correlation between \g<a> and "),
    # "Kendall's tau", "Spearman's rho", "Pearson's r": the coefficient by its letter
    (re.compile(r"\b(?P<who>kendall|spearman|pearson)(?:'s|s)?\s+(?:tau|rho|r|\u03c1|\u03c4)\b", _I),
     r"\g<who> correlation"),
    # "the (linear / monotonic / rank) association of A and B", "the relationship of A with B"
    (re.compile(r"\b(?P<how>linear\s+|monotonic\s+|rank\s+)?(?:association|relationship|relation|dependence|"
                r"link)\s+(?:of|between)\s+(?P<a>[^?.,;!]+?)\s+(?:and|with|to)\s+", _I),
     r"\g<how>correlation between \g<a> and "),
]  # fmt: skip
# The kind of correlation a phrasing names, in the method's words.
_KIND = [
    (re.compile(r"\b(?:linearly|linear)\s+correlation\b", _I), "pearson correlation"),
    (re.compile(r"\b(?:monotonically|monotonic|rank)\s+correlation\b", _I), "spearman correlation"),
]


def plain_phrasing(text: str) -> str:
    """``text`` with everyday summary and correlation phrasings rewritten to the parser's plain words."""
    text = _WHOLE.sub("", text)
    for pattern, plain in _REWRITES:
        text = pattern.sub(plain, text)
    for pattern, plain in _KIND:
        text = pattern.sub(plain, text)
    return text
