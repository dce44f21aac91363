"""Child process for the crash test: import, say ready, wait for "go", then promote one candidate."""

from __future__ import annotations

import sys
from pathlib import Path

from mcpforge.registry import Registry

reg = Registry(Path(sys.argv[1]))
sys.stdout.write("ready\n")
sys.stdout.flush()
sys.stdin.readline()
reg.promote(sys.argv[2], actor="human:crash-test")
sys.stdout.write("done\n")
sys.stdout.flush()
