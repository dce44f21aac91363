"""Two small invented files for the reading tests: orders and hospital admissions (seeded, deterministic)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd


def _dates(rng: np.random.Generator, n: int) -> list[str]:
    days = pd.to_timedelta(rng.integers(0, 730, n), unit="D")
    return list((pd.Timestamp("2023-01-01") + days).strftime("%Y-%m-%d"))


def write_orders(folder: Path) -> Path:
    """Orders with a money column, a derivable one (quantity * unit_price), a status and a yes/no column."""
    rng = np.random.default_rng(7)
    n = 600
    quantity = rng.integers(1, 8, n)
    unit_price = rng.uniform(4, 150, n).round(2)
    frame = pd.DataFrame({
        "order_id": np.arange(1, n + 1),
        "order_date": _dates(rng, n),
        "region": rng.choice(["North", "South", "East", "West"], n),
        "category": rng.choice(["Books", "Toys", "Garden", "Electronics"], n),
        "status": rng.choice(["completed", "cancelled", "pending"], n, p=[0.7, 0.2, 0.1]),
        "customer_id": [f"C{c:03d}" for c in rng.integers(1, 150, n)],
        "quantity": quantity,
        "unit_price": unit_price,
        "amount": (quantity * unit_price * rng.uniform(0.8, 1.0, n)).round(2),
        "returned": rng.choice(["Yes", "No"], n, p=[0.12, 0.88]),
        "store_code": rng.integers(1, 6, n),
    })  # fmt: skip
    path = folder / "orders.csv"
    frame.to_csv(path, index=False)
    return path


def write_admissions(folder: Path) -> Path:
    """Admissions where a patient can have several rows, with a yes/no readmission column."""
    rng = np.random.default_rng(11)
    n = 900
    frame = pd.DataFrame({
        "patient_id": [f"P{p:04d}" for p in rng.integers(1, 650, n)],
        "admission_date": _dates(rng, n),
        "admission_type": rng.choice(["Emergency", "Elective", "Urgent"], n),
        "department": rng.choice(["Cardiology", "Oncology", "Neurology", "Pediatrics"], n),
        "insurance_type": rng.choice(["Private", "Medicare", "Medicaid"], n),
        "age": rng.integers(0, 95, n),
        "length_of_stay": rng.integers(1, 15, n),
        "total_cost": rng.gamma(2.0, 3500.0, n).round(2),
        "readmitted": rng.choice(["Yes", "No"], n, p=[0.125, 0.875]),
        "triage_level": rng.integers(1, 6, n),
    })  # fmt: skip
    path = folder / "admissions.csv"
    frame.to_csv(path, index=False)
    return path
