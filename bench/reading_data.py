"""Six invented datasets for the reading benchmark, generated deterministically (seeded numpy).

None of them is used by the catalogue's own tests or examples: orders, hospital admissions, employees,
web sessions, inventory and student grades, 500-900 rows each, with category, numeric, date, numeric-code
and yes/no columns (both ``Yes``/``No`` text and ``True``/``False``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd

DATE_COLUMNS = {
    "orders": ["order_date"],
    "admissions": ["admit_date"],
    "employees": ["hire_date"],
    "sessions": ["session_date"],
    "inventory": ["last_restock"],
    "grades": [],
}


def _dates(rng: np.random.Generator, n: int, start: str, days: int) -> pd.Series:
    offsets = rng.integers(0, days, n)
    return pd.Series(pd.Timestamp(start) + pd.to_timedelta(offsets, unit="D")).dt.strftime("%Y-%m-%d")


def orders(rng: np.random.Generator) -> pd.DataFrame:
    n = 800
    quantity = rng.integers(1, 10, n)
    return pd.DataFrame({
        "order_id": np.arange(1001, 1001 + n),
        "order_date": _dates(rng, n, "2023-01-01", 730),
        "region": rng.choice(["North", "South", "East", "West"], n),
        "category": rng.choice(["Books", "Toys", "Garden", "Electronics", "Clothing"], n),
        "channel": rng.choice(["Online", "Store"], n, p=[0.6, 0.4]),
        "customer_id": [f"C{c:03d}" for c in rng.integers(1, 180, n)],
        "quantity": quantity,
        "amount": (quantity * rng.uniform(5, 120, n)).round(2),
        "returned": rng.choice(["Yes", "No"], n, p=[0.1, 0.9]),
    })  # fmt: skip


def admissions(rng: np.random.Generator) -> pd.DataFrame:
    n = 900
    return pd.DataFrame({
        "patient_id": [f"P{p:04d}" for p in rng.integers(1, 700, n)],
        "admit_date": _dates(rng, n, "2023-01-01", 730),
        "department": rng.choice(["Cardiology", "Oncology", "Orthopedics", "Neurology", "Pediatrics"], n),
        "insurance_type": rng.choice(["Private", "Medicare", "Medicaid", "Uninsured"], n),
        "age": rng.integers(0, 96, n),
        "length_of_stay": rng.integers(1, 21, n),
        "total_cost": rng.gamma(2.0, 4000.0, n).round(2),
        "readmitted": rng.choice(["Yes", "No"], n, p=[0.13, 0.87]),
        "triage_code": rng.integers(1, 6, n),
    })  # fmt: skip


def employees(rng: np.random.Generator) -> pd.DataFrame:
    n = 600
    return pd.DataFrame({
        "employee_id": [f"E{e:04d}" for e in range(1, n + 1)],
        "department": rng.choice(["Sales", "Engineering", "Finance", "Support", "Marketing"], n),
        "job_level": rng.choice(["Junior", "Mid", "Senior", "Lead"], n),
        "office": rng.choice(["Paris", "Berlin", "Madrid", "Lisbon"], n),
        "salary": rng.normal(62000, 15000, n).round(0),
        "bonus": rng.gamma(2.0, 1500.0, n).round(0),
        "years_at_company": rng.integers(0, 25, n),
        "remote": rng.choice([True, False], n, p=[0.35, 0.65]),
        "hire_date": _dates(rng, n, "2005-01-01", 7000),
        "performance_rating": rng.integers(1, 6, n),
    })  # fmt: skip


def sessions(rng: np.random.Generator) -> pd.DataFrame:
    n = 900
    converted = rng.choice(["Yes", "No"], n, p=[0.08, 0.92])
    return pd.DataFrame({
        "session_id": np.arange(1, n + 1),
        "session_date": _dates(rng, n, "2024-01-01", 366),
        "device": rng.choice(["mobile", "desktop", "tablet"], n),
        "country": rng.choice(["France", "Germany", "Spain", "Italy", "Poland"], n),
        "traffic_source": rng.choice(["search", "social", "direct", "email"], n),
        "pages_viewed": rng.integers(1, 30, n),
        "duration_seconds": rng.integers(5, 1800, n),
        "converted": converted,
        "order_value": np.where(converted == "Yes", rng.uniform(15, 400, n).round(2), 0.0),
    })  # fmt: skip


def inventory(rng: np.random.Generator) -> pd.DataFrame:
    n = 500
    return pd.DataFrame({
        "sku": [f"SKU-{s:05d}" for s in range(1, n + 1)],
        "warehouse": rng.choice(["Leeds", "Derby", "York"], n),
        "product_type": rng.choice(["Bolts", "Cables", "Filters", "Pumps", "Valves"], n),
        "supplier": rng.choice(["Acme", "Borka", "Corvid", "Delta"], n),
        "stock_on_hand": rng.integers(0, 400, n),
        "reorder_level": rng.integers(10, 120, n),
        "unit_cost": rng.uniform(0.5, 250, n).round(2),
        "last_restock": _dates(rng, n, "2023-06-01", 540),
        "discontinued": rng.choice([True, False], n, p=[0.15, 0.85]),
    })  # fmt: skip


def grades(rng: np.random.Generator) -> pd.DataFrame:
    n = 700
    score = rng.integers(20, 101, n)
    return pd.DataFrame({
        "student_id": [f"S{s:04d}" for s in rng.integers(1, 260, n)],
        "school": rng.choice(["Hillside", "Riverside", "Lakeside"], n),
        "subject": rng.choice(["Math", "Physics", "History", "English", "Biology"], n),
        "term": rng.choice(["Fall", "Spring"], n),
        "grade_level": rng.integers(9, 13, n),
        "study_hours": rng.uniform(0, 20, n).round(1),
        "score": score,
        "passed": np.where(score >= 50, "Yes", "No"),
    })  # fmt: skip


GENERATORS: dict[str, Callable[[np.random.Generator], pd.DataFrame]] = {
    "orders": orders,
    "admissions": admissions,
    "employees": employees,
    "sessions": sessions,
    "inventory": inventory,
    "grades": grades,
}


def write_datasets(folder: Path) -> dict[str, Path]:
    """Write every dataset as ``<name>.csv`` under ``folder`` (same bytes on every run)."""
    paths: dict[str, Path] = {}
    for index, (name, make) in enumerate(GENERATORS.items()):
        path = folder / f"{name}.csv"
        make(np.random.default_rng(1000 + index)).to_csv(path, index=False)
        paths[name] = path
    return paths


def load(path: Path, name: str) -> pd.DataFrame:
    """The dataset as pandas reads it for the expected answers (dates parsed)."""
    return pd.read_csv(path, parse_dates=DATE_COLUMNS[name])
