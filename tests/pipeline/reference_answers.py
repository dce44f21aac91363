"""A reading and what it computes on a file, by the operation's own reference (tests compare it to pandas).

The reference loader reads only under the working directory: tests ``chdir`` to their data folder first.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.models import Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.runtime import load_csv_data_with_types


def read_intent(request: str, path: Path, answers: dict[str, str] | None = None) -> Intent:
    """The rules reading of ``request`` over the file at ``path`` (may ask or refuse)."""
    return extract_intent(request, DatasetSchema.from_file(path), answers=answers)


def reference_table(intent: Intent, path: Path) -> dict[str, Any]:
    """The table the operation's reference computes for ``intent`` on the file at ``path``."""
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    table: dict[str, Any] = frame_to_table(
        operation.reference(load_csv_data_with_types(str(path)), rendered.arguments)
    )
    return table
