"""Worked ``compute(df)`` examples for code prompts, and the pick of the ones closest to a request.

A 1.5B model follows a worked example far better than a rule. Each example answers a question about a
made-up dataset (stores, flights, schools, ...) with one idiomatic pandas function; the code prompt
shows the :data:`SHOWN` examples whose questions share the most words with the request. Examples never
use the person's data, so nothing from it is copied into code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

SHOWN = 2
_WORD = re.compile(r"[a-z]+")
_STOP_WORDS = (
    "a an and are as at by each for from in is it of on one or per the that their there these this to what "
    "which who with"
)
_STOP = frozenset(_STOP_WORDS.split())


@dataclass(frozen=True, kw_only=True)
class ComputeExample:
    """A question, the columns it uses and the function that answers it."""

    question: str
    columns: str
    code: str

    def render(self) -> str:
        return f"Question: {self.question}\nColumns: {self.columns}\n```python\n{self.code.strip()}\n```"


EXAMPLES: tuple[ComputeExample, ...] = (
    ComputeExample(
        question="For each store, which payment method is used most often?",
        columns="store: text, payment_method: text",
        code="""
def compute(df):
    counts = df.groupby(["store", "payment_method"]).size().reset_index(name="purchases")
    counts = counts.sort_values(["purchases", "payment_method"], ascending=[False, True])
    return counts.drop_duplicates("store").sort_values("store")[["store", "payment_method"]]
""",
    ),
    ComputeExample(
        question="For each airline, the difference between the longest and the shortest flight distance",
        columns="airline: text, distance_km: float",
        code="""
def compute(df):
    spread = df.groupby("airline")["distance_km"].agg(lambda s: s.max() - s.min())
    return spread.reset_index(name="distance_range")
""",
    ),
    ComputeExample(
        question="Per airport, total delay minutes divided by total passengers",
        columns="airport: text, delay_minutes: integer, passengers: integer",
        code="""
def compute(df):
    totals = df.groupby("airport")[["delay_minutes", "passengers"]].sum()
    ratio = totals["delay_minutes"] / totals["passengers"]
    return ratio.reset_index(name="delay_per_passenger")
""",
    ),
    ComputeExample(
        question="Running total of sign-ups per week",
        columns="signup_date: datetime64, user_id: text",
        code="""
def compute(df):
    weeks = df["signup_date"].dt.to_period("W").astype(str)
    table = df.groupby(weeks).size().reset_index(name="signups").rename(columns={"signup_date": "week"})
    table = table.sort_values("week")
    table["cumulative_signups"] = table["signups"].cumsum()
    return table
""",
    ),
    ComputeExample(
        question="Quarter-over-quarter percent change of total revenue",
        columns="paid_at: datetime64, revenue: float",
        code="""
def compute(df):
    quarters = df["paid_at"].dt.to_period("Q").astype(str)
    table = df.groupby(quarters)["revenue"].sum().reset_index().rename(columns={"paid_at": "quarter"})
    table = table.sort_values("quarter")
    table["pct_change"] = table["revenue"].pct_change() * 100
    return table.dropna(subset=["pct_change"])
""",
    ),
    ComputeExample(
        question="Within each school, the percent of students in each grade",
        columns="school: text, grade: integer, student_id: text",
        code="""
def compute(df):
    table = df.groupby(["school", "grade"]).size().reset_index(name="students")
    table["percent"] = table["students"] / table.groupby("school")["students"].transform("sum") * 100
    return table
""",
    ),
    ComputeExample(
        question="For each clinic, the fraction of visits that lasted 30 minutes or more",
        columns="clinic: text, minutes: integer",
        code="""
def compute(df):
    long_visit = df["minutes"] >= 30
    return long_visit.groupby(df["clinic"]).mean().reset_index(name="fraction_long")
""",
    ),
    ComputeExample(
        question="Per city, the average rent of flats larger than their city's average size",
        columns="city: text, size_m2: float, rent: float",
        code="""
def compute(df):
    city_average = df.groupby("city")["size_m2"].transform("mean")
    larger = df[df["size_m2"] > city_average]
    return larger.groupby("city")["rent"].mean().reset_index(name="average_rent")
""",
    ),
    ComputeExample(
        question="For each team, how many players scored more than 10 goals in total",
        columns="team: text, player: text, goals: integer",
        code="""
def compute(df):
    per_player = df.groupby(["team", "player"])["goals"].sum().reset_index()
    scorers = per_player[per_player["goals"] > 10]
    counts = scorers.groupby("team").size().reindex(df["team"].unique(), fill_value=0)
    return counts.rename_axis("team").reset_index(name="players").sort_values("team")
""",
    ),
    ComputeExample(
        question="For each device, the weekday with the highest average battery drain",
        columns="device: text, measured_at: datetime64, drain: float",
        code="""
def compute(df):
    table = df.assign(weekday=df["measured_at"].dt.day_name())
    table = table.groupby(["device", "weekday"])["drain"].mean().reset_index()
    table = table.sort_values(["drain", "weekday"], ascending=[False, True])
    return table.drop_duplicates("device").sort_values("device")[["device", "weekday"]]
""",
    ),
    ComputeExample(
        question="Standard deviation of the price divided by the mean price, for each category",
        columns="category: text, price: float",
        code="""
def compute(df):
    variation = df.groupby("category")["price"].agg(lambda s: s.std() / s.mean())
    return variation.reset_index(name="coefficient_of_variation")
""",
    ),
    ComputeExample(
        question="For each warehouse, the 75th percentile minus the 25th percentile of delivery days",
        columns="warehouse: text, delivery_days: float",
        code="""
def compute(df):
    spread = df.groupby("warehouse")["delivery_days"].agg(lambda s: s.quantile(0.75) - s.quantile(0.25))
    return spread.reset_index(name="interquartile_range")
""",
    ),
    ComputeExample(
        question="For each shop, the brand with the highest total sales, where sales = price * quantity",
        columns="shop: text, brand: text, price: float, quantity: integer",
        code="""
def compute(df):
    table = df.assign(sales=df["price"] * df["quantity"])
    table = table.groupby(["shop", "brand"])["sales"].sum().reset_index()
    table = table.sort_values(["sales", "brand"], ascending=[False, True])
    return table.drop_duplicates("shop").sort_values("shop")[["shop", "brand", "sales"]]
""",
    ),
    ComputeExample(
        question="Total rainfall per month",
        columns="day: datetime64, rainfall_mm: float",
        code="""
def compute(df):
    months = df["day"].dt.to_period("M").astype(str)
    table = df.groupby(months)["rainfall_mm"].sum().reset_index()
    return table.rename(columns={"day": "month"}).sort_values("month")
""",
    ),
)


def _words(text: str) -> set[str]:
    """Content words, with a crude plural/verb ending stripped so "sales" meets "sale"."""
    words = set()
    for word in _WORD.findall(text.lower()):
        if word in _STOP:
            continue
        words.add(word[:-1] if len(word) > 3 and word.endswith("s") else word)
    return words


def closest_examples(request: str, count: int = SHOWN) -> list[ComputeExample]:
    """The ``count`` examples whose questions share the most content words with ``request``."""
    wanted = _words(request)

    def overlap(example: ComputeExample) -> float:
        words = _words(example.question)
        return len(wanted & words) / (len(words) ** 0.5 or 1.0)

    ranked = sorted(EXAMPLES, key=overlap, reverse=True)
    return ranked[:count]
