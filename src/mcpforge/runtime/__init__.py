"""What generated tools import: the ``mcp`` shim, data loading, validation, the footer, guards.

Everything here runs inside the sandbox, next to untrusted code, so it imports nothing from the rest of
mcpforge except ``mcpforge.exceptions``.

Each name loads its submodule on first use (PEP 562): ``from mcpforge.runtime import sniff_delimiter``
does not import pandas, so a request refused before any data is parsed never pays for it. The warm
sandbox template preloads the submodules (``sandbox/warm.py``, ``PRELOAD``), so a served call does.
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any

# Before pandas (which imports pyarrow), and the same in every process that imports the runtime (a
# child inherits it): Arrow's mimalloc pool. Reading two columns of a 1 GB CSV peaks at 0.46 GB with it
# against 1.1 GB with the system allocator, and it still fits a 1 GB address-space limit where the system
# allocator aborts at 1.3 GB (jemalloc reserves a gigabyte of address space up front). A person's own
# setting wins.
os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "mimalloc")

if TYPE_CHECKING:  # what type checkers (and tools checked with mypy) see; loaded lazily below
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

_SOURCES: dict[str, tuple[str, str]] = {
    **{name: ("mcpforge.exceptions", name) for name in (
        "ColumnNotFoundError", "DataError", "InvalidArgumentError", "ResourceLimitError"
    )},
    "output_footer": ("mcpforge.footer", "output_footer"),
    "parse_output_footer": ("mcpforge.footer", "parse_output_footer"),
    "resolve_under_roots": ("mcpforge.paths", "resolve_under_roots"),
    "SUPPORTED_FILE_KINDS": ("mcpforge.runtime._formats", "SUPPORTED"),
    "FileKind": ("mcpforge.runtime._formats", "FileKind"),
    "detect_file_kind": ("mcpforge.runtime._formats", "detect_file_kind"),
    "enforce_resource_limits": ("mcpforge.runtime._guards", "enforce_resource_limits"),
    "validate_file_path": ("mcpforge.runtime._guards", "validate_file_path"),
    **{name: ("mcpforge.runtime._loading", name) for name in (
        "LOAD_ATTR", "NOTES_ATTR", "clean_column_names", "load_csv_data_with_types", "read_csv_header",
        "read_data_as_text",
    )},
    "format_markdown_table": ("mcpforge.runtime._markdown", "format_markdown_table"),
    "format_value": ("mcpforge.runtime._markdown", "format_value"),
    "mcp": ("mcpforge.runtime._mcp_shim", "mcp"),
    **{name: ("mcpforge.runtime._result", name) for name in ("as_table", "json_cell", "table_result")},
    **{name: ("mcpforge.runtime._settings", name) for name in (
        "RuntimeSettings", "allowed_roots", "configure", "get_settings", "reset_configuration"
    )},
    "detect_encoding": ("mcpforge.runtime._text", "detect_encoding"),
    "sniff_delimiter": ("mcpforge.runtime._text", "sniff_delimiter"),
    "detect_column_types": ("mcpforge.runtime._types", "detect_column_types"),
    **{name: ("mcpforge.runtime._validation", name) for name in (
        "require_columns", "suggest_columns", "validate_file_and_columns"
    )},
}  # fmt: skip
"""Each public name: the module that defines it and its name there."""

SUBMODULES = tuple(sorted({module for module, _ in _SOURCES.values() if module.startswith(__name__)}))
"""The submodules behind the public names (what a warm template preloads)."""


def __getattr__(name: str) -> Any:
    """Load a public name's submodule on first use and keep the name here (PEP 562)."""
    try:
        module, attribute = _SOURCES[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_SOURCES})


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
