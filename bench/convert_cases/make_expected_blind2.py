#!/usr/bin/env python3
"""Regenerate a blind set's frozen file from its source list: blind2.json from blind2_sources.json (the
second blind set; SELECTION_BLIND2.md), or with ``--split blind3`` blind3.json from blind3_sources.json
(the third; SELECTION_BLIND3.md, libraries and repositories), or ``--split blind4`` blind4.json from
blind4_sources.json (the fourth; SELECTION_BLIND4.md), or ``--split blind5`` blind5.json from
blind5_sources.json (the fifth; SELECTION_BLIND5.md; written without sorting keys, so that arguments
keep the order they were called with), or ``--split blind6`` blind6.json from blind6_sources.json (the
sixth; SELECTION_BLIND6.md; no sorted keys either), or ``--split blind7`` blind7.json from
blind7_sources.json (the seventh; SELECTION_BLIND7.md; no sorted keys either), or ``--split blind8``
blind8.json from blind8_sources.json (the eighth; SELECTION_BLIND8.md; no sorted keys either), or ``--split
blind9`` blind9.json from blind9_sources.json (the ninth; SELECTION_BLIND9.md; no sorted keys either), or
``--split blind10`` blind10.json from blind10_sources.json (the tenth; SELECTION_BLIND10.md; no sorted
keys either), or ``--split blind12`` blind12.json from blind12_sources.json (the twelfth;
SELECTION_BLIND12.md; no sorted keys either), or ``--split blind13`` blind13.json from blind13_sources.json
(the thirteenth; SELECTION_BLIND13.md; no sorted keys either).

The same machinery as make_expected.py (its venv and runner functions are reused): every expected
value comes from calling the library itself through _runner.py in a scratch venv of its own,
<CONVERT_CASES_VENVS>/cvenv-<name> (repositories: cvenv-repo-<name>). Nothing here imports mcpforge
or touches the project's .venv. Every entry of the set has the split's name as its split.

    python3 make_expected_blind2.py                          # writes blind2.json
    python3 make_expected_blind2.py --split blind3           # writes blind3.json
    python3 make_expected_blind2.py [--split S] --probe NAME..  # print the results for some, write nothing
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from make_expected import HERE, compute

SPLITS = (
    "blind2",
    "blind3",
    "blind4",
    "blind5",
    "blind6",
    "blind7",
    "blind8",
    "blind9",
    "blind10",
    "blind12",
    "blind13",
)
# Frozen before the order defect was found: these keep sorted keys so that they regenerate byte for byte.
# Later sets keep every dict in the order it was written (a sorted argument dict is not what was called).
SORTED_KEYS_SPLITS = ("blind2", "blind3", "blind4")


def expected_for(
    kind: str, entry: dict[str, Any], probe: bool, failures: list[tuple[str, str]]
) -> dict[str, Any] | None:
    """The entry with each check's expected value, or None when the library could not be run."""
    t0 = time.monotonic()
    results, note = compute(kind, entry)
    if results is None:
        failures.append((entry["name"], note))
        print(f"FAIL {kind} {entry['name']}: {note}", flush=True)
        return None
    by_id = {r["id"]: r for r in results}
    checks = []
    for c in entry["checks"]:
        r = by_id[c["id"]]
        if probe:
            print(f"  {c['id']}: {json.dumps(r.get('result', r.get('error')), ensure_ascii=False)[:300]}")
        if "error" in r:
            failures.append((c["id"], r["error"]))
            print(f"FAIL {c['id']}: {r['error']}", flush=True)
            continue
        checks.append({**c, "expected": r["result"]})
    print(f"ok   {kind} {entry['name']}: {len(checks)} checks, {time.monotonic() - t0:.1f}s", flush=True)
    return {**entry, "checks": checks}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--split", choices=SPLITS, default="blind2", help="which blind set (default blind2)")
    ap.add_argument("--probe", nargs="*", help="only print results for these names")
    args = ap.parse_args()
    split = args.split
    source = json.loads((HERE / f"{split}_sources.json").read_text())
    probe = args.probe is not None
    out: dict[str, list[dict[str, Any]]] = {"libraries": [], "repositories": []}
    failures: list[tuple[str, str]] = []
    for key, kind in (("libraries", "library"), ("repositories", "repository")):
        for entry in sorted(source.get(key, []), key=lambda e: e["name"]):
            if probe and entry["name"] not in args.probe:
                continue
            done = expected_for(kind, entry, probe, failures)
            if done is not None:
                out[key].append({**done, "split": split})
    if probe:
        return 1 if failures else 0
    if failures:
        print(f"{len(failures)} failure(s); nothing written", file=sys.stderr)
        return 1
    meta = {
        "rule": f"RULE.md (walk continued: SELECTION_{split.upper()}.md)",
        "generated_by": "make_expected_blind2.py" + ("" if split == "blind2" else f" --split {split}"),
        "compare": {
            "exact": "JSON equality",
            "approx": "relative 1e-6 (absolute 1e-12 near 0)",
            "contains": "substring of the result, or element of a list result",
        },
    }
    body = {**meta, "libraries": out["libraries"]}
    if "repositories" in source:  # blind2 has none: its file keeps the shape it was frozen with
        body["repositories"] = out["repositories"]
    target = HERE / f"{split}.json"
    sort_keys = split in SORTED_KEYS_SPLITS
    target.write_text(json.dumps(body, indent=1, sort_keys=sort_keys, ensure_ascii=False) + "\n")
    n_checks = sum(len(e["checks"]) for key in out for e in out[key])
    print(
        f"wrote {target.name} ({len(out['libraries'])} libraries, {len(out['repositories'])} repositories, "
        f"{n_checks} checks)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
