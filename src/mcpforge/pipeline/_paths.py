"""Where the pipeline may read data from: the working directory, ``--allow-read`` dirs, and config.

A data file outside every allowed root is refused before anything is parsed or staged.
"""

from __future__ import annotations

import csv
import itertools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mcpforge.exceptions import DataError, InvalidArgumentError, NeedsClarificationError
from mcpforge.runtime import detect_encoding, detect_file_kind, resolve_under_roots, sniff_delimiter
from mcpforge.runtime._readers import data_parts

if TYPE_CHECKING:  # the caller holds the configuration already (pydantic and yaml load with it)
    from mcpforge.config import MCPForgeConfig

PART_KEYS = ("sheet", "table")

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


def part_arguments(arguments: Mapping[str, Any]) -> dict[str, str]:
    """The ``sheet`` / ``table`` among a tool's arguments (what the validation reads the data with)."""
    return {key: arguments[key] for key in PART_KEYS if isinstance(arguments.get(key), str)}


def choose_part(path: Path, *, sheet: str | None = None, table: str | None = None) -> dict[str, str]:
    """The sheet of a workbook or table of a SQLite file to read, as loader arguments (``{}``: the file
    is one table, or holds only one sheet / table).

    Raises:
        NeedsClarificationError: several sheets / tables and none chosen: the question lists them.
        InvalidArgumentError: a sheet for a file that has none (or a table for one that has none).
        DataError: the chosen sheet / table is not in the file, or the file cannot be opened.
    """
    kind, names = data_parts(path, detect_file_kind(path))
    given = {"sheet": sheet, "table": table}
    for key, value in given.items():
        if value is not None and key != kind:
            what = f"a {kind}" if kind else "one table"
            raise InvalidArgumentError(
                f"{key} {value!r} was given, but {str(path)!r} holds {what}"
                + (f": choose one with {kind} (--{kind} on the command line)" if kind else ""),
                argument=key,
            )
    wanted = given.get(kind) if kind else None
    if wanted is not None:
        if wanted not in names:
            listed = ", ".join(repr(name) for name in names)
            raise DataError(f"{str(path)!r} has no {kind} {wanted!r}; it has {listed}", path=str(path))
        return {kind: wanted}
    if len(names) <= 1:
        return {}
    return _ask_part(path, kind, names)


def _ask_part(path: Path, kind: str, names: list[str]) -> dict[str, str]:
    listed = ", ".join(repr(name) for name in names)
    raise NeedsClarificationError(
        f"{str(path)!r} has {len(names)} {kind}s ({listed}); the request does not say which one to read",
        key=kind,
        question=f"{path.name!r} has {len(names)} {kind}s: which one holds the data to analyse?",
        choices={name: f"the {kind} {name!r}" for name in names},
    )
