"""The "state between calls, and limits" section of a converted service's README and report.

Written once from ``templates/service_state.md.txt`` with the bounds the code enforces, so the text a
person reads before approving a service names the numbers that actually hold.
"""

from __future__ import annotations

from pathlib import Path

from mcpforge.convert import _service_runtime
from mcpforge.convert.session import DEFAULT_CALL_TIMEOUT_SECONDS

_TEMPLATE = Path(__file__).parent / "templates" / "service_state.md.txt"


def service_state_notes() -> str:
    """The markdown section, ending with a newline."""
    return _TEMPLATE.read_text(encoding="utf-8").format(
        max_handles=_service_runtime.MAX_HANDLES,
        max_handle_mib=_service_runtime.MAX_HANDLE_BYTES // (1024 * 1024),
        max_result_mib=_service_runtime.DEFAULT_MAX_RESULT_BYTES // (1024 * 1024),
        call_timeout=DEFAULT_CALL_TIMEOUT_SECONDS,
    )
