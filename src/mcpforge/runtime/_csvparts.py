"""A big delimited text file cut into row-aligned parts that threads parse at once.

pyarrow's streaming reader parses one block after another on about one core; DuckDB reads the same
file on every core. Cutting the file at a line end into one part per core and streaming each part in
its own thread (pyarrow releases the GIL while it parses) reads a gigabyte in about half the time, with
the same small transient memory (one block in flight per part).

Where the cuts go, and why that changes nothing: the streaming reader already cuts the file into
blocks at the last line end of each block without looking at quotes (``newlines_in_values`` off), so a
cut at a line end is what it does several hundred times per gigabyte anyway. A line end inside a quoted
value makes a part start or end mid-row: its rows then have the wrong number of fields and pyarrow
refuses the part, and the loader reads the file again with quote-aware cutting (``_bigcsv``). Parts are
used only for encodings where a line-end byte is always a line end (UTF-8, ASCII, single-byte code
pages; never UTF-16 or UTF-32), and only when the header parses as one line of two or more names.
"""

from __future__ import annotations

import codecs
import itertools
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from mcpforge.runtime._text import TextFormat

BIG_FILE_BYTES = 64 * 1024 * 1024
"""A delimited file this big is read by the streaming reader (``_bigcsv``), and its rows counted last."""
MIN_PART_BYTES = 32 * 1024 * 1024
"""No part smaller: below this a thread costs more than it saves."""
MAX_PARTS = 4
_SEARCH_BYTES = 1024 * 1024

T = TypeVar("T")


def cpus() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def line_ends_are_bytes(encoding: str) -> bool:
    """Whether the byte ``\\n`` in a file of ``encoding`` always ends a line (and means nothing else)."""
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        return False
    if name.startswith(("utf-16", "utf-32")):
        return False
    try:
        return "\n".encode(name.removesuffix("-sig")) == b"\n"
    except (UnicodeError, LookupError):
        return False


def row_parts(path: Path, fmt: TextFormat) -> list[tuple[int, int]]:
    """Byte ranges ``[start, end)`` covering ``path``, each cut just after a line end.

    One range (the whole file) when the file is too small to share, the encoding is not one where a
    line-end byte is always a line end, or no line end follows a cut.
    """
    size = path.stat().st_size
    wanted = min(cpus(), MAX_PARTS, size // MIN_PART_BYTES)
    if wanted < 2 or not line_ends_are_bytes(fmt.encoding):
        return [(0, size)]
    cuts = [0]
    with path.open("rb") as handle:
        for index in range(1, wanted):
            cut = _after_line_end(handle.fileno(), max(size * index // wanted, cuts[-1]), size)
            if cut is not None and cuts[-1] < cut < size:
                cuts.append(cut)
    cuts.append(size)
    return list(itertools.pairwise(cuts))


def _after_line_end(fd: int, offset: int, size: int) -> int | None:
    """The offset just after the first ``\\n`` at or after ``offset`` (None: there is none)."""
    while offset < size:
        window = os.pread(fd, _SEARCH_BYTES, offset)
        if not window:
            return None
        found = window.find(b"\n")
        if found >= 0:
            return offset + found + 1
        offset += len(window)
    return None


def header_names(path: Path, end: int, fmt: TextFormat, expected: int) -> list[str] | None:
    """Every column name, parsed by pyarrow from the file's first line (which ends before ``end``).

    None when that line is not the whole header (a quoted name with a line break: the names do not
    number ``expected``), names repeat, or there is one column (a row cut inside a quoted value has
    the wrong number of fields only when there are several): the caller then reads it in one part.
    """
    import pyarrow as pa
    from pyarrow import csv as pacsv

    with path.open("rb") as handle:
        first = handle.read(min(end, _SEARCH_BYTES))
    line_end = first.find(b"\n")
    if line_end < 0:
        return None
    try:
        names = pacsv.open_csv(
            pa.BufferReader(first[: line_end + 1]),
            read_options=pacsv.ReadOptions(encoding=fmt.encoding),
            parse_options=pacsv.ParseOptions(delimiter=fmt.delimiter),
        ).schema.names
    except (pa.ArrowInvalid, ValueError):
        return None
    if len(names) != expected or len(set(names)) != len(names) or len(names) < 2:
        return None
    return list(names)


def in_threads(work: Callable[[int], T], count: int) -> list[T]:
    """``[work(0), ..., work(count - 1)]``, each in its own thread (the first in this one, and any part
    a thread could not be started for).

    The first error raised by any part is raised here, after every thread has finished.
    """
    results: list[Any] = [None] * count
    errors: list[BaseException | None] = [None] * count

    def run(index: int) -> None:
        try:
            results[index] = work(index)
        except BaseException as exc:
            errors[index] = exc

    threads = []
    inline = [0]
    for index in range(1, count):
        thread = threading.Thread(target=run, args=(index,), daemon=True)
        try:
            thread.start()
        except RuntimeError:  # no thread to be had (a process limit): this thread parses that part too
            inline.append(index)
        else:
            threads.append(thread)
    for index in inline:
        run(index)
    for thread in threads:
        thread.join()
    for error in errors:
        if error is not None:
            raise error
    return results
