"""CodeBLEU as the requirements define it (4.7.1-4.7.5), plus the ``codebleu`` package's score as an extra."""

from mcpforge.metrics.code_bleu._standard import standard_code_bleu, standard_code_bleu_available
from mcpforge.metrics.code_bleu.ast_match import calculate_ast_similarity, extract_ast_features
from mcpforge.metrics.code_bleu.combined import calculate_code_bleu, resolve_code_bleu_weights
from mcpforge.metrics.code_bleu.dataflow import calculate_dataflow_similarity, extract_dataflow
from mcpforge.metrics.code_bleu.ngram import calculate_bleu, calculate_ngram_precision, tokenize_code
from mcpforge.metrics.code_bleu.weighted import DEFAULT_KEYWORD_WEIGHTS, calculate_weighted_ngram_score

__all__ = [
    "DEFAULT_KEYWORD_WEIGHTS",
    "calculate_ast_similarity",
    "calculate_bleu",
    "calculate_code_bleu",
    "calculate_dataflow_similarity",
    "calculate_ngram_precision",
    "calculate_weighted_ngram_score",
    "extract_ast_features",
    "extract_dataflow",
    "resolve_code_bleu_weights",
    "standard_code_bleu",
    "standard_code_bleu_available",
    "tokenize_code",
]
