"""One parse of a big data file serves both the reference and the tool's run on the person's data.

Parsing a gigabyte CSV is most of what an ``ask`` on it costs, and validation used to do it twice: once
in mcpforge's own process for the reference, once in the sandbox for the tool. From
``validation.shared_read_min_mb`` on, the reference's read (trusted code: the runtime loader tools use,
only the columns the question names) is written once as an Arrow IPC copy into the test fixtures'
directory, and the sandboxed tool's call on the person's data reads that copy, memory-mapped, instead
of parsing the CSV again. The copy carries the notes the loader took on the original file (encoding,
decimal comma, size, conversions), so the tool's answer reads as it would on the CSV.

Why the reference stays independent of the tool (the argument the validation rests on):

* What is shared is the *input*, never an output: the parse is mcpforge's runtime loader run by
  mcpforge, the very function the tool would call on the CSV itself (the same frame, dtypes and notes);
  the tool's own code (filters, grouping, aggregation, formatting) still runs on its own, and the
  reference's plain-Python / Arrow code computes the expected value from the in-memory frame.
* The tool cannot reach the reference's frame (another process) nor change the copy (the fixtures'
  directory is mounted read-only in the sandbox, and the reference never reads the copy back).
* A parse that is wrong would have been shared before too: the reference and the tool already used the
  same loader, so an error there was never caught by comparing them; it is covered by the loader's own
  tests, not by this check.

What it does not prove any more for this one file: that the tool's own parse of the CSV fits in the
sandbox's memory (the served call still parses it; its limit message names the setting). A file under
the threshold, a sheet or table of a workbook or database, or a read that failed (a limit, a malformed
file) keep the tool's own run on the person's file, with its own limit messages.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

COPY_NAME = "person_data.arrow"


def write_arrow_copy(frame: pd.DataFrame, directory: Path) -> Path:
    """``frame`` as an uncompressed Arrow IPC file in ``directory``, with the notes its load took.

    Uncompressed so the sandbox maps it instead of decoding it (a 10-million-row, two-column frame:
    about 0.1 s to write, 0.02 s to open).
    """
    import pyarrow as pa

    from mcpforge.runtime import NOTES_ATTR  # here: deciding whether to share needs no pandas
    from mcpforge.runtime._readers import ORIGIN_KEY

    table = pa.Table.from_pandas(frame, preserve_index=False)
    origin = {"notes": [str(note) for note in frame.attrs.get(NOTES_ATTR, [])]}
    metadata = {**(table.schema.metadata or {}), ORIGIN_KEY: json.dumps(origin, default=str).encode()}
    table = table.replace_schema_metadata(metadata)
    target = directory / COPY_NAME
    with pa.OSFile(str(target), "wb") as sink, pa.ipc.new_file(sink, table.schema) as writer:
        writer.write_table(table)
    return target


def shares_read(path: Path, min_mb: int) -> bool:
    """Whether a file of this size is parsed once for the reference and the tool (see module docstring)."""
    return path.stat().st_size >= min_mb * 1024 * 1024
