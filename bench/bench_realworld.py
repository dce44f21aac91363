"""Real-world benchmark of ``mcpforge ask``: 330 frozen requests over 8 public datasets (bench/realworld/).

Written from outside: the requests and their expected answers (bench/realworld/make_expected.py,
pandas / scipy) were made and frozen (bench/realworld/FROZEN.sha256) before this runner existed,
by someone who did not read mcpforge's parser, tests or other benchmarks. Each request runs as a person
would run it: its own ``mcpforge ask REQUEST --data FILE --json --no-review --registry TMP`` process,
a fresh temporary registry each, from the data folder. Outcomes:

  answer items         right | wrong | asked (NEEDS_CLARIFICATION) | refused (error, REJECTED, time-out)
  ask_or_refuse items  right when asked or refused ("correctly refused"), wrong when answered

"right" needs every expected number (or label) at its place in the answer's structured result
(bench/realworld/README.md: shapes and tolerances). Prints tables by outcome, dataset, language and
kind, and every wrong one. Refuses to run if a frozen file changed.

    .venv/bin/python bench/bench_realworld.py                 # the dev split
    .venv/bin/python bench/bench_realworld.py --smoke         # 5 dev requests (CI; < 60 s)
    .venv/bin/python bench/bench_realworld.py --limit 10 --json out.json
    .venv/bin/python bench/bench_realworld.py --split test    # held out: run it once, for the record
    .venv/bin/python bench/bench_realworld.py --split blind2  # 80 held-out requests (realworld/BLIND2.md)
    .venv/bin/python bench/bench_realworld.py --split blind3  # 80 held-out requests (realworld/BLIND3.md)
    .venv/bin/python bench/bench_realworld.py --split blind4  # 80 held-out requests (realworld/BLIND4.md)
    .venv/bin/python bench/bench_realworld.py --split blind5  # 80 held-out requests (realworld/BLIND5.md)
    .venv/bin/python bench/bench_realworld.py --split blind6  # 80 held-out requests (realworld/BLIND6.md)
    .venv/bin/python bench/bench_realworld.py --split blind7  # 80 held-out requests (realworld/BLIND7.md)
    .venv/bin/python bench/bench_realworld.py --split blind8  # 80 held-out requests (realworld/BLIND8.md)
    .venv/bin/python bench/bench_realworld.py --split blind9  # 80 held-out requests (realworld/BLIND9.md)
    .venv/bin/python bench/bench_realworld.py --split blind10  # 80 held-out requests (realworld/BLIND10.md)
    .venv/bin/python bench/bench_realworld.py --split blind11  # 80 held-out requests (realworld/BLIND11.md)
    .venv/bin/python bench/bench_realworld.py --split blind12  # 80 held-out requests (realworld/BLIND12.md)
    .venv/bin/python bench/bench_realworld.py --split blind13  # 80 held-out requests (realworld/BLIND13.md)
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RW = ROOT / "bench" / "realworld"
DATA = RW / "data"
DEFAULT_MCPFORGE = ROOT / ".venv" / "bin" / "mcpforge"
OUTCOMES = ("right", "wrong", "asked", "refused", "skipped")


# ------------------------------------------------------------------------------------------ freeze
def check_frozen() -> list[str]:
    """Problems with the frozen files: a changed or missing one, or a data / requests file not listed."""
    problems = []
    listed = set()
    manifest = RW / "FROZEN.sha256"
    if not manifest.is_file():
        return [f"{manifest} is missing"]
    for line in manifest.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        digest, name = line.split(None, 1)
        name = name.strip().lstrip("*")
        listed.add(name)
        p = RW / name
        if not p.is_file():
            problems.append(f"{name}: missing")
            continue
        if hashlib.sha256(p.read_bytes()).hexdigest() != digest:
            problems.append(f"{name}: changed since it was frozen")
    for p in sorted(DATA.iterdir()) + sorted(RW.glob("requests_*.jsonl")):
        rel = p.relative_to(RW).as_posix()
        if p.is_file() and rel not in listed:
            problems.append(f"{rel}: not in FROZEN.sha256")
    return problems


# ------------------------------------------------------------------------------------------ matching
_FLOAT_RE = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$")


def _as_number(cell: Any) -> float | None:
    if isinstance(cell, bool) or cell is None:
        return None
    if isinstance(cell, (int, float)):
        x = float(cell)
    elif isinstance(cell, str) and _FLOAT_RE.match(cell.strip()):
        x = float(cell.strip())
    else:
        return None
    return x if math.isfinite(x) else None


def _shown_decimals(cell: Any) -> int | None:
    """Decimals of a visibly rounded float (2..11 shown digits after the point), else None."""
    if isinstance(cell, (bool, int)):
        return None
    text = repr(cell) if isinstance(cell, float) else str(cell).strip() if isinstance(cell, str) else None
    if text is None or "e" in text.lower() or "." not in text:
        return None
    d = len(text.split(".", 1)[1])
    return d if 2 <= d <= 11 else None


def num_match(cell: Any, e: float, rnd: int | None = None, percent: bool = False) -> bool:
    a = _as_number(cell)
    if a is None:
        return False
    shown = _shown_decimals(cell)
    for ee in [e] + ([e / 100.0] if percent else []):
        if abs(a - ee) <= max(1e-6 * abs(ee), 1e-9):
            return True
        if rnd is not None and abs(a - ee) <= 0.5 * 10.0 ** (-rnd) + 1e-9:
            return True
        if shown is not None and abs(a - ee) <= 0.5 * 10.0 ** (-shown) + 1e-9:
            return True
    return False


def label_match(cell: Any, key: str, aliases: dict[str, list[str]] | None = None) -> bool:
    if cell is None:
        return False
    s = str(cell).strip()
    for k in [key, *(aliases or {}).get(key, [])]:
        if s.lower() == k.lower():
            return True
        a, b = _as_number(cell), _as_number(k)
        if a is not None and b is not None and a == b:
            return True
        if k[:1].isdigit() and any(s.startswith(k + sep) for sep in ("-", "T", " ")):
            return True
    return False


def _table(result: Any) -> tuple[list[str], list[list[Any]]] | None:
    """The structured answer table of `result` in the --json output: (columns, rows), or None."""
    if not isinstance(result, dict):
        return None
    inner = result.get("result", result)
    if isinstance(inner, dict) and isinstance(inner.get("rows"), list):
        cols = [str(c) for c in inner.get("columns") or []]
        rows = [list(r) if isinstance(r, (list, tuple)) else [r] for r in inner["rows"]]
        return cols, rows
    if isinstance(inner, list) and inner and all(isinstance(r, dict) for r in inner):
        cols = list(inner[0])
        return cols, [[r.get(c) for c in cols] for r in inner]
    return None


def _row_has_value(row: list[Any], used: set[int], e: float, rnd, pct) -> bool:
    return any(i not in used and num_match(c, e, rnd, pct) for i, c in enumerate(row))


def _row_key_cells(row: list[Any], parts: list[str], aliases) -> list[set[int]]:
    """Every way to put each key part in its own cell of the row (as sets of the cells used)."""
    options = [[i for i, c in enumerate(row) if label_match(c, p, aliases)] for p in parts]
    found = []
    for combo in itertools.product(*options):
        if len(set(combo)) == len(combo):
            found.append(set(combo))
    return found


def match(expect: dict, cols: list[str], rows: list[list[Any]]) -> tuple[bool, str]:  # noqa: PLR0911, PLR0912
    """Whether the answer table satisfies the expectation, with a short reason when it does not."""
    if "any_of" in expect:
        reasons = []
        for alt in expect["any_of"]:
            ok, why = match(alt, cols, rows)
            if ok:
                return True, ""
            reasons.append(why)
        return False, " / ".join(reasons)
    rnd, pct = expect.get("round"), bool(expect.get("percent"))
    aliases = expect.get("aliases")
    if "scalar" in expect:
        if len(rows) != 1:
            return False, f"expected one number {expect['scalar']:.6g}, got {len(rows)} rows"
        if any(num_match(c, expect["scalar"], rnd, pct) for c in rows[0]):
            return True, ""
        return False, f"expected {expect['scalar']:.6g}, got row {rows[0]}"
    if "numbers" in expect:
        missing = [
            x for x in expect["numbers"] if not any(num_match(c, x, rnd, pct) for r in rows for c in r)
        ]
        return (not missing), (f"numbers not found: {[round(m, 6) for m in missing]}" if missing else "")
    if "by" in expect:
        bad = []
        for key, val in expect["values"].items():
            parts = key.split("|") if len(expect["by"]) > 1 else [key]
            ok = False
            for r in rows:
                for used in _row_key_cells(r, parts, aliases):
                    if _row_has_value(r, used, val, rnd, pct):
                        ok = True
                        break
                if ok:
                    break
            if not ok:
                bad.append(key)
        if bad:
            shown = ", ".join(f"{k}={expect['values'][k]:.6g}" for k in bad[:4])
            more = ", ..." if len(bad) > 4 else ""
            return False, f"{len(bad)} of {len(expect['values'])} groups missing or different ({shown}{more})"
        return True, ""
    if "top" in expect:
        labels = expect["top"]
        if len(rows) < len(labels):
            return False, f"expected top {labels}, got {len(rows)} rows"
        for i, lab in enumerate(labels):
            if not any(label_match(c, lab, aliases) for c in rows[i]):
                return False, f"expected {labels}, row {i} is {rows[i]}"
        return True, ""
    if "test" in expect:
        t = expect["test"]
        sig_cols = [i for i, c in enumerate(cols) if "significant" in c.lower()]
        for r in rows:
            stat_cells = [
                i
                for i, c in enumerate(r)
                if _as_number(c) is not None and num_match(abs(_as_number(c)), abs(t["statistic"]))
            ]
            p_cells = [i for i, c in enumerate(r) if num_match(c, t["p_value"])]
            if any(i != j for i in stat_cells for j in p_cells):
                for i in sig_cols:
                    if i < len(r) and isinstance(r[i], bool) and r[i] != t["significant"]:
                        return False, (
                            f"statistic and p match, but significant={r[i]} (expected {t['significant']})"
                        )
                return True, ""
        return False, (
            f"expected |statistic| {abs(t['statistic']):.6g} and p {t['p_value']:.4g}, got {rows[:2]}"
        )
    return False, f"unknown expectation shape {sorted(expect)}"


# ------------------------------------------------------------------------------------------ running
def load_requests(split: str) -> list[dict]:
    path = RW / f"requests_{split}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def run_one(item: dict, mcpforge: Path, engine: str, timeout: float) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MCPFORGE_")}
    reg = tempfile.mkdtemp(prefix="rw-registry-")
    cmd = [
        str(mcpforge),
        "ask",
        item["request"],
        "--data",
        item["dataset"],
        "--json",
        "--no-review",
        "--registry",
        reg,
        "--engine",
        engine,
    ]
    t0 = time.monotonic()
    rec: dict[str, Any] = {
        "id": item["id"],
        "dataset": item["dataset"],
        "lang": item.get("lang", "en"),
        "kind": item["kind"],
        "request": item["request"],
    }
    try:
        proc = subprocess.run(
            cmd, cwd=DATA, env=env, capture_output=True, text=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        rec.update(
            seconds=round(time.monotonic() - t0, 2),
            exit=None,
            status="TIMEOUT",
            error=f"no answer within {timeout:.0f} s",
        )
        shutil.rmtree(reg, ignore_errors=True)
        return classify(item, rec, None)
    shutil.rmtree(reg, ignore_errors=True)
    rec.update(seconds=round(time.monotonic() - t0, 2), exit=proc.returncode)
    out = None
    try:
        out = json.loads(proc.stdout)
    except ValueError:
        m = re.search(r"\{.*\}\s*$", proc.stdout, re.S)
        if m:
            try:
                out = json.loads(m.group(0))
            except ValueError:
                out = None
    if not isinstance(out, dict):
        rec.update(status="NO_JSON", error=(proc.stderr or proc.stdout).strip()[-400:])
        return classify(item, rec, None)
    rec.update(status=out.get("status"), error=out.get("error"), reading=out.get("reading"))
    if out.get("status") == "NEEDS_CLARIFICATION":
        rec["question"] = out.get("question")
    return classify(item, rec, out)


def classify(item: dict, rec: dict, out: dict | None) -> dict:
    status = rec.get("status")
    table = _table(out.get("result")) if out else None
    if status == "NEEDS_CLARIFICATION":
        raw = "asked"
    elif table is not None and status not in ("REJECTED", "ARCHIVED"):
        raw = "answered"
    elif status == "STAGED":
        raw = "answered"  # staged without a structured table: an answer we cannot check
    else:
        raw = "refused"
    rec["raw"] = raw
    if item["kind"] == "ask_or_refuse":
        rec["outcome"] = "wrong" if raw == "answered" else "right"
        if raw == "answered":
            rec["why"] = f"answered an ask_or_refuse item ({item['expect']['ask_or_refuse']})"
        return rec
    if raw != "answered":
        rec["outcome"] = raw
        return rec
    if table is None:
        rec.update(outcome="wrong", why="STAGED without a structured result table")
        return rec
    cols, rows = table
    ok, why = match(item["expect"], cols, rows)
    rec["outcome"] = "right" if ok else "wrong"
    if not ok:
        rec["why"] = why
        rec["answer_head"] = {"columns": cols, "rows": rows[:5]}
    return rec


def smoke_items(items: list[dict]) -> list[dict]:
    """The first request of each of the first five datasets (in file order of the dev split)."""
    seen, chosen = set(), []
    for it in items:
        if it["dataset"] not in seen:
            seen.add(it["dataset"])
            chosen.append(it)
        if len(chosen) == 5:
            break
    return chosen


# ------------------------------------------------------------------------------------------ report
def _table_print(title: str, groups: dict[str, Counter]) -> None:
    print(f"\n{title}")
    head = f"  {'':<22}" + "".join(f"{o:>9}" for o in OUTCOMES) + f"{'total':>8}{'right %':>9}"
    print(head)
    for name in sorted(groups):
        c = groups[name]
        n = sum(c.values())
        done = n - c["skipped"]
        pct = f"{100.0 * c['right'] / done:.1f}" if done else "-"
        print(f"  {name:<22}" + "".join(f"{c[o]:>9}" for o in OUTCOMES) + f"{n:>8}{pct:>9}")


def report(results: list[dict]) -> None:
    total = Counter(r["outcome"] for r in results)
    _table_print("by outcome (all)", {"all": total})
    for field in ("kind", "dataset", "lang"):
        g: dict[str, Counter] = defaultdict(Counter)
        for r in results:
            g[r[field]][r["outcome"]] += 1
        _table_print(f"by {field}", g)
    wrong = [r for r in results if r["outcome"] == "wrong"]
    print(f"\nwrong ({len(wrong)}):")
    for r in wrong:
        print(f"  {r['id']:<8} {r['dataset']:<20} {r['request']!r}")
        print(f"           why: {r.get('why')}")
        if r.get("reading"):
            print(f"           reading: {r['reading']}")
    other = [r for r in results if r["outcome"] in ("asked", "refused") and r["kind"] == "answer"]
    if other:
        print(f"\nanswer items asked or refused ({len(other)}):")
        for r in other:
            why = r.get("question") if r["outcome"] == "asked" else r.get("error")
            print(f"  {r['id']:<8} {r['outcome']:<8} {str(why)[:160]}")


def main(argv: list[str] | None = None) -> int:  # noqa: PLR0915
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--split",
        choices=(
            "dev",
            "test",
            "blind2",
            "blind3",
            "blind4",
            "blind5",
            "blind6",
            "blind7",
            "blind8",
            "blind9",
            "blind10",
            "blind11",
            "blind12",
            "blind13",
        ),
        default="dev",
    )
    ap.add_argument("--smoke", action="store_true", help="5 dev requests (CI); stops by itself within 60 s")
    ap.add_argument("--engine", default="rules")
    ap.add_argument("--limit", type=int, default=None, help="only the first N requests of the split")
    ap.add_argument("--ids", default=None, help="comma-separated request ids to run")
    ap.add_argument("--json", dest="json_out", default=None, help="write every outcome to this file")
    ap.add_argument(
        "--timeout", type=float, default=360.0, help="seconds per request (ask's own budget is 300)"
    )
    ap.add_argument("--mcpforge", default=str(DEFAULT_MCPFORGE))
    args = ap.parse_args(argv)

    problems = check_frozen()
    if problems:
        print("refusing to run: the frozen benchmark changed:", file=sys.stderr)
        for p in problems:
            print(f"  {p}", file=sys.stderr)
        return 2
    mcpforge = Path(args.mcpforge)
    if not mcpforge.exists():
        print(f"mcpforge not found at {mcpforge}", file=sys.stderr)
        return 2

    split = "dev" if args.smoke else args.split
    items = load_requests(split)
    if args.smoke:
        items = smoke_items(items)
    if args.ids:
        wanted = set(args.ids.split(","))
        items = [it for it in items if it["id"] in wanted]
    if args.limit is not None:
        items = items[: args.limit]
    deadline = time.monotonic() + 55.0 if args.smoke else None

    print(f"real-world benchmark: split {split}, {len(items)} requests, engine {args.engine}")
    results = []
    t0 = time.monotonic()
    for n, it in enumerate(items, 1):
        timeout = args.timeout
        if deadline is not None:
            timeout = min(timeout, deadline - time.monotonic())
            if timeout <= 1:
                results.append(
                    {
                        "id": it["id"],
                        "dataset": it["dataset"],
                        "lang": it.get("lang", "en"),
                        "kind": it["kind"],
                        "request": it["request"],
                        "outcome": "skipped",
                        "why": "smoke deadline",
                    }
                )
                continue
        r = run_one(it, mcpforge, args.engine, timeout)
        results.append(r)
        secs = r.get("seconds", 0)
        print(
            f"  [{n:>3}/{len(items)}] {r['outcome']:<8} {secs:>6.1f}s  {it['id']:<8} {it['request'][:70]}",
            flush=True,
        )
    elapsed = time.monotonic() - t0
    report(results)
    try:
        load = os.getloadavg()
        load_s = f", load {load[0]:.1f}"
    except OSError:
        load_s = ""
    print(f"\n{len(results)} requests in {elapsed:.1f} s{load_s}")
    if args.json_out:
        doc = {"split": split, "engine": args.engine, "seconds": round(elapsed, 1), "results": results}
        Path(args.json_out).write_text(json.dumps(doc, indent=1, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
