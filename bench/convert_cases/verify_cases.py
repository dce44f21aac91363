#!/usr/bin/env python3
"""Re-run every frozen check directly against its library (no mcpforge) and print pass/fail.

    python3 verify_cases.py                # all libraries and repositories
    python3 verify_cases.py --only pint    # some of them
    python3 verify_cases.py --split test   # one split

First checks FROZEN.sha256 (libraries.json, repos.json, repos/). Each library runs in its own
scratch venv /tmp/cvenv-<name> (repositories: /tmp/cvenv-repo-<name>), created with
`pip install <requirement>` when missing, never mcpforge's .venv; installs run one at a time.
Time is bounded per library: 300 s to install, 180 s to run its checks. A library that cannot be
installed is reported as such and its checks count as failed. Exit status 0 only if every check
passes. The last line is the summary: `verify: N passed, M failed`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from make_expected import ensure_venv, requirements_of, run_checks, sys_path_of  # noqa: E402

REL_TOL = 1e-6
ABS_TOL = 1e-12


def json_equal(a, b) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def approx_equal(a, b) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return math.isclose(a, b, rel_tol=REL_TOL, abs_tol=ABS_TOL)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(approx_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(approx_equal(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def matches(compare: str, expected, actual) -> bool:
    if compare == "exact":
        return json_equal(expected, actual)
    if compare == "approx":
        return approx_equal(expected, actual)
    if compare == "contains":
        if isinstance(actual, str) and isinstance(expected, str):
            return expected in actual
        if isinstance(actual, list):
            return any(json_equal(expected, x) for x in actual)
        return False
    raise ValueError(f"unknown compare {compare!r}")


def check_frozen() -> list[str]:
    """Return the problems found in FROZEN.sha256 (empty when everything matches)."""
    frozen = HERE / "FROZEN.sha256"
    if not frozen.exists():
        return ["FROZEN.sha256 is missing"]
    problems = []
    listed = set()
    for line in frozen.read_text().splitlines():
        digest, _, rel = line.partition("  ")
        listed.add(rel)
        path = HERE / rel
        if not path.is_file():
            problems.append(f"missing: {rel}")
        elif hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            problems.append(f"changed: {rel}")
    for path in sorted((HERE / "repos").rglob("*")):
        rel = path.relative_to(HERE).as_posix()
        if path.is_file() and rel not in listed and "__pycache__" not in rel:
            problems.append(f"not frozen: {rel}")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*", help="names of libraries or repositories to run")
    ap.add_argument("--split", choices=["dev", "test"])
    args = ap.parse_args()

    problems = check_frozen()
    for p in problems:
        print(f"FROZEN {p}")
    print("frozen: ok" if not problems else f"frozen: {len(problems)} problem(s)")

    kinds = [("library", json.loads((HERE / "libraries.json").read_text())["libraries"]),
             ("repository", json.loads((HERE / "repos.json").read_text())["repositories"])]
    passed = failed = 0
    per_split = {}
    for kind, entries in kinds:
        for entry in entries:
            if args.only and entry["name"] not in args.only:
                continue
            if args.split and entry["split"] != args.split:
                continue
            t0 = time.monotonic()
            py, note = ensure_venv(kind, entry["name"], requirements_of(kind, entry))
            results, why = (None, note) if py is None else run_checks(py, entry["checks"], sys_path_of(kind, entry))
            took = time.monotonic() - t0
            by_id = {r["id"]: r for r in results} if results else {}
            ok_here = 0
            for c in entry["checks"]:
                r = by_id.get(c["id"])
                if r is None:
                    good, detail = False, why
                elif "error" in r:
                    good, detail = False, r["error"]
                else:
                    good = matches(c["compare"], c["expected"], r["result"])
                    detail = "" if good else (f"expected {json.dumps(c['expected'], ensure_ascii=False)[:200]}"
                                              f" got {json.dumps(r['result'], ensure_ascii=False)[:200]}")
                if good:
                    ok_here += 1
                else:
                    print(f"  FAIL {c['id']}: {detail}")
            n = len(entry["checks"])
            passed += ok_here
            failed += n - ok_here
            s = per_split.setdefault(entry["split"], [0, 0])
            s[0] += ok_here
            s[1] += n - ok_here
            status = "PASS" if ok_here == n else "FAIL"
            print(f"{status} {kind} {entry['name']} ({entry['split']}): {ok_here}/{n} checks, {took:.1f}s", flush=True)
    for split, (p, f) in sorted(per_split.items()):
        print(f"split {split}: {p} passed, {f} failed")
    if problems:
        failed += len(problems)
    print(f"verify: {passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
