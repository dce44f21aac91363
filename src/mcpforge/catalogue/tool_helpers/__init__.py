"""Helper code copied into generated tools: the text below each module's ``INLINE`` marker.

A generated tool may import only the runtime allowlist, so it cannot import these modules; rendering
(``catalogue/_template.py``) reads their text and copies it into the tool, and never imports them
(``hypothesis_tests`` imports scipy.stats). They are real modules so that ruff, mypy and the tests check
the code once, here, where it is written. The one module imported at render time is ``expression_parser``:
``catalogue.expressions`` runs the tools' own parser to refuse an expression before any code is written.
"""
