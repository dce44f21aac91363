"""The per-user resident warm template that ``mcpforge ask`` validates in (issue 28).

``client`` finds, starts and calls a user's helper (``open_resident``, ``wait_ready``: what the pipeline and
the benchmark use); ``server`` is the detached helper itself, run as
``python -m mcpforge.sandbox.resident.server DIR SPEC`` by ``client.start_helper``. ``client`` says where a
helper lives, how it is keyed and why a call it cannot take always runs fresh instead.
"""

from __future__ import annotations

from mcpforge.sandbox.resident.client import (
    NO_RESIDENT_ENV,
    RESIDENT_DIR_ENV,
    ResidentCalls,
    open_resident,
    resident_root,
    wait_ready,
)

__all__ = [
    "NO_RESIDENT_ENV",
    "RESIDENT_DIR_ENV",
    "ResidentCalls",
    "open_resident",
    "resident_root",
    "wait_ready",
]
