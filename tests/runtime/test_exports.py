"""The runtime is the contract generated tools import: its public names change only on purpose."""

from __future__ import annotations

import inspect

import mcpforge.runtime


def test_public_names_are_stable() -> None:
    # Widened on purpose: detect_file_kind / SUPPORTED_FILE_KINDS / FileKind (one loader for every file kind),
    # read_data_as_text (fixtures cut through the same loader) and clean_column_names (one rule for names).
    assert sorted(mcpforge.runtime.__all__) == [
        "ColumnNotFoundError",
        "DataError",
        "FileKind",
        "InvalidArgumentError",
        "LOAD_ATTR",
        "NOTES_ATTR",
        "ResourceLimitError",
        "RuntimeSettings",
        "SUPPORTED_FILE_KINDS",
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


def test_configure_takes_only_keywords() -> None:
    parameters = inspect.signature(mcpforge.runtime.configure).parameters
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in parameters.values())
    assert list(parameters)[:4] == ["allowed_read_paths", "max_rows", "max_cols", "max_memory_mb"]
