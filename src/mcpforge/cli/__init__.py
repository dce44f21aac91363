"""The ``mcpforge`` command line (see ``main``)."""

import signal
import sys

# A helper process that multiprocessing spawns re-runs the console script as ``__mp_main__``, importing
# this package. Ctrl-C reaches the whole process group: the helper ignores it (its parent ends it), so
# the person sees the parent's one line, not a helper's traceback from the middle of an import.
if "__mp_main__" in sys.modules:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
