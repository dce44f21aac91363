"""Values for sample arguments when the library's own examples give none: from a parameter's
description (a quoted value, a ``(lat, lon)`` tuple, a unit, "chemical formula", GeoJSON), its JSON type
and its name. Ordinary magnitudes, not edge cases such as 0 or 1.
"""

# ruff: noqa: PLR0911, PLR0912 - one rule per kind of value
from __future__ import annotations

import re
from typing import Any

from mcpforge.convert.samples.format_strings import format_strings

_NAME_INTS = {"n", "k", "m", "p", "q", "i", "j", "size", "order", "degree", "dim", "num", "count"}


# Parameter names common across libraries, and a value of the kind they usually mean (the first
# whole-word match wins). Numbers are ordinary magnitudes, not edge cases such as 0 or 1.
_NAMED_NUMBERS: list[tuple[str, float]] = [
    (r"lat|latitude|lat\d", 45.0),
    (r"lon|lng|long|longitude|lon\d|lng\d", 4.0),
    (r"rate|interest", 0.05),
    (r"prob|probability|p|alpha|fraction|frac", 0.5),
    (r"temp|temperature|kelvin", 300.0),
    (r"pressure", 101325.0),
    (r"year|years", 2020),
    (r"month", 6),
    (r"day", 15),
    (r"hour", 12),
    (r"angle|degrees|deg|theta|phi|azimuth|bearing|direction", 30.0),
    (r"distance|dist|length|radius|size|width|height", 10.0),
    (r"seconds|secs|duration|delta|time", 90.0),
    (r"amount|value|quantity|price|cost|pv|fv|principal", 1234.5),
]
# The standard starting position of Forsyth-Edwards Notation: the notation's own first example.
START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
NAMED_STRINGS: list[tuple[str, str]] = [
    # A markup or notation parameter (grammar_values.py prefers a literal of the library's own text).
    (r"html|xhtml", "<p>hello <b>world</b></p>"),
    (r"xml", "<root><item>hello world</item></root>"),
    (r"markdown", "# Title\n\nhello *world*"),
    (r"fen", START_FEN),
    (r"text|string|s|sentence|message|msg|content|word|words|phrase|title", "hello world"),
    (r"version|ver", "1.2.3"),
    (r"date|day|start|end|since|until", "2020-01-01"),
    (r"locale", "en_US"),
    (r"lang|language", "en"),
    (r"currency", "USD"),
    (r"formula", "H2O"),
    (r"name|label|key", "example"),
    (r"expr|expression|query", "a"),
    (r"sep|separator|delimiter", ","),
    (r"char|chr|character|fillchar|padchar", "-"),  # ``pad_char``: one character
]
_NAMED_PAIRS: list[tuple[str, bool]] = [(r"point|coords?|coordinates?|location|latlon|lonlat|position", True)]
_NAMED_ARRAYS: list[tuple[str, bool]] = [(r"arr|array|values|data|xs|ys|samples|vector|vec|signal", True)]
_QUOTED = re.compile(r"""(?<![\w])['"`]{1,2}([^'"`\s][^'"`]{0,20})['"`]{1,2}""")
_TUPLE_OF = re.compile(r"\((\s*[A-Za-z_][\w ]*(?:,\s*[A-Za-z_][\w ]*){1,5})\)")


# A GeoJSON value (RFC 7946) for an object parameter its documentation calls GeoJSON or a shape.
_GEOJSON_WORDS = re.compile(r"geo_?json|geometry|\bshape\b|polygon", re.IGNORECASE)
_GEOJSON: dict[str, Any] = {
    "type": "Polygon",
    "coordinates": [[[170.0, 10.0], [-170.0, 10.0], [-170.0, -10.0], [170.0, -10.0], [170.0, 10.0]]],
}
# Words of a parameter's description that say which kind of string it is (the name says nothing).
_DESCRIBED_STRINGS: list[tuple[str, str]] = [
    (r"chemical formula|formula", "H2O"),
    (r"currency code|currency", "USD"),
    (r"locale", "en_US"),
    (r"version string|semantic version", "1.2.3"),
    (r"iso date|date string", "2020-01-01"),
    (r"FEN|Forsyth.Edwards", START_FEN),
    (r"HTML", "<p>hello <b>world</b></p>"),
]


