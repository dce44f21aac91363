"""Where the pipeline may read data from: the working directory, ``--allow-read`` dirs, and config.

A data file outside every allowed root is refused before anything is parsed or staged.
"""

from __future__ import annotations

import csv
import itertools
from collections.abc import Sequence
from pathlib import Path

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import DataError
from mcpforge.runtime import detect_encoding, detect_file_kind, resolve_under_roots, sniff_delimiter

SHAPE_CHECK_LINES = 50_000


def allowed_read_roots(
    config: MCPForgeConfig, allow_read: Sequence[Path] = (), *, cwd: Path | None = None
) -> list[Path]:
    """The working directory, then ``--allow-read`` directories, then ``security.allowed_read_paths``."""
    roots = [cwd or Path.cwd(), *allow_read, *(Path(p) for p in config.security.allowed_read_paths)]
    return [Path(root).expanduser().resolve() for root in roots]


def check_data_path(path: Path | str, roots: Sequence[Path]) -> Path:
    """The resolved data file, which must be a regular file under one of ``roots``.

    Raises:
        PathNotAllowedError: the file resolves outside every root (symlinks and ``..`` included).
        DataError: it does not exist or is not a regular file.
    """
    return resolve_under_roots(path, roots, mode="read")


def check_csv_shape(path: Path, *, max_lines: int = SHAPE_CHECK_LINES) -> None:
    """Refuse a file whose rows have more fields than its header (pandas would silently shift them).

    Only the first ``max_lines`` rows are read, so the check stays cheap on large files; the runtime
    loader checks the whole file again when the tool runs.

    Raises:
        DataError: a row longer than the header, naming its line.
    """
    with path.open("rb") as handle:
        sample = handle.read(64 * 1024)
    if not sample.strip() or detect_file_kind(path, sample) != "csv":
        return  # the schema step reports empty files; other kinds have no rows to be ragged
    encoding, _ = detect_encoding(sample, shown=str(path))
    text = sample.decode(encoding, errors="replace")
    delimiter = sniff_delimiter(text[: text.rfind("\n")] if "\n" in text else text)
    with path.open(encoding=encoding, errors="replace", newline="") as handle:
        reader = csv.reader(handle, delimiter=delimiter)
        header = next(reader, [])
        for row in itertools.islice(reader, max_lines):
            if len(row) > len(header):
                raise DataError(
                    f"data file {str(path)!r} is malformed: line {reader.line_num} has {len(row)} fields, "
                    f"the header has {len(header)}",
                    path=str(path),
                )
