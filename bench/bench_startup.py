"""Whole-process start-up as people see it (issue 14: `--help` ≤ 0.15 s, `sandbox run` ≤ python + 0.25 s).

Each row is a fresh process, timed from spawn to exit, the rows taking turns so that load changes hit
every row alike (the machine is shared):

  python           ``python -I -c pass``: the interpreter alone
  python script    ``python -I trivial.py``: the baseline of ``sandbox run``
  mcpforge --help  the CLI's help
  tool imports     ``python -c "import pandas, mcpforge.runtime"``: what each sandboxed tool run pays
  sandbox run      ``mcpforge sandbox run trivial.py``: CLI start-up + sandbox + the script
  sandbox run, probing  the same with ``MCPFORGE_SANDBOX_CACHE=0``: the sandbox's probes (bwrap works,
                   bwrap binds descriptors, the interpreter's layout) made afresh, as before issue 28

With ``--previous SRC`` (a ``src/`` directory of an earlier checkout, e.g. made with ``git worktree add``)
``mcpforge --help`` also runs on that code (``PYTHONPATH=SRC``), so the previous design is measured in the
same run (not ``sandbox run``: the sandbox maps only the installed package into the run).
Prints medians, the overhead over the baseline, the ratio, and the load average.

    .venv/bin/python bench/bench_startup.py                        # 15 rounds
    .venv/bin/python bench/bench_startup.py --smoke                # 3 rounds (CI)
    git worktree add /tmp/mcpforge-prev <commit> && \\
      .venv/bin/python bench/bench_startup.py --previous /tmp/mcpforge-prev/src
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _ask_process import ensure_bytecode  # bench/ is this script's directory

HELP_TARGET = 0.15
SANDBOX_OVERHEAD_TARGET = 0.25
TRIVIAL = "print(1)\n"


def _mcpforge(*args: str) -> list[str]:
    return [sys.executable, "-m", "mcpforge", *args]


def _time(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    done = subprocess.run(command, capture_output=True, env=env, check=False)
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return elapsed


def _load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--smoke", action="store_true", help="3 rounds (CI)")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--previous", type=Path, default=None, help="src/ of an earlier checkout")
    args = parser.parse_args()
    rounds = 3 if args.smoke else args.rounds
    print(ensure_bytecode(*([args.previous] if args.previous is not None else [])))
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    with tempfile.TemporaryDirectory(prefix="mcpforge-startup-") as tmp:
        script = Path(tmp) / "trivial.py"
        script.write_text(TRIVIAL, encoding="utf-8")
        rows: dict[str, tuple[list[str], dict[str, str]]] = {
            "python": ([sys.executable, "-I", "-c", "pass"], env),
            "python script": ([sys.executable, "-I", str(script)], env),
            # What every sandboxed tool run pays before its first line: the saving a pre-imported
            # template forked per run would bring (a sandbox-level design, see docs/handoff/perf.md).
            "tool imports": ([sys.executable, "-I", "-c", "import pandas, mcpforge.runtime"], env),
            "mcpforge --help": (_mcpforge("--help"), env),
            "sandbox run": (_mcpforge("sandbox", "run", str(script)), env),
            # The same with the sandbox's probes made afresh, as before they were kept (issue 28).
            "sandbox run, probing": (
                _mcpforge("sandbox", "run", str(script)),
                {**env, "MCPFORGE_SANDBOX_CACHE": "0"},
            ),
        }
        if args.previous is not None:
            previous = {**env, "PYTHONPATH": str(args.previous.resolve())}
            rows["previous --help"] = (_mcpforge("--help"), previous)
        for command, row_env in rows.values():  # warm the page cache and the sandbox's interpreter probe
            _time(command, row_env)
        load_before = _load()
        samples: dict[str, list[float]] = {name: [] for name in rows}
        for _ in range(rounds):
            for name, (command, row_env) in rows.items():
                samples[name].append(_time(command, row_env))
    medians = {name: statistics.median(values) for name, values in samples.items()}
    print(f"rounds: {rounds}")
    print(f"{'process':<22} {'median s':>9} {'min s':>7} {'over baseline s':>16} {'ratio':>6}")
    for name, values in samples.items():
        base = medians["python script" if "sandbox" in name else "python"]
        print(
            f"{name:<22} {medians[name]:>9.3f} {min(values):>7.3f} {medians[name] - base:>16.3f} "
            f"{medians[name] / base:>6.1f}"
        )
    overhead = medians["sandbox run"] - medians["python script"]
    probing = medians["sandbox run, probing"] - medians["python script"]
    print(f"sandbox run over python with its probes made afresh: {probing:.3f} s (kept: {overhead:.3f} s)")
    print(
        f"mcpforge --help: {medians['mcpforge --help']:.3f} s "
        f"({'meets' if medians['mcpforge --help'] <= HELP_TARGET else 'misses'} the {HELP_TARGET} s target)"
    )
    verdict = "meets" if overhead <= SANDBOX_OVERHEAD_TARGET else "misses"
    print(f"sandbox run over python: {overhead:.3f} s ({verdict} the {SANDBOX_OVERHEAD_TARGET} s target)")
    if args.previous is not None:
        now, before = medians["mcpforge --help"], medians["previous --help"]
        print(f"--help: {now:.3f} s now vs {before:.3f} s previous design ({now / before:.2f}x)")
    print(f"load average before: {load_before}; after: {_load()} (2 cores, shared)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