# Words of an untyped parameter's description that make it a number whatever its name suggests.
_MEASURE_WORDS = re.compile(
    r"\b(distance|length|angle|azimuth|latitude|longitude|degrees|meters|metres|radians|seconds"
    r"|mass|area|volume|velocity|speed|temperature|pressure)\b",
    re.IGNORECASE,
)
_UNIT_IN_DOC = re.compile(
    r"\[([A-Za-z][\w/*^. -]{0,15})\]|\|([A-Za-z][\w/*^. -]{0,15})\||\bin ([a-z]{1,3}(?:/[a-z]{1,3})?)\b"
)


def quantity_value(text: str) -> str:
    """A unit-typed parameter's sample: ten of the unit its description names (``[m/s]``, ``|g/cm^3|``,
    ``in kg``), else a dimensionless ten."""
    match = _UNIT_IN_DOC.search(text)
    unit = next((g for g in match.groups() if g), "") if match else ""
    return f"10 {unit.strip()}".strip()


def described_string(text: str) -> str | None:
    for pattern, value in _DESCRIBED_STRINGS:
        if re.search(rf"\b({pattern})\b", text, re.IGNORECASE if pattern.islower() else 0):
            return value
    return None


# A value the description shows as its example: "the board square string (like a1)", "(e.g. UTC)".
_SHOWN_EXAMPLE = re.compile(r"\((?:like|e\.g\.,?|eg|for example,?|such as)\s+([^\s,;()'\"`]{1,30})\)")


def shown_example(doc: str) -> str | None:
    match = _SHOWN_EXAMPLE.search(doc)
    return match.group(1) if match else None


def name_match(name: str, table: list[tuple[str, Any]]) -> Any:
    lowered = name.lower()
    camel = re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()  # ``startingFen``: starting, fen
    parts = [lowered, *re.split(r"[_\d]+", lowered), *re.split(r"[_\d]+", camel)]
    for pattern, value in table:
        if any(re.fullmatch(pattern, part) for part in parts if part):
            return value
    return None


_COUNT_NAME = re.compile(r"^(n|num|number|count|index|idx)_|_(number|num|count|index|idx|no)$")


def _number_for(name: str, integer: bool) -> int | float:
    if _COUNT_NAME.search(name.lower()):
        return 3  # a count, an index or a small ordinal (``zone_number``, ``n_terms``, ``nper``)
    if integer:
        if name.lower() in _NAME_INTS:
            return 3
        found = name_match(name, _NAMED_NUMBERS)
        return int(found) if isinstance(found, int) else 2
    found = name_match(name, _NAMED_NUMBERS)
    return float(found) if found is not None else 0.5


def _tuple_value(doc: str) -> list[Any] | None:
    """``tuple of (latitude, longitude)`` / ``(x, y) pair`` in a parameter's description → a list with one
    value per named member."""
    match = _TUPLE_OF.search(doc)
    if not match or not re.search(r"tuple|pair|point|coordinates?|\(\s*\w+\s*,", doc, re.IGNORECASE):
        return None
    members = [m.strip().split()[-1] for m in match.group(1).split(",")]
    return [_number_for(m, integer=False) for m in members]


# "a 3-vector", "sequence of 3 real numbers", "shape (2,)", "length-4 array": a list of that many numbers.
_SIZED = re.compile(
    r"\b([2-9])-(?:vector|element|tuple|sequence|array|list)\b"
    r"|\b(?:sequence|list|array|vector|tuple|iterable) of (?:length )?([2-9])\b"
    r"|\blength[- ]?([2-9])\b|\bshape \(([2-9]),?\s*\)"
    r"|\bof ([2-9]) (?:\w+ ){0,2}(?:numbers|values|elements|floats|components|coordinates)\b",
    re.IGNORECASE,
)


def _sized_numbers(text: str, schema: dict[str, Any]) -> list[Any] | None:
    """The numbers ``1.0, 2.0, ...`` an untyped or array parameter documented with its length takes: a
    rotation's ``vector`` ("a 3-vector") refuses the 4 of a plain array sample."""
    kind = schema.get("type")
    untyped_or_array = (kind is None or kind == "array") and "anyOf" not in schema
    text_like = re.search(r"\b(str|string|text|word|name)s?\b", text, re.IGNORECASE)  # "a string of length 3"
    match = _SIZED.search(text) if untyped_or_array and not text_like else None
    if match is None:
        return None
    size = int(next(group for group in match.groups() if group))
    return [float(i) for i in range(1, size + 1)]


