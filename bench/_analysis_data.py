"""Ten messy datasets for bench_analysis.py, generated deterministically (seeded numpy), written as CSV.

Messy like real files: names with spaces (leading ones too), quoted-looking names such as ``Mar.2019``,
missing values, two-letter state codes that are also English words (IN, OR, ME, OK), a wide free-text
column, duplicated rows and planted outliers. Each dataset comes with its "slots": which columns play
which role in the question templates.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

STATES = ["IN", "OR", "ME", "OK", "TX", "CA"]
_WORDS = [
    "the",
    "of",
    "and",
    "a",
    "to",
    "in",
    "is",
    "was",
    "for",
    "on",
    "it",
    "with",
    "as",
    "at",
    "by",
    "this",
    "that",
    "from",
    "or",
    "an",
    "be",
    "are",
]


@dataclass(frozen=True, kw_only=True)
class Dataset:
    """One CSV and the columns that fill each template slot (empty: the template does not apply)."""

    name: str
    frame: pd.DataFrame
    slots: dict[str, str] = field(default_factory=dict)
    pair_values: tuple[str, str] = ("", "")  # two values of the ``group2`` slot


def _text(rng: np.random.Generator, n: int, words: int) -> list[str]:
    return [" ".join(rng.choice(_WORDS, words)) for _ in range(n)]


def _missing(rng: np.random.Generator, values: np.ndarray, share: float) -> np.ndarray:
    out = values.astype("float64").copy()
    out[rng.random(len(out)) < share] = np.nan
    return out


def _outliers(rng: np.random.Generator, values: np.ndarray, count: int, scale: float) -> np.ndarray:
    out = values.copy()
    spots = rng.choice(len(out), count, replace=False)
    out[spots] = out[spots] + scale * rng.choice([-1, 1], count)
    return out


def _passengers(rng: np.random.Generator) -> Dataset:
    n = 400
    pclass = rng.choice([1, 2, 3], n, p=[0.25, 0.25, 0.5])
    sex = rng.choice(["male", "female"], n)
    age = _missing(rng, np.clip(rng.normal(30, 13, n), 1, 80).round(0), 0.18)
    fare = _outliers(rng, (np.exp(rng.normal(3, 0.8, n)) * (4 - pclass)).round(2), 6, 400)
    frame = pd.DataFrame(
        {
            "PassengerId": np.arange(1, n + 1),
            "Survived": rng.choice([0, 1], n),
            "Pclass": pclass,
            "Sex": sex,
            "Age": age,
            "SibSp": rng.poisson(0.6, n),
            "Parch": rng.poisson(0.4, n),
            "Fare": fare,
            "Embarked": rng.choice(["S", "C", "Q"], n, p=[0.7, 0.2, 0.1]),
            "Cabin Deck": rng.choice(["A", "B", "C", "D"], n),
        }
    )
    return Dataset(
        name="passengers",
        frame=frame,
        pair_values=("male", "female"),
        slots={
            "num1": "Fare",
            "num2": "Age",
            "num_missing": "Age",
            "group": "Embarked",
            "group2": "Sex",
            "cat2": "Cabin Deck",
            "count_a": "SibSp",
            "count_b": "Parch",
            "target": "Fare",
            "feat1": "Age",
            "feat2": "SibSp",
        },
    )


def _weather(rng: np.random.Generator) -> Dataset:
    n = 365
    temp_max = rng.normal(20, 8, n).round(1)
    frame = pd.DataFrame(
        {
            "DATE": pd.date_range("2023-01-01", periods=n).strftime("%Y-%m-%d"),
            "STATE": rng.choice(STATES, n),
            " WINDSPEED": _outliers(rng, np.abs(rng.normal(12, 4, n)).round(1), 5, 40),
            "TEMP MAX": temp_max,
            "TEMP MIN": (temp_max - np.abs(rng.normal(8, 3, n))).round(1),
            "PRECIP": _missing(rng, np.abs(rng.gamma(1.2, 3, n)).round(2), 0.1),
            "STORM DAYS": rng.poisson(1.0, n),
            "HAIL DAYS": rng.poisson(0.5, n),
        }
    )
    frame.loc[rng.random(n) < 0.05, "STATE"] = None
    return Dataset(
        name="weather",
        frame=frame,
        pair_values=("IN", "OR"),
        slots={
            "num1": "TEMP MAX",
            "num2": "TEMP MIN",
            "num_missing": "PRECIP",
            "group": "STATE",
            "group2": "STATE",
            "cat2": "",
            "count_a": "STORM DAYS",
            "count_b": "HAIL DAYS",
            "target": "TEMP MIN",
            "feat1": "TEMP MAX",
            "feat2": " WINDSPEED",
            "wind": " WINDSPEED",
        },
    )


def _housing(rng: np.random.Generator) -> Dataset:
    n = 300
    sqft = rng.normal(1800, 500, n).round(0)
    bedrooms = rng.integers(1, 6, n)
    price = (50_000 + 120 * sqft + 8000 * bedrooms + rng.normal(0, 30_000, n)).round(0)
    frame = pd.DataFrame(
        {
            "price": _outliers(rng, price, 4, 600_000),
            "sqft": sqft,
            "bedrooms": bedrooms,
            "bathrooms": rng.integers(1, 4, n),
            "lot size": _missing(rng, rng.normal(6000, 1500, n).round(0), 0.15),
            "neighborhood": rng.choice(["North", "South", "East", "West"], n),
            "garage": rng.choice(["yes", "no"], n),
            "listing text": _text(rng, n, 25),
        }
    )
    return Dataset(
        name="housing",
        frame=frame,
        pair_values=("yes", "no"),
        slots={
            "num1": "price",
            "num2": "sqft",
            "num_missing": "lot size",
            "group": "neighborhood",
            "group2": "garage",
            "cat2": "bathrooms",
            "count_a": "bedrooms",
            "count_b": "bathrooms",
            "target": "price",
            "feat1": "sqft",
            "feat2": "bedrooms",
        },
    )


def _sales(rng: np.random.Generator) -> Dataset:
    n = 240
    base = rng.gamma(4, 50, n)
    frame = pd.DataFrame(
        {
            "store": [f"S{i:03d}" for i in range(n)],
            "region": rng.choice(["North", "South", "West"], n),
            "channel": rng.choice(["online", "retail"], n),
            "Mar.2019": (base * rng.normal(1, 0.1, n)).round(1),
            "Apr.2019": (base * rng.normal(1.05, 0.1, n)).round(1),
            "May.2019": _missing(rng, (base * rng.normal(1.1, 0.15, n)).round(1), 0.1),
            "returns": rng.poisson(3, n),
            "complaints": rng.poisson(1, n),
        }
    )
    return Dataset(
        name="sales",
        frame=frame,
        pair_values=("online", "retail"),
        slots={
            "num1": "Mar.2019",
            "num2": "Apr.2019",
            "num_missing": "May.2019",
            "group": "region",
            "group2": "channel",
            "cat2": "channel",
            "count_a": "returns",
            "count_b": "complaints",
            "target": "Apr.2019",
            "feat1": "Mar.2019",
            "feat2": "returns",
            "paired_a": "Mar.2019",
            "paired_b": "Apr.2019",
        },
    )


def _students(rng: np.random.Generator) -> Dataset:
    n = 500
    hours = np.abs(rng.normal(5, 2, n)).round(1)
    math_score = np.clip(50 + 4 * hours + rng.normal(0, 10, n), 0, 100).round(0)
    frame = pd.DataFrame(
        {
            "student id": np.arange(n),
            "gender": rng.choice(["female", "male"], n),
            "test prep": rng.choice(["completed", "none"], n),
            "lunch": rng.choice(["standard", "reduced"], n),
            "study hours": hours,
            "math score": math_score,
            "reading score": np.clip(math_score + rng.normal(3, 8, n), 0, 100).round(0),
            "absences": _missing(rng, rng.poisson(4, n).astype(float), 0.08),
            "club": rng.choice(["art", "chess", "music", "sport"], n),
            "late arrivals": rng.poisson(2, n),
        }
    )
    return Dataset(
        name="students",
        frame=frame,
        pair_values=("completed", "none"),
        slots={
            "num1": "math score",
            "num2": "reading score",
            "num_missing": "absences",
            "group": "club",
            "group2": "test prep",
            "cat2": "lunch",
            "count_a": "absences",
            "count_b": "late arrivals",
            "target": "math score",
            "feat1": "study hours",
            "feat2": "late arrivals",
            "paired_a": "math score",
            "paired_b": "reading score",
        },
    )


def _employees(rng: np.random.Generator) -> Dataset:
    n = 350
    years = rng.integers(0, 30, n)
    frame = pd.DataFrame(
        {
            "EmployeeID": np.arange(1000, 1000 + n),
            "Department": rng.choice(["Sales", "IT", "HR", "Ops"], n),
            "Gender": rng.choice(["F", "M"], n),
            "Years Experience": years,
            "Salary": _outliers(rng, (40_000 + 1500 * years + rng.normal(0, 8000, n)).round(0), 5, 150_000),
            "Rating": _missing(rng, rng.integers(1, 6, n).astype(float), 0.12),
            "Projects": rng.poisson(4, n),
            "Trainings": rng.poisson(2, n),
            "Review Notes": _text(rng, n, 40),
            "Remote": rng.choice(["yes", "no"], n),
        }
    )
    return Dataset(
        name="employees",
        frame=frame,
        pair_values=("F", "M"),
        slots={
            "num1": "Salary",
            "num2": "Years Experience",
            "num_missing": "Rating",
            "group": "Department",
            "group2": "Gender",
            "cat2": "Remote",
            "count_a": "Projects",
            "count_b": "Trainings",
            "target": "Salary",
            "feat1": "Years Experience",
            "feat2": "Projects",
        },
    )


def _cars(rng: np.random.Generator) -> Dataset:
    n = 390
    cylinders = rng.choice([4, 6, 8], n, p=[0.5, 0.3, 0.2])
    weight = (1500 + 400 * cylinders + rng.normal(0, 300, n)).round(0)
    frame = pd.DataFrame(
        {
            "mpg": (60 - weight / 100 + rng.normal(0, 3, n)).round(1),
            "cylinders": cylinders,
            "horsepower": _missing(rng, (40 + 15 * cylinders + rng.normal(0, 10, n)).round(0), 0.05),
            "weight": weight,
            "acceleration": rng.normal(15, 2.5, n).round(1),
            "origin": rng.choice(["usa", "europe", "japan"], n),
            "automatic": rng.choice(["yes", "no"], n),
            "doors": rng.choice([2, 4], n),
            "model year": rng.integers(70, 83, n),
        }
    )
    return Dataset(
        name="cars",
        frame=frame,
        pair_values=("yes", "no"),
        slots={
            "num1": "mpg",
            "num2": "weight",
            "num_missing": "horsepower",
            "group": "origin",
            "group2": "automatic",
            "cat2": "doors",
            "count_a": "cylinders",
            "count_b": "doors",
            "target": "mpg",
            "feat1": "weight",
            "feat2": "acceleration",
        },
    )


def _health(rng: np.random.Generator) -> Dataset:
    n = 450
    bmi = rng.normal(28, 5, n).round(1)
    frame = pd.DataFrame(
        {
            "patient": np.arange(n),
            "BMI": bmi,
            "Glucose": _missing(rng, (70 + 2 * bmi + rng.normal(0, 15, n)).round(0), 0.07),
            "BloodPressure": rng.normal(75, 10, n).round(0),
            "Age": rng.integers(21, 80, n),
            "Outcome": rng.choice([0, 1], n),
            "smoker": rng.choice(["yes", "no"], n),
            "activity": rng.choice(["low", "medium", "high"], n),
            "visits": rng.poisson(3, n),
            "calls": rng.poisson(2, n),
        }
    )
    frame = pd.concat([frame, frame.iloc[:15]], ignore_index=True)  # duplicated rows
    return Dataset(
        name="health",
        frame=frame,
        pair_values=("yes", "no"),
        slots={
            "num1": "Glucose",
            "num2": "BMI",
            "num_missing": "Glucose",
            "group": "activity",
            "group2": "smoker",
            "cat2": "Outcome",
            "count_a": "visits",
            "count_b": "calls",
            "target": "Glucose",
            "feat1": "BMI",
            "feat2": "Age",
            "dup": "yes",
        },
    )


def _energy(rng: np.random.Generator) -> Dataset:
    n = 320
    temp = rng.normal(15, 9, n).round(1)
    frame = pd.DataFrame(
        {
            "building": [f"B{i % 40:02d}" for i in range(n)],
            "state": rng.choice(STATES[:4], n),
            "outside temp": temp,
            "kWh usage": _outliers(rng, (900 - 12 * temp + rng.normal(0, 80, n)).round(1), 5, 900),
            "occupancy": rng.integers(5, 200, n),
            "heating": rng.choice(["gas", "electric"], n),
            "Floor Area": _missing(rng, rng.normal(2500, 700, n).round(0), 0.1),
            "alerts": rng.poisson(1.5, n),
            "repairs": rng.poisson(0.7, n),
            "notes": _text(rng, n, 30),
        }
    )
    return Dataset(
        name="energy",
        frame=frame,
        pair_values=("gas", "electric"),
        slots={
            "num1": "kWh usage",
            "num2": "outside temp",
            "num_missing": "Floor Area",
            "group": "state",
            "group2": "heating",
            "cat2": "heating",
            "count_a": "alerts",
            "count_b": "repairs",
            "target": "kWh usage",
            "feat1": "outside temp",
            "feat2": "occupancy",
        },
    )


def _insurance(rng: np.random.Generator) -> Dataset:
    n = 420
    age = rng.integers(18, 65, n)
    smoker = rng.choice(["yes", "no"], n, p=[0.25, 0.75])
    bmi = _missing(rng, rng.normal(30, 6, n).round(2), 0.06)
    charges = (2000 + 250 * age + 20_000 * (smoker == "yes") + rng.normal(0, 4000, n)).round(2)
    frame = pd.DataFrame(
        {
            "age": age,
            "sex": rng.choice(["female", "male"], n),
            "bmi": bmi,
            "children": rng.poisson(1.1, n),
            "smoker": smoker,
            "region": rng.choice(["northeast", "northwest", "southeast", "southwest"], n),
            "charges": charges,
            "claims": rng.poisson(2, n),
        }
    )
    return Dataset(
        name="insurance",
        frame=frame,
        pair_values=("yes", "no"),
        slots={
            "num1": "charges",
            "num2": "age",
            "num_missing": "bmi",
            "group": "region",
            "group2": "smoker",
            "cat2": "sex",
            "count_a": "children",
            "count_b": "claims",
            "target": "charges",
            "feat1": "age",
            "feat2": "children",
        },
    )


def _trial(rng: np.random.Generator) -> Dataset:
    n = 260
    before = rng.normal(140, 15, n).round(1)
    arm = rng.choice(["drug", "placebo"], n)
    after = (before - np.where(arm == "drug", 8, 1) + rng.normal(0, 6, n)).round(1)
    frame = pd.DataFrame(
        {
            "subject": [f"P{i:04d}" for i in range(n)],
            "arm": arm,
            "site": rng.choice(["Boston", "Denver", "Austin"], n),
            "systolic before": before,
            "systolic after": after,
            "cholesterol": _missing(rng, rng.normal(200, 30, n).round(0), 0.1),
            "age": rng.integers(30, 80, n),
            "dose mg": rng.choice([10, 20, 40], n),
            "side effects": rng.poisson(1, n),
            "dropouts": rng.poisson(0.3, n),
        }
    )
    return Dataset(
        name="trial",
        frame=frame,
        pair_values=("drug", "placebo"),
        slots={
            "num1": "systolic after",
            "num2": "systolic before",
            "num_missing": "cholesterol",
            "group": "site",
            "group2": "arm",
            "cat2": "arm",  # not "site": a test of a column against itself is no question
            "count_a": "side effects",
            "count_b": "dropouts",
            "target": "systolic after",
            "feat1": "systolic before",
            "feat2": "age",
            "paired_a": "systolic before",
            "paired_b": "systolic after",
        },
    )


def build_datasets(folder: Path) -> list[tuple[Dataset, Path]]:
    """Generate every dataset (seed 16) and write it as CSV under ``folder``."""
    makers = [
        _passengers,
        _weather,
        _housing,
        _sales,
        _students,
        _employees,
        _cars,
        _health,
        _energy,
        _insurance,
        _trial,
    ]
    out = []
    for position, make in enumerate(makers):
        dataset = make(np.random.default_rng(1600 + position))
        path = folder / f"{dataset.name}.csv"
        dataset.frame.to_csv(path, index=False)
        out.append((dataset, path))
    return out
