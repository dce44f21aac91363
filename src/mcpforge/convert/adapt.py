"""Step 3b, adapt: a parameter's type (annotation, else docstring type) → JSON Schema and an adapter.

Every tool signature is JSON (seed 004). Numbers, strings, booleans, lists, dicts, enums and Literals map
directly; numpy arrays travel as nested lists, complex numbers as ``{real, imag}``, DataFrames as records
or a CSV path under the allowed roots, expressions as strings parsed by the service's safe parser, and
objects of the library as handle ids. What cannot be adapted raises :class:`Unadaptable` with the reason.
"""

# ruff: noqa: PLR0911, PLR0912 - one rule per type family reads better than a table of lambdas
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

HANDLE_SCHEMA: dict[str, Any] = {
    "anyOf": [{"type": "string", "pattern": r"^h\$"}, {"type": ["array", "object", "number", "boolean"]}],
    "description": "a handle id returned by another tool of this service (see `release`), or a JSON value "
    "the library accepts in its place (e.g. a list of edges; for an object a tool answered as the list of "
    "its items, such as a named tuple, that list)",
}
_HANDLE_OR_NAME: dict[str, Any] = {
    "anyOf": [{"type": "string"}, {"type": ["array", "object", "number", "boolean"]}],
    "description": "a handle id returned by another tool of this service, or the object's name",
}
ANY_JSON: dict[str, Any] = {}
_NUMBER = {"type": "number"}
_COMPLEX = {
    "anyOf": [
        {"type": "number"},
        {
            "type": "object",
            "properties": {"real": {"type": "number"}, "imag": {"type": "number"}},
            "required": ["real", "imag"],
        },
    ]
}
_ARRAY = {
    "anyOf": [{"type": "number"}, {"type": "array"}, {"type": "string"}],
    "description": "a number or (nested) list of numbers; for libraries using pint also a quantity "
    'such as "45 degrees"',
}
_DATAFRAME = {
    "anyOf": [{"type": "array", "items": {"type": "object"}}, {"type": "string"}],
    "description": "rows as a list of objects, or the path of a CSV file under the allowed directories",
}
_UNSUPPORTED_WORDS = ("callable", "function", "func ", "generator", "file-like", "file object", "stream")
_QUANTITY = {
    "anyOf": [{"type": "string"}, {"type": "number"}, {"type": "array"}],
    "description": 'a quantity with units, e.g. "10 m/s" (numbers are dimensionless)',
}
_UNIT_TYPED = {
    "anyOf": [
        {"type": "string"},
        {
            "type": "object",
            "properties": {"value": {"type": "number"}, "unit": {"type": "string"}},
            "required": ["value", "unit"],
        },
        {"type": "number"},
    ],
    "description": 'a quantity with units: a string such as "10 kg" or {"value": 10, "unit": "kg"}; '
    "a bare number is dimensionless",
}
_WORDS: list[tuple[tuple[str, ...], dict[str, Any], str]] = [
    (("quantity", "with units"), _QUANTITY, "quantity"),
    (("array_like", "array-like", "ndarray", "array "), _ARRAY, "ndarray"),
    (("dataframe",), _DATAFRAME, "dataframe"),
    (("complex",), _COMPLEX, "complex"),
    (("bool",), {"type": "boolean"}, "json"),
    (("int",), {"type": "integer"}, "json"),
    (("float", "real", "scalar", "number", "numeric"), _NUMBER, "json"),
    (("str", "string", "path"), {"type": "string"}, "json"),
    (("dict", "mapping"), {"type": "object"}, "json"),
    (("list", "sequence", "tuple", "iterable", "container", "collection", "set"), {"type": "array"}, "json"),
    (
        ("expr", "expression", "sympifiable"),
        {"type": "string", "description": "an expression, e.g. x**2 - 1"},
        "expression",
    ),
    (("node", "hashable"), {"type": ["string", "number"]}, "json"),
]


# Numeric protocols and numpy scalar types: plain JSON numbers (the library converts them itself).
_NUMERIC_CLASSES: dict[str, str] = {
    "typing.SupportsInt": "integer",
    "typing.SupportsIndex": "integer",
    "typing.SupportsFloat": "number",
    "numbers.Integral": "integer",
    "numbers.Real": "number",
    "numbers.Number": "number",
    "numbers.Rational": "number",
    **{f"numpy.{n}": "integer" for n in ("int8", "int16", "int32", "int64", "intc", "intp", "integer")},
    **{f"numpy.{n}": "number" for n in ("float16", "float32", "float64", "floating", "number", "double")},
}


class Unadaptable(Exception):  # noqa: N818 - a control signal inside the select step
    """The type cannot cross a JSON boundary."""


@dataclass(frozen=True, kw_only=True)
class Adapted:
    """A parameter's JSON Schema and the adapter that turns the JSON value back into a library value."""

    schema: dict[str, Any]
    adapter: dict[str, Any] = field(default_factory=lambda: {"kind": "json"})
    handle_class: str | None = None


