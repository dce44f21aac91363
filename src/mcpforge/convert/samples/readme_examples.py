"""The code its authors wrote in the README (and in docstrings beyond ``>>>`` lines), as statements.

Markdown fences (```` ```python ````), reStructuredText code blocks (``.. code-block:: python``, a
paragraph ending in ``::``) and ``>>>`` sessions become top-level statements, in order, read with the
AST and never run: ``p = inflect.engine()`` then ``p.plural("person")`` is a method's sample on a
documented instance. ``assert max_satisfying(versions, '~1.2.3') == '1.2.6'`` is the call with the
output its authors promise, like a doctest's; a doctest's output line is kept the same way.
"""

from __future__ import annotations

import ast
import re
import textwrap
from functools import lru_cache

MAX_STATEMENTS = 400
# Spaces and tabs only around the opening fence: ``\s*`` would take the blank line before it into its
# indentation, so that its closing fence never matched and the next block's closed it, prose and all
# (or the first word of an unlabelled block, ``import``, for its language).
_FENCE = re.compile(r"^([ \t]*)(```|~~~)[ \t]*([\w+-]*)[^\n]*\n(.*?)^\1\2\s*$", re.M | re.S)
_PY_LANGS = {"", "python", "py", "python3", "pycon", "ipython", "pytb", "doctest"}
_RST_BLOCK = re.compile(
    r"^([ \t]*)(?:\.\.\s+(?:code-block|code|sourcecode)::\s*(\w*)[^\n]*|[^\n]*::"
    r"|(?:Examples?|Usage):)[ \t]*\n"  # a directive, a paragraph ending in ``::``, a Google section
    r"(?:[ \t]*:[\w-]+:[^\n]*\n)*"  # directive options (``:linenos:``)
    r"((?:[ \t]*\n|\1[ \t]+[^\n]*\n?)+)",
    re.M,
)


def _blocks(text: str) -> list[str]:
    """Code blocks of ``text`` in order of appearance (Python ones only, where the language is said)."""
    found: list[tuple[int, str]] = []
    for match in _FENCE.finditer(text):
        if match.group(3).lower() in _PY_LANGS:
            found.append((match.start(), textwrap.dedent(match.group(4))))
    for match in _RST_BLOCK.finditer(text):
        language = (match.group(2) or "").lower()
        if language in _PY_LANGS:
            found.append((match.start(), textwrap.dedent(match.group(3))))
    found.sort(key=lambda item: item[0])
    return [block for _start, block in found]


def _doctest_lines(block: str) -> list[tuple[str, str]]:
    """``>>>`` / ``...`` statements with the output shown after each."""
    found: list[list[str]] = []
    reading = False
    for line in block.splitlines():
        stripped = line.strip()
        if stripped.startswith(">>> ") or stripped == ">>>":
            found.append([stripped[4:], ""])
            reading = True
        elif (stripped.startswith("... ") or stripped == "...") and found and not found[-1][1]:
            found[-1][0] += "\n" + stripped[4:]
        elif reading and stripped and found:
            found[-1][1] = (found[-1][1] + "\n" + stripped).strip()
        else:
            reading = False
    return [(statement, output) for statement, output in found]


def _asserted(node: ast.stmt, named: dict[str, str]) -> tuple[str, str] | None:
    """``assert call(...) == literal``: the call and the literal it must equal; the literal may be a
    name the block assigned one to (``expected_toml = \"\"\"...\"\"\"``), else the call alone is kept
    (its arguments are still the authors') with no output."""
    test = node.test if isinstance(node, ast.Assert) else None
    if (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], ast.Eq)
        and isinstance(test.left, ast.Call)
    ):
        expected = test.comparators[0]
        if isinstance(expected, ast.Name):
            return ast.unparse(test.left), named.get(expected.id, "")
        return ast.unparse(test.left), _literal_text(expected)
    return None


def _literal_text(node: ast.expr) -> str:
    """``node``'s source when it is a literal, else ``""``."""
    try:
        ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return ""
    return ast.unparse(node)


def _aliases_of(node: ast.stmt, aliases: dict[str, str]) -> bool:
    """Record ``from markdownify import markdownify as md`` (``md`` → ``markdownify``) in ``aliases``;
    whether ``node`` is an import."""
    if isinstance(node, ast.ImportFrom):
        for name in node.names:
            if name.asname and name.name != "*":
                aliases[name.asname] = name.name
        return True
    return isinstance(node, ast.Import)


def _unaliased(statement: str, aliases: dict[str, str]) -> str:
    """``statement`` with the names its README imported under another name written as the library's
    own (``md(html)`` → ``markdownify(html)``), so the call names its tool."""
    if not aliases:
        return statement
    try:
        tree = ast.parse(statement)
    except SyntaxError:
        return statement
    renamed = False
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in aliases:
            node.id = aliases[node.id]
            renamed = True
    return ast.unparse(tree) if renamed else statement


def _script_statements(block: str, aliases: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """Top-level statements of a script block (line by line when the whole does not parse); names
    imported under an alias are written as the library's own."""
    aliases = {} if aliases is None else aliases
    try:
        tree = ast.parse(block)
    except SyntaxError:
        found: list[tuple[str, str]] = []
        for line in block.splitlines():
            try:
                ast.parse(line.strip())
            except SyntaxError:
                continue
            if line.strip():
                found.extend(_script_statements(line.strip(), aliases))
        return found
    statements: list[tuple[str, str]] = []
    named: dict[str, str] = {}  # names this block assigned a literal, for an ``assert`` comparing with one
    for node in tree.body:
        if _aliases_of(node, aliases):
            continue
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    named[target.id] = _literal_text(node.value)
        asserted = _asserted(node, named)
        if asserted is not None:
            statements.append((_unaliased(asserted[0], aliases), asserted[1]))
        elif isinstance(node, ast.Assign | ast.Expr):
            text = ast.get_source_segment(block, node) or ast.unparse(node)
            statements.append((_unaliased(text, aliases), ""))
    return statements


@lru_cache(maxsize=512)
def docstring_examples(doc: str) -> tuple[str, ...]:
    """Statements of a docstring's code blocks (``::`` blocks, a Google ``Example:`` section, fences)
    that are not ``>>>`` lines (the analysis reads those)."""
    blocks = [block for block in _blocks(doc) if ">>>" not in block]
    return tuple(statement for block in blocks for statement, _output in _script_statements(block))


def code_examples(text: str) -> tuple[list[str], dict[str, str]]:
    """The statements of ``text``'s code blocks in order, and statement → the output shown for it
    (a doctest's single output line, or what an ``assert ... ==`` compares the call with)."""
    statements: list[str] = []
    outputs: dict[str, str] = {}
    blocks = _blocks(text)
    if ">>>" in text and not any(">>>" in block for block in blocks):
        blocks.append(text)  # a session written in the prose, outside any code block
    aliases: dict[str, str] = {}  # ``from markdownify import markdownify as md``, for the blocks after it
    for block in blocks:
        if ">>>" in block:
            pairs = []
            for statement, output in _doctest_lines(block):
                try:
                    nodes = ast.parse(statement).body
                except SyntaxError:
                    nodes = []
                for node in nodes:
                    _aliases_of(node, aliases)
                pairs.append((_unaliased(statement, aliases), output))
        else:
            pairs = _script_statements(block, aliases)
        for statement, output in pairs:
            statements.append(statement)
            if output and "\n" not in output and len(output) <= 300 and statement not in outputs:
                outputs[statement] = output
            if len(statements) >= MAX_STATEMENTS:
                return statements, outputs
    return statements, outputs
