"""The one JSON Schema walker every bridge transform uses.

A transform is a function ``visit(node, ctx) -> node`` applied to every subschema, children first
(post-order), on a deep copy: the input schema is never mutated. Only schema positions are visited —
the values of ``properties``, ``items``, ``anyOf`` ... — so a property that happens to be called
``default`` or ``enum`` is never mistaken for a keyword, and the data inside ``enum``/``const``/
``default``/``examples`` is never walked.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

# Keywords whose value is one subschema.
SINGLE_SCHEMA_KEYWORDS = (
    "additionalProperties",
    "unevaluatedProperties",
    "propertyNames",
    "items",  # a list in draft 4-7 (tuple form); handled by _children
    "additionalItems",
    "unevaluatedItems",
    "contains",
    "not",
    "if",
    "then",
    "else",
)
# Keywords whose value is a list of subschemas.
LIST_SCHEMA_KEYWORDS = ("anyOf", "oneOf", "allOf", "prefixItems")
# Keywords whose value maps names to subschemas.
MAP_SCHEMA_KEYWORDS = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")

JSON_TYPES = ("string", "number", "integer", "boolean", "object", "array", "null")


@dataclass(frozen=True, kw_only=True)
class SchemaContext:
    """Where a node sits: its JSON pointer from the root, the keyword that holds it, its depth."""

    pointer: str
    keyword: str | None
    depth: int

    def child(self, *tokens: str) -> SchemaContext:
        """The context of a node reached from this one through ``tokens`` (keyword, then name/index)."""
        return SchemaContext(
            pointer=self.pointer + "".join("/" + escape_pointer_token(token) for token in tokens),
            keyword=tokens[0],
            depth=self.depth + 1,
        )


SchemaVisitor = Callable[[dict[str, Any], SchemaContext], dict[str, Any]]

ROOT = SchemaContext(pointer="", keyword=None, depth=0)


def escape_pointer_token(token: str) -> str:
    """Escape one JSON pointer token (RFC 6901)."""
    return token.replace("~", "~0").replace("/", "~1")


def _children(node: Mapping[str, Any]) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every direct subschema of ``node`` with the pointer tokens that lead to it."""
    for keyword in MAP_SCHEMA_KEYWORDS:
        value = node.get(keyword)
        if isinstance(value, Mapping):
            for name, sub in value.items():
                yield (keyword, str(name)), sub
    for keyword in SINGLE_SCHEMA_KEYWORDS:
        value = node.get(keyword)
        if isinstance(value, Mapping):
            yield (keyword,), value
        elif keyword == "items" and isinstance(value, list):
            for index, sub in enumerate(value):
                yield (keyword, str(index)), sub
    for keyword in LIST_SCHEMA_KEYWORDS:
        value = node.get(keyword)
        if isinstance(value, list):
            for index, sub in enumerate(value):
                yield (keyword, str(index)), sub


def _set_child(node: dict[str, Any], tokens: tuple[str, ...], value: Any) -> None:
    if len(tokens) == 1:
        node[tokens[0]] = value
    elif isinstance(node[tokens[0]], list):
        node[tokens[0]][int(tokens[1])] = value
    else:
        node[tokens[0]][tokens[1]] = value


def _walk(node: Any, ctx: SchemaContext, visit: SchemaVisitor) -> Any:
    if not isinstance(node, dict):
        return node  # boolean schemas (true/false) and malformed values pass through untouched
    for tokens, sub in list(_children(node)):
        _set_child(node, tokens, _walk(sub, ctx.child(*tokens), visit))
    return visit(node, ctx)


def walk_schema(schema: Mapping[str, Any], visit: SchemaVisitor) -> dict[str, Any]:
    """Apply ``visit`` to every subschema of a deep copy of ``schema``, children before parents.

    Args:
        schema: A JSON Schema object (not modified).
        visit: Called with each (already transformed) node and its context; returns the new node.

    Returns:
        The transformed copy.
    """
    result = _walk(copy.deepcopy(dict(schema)), ROOT, visit)
    if not isinstance(result, dict):  # pragma: no cover - the root is a dict, and visit returns dicts
        raise TypeError("a schema visitor must return a dict")
    return result


def iter_schema(schema: Mapping[str, Any]) -> Iterator[tuple[Mapping[str, Any], SchemaContext]]:
    """Every subschema of ``schema`` (including the root) with its context, parents before children."""
    stack: list[tuple[Any, SchemaContext]] = [(schema, ROOT)]
    while stack:
        node, ctx = stack.pop()
        if not isinstance(node, Mapping):
            continue
        yield node, ctx
        children = list(_children(node))
        for tokens, sub in reversed(children):
            stack.append((sub, ctx.child(*tokens)))


def resolve_pointer(root: Mapping[str, Any], ref: str) -> Any:
    """The value a local ``$ref`` (``#/...``) points to in ``root``.

    Raises:
        KeyError: the reference is not local or does not resolve.
    """
    if ref == "#":
        return root
    if not ref.startswith("#/"):
        raise KeyError(ref)
    node: Any = root
    for raw in ref[2:].split("/"):
        token = raw.replace("~1", "/").replace("~0", "~")
        if isinstance(node, list):
            node = node[int(token)]
        elif isinstance(node, Mapping):
            node = node[token]
        else:
            raise KeyError(ref)
    return node


def schema_types(node: Mapping[str, Any]) -> list[str]:
    """The node's ``type`` as a list (empty when it declares none)."""
    declared = node.get("type")
    if isinstance(declared, str):
        return [declared]
    if isinstance(declared, list):
        return [str(item) for item in declared]
    return []


def render_value(value: Any) -> str:
    """A JSON rendering of a schema value for use inside a description."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def append_sentence(description: str | None, sentence: str) -> str:
    """``description`` followed by ``sentence``, unless it already says it."""
    text = (description or "").rstrip()
    if sentence in text:
        return text
    if not text:
        return sentence
    separator = " " if text.endswith((".", "!", "?", ":")) else ". "
    return f"{text}{separator}{sentence}"


def fold_default_and_enum(node: dict[str, Any], *, drop_default: bool) -> dict[str, Any]:
    """Say a node's ``default`` and ``enum`` values in its description; drop ``default`` when asked.

    Models follow values written in the description more reliably than the keywords themselves,
    and some function-calling APIs reject ``default`` (seed 002 §4.2, §9).
    """
    if "default" in node:
        node["description"] = append_sentence(
            node.get("description"), f"Default: {render_value(node['default'])}."
        )
        if drop_default:
            del node["default"]
    enum = node.get("enum")
    if isinstance(enum, list) and enum:
        shown = ", ".join(render_value(value) for value in enum)
        node["description"] = append_sentence(node.get("description"), f"Allowed values: {shown}.")
    return node
