"""What kind of data file a path holds, from its first bytes first and its name second.

The bytes decide because people rename files ("report.csv" that is really an Excel workbook); the name
only separates kinds whose bytes look alike (JSON vs JSON Lines vs CSV text). A file that is none of the
supported kinds is refused with what it looks like, so the person is not told their request is wrong.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Literal

from mcpforge.exceptions import DataError

FileKind = Literal["csv", "xlsx", "parquet", "arrow", "json", "jsonl", "sqlite"]

SUPPORTED = (
    "CSV/TSV text, Excel .xlsx, Parquet, Arrow IPC (Feather v2), JSON (records or columns), JSON Lines, "
    "SQLite"
)

_SQLITE_MAGIC = b"SQLite format 3\x00"
_PARQUET_MAGIC = b"PAR1"
_ARROW_MAGIC = b"ARROW1"
_ZIP_MAGIC = b"PK\x03\x04"
_BINARY_KINDS: tuple[tuple[bytes, FileKind], ...] = (
    (_SQLITE_MAGIC, "sqlite"),
    (_PARQUET_MAGIC, "parquet"),
    (_ARROW_MAGIC, "arrow"),
)
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
# First bytes of common files people hand over by mistake, and what to call them in the message.
_LOOKALIKES = (
    (b"%PDF", "a PDF document"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"\x1f\x8b", "a gzip-compressed file (decompress it first)"),
    (b"BZh", "a bzip2-compressed file (decompress it first)"),
    (b"\xfd7zXZ", "an xz-compressed file (decompress it first)"),
    (b"7z\xbc\xaf", "a 7-Zip archive"),
    (b"Obj\x01", "an Avro file"),
    (b"\x7fELF", "a program (ELF executable)"),
    (b"{\\rtf", "an RTF document"),
)
_JSON_LINES_SUFFIXES = (".jsonl", ".ndjson", ".jsonlines")


def _unsupported(shown: str, looks_like: str) -> DataError:
    return DataError(
        f"{shown!r} looks like {looks_like}, which cannot be read; supported: {SUPPORTED}", path=shown
    )


def _zip_kind(path: Path, shown: str) -> FileKind:
    try:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
    except zipfile.BadZipFile:
        raise _unsupported(shown, "a damaged ZIP archive") from None
    if "xl/workbook.xml" in names:
        return "xlsx"
    if "word/document.xml" in names:
        raise _unsupported(shown, "a Word document")
    if "ppt/presentation.xml" in names:
        raise _unsupported(shown, "a PowerPoint presentation")
    if "content.xml" in names:
        raise _unsupported(shown, "an OpenDocument file (save it as .xlsx or .csv)")
    raise _unsupported(shown, "a ZIP archive (extract the data file first)")


def _looks_like_json_lines(text: str) -> bool:
    """Two or more lines, each a JSON object on its own (a single JSON document fails on line 2)."""
    lines = [line for line in text.splitlines() if line.strip()][:5]
    if len(lines) < 2 or not lines[0].lstrip().startswith("{"):
        return False
    try:
        return all(isinstance(json.loads(line), dict) for line in lines[:-1])
    except json.JSONDecodeError:
        return False


def detect_file_kind(path: str | Path, sample: bytes | None = None) -> FileKind:  # noqa: PLR0911 - one return per kind
    """The kind of data file at ``path`` (``sample``: its first bytes, read here when omitted).

    Raises:
        DataError: the file is of a kind that is not supported; the message names what it looks like.
    """
    file = Path(path)
    shown = str(path)
    if sample is None:
        with file.open("rb") as handle:
            sample = handle.read(64 * 1024)
    for magic, kind in _BINARY_KINDS:
        if sample.startswith(magic):
            return kind
    if sample.startswith(_ZIP_MAGIC):
        return _zip_kind(file, shown)
    if sample.startswith(_OLE_MAGIC):
        raise _unsupported(
            shown, "an old Excel .xls (or other Office 97-2003) file; save it as .xlsx or .csv"
        )
    for magic, name in _LOOKALIKES:
        if sample.startswith(magic):
            raise _unsupported(shown, name)
    stripped = sample.lstrip(b"\xef\xbb\xbf \t\r\n")
    suffix = file.suffix.lower()
    if suffix in _JSON_LINES_SUFFIXES:
        return "jsonl"
    if stripped[:1] in {b"{", b"["}:
        text = stripped.decode("utf-8", errors="replace")
        if _looks_like_json_lines(text):
            return "jsonl"
        if suffix == ".json" or text.rstrip().endswith(("}", "]")) or len(sample) >= 64 * 1024:
            return "json"
    if suffix == ".json":
        return "json"
    return "csv"