def adapt_type(tree: dict[str, Any], doc_type: str, library_classes: dict[str, str]) -> Adapted:
    """Adapt the annotation ``tree``; an absent or textual annotation falls back to ``doc_type``.

    Args:
        tree: the type tree from the analysis.
        doc_type: the docstring's type text ("int, optional", "NetworkX graph").
        library_classes: lower-case class name → full name of the library's public classes.
    """
    kind = tree.get("kind", "any")
    if kind == "any":
        return adapt_doc_type(doc_type, library_classes) if doc_type.strip() else Adapted(schema=ANY_JSON)
    if kind == "text":
        return adapt_doc_type(str(tree.get("text", "")), library_classes)
    if kind in {"boolean", "integer", "number", "string"}:
        return Adapted(schema={"type": kind})
    if kind == "none":
        return Adapted(schema={"type": "null"})
    if kind == "complex":
        return Adapted(schema=_COMPLEX, adapter={"kind": "complex"})
    if kind == "literal":
        return Adapted(schema={"enum": list(tree.get("values", []))})
    if kind == "enum":
        return Adapted(
            schema={"type": "string", "enum": list(tree.get("values", []))},
            adapter={"kind": "enum", "class": tree["class"]},
        )
    if kind == "ndarray":
        return Adapted(schema=_ARRAY, adapter={"kind": "ndarray"})
    if kind == "dataframe":
        return Adapted(schema=_DATAFRAME, adapter={"kind": "dataframe"})
    if kind == "list":
        items = adapt_type(tree.get("items", {"kind": "any"}), "", library_classes)
        if items.adapter["kind"] not in {"json"}:
            return Adapted(schema={"type": "array", "items": items.schema}, adapter={"kind": "json"})
        return Adapted(schema={"type": "array", "items": items.schema})
    if kind == "dict":
        values = adapt_type(tree.get("values", {"kind": "any"}), "", library_classes)
        return Adapted(schema={"type": "object", "additionalProperties": values.schema})
    if kind == "union":
        return _union(
            [m for m in tree.get("of", []) if m.get("kind") != "none"], library_classes, nullable=True
        )
    if kind == "class":
        return _class(str(tree.get("name", "")), library_classes)
    if kind == "bytes":
        raise Unadaptable("bytes values are not JSON")
    raise Unadaptable(f"type {kind!r} is not adaptable")


def _union(members: list[dict[str, Any]], library_classes: dict[str, str], *, nullable: bool) -> Adapted:
    adapted: list[Adapted] = []
    reasons: list[str] = []
    for member in members:
        try:
            adapted.append(adapt_type(member, "", library_classes))
        except Unadaptable as exc:
            reasons.append(str(exc))
    if not adapted:
        raise Unadaptable("; ".join(reasons) or "empty union")
    schemas = [a.schema for a in adapted] + ([{"type": "null"}] if nullable else [])
    first = next((a for a in adapted if a.adapter["kind"] != "json"), adapted[0])
    return Adapted(schema={"anyOf": schemas}, adapter=first.adapter, handle_class=first.handle_class)


def _class(full: str, library_classes: dict[str, str]) -> Adapted:
    short = full.rsplit(".", 1)[-1]
    if short.lower() in library_classes or full in library_classes.values():
        return Adapted(
            schema=HANDLE_SCHEMA,
            adapter={"kind": "handle"},
            handle_class=library_classes.get(short.lower(), full),
        )
    if full in {"pathlib.Path", "os.PathLike", "pathlib.PurePath"}:
        return Adapted(schema={"type": "string"})
    if full in {"decimal.Decimal", "fractions.Fraction"}:
        return Adapted(schema=_NUMBER)
    if full in _NUMERIC_CLASSES:
        return Adapted(schema={"type": _NUMERIC_CLASSES[full]})
    system = full.split(".", 1)[0]
    if short.endswith("Quantity") and system in {"pint", "astropy"}:
        # Unit-typed: a string such as "10 kg" (or {"value": 10, "unit": "kg"}), built as the library's
        # own quantity; a bare number is dimensionless.
        return Adapted(schema=_UNIT_TYPED, adapter={"kind": "quantity", "system": system})
    if full.startswith(("collections.abc.Callable", "typing.Callable")) or short in {"Callable", "function"}:
        raise Unadaptable("callables cannot be passed as JSON")
    raise Unadaptable(f"objects of {full!r} (outside the library) cannot be built from JSON")