def _array_like(schema: dict[str, Any], doc_type: str) -> bool:
    options = schema.get("anyOf", [schema])
    kinds: set[str] = set()
    for option in options:
        kind = option.get("type") if isinstance(option, dict) else None
        kinds |= set(kind) if isinstance(kind, list) else {kind} if isinstance(kind, str) else set()
    if re.search(r"\bscalar\b|\bfloat\b|\bint\b", doc_type, re.IGNORECASE):
        return False  # "scalar or array_like": one number first (the alternative sample tries a list)
    return "array" in kinds and ("number" in kinds or "array_like" in doc_type or "ndarray" in doc_type)


def fits(value: Any, schema: dict[str, Any]) -> bool:
    """Whether ``value`` has one of the JSON types ``schema`` allows (no type: anything)."""
    options = schema.get("anyOf", [schema])
    kinds: set[str] = set()
    for option in options:
        kind = option.get("type") if isinstance(option, dict) else None
        if kind is None:
            return True
        kinds |= set(kind) if isinstance(kind, list) else {kind}
    checks = {
        "integer": isinstance(value, int) and not isinstance(value, bool),
        "number": isinstance(value, int | float) and not isinstance(value, bool),
        "string": isinstance(value, str),
        "boolean": isinstance(value, bool),
        "array": isinstance(value, list),
        "object": isinstance(value, dict),
        "null": value is None,
    }
    return any(checks.get(kind, False) for kind in kinds)


# The analysis's notes for an untyped parameter the code uses as a mapping or a sequence
# (``_analysis_choices.MAPPING_NOTE`` / ``SEQUENCE_NOTE``).
MAPPING_USE = "a mapping: the code reads its keys"
SEQUENCE_USE = "a sequence: the code counts or walks its items"
# What ``typed_value`` passes for a parameter nothing describes (see ``blind_guess``).
BLIND_VALUE = 1.0


def blind_guess(name: str, schema: dict[str, Any], doc: str = "", doc_type: str = "") -> bool:
    """Whether ``typed_value`` has nothing to go on for this parameter: no type, choices or default, no
    description, and a name none of the rules knows (``pad_char``, ``el``). Its value is then
    ``BLIND_VALUE``, a made-up number that proves nothing when the call succeeds."""
    if any(key in schema for key in ("type", "anyOf", "enum", "default")) or f"{doc_type} {doc}".strip():
        return False
    tables: list[list[tuple[str, Any]]] = [_NAMED_NUMBERS, NAMED_STRINGS, _NAMED_PAIRS, _NAMED_ARRAYS]
    return (
        all(name_match(name, table) is None for table in tables)
        and not _COUNT_NAME.search(name.lower())
        and not format_strings(name, "")
    )


def _shape_by_use(schema: dict[str, Any], text: str) -> Any:
    """An untyped parameter the code uses as a mapping (the analysis's note in its description): a
    non-empty one, as an empty one proves nothing. One used as a sequence may be a text (``len(text)``):
    the rules of names and descriptions come first, the list is ``typed_value``'s last resort."""
    if schema.get("type") or schema.get("anyOf"):
        return None
    return {"name": "value", "count": 1} if MAPPING_USE in text else None


