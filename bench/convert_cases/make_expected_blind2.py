#!/usr/bin/env python3
"""Regenerate blind2.json from blind2_sources.json (the second blind set; SELECTION_BLIND2.md).

The same machinery as make_expected.py (its venv and runner functions are reused): every expected
value comes from calling the library itself through _runner.py in a scratch venv of its own,
<CONVERT_CASES_VENVS>/cvenv-<name>. Nothing here imports mcpforge or touches the project's .venv.
Every entry of this set has split "blind2".

    python3 make_expected_blind2.py                 # writes blind2.json
    python3 make_expected_blind2.py --probe NAME..  # print the results for some, write nothing
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from make_expected import HERE, compute

SOURCES = HERE / "blind2_sources.json"
OUT = HERE / "blind2.json"
SPLIT = "blind2"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--probe", nargs="*", help="only print results for these names")
    args = ap.parse_args()
    source = json.loads(SOURCES.read_text())
    libs, failures = [], []
    for entry in sorted(source["libraries"], key=lambda e: e["name"]):
        if args.probe is not None and entry["name"] not in args.probe:
            continue
        t0 = time.monotonic()
        results, note = compute("library", entry)
        if results is None:
            failures.append((entry["name"], note))
            print(f"FAIL library {entry['name']}: {note}", flush=True)
            continue
        by_id = {r["id"]: r for r in results}
        checks = []
        for c in entry["checks"]:
            r = by_id[c["id"]]
            if args.probe is not None:
                print(f"  {c['id']}: {json.dumps(r.get('result', r.get('error')), ensure_ascii=False)[:300]}")
            if "error" in r:
                failures.append((c["id"], r["error"]))
                print(f"FAIL {c['id']}: {r['error']}", flush=True)
                continue
            checks.append({**c, "expected": r["result"]})
        print(f"ok   library {entry['name']}: {len(checks)} checks, {time.monotonic() - t0:.1f}s", flush=True)
        libs.append({**entry, "checks": checks, "split": SPLIT})
    if args.probe is not None:
        return 1 if failures else 0
    if failures:
        print(f"{len(failures)} failure(s); nothing written", file=sys.stderr)
        return 1
    meta = {
        "rule": "RULE.md (walk continued: SELECTION_BLIND2.md)",
        "generated_by": "make_expected_blind2.py",
        "compare": {
            "exact": "JSON equality",
            "approx": "relative 1e-6 (absolute 1e-12 near 0)",
            "contains": "substring of the result, or element of a list result",
        },
    }
    OUT.write_text(
        json.dumps({**meta, "libraries": libs}, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    )
    print(f"wrote {OUT.name} ({len(libs)} libraries, {sum(len(e['checks']) for e in libs)} checks)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
