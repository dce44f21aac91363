"""A served call, warm (issue 24: "a served call's median stays within 1.5x of today's warm figure").

One run, taking turns so that load changes hit every row alike:
  served    a promoted tool called exactly as ``mcpforge serve`` calls it (ToolInvoker: warm calls,
            each forked from the template's zygote with its own namespaces), on the sample data
  pandas    the same answer computed by a plain ``python -c`` process that imports pandas, reads the
            CSV and groups it: what the person would otherwise run
Prints the medians and the ratio served / pandas. Run it on two checkouts to compare designs: the
ratio, not the absolute time, is what carries from one run to the other.

    .venv/bin/python bench/bench_warm_call.py              # 25 calls per row
    .venv/bin/python bench/bench_warm_call.py --smoke      # 3 calls per row (CI)
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mcpforge.config import MCPForgeConfig
from mcpforge.models import UserFeedback, utc_now
from mcpforge.pipeline.forge import forge
from mcpforge.registry import Registry
from mcpforge.server._invoke import ToolInvoker

SAMPLE = Path(__file__).resolve().parent.parent / "examples" / "traffic_accidents.csv"
REQUEST = "count accidents by severity and location"
PANDAS = (
    "import sys, pandas as pd\n"
    "df = pd.read_csv(sys.argv[1])\n"
    "print(df.groupby(['severity', 'location']).size().to_json())\n"
)
THREAD_ENV = {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=25)
    parser.add_argument("--smoke", action="store_true", help="3 calls per row (CI)")
    args = parser.parse_args()
    calls = 3 if args.smoke else args.calls
    work = Path(tempfile.mkdtemp(prefix="mcpforge-warm-call-"))
    try:
        data = work / "data"
        data.mkdir()
        csv = data / SAMPLE.name
        shutil.copy(SAMPLE, csv)
        config = MCPForgeConfig.model_validate(
            {"registry": {"root": str(work / "registry")}, "security": {"allowed_read_paths": [str(data)]}}
        )
        registry = Registry(work / "registry", config)
        registry.init()
        forged = forge(REQUEST, csv, registry=registry, config=config)
        if forged.candidate is None or forged.candidate.run_arguments is None:
            raise SystemExit(f"forge failed for {REQUEST!r}: {forged.error}")
        feedback = UserFeedback(
            decision="APPROVED", notes="approve", timestamp=utc_now(), stage="registration"
        )
        registry.record_feedback(forged.candidate.candidate_id, feedback, actor="bench")
        tool = registry.promote(forged.candidate.candidate_id, actor="bench")
        arguments = {**forged.candidate.run_arguments, "file_path": str(csv)}
        invoker = ToolInvoker(registry=registry, config=config, roots=(data,))
        try:
            first = invoker.call(tool.name, arguments)  # starts the template, as a first served call does
            if not first.ok:
                raise SystemExit(f"the served call failed: {first.error}")
            served: list[float] = []
            plain: list[float] = []
            for _ in range(calls):
                started = time.perf_counter()
                result = invoker.call(tool.name, arguments)
                served.append(time.perf_counter() - started)
                if not result.ok:
                    raise SystemExit(f"the served call failed: {result.error}")
                started = time.perf_counter()
                subprocess.run(
                    [sys.executable, "-I", "-c", PANDAS, str(csv)],
                    check=True,
                    capture_output=True,
                    env=THREAD_ENV,
                )
                plain.append(time.perf_counter() - started)
        finally:
            invoker.close()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    ours, theirs = statistics.median(served), statistics.median(plain)
    print(f"{'row':<8} {'median s':>9} {'min s':>7} {'max s':>7}   ({calls} calls each, interleaved)")
    print(f"{'served':<8} {ours:>9.3f} {min(served):>7.3f} {max(served):>7.3f}   as serve calls it")
    print(f"{'pandas':<8} {theirs:>9.3f} {min(plain):>7.3f} {max(plain):>7.3f}   plain python -c")
    print(f"ratio served / pandas: {ours / theirs:.2f}")
    print(f"load average: {' '.join(Path('/proc/loadavg').read_text(encoding='utf-8').split()[:3])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