def typed_value(
    name: str,
    schema: dict[str, Any],
    expressions: bool,
    *,
    doc: str = "",
    doc_type: str = "",
    pool: dict[str, Any] | None = None,
) -> Any:
    """A value for a required parameter: what the library's own examples pass under that name, else
    what its description shows (a quoted value, a ``(lat, lon)`` tuple), else one from its type and
    name."""
    if schema.get("enum"):
        return schema["enum"][0]
    if "default" in schema:
        return schema["default"]
    if pool and name in pool and fits(pool[name], schema):
        return pool[name]
    text = f"{doc_type} {doc}"
    pair = _tuple_value(text) or _sized_numbers(text, schema)
    if pair is None and not schema and name_match(name, _NAMED_PAIRS):
        pair = [45.0, 4.0]
    if pair is not None:
        # A second point (``point2``, ``end``) a little away from the first: a distance of 0 proves little.
        shift = float(sum(int(d) for d in re.findall(r"\d", name)[-1:]) or 1) - 1.0
        return [v + shift if isinstance(v, float) else v for v in pair]
    if _array_like(schema, doc_type) or (not schema and name_match(name, _NAMED_ARRAYS)):
        return [1.0, 2.0, 3.0, 4.0]
    if (used := _shape_by_use(schema, text)) is not None:
        return used
    kinds = schema.get("type")
    if isinstance(kinds, list):
        kinds = kinds[0]
    if kinds is None and "anyOf" in schema:
        return typed_value(name, schema["anyOf"][0], expressions, doc=doc, doc_type=doc_type)
    if kinds == "integer":
        return _number_for(name, integer=True)
    if kinds == "number":
        return _number_for(name, integer=False)
    if kinds == "boolean":
        return True
    if kinds == "string":
        if expressions:
            return "x**2 - 1"
        quoted = _QUOTED.search(doc)
        if quoted and not re.search(r"default", doc[max(0, quoted.start() - 20) : quoted.start()], re.I):
            return quoted.group(1)
        shown = shown_example(doc)
        if shown is not None:
            return shown
        formats = format_strings(name, text)
        if formats:
            return formats[0]  # the others are further samples (candidates.py)
        named = name_match(name, NAMED_STRINGS)
        return named if named is not None else described_string(text) or "a"
    if kinds == "array":
        items = schema.get("items")
        if isinstance(items, dict) and items.get("type") == "boolean":
            return [False, True, False, True]  # ``obstacles: list[bool]``
        if re.search(r"\b(str|string|text|word|name)s?\b", text, re.IGNORECASE):
            return ["alpha", "beta", "gamma"]
        if isinstance(items, dict) and items.get("type") == "string":
            return [typed_value(name, items, expressions)]  # ``from_files: List[str]``: one string
        return [1.0, 2.0, 3.0, 4.0]
    if kinds == "object":
        return dict(_GEOJSON) if _GEOJSON_WORDS.search(f"{name} {text}") else {}
    if expressions:
        return "x"
    formats = format_strings(name, text)
    if formats and name_match(name, _NAMED_NUMBERS) is None:
        # An untyped ``datestring``: a string in the format its name says (``duration``, ``time``: a
        # number first, the strings are further samples).
        return formats[0]
    described = described_string(text)
    if described is not None and name_match(name, NAMED_STRINGS) is None:
        return described  # "compound: Chemical formula" → "H2O"
    if _GEOJSON_WORDS.search(f"{name} {text}") and re.search(r"geojson|dict", text, re.IGNORECASE):
        return dict(_GEOJSON)
    if re.search(r"\b(str|string|text)\b", text, re.IGNORECASE):
        named = name_match(name, NAMED_STRINGS)
        return named if named is not None else "hello world"
    if _COUNT_NAME.search(name.lower()):
        return 3
    named_number = name_match(name, _NAMED_NUMBERS)
    if named_number is not None:
        # A name the table gives a whole number (``year``, ``month``, ``day``, ``hour``) keeps it unless
        # the description says it may be fractional: an int works wherever a float does, a float fails
        # where the code needs an int (convertdate's ``monthcalendar(year, month)``, ``lengths[month]``,
        # ``range(year)``: "'float' object cannot be interpreted as an integer" dropped the tools).
        fractional = re.search(r"\b(float|real|decimal|fractional)\b", text, re.IGNORECASE)
        return named_number if isinstance(named_number, int) and not fractional else float(named_number)
    named = name_match(name, NAMED_STRINGS)
    measure = _MEASURE_WORDS.search(text)
    if named is not None and measure is not None:
        # ``s12``: "the distance from the first point to the second": a number, not the string ``s`` hints.
        return float(name_match(measure.group(1), _NAMED_NUMBERS) or 10.0)
    if named is not None:
        return named
    # The code counts or walks it (the analysis's note) and no rule made it a text: a list of small
    # steps, which stays inside a range the library builds from another list (splines: a curve through
    # 4 vertices is evaluated at t in [0, 3]; ``evaluate(t)`` walks t when it is not a number).
    return [0.5, 1.0, 1.5, 2.0] if SEQUENCE_USE in text else BLIND_VALUE
