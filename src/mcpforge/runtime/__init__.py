"""What generated tools import: the ``mcp`` shim, data loading, validation, the footer, guards.

Everything here runs inside the sandbox, next to untrusted code, so it imports nothing from the rest of
mcpforge except ``mcpforge.exceptions``.
"""

from __future__ import annotations

import os

# Before pandas (which imports pyarrow), and the same in every process that imports the runtime (a
# child inherits it): Arrow's mimalloc pool. Reading two columns of a 1 GB CSV peaks at 0.46 GB with it
# against 1.1 GB with the system allocator, and it still fits a 1 GB address-space limit where the system
# allocator aborts at 1.3 GB (jemalloc reserves a gigabyte of address space up front). A person's own
# setting wins.
os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "mimalloc")

from mcpforge.exceptions import ColumnNotFoundError, DataError, InvalidArgumentError, ResourceLimitError
from mcpforge.footer import output_footer, parse_output_footer
from mcpforge.paths import resolve_under_roots
from mcpforge.runtime._formats import SUPPORTED as SUPPORTED_FILE_KINDS
from mcpforge.runtime._formats import FileKind, detect_file_kind
from mcpforge.runtime._guards import enforce_resource_limits, validate_file_path
from mcpforge.runtime._loading import (
    LOAD_ATTR,
    NOTES_ATTR,
    clean_column_names,
    load_csv_data_with_types,
    read_csv_header,
    read_data_as_text,
)
from mcpforge.runtime._markdown import format_markdown_table, format_value
from mcpforge.runtime._mcp_shim import mcp
from mcpforge.runtime._result import as_table, json_cell, table_result
from mcpforge.runtime._settings import (
    RuntimeSettings,
    allowed_roots,
    configure,
    get_settings,
    reset_configuration,
)
from mcpforge.runtime._text import detect_encoding, sniff_delimiter
from mcpforge.runtime._types import detect_column_types
from mcpforge.runtime._validation import require_columns, suggest_columns, validate_file_and_columns

__all__ = [
    "LOAD_ATTR",
    "NOTES_ATTR",
    "SUPPORTED_FILE_KINDS",
    "ColumnNotFoundError",
    "DataError",
    "FileKind",
    "InvalidArgumentError",
    "ResourceLimitError",
    "RuntimeSettings",
    "allowed_roots",
    "as_table",
    "clean_column_names",
    "configure",
    "detect_column_types",
    "detect_encoding",
    "detect_file_kind",
    "enforce_resource_limits",
    "format_markdown_table",
    "format_value",
    "get_settings",
    "json_cell",
    "load_csv_data_with_types",
    "mcp",
    "output_footer",
    "parse_output_footer",
    "read_csv_header",
    "read_data_as_text",
    "require_columns",
    "reset_configuration",
    "resolve_under_roots",
    "sniff_delimiter",
    "suggest_columns",
    "table_result",
    "validate_file_and_columns",
    "validate_file_path",
]
