"""The standard CodeBLEU of the ``codebleu`` package (Ren et al., 2020), an optional extra for comparison.

Install it with ``pip install codebleu "tree-sitter-python~=0.21.0"`` (codebleu 0.7 needs tree-sitter
0.22, whose Python grammar must be older than 0.22). mcpforge never requires it: without it the value is
None. It is not the requirements' CodeBLEU and no decision uses it.
"""

from __future__ import annotations

import importlib
from typing import Any

# What codebleu raises on code it cannot handle (its tree-sitter bindings and BLEU arithmetic).
_FAILURES = (ArithmeticError, LookupError, TypeError, ValueError, AttributeError, RecursionError)


def _module() -> Any | None:
    try:
        return importlib.import_module("codebleu")
    except ImportError:
        return None


def standard_code_bleu_available() -> bool:
    """True when the ``codebleu`` package and its Python grammar can be used."""
    module = _module()
    if module is None:
        return False
    try:
        module.calc_codebleu(["x = 1\n"], ["x = 1\n"], lang="python")
    except (ImportError, *_FAILURES):
        return False
    return True


def standard_code_bleu(candidate_code: str, reference_code: str) -> float | None:
    """codebleu's score of the candidate against the reference, or None when unavailable or failing."""
    module = _module()
    if module is None:
        return None
    try:
        result = module.calc_codebleu([reference_code], [candidate_code], lang="python")
    except (ImportError, *_FAILURES):
        return None
    score = float(result["codebleu"])
    return min(1.0, max(0.0, score))
