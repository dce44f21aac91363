"""Real-looking data files of every kind people hand over, all holding the same small sales table.

Each writer makes the file the way the program people use would (Excel through openpyxl, Parquet through
pyarrow, a German-locale CSV with ``;`` and decimal commas, a Windows-1252 export, a SQLite database with
two tables), so a test can ask the same question of every kind and expect the same answer.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pandas as pd

REGIONS = ["Nord", "Süd", "Nord", "Ost", "Süd", "Nord", "West", "Ost", "Nord", "Süd", "West", "Nord"]
PRODUCTS = [
    "Äpfel",
    "Birnen",
    "Äpfel",
    "Kaffee",
    "Tee",
    "Kaffee",
    "Äpfel",
    "Tee",
    "Birnen",
    "Kaffee",
    "Tee",
    "Tee",
]
AMOUNTS = [12.5, 3.25, 7.0, 19.99, 4.5, 8.75, 11.0, 2.5, 6.25, 14.0, 5.5, 9.0]
DATES = [f"2024-0{1 + i % 6}-{10 + i:02d}" for i in range(len(REGIONS))]
REGION_COUNTS = dict(Counter(REGIONS))


def sales_frame() -> pd.DataFrame:
    """The table every file holds."""
    return pd.DataFrame({"region": REGIONS, "product": PRODUCTS, "amount": AMOUNTS, "date": DATES})


def _rows(decimal: str = ".") -> list[list[str]]:
    frame = sales_frame()
    rows = [list(frame.columns)]
    for record in frame.itertuples(index=False):
        rows.append([record.region, record.product, str(record.amount).replace(".", decimal), record.date])
    return rows


def _text(rows: list[list[str]], delimiter: str) -> str:
    return "\r\n".join(delimiter.join(row) for row in rows) + "\r\n"


def write_semicolon_decimal_comma(directory: Path) -> Path:
    """A CSV as German Excel saves it: ``;`` between fields, ``,`` for decimals, UTF-8 with a BOM."""
    path = directory / "umsatz.csv"
    path.write_bytes(_text(_rows(","), ";").encode("utf-8-sig"))
    return path


def write_tab(directory: Path) -> Path:
    path = directory / "sales.tsv"
    path.write_text(_text(_rows(), "\t"), encoding="utf-8")
    return path


def write_pipe(directory: Path) -> Path:
    path = directory / "sales_pipe.txt"
    path.write_text(_text(_rows(), "|"), encoding="utf-8")
    return path


def write_utf16(directory: Path) -> Path:
    """UTF-16 with a BOM and tabs, as Excel's "Unicode Text" export writes it."""
    path = directory / "sales_unicode.txt"
    path.write_bytes(_text(_rows(), "\t").encode("utf-16"))
    return path


def write_utf16_without_bom(directory: Path) -> Path:
    path = directory / "sales_utf16le.csv"
    path.write_bytes(_text(_rows(), ",").encode("utf-16-le"))
    return path


def write_cp1252(directory: Path) -> Path:
    """A Windows export: cp1252 bytes (``ü``, ``€`` in a note column), comma-separated."""
    rows = _rows()
    rows[0].append("note")
    for index, row in enumerate(rows[1:]):
        row.append("Preis in €" if index % 2 else "geprüft")
    path = directory / "sales_windows.csv"
    path.write_bytes(_text(rows, ",").encode("cp1252"))
    return path


def write_xlsx(directory: Path) -> Path:
    """A workbook with a cover sheet first and the data on the sheet named ``Sales``."""
    import openpyxl

    workbook = openpyxl.Workbook()
    cover = workbook.active
    assert cover is not None
    cover.title = "Cover"
    cover.append(["Quarterly report", None])
    cover.append(["prepared by", "finance"])
    sheet = workbook.create_sheet("Sales")
    frame = sales_frame()
    sheet.append(list(frame.columns))
    for record in frame.itertuples(index=False):
        sheet.append(
            [record.region, record.product, record.amount, pd.Timestamp(record.date).to_pydatetime()]
        )
    path = directory / "sales.xlsx"
    workbook.save(path)
    return path


def write_xlsx_single(directory: Path) -> Path:
    frame = sales_frame()
    path = directory / "sales_single.xlsx"
    frame.to_excel(path, index=False, sheet_name="Data")
    return path


def write_parquet(directory: Path) -> Path:
    path = directory / "sales.parquet"
    sales_frame().assign(date=pd.to_datetime(DATES)).to_parquet(path, index=False)
    return path


def write_arrow(directory: Path) -> Path:
    """An Arrow IPC file as ``DataFrame.to_feather`` writes it (Feather v2, compressed)."""
    path = directory / "sales.arrow"
    sales_frame().assign(date=pd.to_datetime(DATES)).to_feather(path)
    return path


def write_json_records(directory: Path) -> Path:
    path = directory / "sales.json"
    path.write_text(json.dumps(sales_frame().to_dict(orient="records"), indent=2), encoding="utf-8")
    return path


def write_json_columns(directory: Path) -> Path:
    path = directory / "sales_columns.json"
    path.write_text(json.dumps(sales_frame().to_dict(orient="list")), encoding="utf-8")
    return path


def write_jsonl(directory: Path) -> Path:
    path = directory / "sales.jsonl"
    lines = [json.dumps(record, ensure_ascii=False) for record in sales_frame().to_dict(orient="records")]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def write_sqlite(directory: Path) -> Path:
    """A database with the sales table and a smaller ``regions`` table."""
    path = directory / "shop.sqlite"
    with sqlite3.connect(path) as connection:
        sales_frame().to_sql("sales", connection, index=False)
        pd.DataFrame({"region": sorted(set(REGIONS))}).to_sql("regions", connection, index=False)
    connection.close()
    return path


def write_sqlite_single(directory: Path) -> Path:
    path = directory / "sales.db"
    with sqlite3.connect(path) as connection:
        sales_frame().to_sql("sales", connection, index=False)
    connection.close()
    return path


def write_spaced_header(directory: Path) -> Path:
    """Column names with spaces around them, as exports from some tools have them."""
    rows = _rows()
    rows[0] = [" region", "product ", " amount ", "date"]
    path = directory / "sales_spaced.csv"
    path.write_text(_text(rows, ","), encoding="utf-8")
    return path


# Every kind of file, each holding the sales table where the loader looks by default (the largest sheet
# or table when there are several).
WRITERS: dict[str, Callable[[Path], Path]] = {
    "semicolon_decimal_comma": write_semicolon_decimal_comma,
    "tab": write_tab,
    "pipe": write_pipe,
    "utf16": write_utf16,
    "utf16_without_bom": write_utf16_without_bom,
    "cp1252": write_cp1252,
    "xlsx": write_xlsx_single,
    "xlsx_cover_sheet": write_xlsx,
    "parquet": write_parquet,
    "arrow": write_arrow,
    "json_records": write_json_records,
    "json_columns": write_json_columns,
    "jsonl": write_jsonl,
    "sqlite": write_sqlite_single,
    "sqlite_two_tables": write_sqlite,
    "spaced_header": write_spaced_header,
}
