"""The ``mcpforge`` command line (see ``main``)."""

import os
import signal
import sys

# A helper process that multiprocessing spawns re-runs the console script as ``__mp_main__``, importing
# this package. Ctrl-C reaches the whole process group: the helper ignores it (its parent ends it), so
# the person sees the parent's one line, not a helper's traceback from the middle of an import.
if "__mp_main__" in sys.modules:
    signal.signal(signal.SIGINT, signal.SIG_IGN)

# pydantic looks for plugins (observability hooks) by scanning the entry points of every installed
# distribution when the first model is built: 15-25 ms of every command's start-up, for hooks a command
# line never uses. A person who wants them sets PYDANTIC_DISABLE_PLUGINS themselves (to "" or a list).
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
