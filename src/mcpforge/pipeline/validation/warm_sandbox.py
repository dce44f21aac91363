"""Validation on a big file runs its sandbox batches in children of one pre-imported template.

On a gigabyte file the ask's critical path is the parse of the person's data, then the tool's run on it;
three fresh sandboxes (the fixtures' batch, the stress batch, the person's data) each spend about 0.3 s
of CPU importing pandas on the two cores the parse needs, and the last one does so on the critical
path. So from ``validation.shared_read_min_mb`` on, validation starts a warm template
(``sandbox/warm.py``, the one ``serve`` uses) as the intent is known, while the file is read, and each
batch runs in a fresh child forked from it: the same namespaces, limits, Landlock domain and seccomp
filter as a fresh sandbox, never reused, the template never running untrusted code (the issue's "a
pre-started, pre-imported sandbox template that is forked fresh per run").

What the template shows: a directory of this validation only (``shown``, inside a private temporary
directory so no other host user can reach it), where the test fixtures, the Arrow copy of the person's
data and a copy of the stress data (kept private in the user's cache, as a fresh sandbox would be given
a private copy of it) are written. It does not restart to preload scipy for a tool that imports it
(``learn`` off: the child imports it).
Its children use no transparent huge pages: each is a fresh process that allocates a few hundred
megabytes once, and a huge page's fault (2 MB cleared at a time, on a virtual machine often a fault of
the host as well) cost the tool's run on a 1 GB file 0.2-0.5 s more, irregularly; see
docs/DECISIONS.md ("Big files"). Serve's template keeps them: its children read a frame the template
parsed once, which huge pages map with far fewer page-table entries to copy at each fork.
A batch the template does not cover, or any failure of the template, runs in a fresh sandbox exactly as
before; ``sandbox.warm_calls: false`` turns this off too.

On any file, when this user's resident helper is ready (``sandbox/resident.py``: the same template, kept
between asks), validation uses it instead, in a directory of its own inside what that template shows;
when none is ready, one is started for the next ask and this one runs as described above.
"""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import SandboxError
from mcpforge.pipeline.validation.shared_read import shares_read

if TYPE_CHECKING:
    from collections.abc import Sequence

    from mcpforge.sandbox.tool_call import ToolBatchResult, ToolCall

logger = logging.getLogger(__name__)

BATCHES_AT_ONCE = 3
"""The fixtures' batch, the stress batch and the person's data run at the same time."""


class BatchCalls(Protocol):
    """Warm calls of a template (``WarmCalls``, or the resident helper's ``ResidentCalls``)."""

    def call_batch(
        self,
        tool_source: str,
        calls: Sequence[ToolCall],
        *,
        read_paths: Sequence[Path],
        function_name: str | None = None,
    ) -> ToolBatchResult | None: ...

    def close(self) -> None: ...


@dataclass(frozen=True)
class WarmValidation:
    """The warm calls and the directory they show (validation writes its fixtures there)."""

    calls: BatchCalls
    workdir: Path


@contextmanager
def warm_validation(config: MCPForgeConfig, data_path: Path) -> Iterator[WarmValidation | None]:
    """A warm template for validating on ``data_path``, started now; None when validation runs fresh."""
    from mcpforge.sandbox.resident import open_resident

    resident = open_resident(config)
    if resident is not None:
        with resident.workdir() as workdir:
            yield WarmValidation(calls=resident, workdir=workdir)
        return
    if not config.sandbox.warm_calls or not shares_read(data_path, config.validation.shared_read_min_mb):
        yield None
        return
    from mcpforge.sandbox import get_sandbox, tool_run_limits
    from mcpforge.sandbox.bwrap import BwrapSandbox
    from mcpforge.sandbox.warm import WarmCalls, warm_available

    try:
        sandbox = get_sandbox(config.sandbox)
    except SandboxError:  # validation reports the missing sandbox itself
        yield None
        return
    ok, why = warm_available(sandbox)
    if not ok or not isinstance(sandbox, BwrapSandbox):
        logger.info("validation runs in fresh sandboxes: %s", why)
        yield None
        return
    with tempfile.TemporaryDirectory(prefix="mcpforge-validation-") as private:
        shown = Path(private) / "shown"
        shown.mkdir()
        shown.chmod(0o755)  # for the sandbox uid; the private parent (0700) keeps everyone else out
        calls = WarmCalls(
            sandbox,
            [shown],
            tool_run_limits(config),
            size=BATCHES_AT_ONCE,
            learn=False,
            huge_pages=False,
            live_roots=True,  # its files are written while the template starts (in the background)
        )
        calls.start(wait=False)
        try:
            yield WarmValidation(calls=calls, workdir=shown)
        finally:
            calls.close()
