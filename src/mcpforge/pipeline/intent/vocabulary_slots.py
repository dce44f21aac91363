"""Words of the reading's own vocabulary left in a column's place: never "a column the dataset lacks".

The scanners record the word after "average", "by", "per" or "distinct" as an unknown column when no
column has that name, and the request is refused as naming data the file does not have. That claim is
wrong for a word the reading knows as something else, in any of the four languages: grammar ("did",
"are", "those", "des"), analysis and ranking words ("median", "sum", "most", "highest", "minus"),
a method's words ("spearman", "the z-score rule"), politeness and scope phrases ("por favor", "por
separado"). Such a word names no data, so it cannot be missing data; it goes to the ordinary word
accounting instead (accounting.py), which uses it, says it back as not used discourse, or refuses naming
the real reason ("an aggregation (median) the reading does not use").

A noun stays unknown: "elevation", "airport", "firm", "price" may name data the file lacks, and the
reading still refuses (or asks) about it. Words that name a column themselves ("oldest" sorts by age,
"cheapest" by price) are not taken here, nor a modifier that turns one figure into another ("growth gdp",
"annual income"): the refusal naming it is what asks about it (names/described_names.py).
"""

from __future__ import annotations

from mcpforge.pipeline.intent.accounting import ARITHMETIC_WORDS
from mcpforge.pipeline.intent.language.function_words import FUNCTION_WORDS
from mcpforge.pipeline.intent.names.described_names import NUMBER_CHANGING_MODIFIERS
from mcpforge.pipeline.intent.parse import AGG_WORDS, RANK_WORDS, SUPERLATIVE_COLUMNS, detect_operations
from mcpforge.pipeline.intent.words import ColumnResolver, fold

# Closed-class English words past FUNCTION_WORDS (pronouns, determiners, relatives, degree words).
_GRAMMAR = frozenset({"their", "these", "those", "they", "them", "which", "where", "whose", "whom", "there",
                      "than", "more", "most", "less", "least", "each", "every", "other", "others", "same",
                      "such", "over", "under", "between", "without", "were", "being", "would", "should",
                      "could", "must", "values", "value", "number", "count", "overall", "whole"})  # fmt: skip
_AGGREGATIONS = frozenset(word for words in AGG_WORDS for word in words)
_RANKS = RANK_WORDS - SUPERLATIVE_COLUMNS.keys()  # "oldest" names age: it may be the missing data
# A method's own words: correlation kinds, outlier rules and their cut-offs, quantiles ("by the rule of the
# score z", "nach Spearman").
_METHOD = frozenset({"pearson", "spearman", "kendall", "z-score", "zscore", "z-scores", "iqr", "rule",
                     "rules", "sigma", "threshold", "quartile", "quartiles", "percentile", "percentiles",
                     "decile", "deciles", "smoothed", "smoothing"})  # fmt: skip
# The rows themselves in the other languages ("fila por fila", "ligne par ligne", "Zeile für Zeile").
_ROWS = frozenset({"fila", "filas", "ligne", "lignes", "zeile", "zeilen"})
_MAGNITUDES = frozenset({"hundred", "hundreds", "thousand", "thousands", "million", "millions", "billion",
                         "billions"})  # fmt: skip


def method_word(word: str) -> bool:
    """Whether ``word`` names a method or its rule ("pearson", "iqr", "z-score"), never a column."""
    return word in _METHOD


def vocabulary_word(word: str, request: str, resolver: ColumnResolver) -> bool:
    """Whether ``word`` (an unknown column word) is grammar, analysis, method or discourse vocabulary."""
    if " " in word or resolver.resolve(word, fuzzy=False) is not None:
        return False  # a phrase the scanners could not place ("sr above years"), or a column after all
    if word in NUMBER_CHANGING_MODIFIERS:
        return False  # "growth gdp": asked about as a figure the file may not hold (described_names.py)
    if word in _GRAMMAR or word in FUNCTION_WORDS or word in _AGGREGATIONS or word in _RANKS:
        return True
    if word in ARITHMETIC_WORDS or word in _METHOD or word in _MAGNITUDES or word in _ROWS:
        return True
    if detect_operations(word):
        return True
    return _foreign_vocabulary(fold(word), request, resolver)


def _foreign_vocabulary(word: str, request: str, resolver: ColumnResolver) -> bool:
    """Grammar, politeness or "separately" of the request's own language ("des", "favor", "separado")."""
    from mcpforge.pipeline.intent.language.languages import detect_language  # only for an unknown word
    from mcpforge.pipeline.intent.language.method_discourse import asking_word
    from mcpforge.pipeline.intent.language.word_classes import names_no_data
    from mcpforge.pipeline.intent.names.translated_names import GRAMMAR, grammar_here
    from mcpforge.pipeline.intent.restated_scope import SEPARATELY

    if word in GRAMMAR:  # articles and prepositions of the four languages, whatever the request's language
        return True
    language = detect_language(request, resolver)
    if language == "en":
        return False
    if word in SEPARATELY or grammar_here(word, request, resolver):
        return True
    return asking_word([word], 0, language, resolver) or names_no_data(word, request, language)
