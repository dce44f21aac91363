"""What runs behind a big file's read: the gates that do not wait for it, at a lower priority.

With a shared read (``shared_read``) the critical path of validation is the parse of the person's file,
then the tool's run on it. The static gate, the stress batch and the fixtures' batch need none of it;
they run meanwhile in threads of a lower priority, which the processes they start (sandboxes, ruff, mypy,
the CodeBLEU worker) inherit: on Linux a nice value belongs to a thread, and a child takes the value of
the thread that started it. They take the core the read leaves idle instead of slowing the read down;
what they check is unchanged, and a value of 5 (a third of the share of a normal process) cannot starve
them into a sandbox timeout on a busy machine.
"""

from __future__ import annotations

import logging
import os
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from mcpforge.exceptions import MCPForgeError

if TYPE_CHECKING:
    from mcpforge.registry import RegistryBackend

logger = logging.getLogger(__name__)

BACKGROUND_NICE = 5
"""How much lower than the ask the gates behind a big file's read run."""


def background_pool(*, behind_the_read: bool) -> ThreadPoolExecutor:
    """Threads for the gates that do not wait for the person's data; lowered when ``behind_the_read``."""
    if not behind_the_read:
        return ThreadPoolExecutor(3)
    return ThreadPoolExecutor(3, initializer=_lower_priority)


def start_behind_the_read(registry: RegistryBackend, source: str, operation: str) -> None:
    """Start the CodeBLEU of ``source`` now, from a thread (and so a worker process) of lower priority."""

    def start() -> None:
        from mcpforge.pipeline.validation import semantic

        _lower_priority()
        try:
            semantic.start(registry, source, operation)
        except (MCPForgeError, OSError):  # informational: staging starts it again and reports a failure
            logger.debug("CodeBLEU could not start behind the read", exc_info=True)

    threading.Thread(target=start, name="codebleu-behind-the-read", daemon=True).start()


def _lower_priority() -> None:
    thread = threading.get_native_id()
    try:
        os.setpriority(os.PRIO_PROCESS, thread, os.getpriority(os.PRIO_PROCESS, thread) + BACKGROUND_NICE)
    except OSError:  # a platform where threads have no priority of their own: all run alike
        logger.debug("validation: gates not lowered in priority", exc_info=True)
