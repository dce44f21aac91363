"""Generate the example datasets in this directory, deterministically.

Run ``python examples/make_datasets.py`` from the repository root; the CSVs are committed, so this is only
needed after changing the generator. Every dataset uses its own fixed seed, so the files are identical on
every machine with the same numpy version.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

HERE = Path(__file__).resolve().parent


def _dates(rng: np.random.Generator, n: int, start: str, end: str) -> pd.Series:
    days = (pd.Timestamp(end) - pd.Timestamp(start)).days + 1
    offsets = rng.integers(0, days, size=n)
    return pd.Series(pd.Timestamp(start) + pd.to_timedelta(np.sort(offsets), unit="D"))


def traffic_accidents(n: int = 2000) -> pd.DataFrame:
    """Road accidents 2020-2024: severity, place, weather, road, people."""
    rng = np.random.default_rng(20240101)
    dates = _dates(rng, n, "2020-01-01", "2024-12-31")
    weather = rng.choice(["Clear", "Rain", "Snow", "Fog"], size=n, p=[0.55, 0.28, 0.09, 0.08])
    location = rng.choice(["Urban", "Rural", "Highway"], size=n, p=[0.5, 0.3, 0.2])
    bad_weather = np.isin(weather, ["Rain", "Snow", "Fog"])
    p_fatal = np.where(location == "Highway", 0.08, 0.03) + np.where(bad_weather, 0.03, 0.0)
    u = rng.random(n)
    severity = np.where(u < p_fatal, "Fatal", np.where(u < p_fatal + 0.22, "Serious", "Minor"))
    speed_limit = np.where(
        location == "Highway",
        rng.choice([60, 70], size=n),
        np.where(location == "Urban", rng.choice([20, 30, 40], size=n), rng.choice([40, 50, 60], size=n)),
    )
    vehicles = rng.integers(1, 5, size=n) + (rng.random(n) < 0.1)
    casualties = rng.poisson(1.2, size=n) + (severity != "Minor") + 2 * (severity == "Fatal")
    driver_age = rng.integers(17, 90, size=n).astype(float)
    driver_age[rng.random(n) < 0.05] = np.nan
    road_type = rng.choice(["Motorway", "A-road", "B-road", "Residential"], size=n, p=[0.2, 0.35, 0.25, 0.2])
    road_type = np.where(
        location == "Highway", "Motorway", np.where(road_type == "Motorway", "A-road", road_type)
    )
    light = rng.choice(["Daylight", "Dark"], size=n, p=[0.7, 0.3])
    light_obj = light.astype(object)
    light_obj[rng.random(n) < 0.03] = None
    return pd.DataFrame(
        {
            "accident_id": [f"ACC-{i:05d}" for i in range(1, n + 1)],
            "date": dates.dt.strftime("%Y-%m-%d"),
            "hour": rng.integers(0, 24, size=n),
            "severity": severity,
            "location": location,
            "region": rng.choice(["North", "South", "East", "West", "Central"], size=n),
            "weather": weather,
            "road_type": road_type,
            "light_conditions": light_obj,
            "speed_limit": speed_limit,
            "vehicles_involved": vehicles,
            "casualties": casualties,
            "driver_age": driver_age,
        }
    )


def sales(n: int = 2500) -> pd.DataFrame:
    """Orders 2023-2024: products, prices, discounts, channels."""
    rng = np.random.default_rng(777)
    catalogue = {
        "Laptop": ("Electronics", 950.0),
        "Phone": ("Electronics", 620.0),
        "Headphones": ("Electronics", 85.0),
        "Desk": ("Furniture", 240.0),
        "Chair": ("Furniture", 130.0),
        "Lamp": ("Furniture", 45.0),
        "Notebook": ("Office", 4.5),
        "Pen": ("Office", 1.8),
        "Printer": ("Office", 210.0),
    }
    products = np.array(list(catalogue))
    product = rng.choice(products, size=n)
    category = np.array([catalogue[p][0] for p in product])
    base = np.array([catalogue[p][1] for p in product])
    unit_price = np.round(base * rng.uniform(0.9, 1.1, size=n), 2)
    units = rng.integers(1, 12, size=n)
    discount = rng.choice([0.0, 0.05, 0.1, 0.15, 0.2], size=n, p=[0.5, 0.2, 0.15, 0.1, 0.05])
    return pd.DataFrame(
        {
            "order_id": [f"ORD-{i:05d}" for i in range(1, n + 1)],
            "order_date": _dates(rng, n, "2023-01-01", "2024-12-31").dt.strftime("%Y-%m-%d"),
            "region": rng.choice(["North", "South", "East", "West"], size=n, p=[0.3, 0.25, 0.25, 0.2]),
            "product": product,
            "category": category,
            "units": units,
            "unit_price": unit_price,
            "discount": discount,
            "customer_id": [f"C{c:04d}" for c in rng.integers(1, 400, size=n)],
            "channel": rng.choice(["Online", "Store", "Phone"], size=n, p=[0.55, 0.35, 0.10]),
        }
    )


def employees(n: int = 600) -> pd.DataFrame:
    """Staff list: departments, salaries, hire dates, remote work."""
    rng = np.random.default_rng(4242)
    department = rng.choice(["Engineering", "Sales", "Marketing", "Finance", "HR", "Support"], size=n)
    base = pd.Series(department).map(
        {
            "Engineering": 95000,
            "Sales": 70000,
            "Marketing": 68000,
            "Finance": 80000,
            "HR": 60000,
            "Support": 52000,
        }
    )
    level = rng.choice(["Junior", "Mid", "Senior", "Lead"], size=n, p=[0.3, 0.35, 0.25, 0.1])
    factor = pd.Series(level).map({"Junior": 0.75, "Mid": 1.0, "Senior": 1.3, "Lead": 1.6})
    salary = np.round(base.to_numpy() * factor.to_numpy() * rng.normal(1.0, 0.08, size=n), -2)
    score = np.round(rng.normal(3.4, 0.7, size=n).clip(1.0, 5.0), 1)
    score[rng.random(n) < 0.04] = np.nan
    return pd.DataFrame(
        {
            "employee_id": [f"E{i:04d}" for i in range(1, n + 1)],
            "department": department,
            "level": level,
            "office": rng.choice(["London", "Berlin", "Madrid", "Lisbon"], size=n, p=[0.4, 0.3, 0.2, 0.1]),
            "hire_date": _dates(rng, n, "2012-01-01", "2024-06-30")
            .sample(frac=1, random_state=1)
            .dt.strftime("%Y-%m-%d")
            .to_numpy(),
            "age": rng.integers(21, 66, size=n),
            "salary": salary,
            "performance_score": score,
            "remote": rng.random(n) < 0.35,
            "overtime_hours": rng.poisson(6, size=n),
        }
    )


def sensor_readings(hours: int = 24 * 30, sensors: int = 4) -> pd.DataFrame:
    """Hourly readings of four sensors over January 2024, with gaps and a few spikes."""
    rng = np.random.default_rng(99)
    stamps = pd.date_range("2024-01-01", periods=hours, freq="h")
    frames = []
    for s in range(1, sensors + 1):
        daily = np.sin((stamps.hour.to_numpy() - 6) / 24 * 2 * np.pi)
        temperature = np.round(18 + 2 * s + 4 * daily + rng.normal(0, 0.8, hours), 2)
        spikes = rng.random(hours) < 0.01
        temperature[spikes] += rng.choice([-15, 15], size=int(spikes.sum()))
        humidity = np.round(55 - 8 * daily + rng.normal(0, 3, hours), 1)
        humidity[rng.random(hours) < 0.03] = np.nan
        frames.append(
            pd.DataFrame(
                {
                    "timestamp": stamps.strftime("%Y-%m-%d %H:%M:%S"),
                    "sensor_id": f"S{s}",
                    "temperature": temperature,
                    "humidity": humidity,
                    "pressure": np.round(1013 + rng.normal(0, 4, hours), 1),
                    "status": rng.choice(["OK", "WARN", "FAIL"], size=hours, p=[0.9, 0.08, 0.02]),
                }
            )
        )
    return pd.concat(frames, ignore_index=True)


def main() -> None:
    """Write every dataset next to this script."""
    for name, frame in {
        "traffic_accidents.csv": traffic_accidents(),
        "sales.csv": sales(),
        "employees.csv": employees(),
        "sensor_readings.csv": sensor_readings(),
    }.items():
        frame.to_csv(HERE / name, index=False)
        print(f"{name}: {len(frame)} rows, {(HERE / name).stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
