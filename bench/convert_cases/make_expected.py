#!/usr/bin/env python3
"""Regenerate libraries.json and repos.json from sources.json and repos_sources.json.

Every expected value is computed by calling the library itself (through _runner.py) in a scratch
venv of its own, /tmp/cvenv-<name> (repositories: /tmp/cvenv-repo-<name>), created and filled
with `pip install <requirement>` when missing. Nothing here imports mcpforge, and no venv is the
project's .venv. Libraries are installed one at a time.

    python3 make_expected.py                 # all, writes libraries.json and repos.json
    python3 make_expected.py --probe NAME..  # print the results for some, write nothing

The output is deterministic: names sorted, split by a seeded shuffle (RULE.md), JSON with sorted
keys. A check that raises stops the run (no expected value is ever typed by hand).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RUNNER = HERE / "_runner.py"
VENV_ROOT = Path(os.environ.get("CONVERT_CASES_VENVS", "/tmp"))
INSTALL_TIMEOUT_S = 300
RUN_TIMEOUT_S = 180


def venv_dir(kind: str, name: str) -> Path:
    return VENV_ROOT / (f"cvenv-{name}" if kind == "library" else f"cvenv-repo-{name}")


def ensure_venv(kind: str, name: str, requirements: list[str]) -> tuple[Path | None, str]:
    """Return (python, note). The venv is reused when it already holds these requirements."""
    vdir = venv_dir(kind, name)
    stamp = vdir / ".requirements.json"
    py = vdir / "bin" / "python"
    if py.exists() and stamp.exists() and json.loads(stamp.read_text()) == requirements:
        return py, "reused"
    if not py.exists():
        subprocess.run([sys.executable, "-m", "venv", str(vdir)], check=True)
    if requirements:
        cmd = [str(py), "-m", "pip", "install", "-q", *requirements]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=INSTALL_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return None, f"pip install timed out after {INSTALL_TIMEOUT_S}s"
        if proc.returncode != 0:
            return None, "pip install failed: " + proc.stderr.strip().splitlines()[-1][:300]
    stamp.write_text(json.dumps(requirements))
    return py, "installed"


def run_checks(py: Path, checks: list[dict], sys_path: list[str]) -> tuple[list[dict] | None, str]:
    req = {"checks": [{k: c[k] for k in ("id", "call", "arguments", "constructor", "positional") if k in c} for c in checks],
           "sys_path": sys_path}
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONHASHSEED="0", MPLBACKEND="Agg", TZ="UTC")
    try:
        proc = subprocess.run([str(py), "-I", str(RUNNER)],
                              input=json.dumps(req), capture_output=True, text=True,
                              timeout=RUN_TIMEOUT_S, env=env, cwd="/tmp")
    except subprocess.TimeoutExpired:
        return None, f"timed out after {RUN_TIMEOUT_S}s"
    if proc.returncode != 0:
        return None, "runner failed: " + proc.stderr.strip()[-500:]
    return json.loads(proc.stdout), ""


def entries(kind: str) -> list[dict]:
    if kind == "library":
        return json.loads((HERE / "sources.json").read_text())["libraries"]
    return json.loads((HERE / "repos_sources.json").read_text())["repositories"]


def requirements_of(kind: str, entry: dict) -> list[str]:
    if kind == "library":
        return [entry["requirement"], *entry.get("extra_requirements", [])]
    return list(entry.get("requirements", []))


def sys_path_of(kind: str, entry: dict) -> list[str]:
    if kind == "library":
        return []
    return [str(HERE / p) for p in entry.get("sys_path", [entry["path"]])]


def compute(kind: str, entry: dict) -> tuple[list[dict] | None, str]:
    py, note = ensure_venv(kind, entry["name"], requirements_of(kind, entry))
    if py is None:
        return None, note
    return run_checks(py, entry["checks"], sys_path_of(kind, entry))


def split(names: list[str], seed: int, n_dev: int) -> dict[str, str]:
    order = sorted(names)
    random.Random(seed).shuffle(order)
    return {n: ("dev" if i < n_dev else "test") for i, n in enumerate(order)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--probe", nargs="*", help="only print results for these names")
    args = ap.parse_args()
    seed = json.loads((HERE / "sources.json").read_text())["seed"]
    out: dict[str, list[dict]] = {}
    failures = []
    for kind in ("library", "repository"):
        done = []
        for entry in sorted(entries(kind), key=lambda e: e["name"]):
            if args.probe is not None and entry["name"] not in args.probe:
                continue
            t0 = time.monotonic()
            results, note = compute(kind, entry)
            took = time.monotonic() - t0
            if results is None:
                failures.append((entry["name"], note))
                print(f"FAIL {kind} {entry['name']}: {note}", flush=True)
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
            print(f"ok   {kind} {entry['name']}: {len(checks)} checks, {took:.1f}s", flush=True)
            done.append({**entry, "checks": checks})
        out[kind] = done
    if args.probe is not None:
        return 1 if failures else 0
    if failures:
        print(f"{len(failures)} failure(s); nothing written", file=sys.stderr)
        return 1
    libs = out["library"]
    lib_split = split([e["name"] for e in libs], seed, math.ceil(len(libs) / 2))
    repos = out["repository"]
    repo_split = split([e["name"] for e in repos], seed, 3)
    for e in libs:
        e["split"] = lib_split[e["name"]]
    for e in repos:
        e["split"] = repo_split[e["name"]]
    meta = {"seed": seed, "rule": "RULE.md", "generated_by": "make_expected.py",
            "compare": {"exact": "JSON equality", "approx": "relative 1e-6 (absolute 1e-12 near 0)",
                        "contains": "substring of the result, or element of a list result"}}
    (HERE / "libraries.json").write_text(
        json.dumps({**meta, "libraries": libs}, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    (HERE / "repos.json").write_text(
        json.dumps({**meta, "repositories": repos}, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    print(f"wrote libraries.json ({len(libs)}) and repos.json ({len(repos)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
