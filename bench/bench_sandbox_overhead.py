"""Overhead of one sandboxed run (issue 4 target: median overhead ≤ 0.5 s), against a plain subprocess.

Each iteration starts a fresh process that imports pandas and runs a trivial tool:
  plain      `python -I -c SCRIPT` in a plain subprocess (no isolation): the baseline
  sandboxed  the same SCRIPT through ``Sandbox.run`` (namespaces, Landlock, seccomp, rlimits, cgroups)
  call_tool  a real tool.py through ``call_tool`` (the path validation and the server use)
  host-setup the in-process part of ``Sandbox.spawn`` alone (layout, data walk, the root-drop plan,
             cgroup, fork and exec), for a request with a data directory of 50 files
Prints medians, the overhead (sandboxed - plain) and the ratio, measured in the same run.

    .venv/bin/python bench/bench_sandbox_overhead.py              # 15 iterations per row
    .venv/bin/python bench/bench_sandbox_overhead.py --smoke      # 3 iterations (CI)
    .venv/bin/python bench/bench_sandbox_overhead.py --backend unshare
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from mcpforge.config import SandboxConfig
from mcpforge.sandbox import SandboxRequest, call_tool, get_sandbox

TARGET_SECONDS = 0.5
SCRIPT = "import pandas as pd\ndf = pd.DataFrame({'a': [1, 2, 2]})\nprint(df.groupby('a').size().to_dict())\n"
EMPTY = "print(1)\n"
# The sandbox pins BLAS to one thread; the baseline gets the same, or it measures OpenBLAS start-up.
THREAD_ENV = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
TOOL = '''
import pandas as pd
from mcpforge.runtime import mcp, output_footer

@mcp.tool()
def trivial(n: int) -> str:
    """Count rows of a tiny frame."""
    df = pd.DataFrame({"a": list(range(n))})
    return f"{len(df)}\\n" + output_footer({"operation": "trivial", "result": {"rows": len(df)}})
'''


def interleaved(runs: dict[str, Callable[[], object]], iterations: int) -> dict[str, list[float]]:
    """Wall-clock seconds of each run, taking turns so that load changes hit every row alike."""
    samples: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(iterations):
        for name, fn in runs.items():
            started = time.perf_counter()
            fn()
            samples[name].append(time.perf_counter() - started)
    return samples


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--smoke", action="store_true", help="3 iterations per row (CI)")
    parser.add_argument("--iterations", type=int, default=15)
    parser.add_argument("--backend", default="auto", choices=["auto", "bwrap", "unshare", "subprocess"])
    args = parser.parse_args()
    iterations = 3 if args.smoke else args.iterations
    sandbox = get_sandbox(SandboxConfig(backend=args.backend))

    def plain(script: str = SCRIPT) -> None:
        subprocess.run([sys.executable, "-I", "-c", script], check=True, capture_output=True, env=THREAD_ENV)

    def sandboxed(script: str = SCRIPT) -> None:
        result = sandbox.run(SandboxRequest(script=script))
        if result.exit_code != 0:
            raise SystemExit(f"sandboxed run failed: {result.stderr}")

    def tool() -> None:
        outcome = call_tool(sandbox, TOOL, {"n": 3})
        if not outcome.ok:
            raise SystemExit(f"call_tool failed: {outcome.error}")

    data_dir = Path(tempfile.mkdtemp(prefix="mcpforge-bench-data-"))
    for index in range(50):
        (data_dir / f"part-{index}.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    setup_seconds: list[float] = []

    def host_setup() -> None:
        started = time.perf_counter()
        running = sandbox.spawn(SandboxRequest(script=EMPTY, read_paths=(data_dir,)))
        setup_seconds.append(time.perf_counter() - started)
        with running:
            running.result()

    plain()
    sandboxed()  # warm the interpreter probe and the page cache
    rows = interleaved(
        {
            "plain": plain,
            "sandboxed": sandboxed,
            "call_tool": tool,
            "plain-empty": lambda: plain(EMPTY),
            "sandbox-empty": lambda: sandboxed(EMPTY),
            "spawn+data": host_setup,
        },
        iterations,
    )
    shutil.rmtree(data_dir, ignore_errors=True)
    print(f"backend: {sandbox.name}   iterations: {iterations}")
    print(f"{'run':<14} {'median s':>9} {'min s':>7} {'max s':>7} {'overhead s':>11} {'ratio':>6}")
    for name, samples in rows.items():
        base = statistics.median(rows["plain-empty" if name.endswith(("empty", "data")) else "plain"])
        median = statistics.median(samples)
        print(
            f"{name:<14} {median:>9.3f} {min(samples):>7.3f} {max(samples):>7.3f} "
            f"{median - base:>11.3f} {median / base:>6.2f}"
        )
    setup = statistics.median(setup_seconds)
    print(f"host-setup (in-process part of spawn, 50-file data dir): median {setup:.3f} s")
    overhead = statistics.median(rows["sandboxed"]) - statistics.median(rows["plain"])
    paired = statistics.median(s - p for s, p in zip(rows["sandboxed"], rows["plain"], strict=True))
    print(f"median of paired differences (sandboxed - plain): {paired:.3f} s")
    verdict = "meets" if overhead <= TARGET_SECONDS else "misses"
    print(f"median sandbox overhead {overhead:.3f} s ({verdict} the {TARGET_SECONDS} s target)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
