"""Delimited text as people save it: the encoding, the delimiter and the decimal mark, worked out together.

Encodings: a BOM settles it (UTF-8, UTF-16, UTF-32); UTF-16 without a BOM is recognised by its NUL
pattern; UTF-8 is tried next; a file that is not UTF-8 is read as Windows-1252 (what Excel writes on
Western machines), or latin-1 when even that fails, with a note rather than a refusal. The decimal comma
is only considered when the delimiter is not a comma (``1,5;2,5`` is two numbers in Europe).
"""

from __future__ import annotations

import codecs
import csv
import io
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mcpforge.exceptions import DataError

if TYPE_CHECKING:  # sniffing a file needs no pandas (a refused request never loads it)
    import pandas as pd

DELIMITERS = ",;\t|"

_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"), (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"),
)  # fmt: skip
_DECIMAL_COMMA = re.compile(r"^[+-]?\d+,\d+$")
# "7,22e-05": a decimal-comma number may be written with an exponent (a sparse share column of tiny values)
_PLAIN_NUMBER = re.compile(r"^[+-]?\d+(,\d+)?([eE][+-]?\d+)?$")
_SNIFF_ROWS = 200


@dataclass(frozen=True, kw_only=True)
class TextFormat:
    """How a delimited text file is written."""

    encoding: str
    delimiter: str
    decimal: str = "."
    notes: tuple[str, ...] = ()


def _utf16_without_bom(sample: bytes) -> str | None:
    """``utf-16-le``/``-be`` when NULs sit on every other byte (ASCII text in UTF-16), else None."""
    even, odd = sample[0::2], sample[1::2]
    if len(sample) < 4:
        return None
    if odd.count(0) > 0.9 * len(odd) and even.count(0) < 0.1 * len(even):
        return "utf-16-le"
    if even.count(0) > 0.9 * len(even) and odd.count(0) < 0.1 * len(odd):
        return "utf-16-be"
    return None


def detect_encoding(sample: bytes, *, shown: str) -> tuple[str, list[str]]:
    """The encoding of a file from its first bytes, and notes about the choice.

    Raises:
        DataError: the sample holds NUL bytes outside a UTF-16/32 file (a binary file).
    """
    for bom, encoding in _BOMS:
        if sample.startswith(bom):
            return encoding, []
    if b"\x00" in sample:
        utf16 = _utf16_without_bom(sample)
        if utf16 is not None:
            return utf16, [f"{shown!r} has no byte-order mark; read it as {utf16.upper()}"]
        raise DataError(
            f"{shown!r} looks like a binary file (it contains NUL bytes), not CSV text", path=shown
        )
    try:
        codecs.getincrementaldecoder("utf-8")().decode(sample, final=False)
    except UnicodeDecodeError:
        return fallback_encoding(sample, shown=shown)
    return "utf-8", []


def fallback_encoding(sample: bytes, *, shown: str) -> tuple[str, list[str]]:
    """Windows-1252 when every byte is defined in it, else latin-1 (which reads every byte)."""
    try:
        sample.decode("cp1252")
    except UnicodeDecodeError:
        return "latin-1", [f"{shown!r} is not valid UTF-8; read it as latin-1"]
    return "cp1252", [f"{shown!r} is not valid UTF-8; read it as Windows-1252 (cp1252)"]


def sniff_delimiter(text: str) -> str:
    """The field delimiter of CSV ``text``: one of ``, ; TAB |`` (comma when nothing else fits)."""
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        return ","
    header = lines[0]
    try:
        dialect = csv.Sniffer().sniff("\n".join(lines[:50]), delimiters=DELIMITERS)
        sniffed = str(dialect.delimiter)
    except csv.Error:
        sniffed = ""
    # The sniffer can pick a character that only occurs inside values; the header settles it.
    in_header = {delim: header.count(delim) for delim in DELIMITERS if header.count(delim)}
    if sniffed and (sniffed in in_header or not in_header):
        return sniffed
    if in_header:
        return max(in_header, key=lambda delim: in_header[delim])
    return ","


def sniff_decimal(text: str, delimiter: str) -> str:
    """``","`` when some column of the sample holds decimal-comma numbers only, else ``"."``."""
    if delimiter == ",":
        return "."
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))[1:_SNIFF_ROWS]
    if not rows:
        return "."
    width = max(len(row) for row in rows)
    for index in range(width):
        cells = [row[index].strip() for row in rows if index < len(row) and row[index].strip()]
        if (
            cells
            and any(_DECIMAL_COMMA.match(c) for c in cells)
            and all(_PLAIN_NUMBER.match(c) for c in cells)
        ):
            return ","
    return "."


def sniff_text_format(sample: bytes, *, shown: str, complete: bool) -> TextFormat:
    """Encoding, delimiter and decimal mark of a delimited text file from its first bytes.

    Args:
        sample: the first bytes of the file.
        shown: the path as the person gave it (for messages).
        complete: the sample is the whole file (its last line is not cut in the middle).
    """
    encoding, notes = detect_encoding(sample, shown=shown)
    text = sample.decode(encoding, errors="replace").lstrip("\ufeff")
    if not complete:
        cut = text.rfind("\n")
        text = text[:cut] if cut > 0 else text
    delimiter = sniff_delimiter(text)
    decimal = sniff_decimal(text, delimiter)
    if decimal == ",":
        notes.append(
            f"{shown!r} writes decimals with a comma (delimiter {delimiter!r}); read them as numbers"
        )
    return TextFormat(encoding=encoding, delimiter=delimiter, decimal=decimal, notes=tuple(notes))


def normalise_decimal_commas(df: pd.DataFrame) -> pd.DataFrame:
    """Text cells in decimal-comma columns rewritten with a decimal point (``"3,5"`` → ``"3.5"``).

    Used when cells are kept as text (fixtures are cut from them and written as comma-separated CSV).
    """
    changed = {}
    for column in df.columns:
        values = df[column].astype(str).str.strip()
        filled = values[values != ""]
        if filled.empty or not bool(filled.str.fullmatch(_PLAIN_NUMBER).all()):
            continue
        if bool(filled.str.contains(",", regex=False).any()):
            changed[column] = df[column].str.replace(",", ".", regex=False)
    return df.assign(**changed) if changed else df
