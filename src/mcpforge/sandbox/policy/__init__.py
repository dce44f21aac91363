"""The static policy for generated code: a first filter in front of the sandbox, never the boundary.

Import it from here (``from mcpforge.sandbox.policy import check_source``). The room holds ``checker``
(the AST walk, its violations and report), ``rules`` (the tables behind each rule), ``module_aliases``
(which names may hold a module), ``call_arguments`` (calls refused for their arguments) and
``type_expressions`` (where only a plain type expression may stand).
"""

from __future__ import annotations

from mcpforge.sandbox.policy.checker import PolicyReport, Violation, ViolationModel, check_bytes, check_source

__all__ = ["PolicyReport", "Violation", "ViolationModel", "check_bytes", "check_source"]