def adapt_doc_type(text: str, library_classes: dict[str, str]) -> Adapted:
    """Adapt a docstring type such as ``"int or None, optional"`` or ``"{'a', 'b'}"``."""
    cleaned = re.sub(r"\(default.*?\)|default[^,]*|optional", " ", text, flags=re.IGNORECASE).strip(" ,.")
    if not cleaned:
        return Adapted(schema=ANY_JSON)
    literals = re.fullmatch(r"\{(.+)\}", cleaned)
    if literals:
        items = [v.strip() for v in literals.group(1).split(",") if v.strip()]
        # numpydoc: {'a', 'b'} lists values; {int, float} (unquoted words) lists types.
        if all(re.fullmatch(r"'[^']*'|\"[^\"]*\"|-?\d+(\.\d+)?|None", v) for v in items):
            typed: list[Any] = [
                None if v == "None" else int(v) if v.lstrip("-").isdigit() else v.strip("'\"") for v in items
            ]
            return Adapted(schema={"enum": typed})
        cleaned = literals.group(1)
    lowered = f" {cleaned.lower()} "
    many = re.search(r"\b(sequence|list|iterable|collection)s?\s+of\b", lowered) is not None
    handle_class = next(
        (library_classes[w] for w in re.findall(r"[a-z_][a-z0-9_]{2,}", lowered) if w in library_classes),
        None,
    )
    if handle_class is not None and many:
        # "sequence of Dataset and DataArray": several handles, as a JSON list of handle ids.
        return Adapted(
            schema=HANDLE_SCHEMA, adapter={"kind": "handle", "many": True}, handle_class=handle_class
        )
    schemas: list[dict[str, Any]] = []
    adapter: dict[str, Any] = {"kind": "json"}
    for words, schema, kind in _WORDS:
        if any(re.search(rf"(?<![a-z_]){re.escape(w.strip())}", lowered) for w in words):
            schemas.append(schema)
            if kind != "json" and adapter["kind"] == "json":
                adapter = {"kind": kind}
    if (
        handle_class is not None
        and not schemas
        and re.search(r"\b(names?|initiali[sz]er|specification)\b", lowered)
    ):
        # "Wavelet object or name": a handle id, or the name the library looks the object up by.
        return Adapted(schema=_HANDLE_OR_NAME, adapter={"kind": "handle"}, handle_class=handle_class)
    if handle_class is not None and not schemas:
        return Adapted(schema=HANDLE_SCHEMA, adapter={"kind": "handle"}, handle_class=handle_class)
    if handle_class is not None:
        # "Hashable or Variable or DataArray": a plain value is the simple choice; a handle id still
        # works, because every argument equal to a live handle id is replaced by its object.
        schemas.append({"type": "string", "pattern": r"^h\$"})
    if not schemas:
        if any(w in lowered for w in _UNSUPPORTED_WORDS):
            raise Unadaptable(f"docstring type {text!r} is not JSON")
        return Adapted(schema=ANY_JSON)
    if adapter["kind"] == "ndarray" and {"type": "string"} in schemas:
        # "str, Sequence, or 1D np.ndarray" (a DNA sequence): a string is the library's own value, passed
        # as it is, not a quantity to parse.
        adapter = {**adapter, "strings": True}
    if len(schemas) == 1:
        return Adapted(schema=schemas[0], adapter=adapter)
    return Adapted(schema={"anyOf": schemas}, adapter=adapter)


def output_schema(tree: dict[str, Any]) -> dict[str, Any]:
    """The output schema: ``{"result": ...}``, typed only for plain scalar annotations."""
    kind = tree.get("kind", "any")
    result: dict[str, Any] = {"type": kind} if kind in {"boolean", "integer", "string"} else {}
    if kind == "number":
        result = {"type": ["number", "string"]}  # inf and nan come back as strings
    return {
        "type": "object",
        "properties": {"result": result, "duration_ms": {"type": "number"}},
        "required": ["result"],
    }


def varargs_parameter(
    name: str, tree: dict[str, Any], doc_type: str, library_classes: dict[str, str]
) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """A ``*args`` parameter as one JSON array of the positional values (``Permutation(*img)``): the
    plan's parameter (``varargs``: the runtime spreads it) and its schema; None when its items are not
    JSON. The parameters before it must then be passed by position too (the caller marks them)."""
    try:
        items = adapt_type(tree, doc_type, library_classes)
    except Unadaptable:
        return None
    if items.adapter["kind"] == "handle":
        return None
    schema = {
        "type": "array",
        "items": items.schema,
        "description": (
            f"a list of the positional values (*{name}): each item is passed as one positional argument, "
            "in order"
        ),
    }
    param = {
        "name": name,
        "python_name": name,
        "adapter": items.adapter,
        "positional_only": True,
        "varargs": True,
        "handle_class": None,
        "required": False,
    }
    return param, schema


def varkw_parameter(name: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A ``**kwargs`` parameter as one JSON object of further keyword arguments (``Template.render(**ctx)``:
    the template's variables are the call's whole input): the plan's parameter (``varkw``: the runtime
    passes its members by name) and its schema. Optional: the library's own defaults apply without it."""
    schema = {
        "type": "object",
        "additionalProperties": True,
        "description": f"further keyword arguments (**{name}), by name",
    }
    param = {
        "name": name,
        "python_name": name,
        "adapter": {"kind": "json"},
        "positional_only": False,
        "varkw": True,
        "handle_class": None,
        "required": False,
    }
    return param, schema
