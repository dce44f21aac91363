"""Fault injection for crash tests: stop the process right after a named durable step.

``MCPFORGE_FAULT_AFTER=<step>`` makes :func:`durable_step` SIGKILL the current process when the step of
that name has just reached the disk, so a test can kill ``mcpforge review`` at every instant of an
approval instead of at random delays that mostly miss the interesting ones. ``<step>:enospc`` raises
the DiskFullError of a full disk there instead (the next write, not the step, failed). Unset, it costs
one environment lookup.
"""

from __future__ import annotations

import errno
import os
import signal

FAULT_ENV = "MCPFORGE_FAULT_AFTER"
ENOSPC_SUFFIX = ":enospc"

# Every durable step of an approval, in order (a superseding promotion adds the two "supersede" steps).
APPROVAL_STEPS = (
    "act-journal",
    "act-staging-metadata",
    "act-candidate-file",
    "act-audit",
    "promotion-build",
    "promotion-journal",
    "promotion-rename",
    "promotion-active-metadata",
    "promotion-tool-index",
    "promotion-superseded",
    "promotion-audit-supersede",
    "promotion-audit",
    "promotion-candidate-file",
    "promotion-staging-metadata",
    "promotion-metrics",
    "promotion-journal-removed",
    "act-journal-removed",
)


def durable_step(name: str) -> None:
    """Mark that step ``name`` is on disk; SIGKILL this process when ``MCPFORGE_FAULT_AFTER`` names it."""
    fault = os.environ.get(FAULT_ENV)
    if fault == name:
        os.kill(os.getpid(), signal.SIGKILL)
    if fault == name + ENOSPC_SUFFIX:
        from mcpforge.registry._space import disk_full

        raise disk_full(OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)), f"(after {name})", None)
