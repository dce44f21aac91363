# ruff: noqa: E501 - one question per entry reads better than wrapped requests
"""Issue 12's everyday questions, rebuilt on two invented files: each ends right, asked or refused — never wrong.

Every question runs through the parser and the catalogue's reference computation of the rendered tool;
the answer is checked against plain pandas. A question the forge asks back is answered with the choice a
person would pick and must then be right.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from tests.pipeline.intent_reading_data import write_admissions, write_orders

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.runtime import load_csv_data_with_types

Expected = float | dict[tuple[str, ...], float]


def grouped(keys: list[str], column: str | None, func: str, where: Callable[..., Any] | None = None):
    def compute(df: pd.DataFrame) -> Expected:
        part = df[where(df)] if where else df
        series = part.groupby(keys).size() if column is None else part.groupby(keys)[column].agg(func)
        return {
            tuple(str(k) for k in (key if isinstance(key, tuple) else (key,))): float(v)
            for key, v in series.items()
        }

    return compute


def scalar(column: str | None, func: str, where: Callable[..., Any] | None = None):
    def compute(df: pd.DataFrame) -> Expected:
        part = df[where(df)] if where else df
        return float(len(part) if column is None else part[column].agg(func))

    return compute


def top(keys: list[str], column: str, func: str, n: int):
    def compute(df: pd.DataFrame) -> Expected:
        full = grouped(keys, column, func)(df)
        assert isinstance(full, dict)
        return dict(sorted(full.items(), key=lambda item: -item[1])[:n])

    return compute


def rate(key: str, column: str, yes: str):
    def compute(df: pd.DataFrame) -> Expected:
        return {(str(k),): float(v) for k, v in (df[column] == yes).groupby(df[key]).mean().items()}

    return compute


def ratio_of_sums(key: str, top: str, bottom: str):
    def compute(df: pd.DataFrame) -> Expected:
        sums = df.groupby(key)[[top, bottom]].sum()
        return {(str(k),): float(v) for k, v in (sums[top] / sums[bottom]).items()}

    return compute


def top_rate(key: str, column: str, yes: str, n: int):
    def compute(df: pd.DataFrame) -> Expected:
        rates = (df[column] == yes).groupby(df[key]).mean().sort_values(ascending=False)
        return {(str(k),): float(v) for k, v in rates.head(n).items()}

    return compute


def share(key: str, column: str):
    def compute(df: pd.DataFrame) -> Expected:
        sums = df.groupby(key)[column].sum()
        return {(str(k),): float(v) for k, v in (sums / sums.sum()).items()}

    return compute


def monthly(column: str, year: int):
    def compute(df: pd.DataFrame) -> Expected:
        part = df[df["order_date"].dt.year == year]
        series = part.groupby(part["order_date"].dt.to_period("M"))[column].sum()
        return {(str(k),): float(v) for k, v in series.items()}

    return compute


def p90(key: str, column: str):
    def compute(df: pd.DataFrame) -> Expected:
        return {(str(k),): float(v) for k, v in df.groupby(key)[column].quantile(0.9).items()}

    return compute


@dataclass(frozen=True)
class Question:
    dataset: str
    request: str
    expected: Callable[[pd.DataFrame], Expected] | None
    allowed: frozenset[str] = frozenset({"right"})
    answers: dict[str, str] = field(default_factory=dict)


RIGHT, ASK, REFUSE = frozenset({"right"}), frozenset({"asked"}), frozenset({"refused"})
Q = Question
QUESTIONS = [
    Q("orders", "avg order value by region", grouped(["region"], "amount", "mean")),
    Q("orders", "avrage quantity per categroy", grouped(["category"], "quantity", "mean")),
    Q("orders", "median order amount by category", grouped(["category"], "amount", "median")),
    Q("orders", "total sales per category", grouped(["category"], "amount", "sum"), ASK, {"revenue": "amount"}),
    Q("orders", "monthly revenue for 2024", monthly("amount", 2024), ASK, {"revenue": "amount"}),
    Q("orders", "which region has the most revenue", top(["region"], "amount", "sum", 1), ASK, {"revenue": "amount"}),
    Q("orders", "what share of revenue comes from each category (in %)", share("category", "amount"), ASK,
      {"revenue": "amount"}),
    Q("orders", "average amount per order for orders over 500", scalar("amount", "mean", lambda d: d["amount"] > 500)),
    Q("orders", "average amount for store code 3", scalar("amount", "mean", lambda d: d["store_code"] == 3)),
    Q("orders", "which 3 categories have the highest average amount", top(["category"], "amount", "mean", 3)),
    Q("orders", "number of orders by region and category", grouped(["region", "category"], None, "size")),
    Q("orders", "how many orders were returned", scalar(None, "size", lambda d: d["returned"] == "Yes")),
    Q("orders", "return rate by region", rate("region", "returned", "Yes")),
    Q("orders", "total amount for completed orders", scalar("amount", "sum", lambda d: d["status"] == "completed")),
    Q("orders", "average amount by region excluding cancelled orders",
      grouped(["region"], "amount", "mean", lambda d: d["status"] != "cancelled")),
    Q("orders", "number of orders in 2024 by region",
      grouped(["region"], None, "size", lambda d: d["order_date"].dt.year == 2024)),
    Q("orders", "maximum unit price per category", grouped(["category"], "unit_price", "max")),
    Q("orders", "total revenue by region", lambda d: grouped(["region"], "revenue", "sum")(d.assign(revenue=d["quantity"] * d["unit_price"])),
      ASK, {"revenue": "quantity*unit_price"}),
    Q("orders", "amount per quantity by region", ratio_of_sums("region", "amount", "quantity"), ASK,
      {"amount per quantity": "ratio"}),
    Q("orders", "average discount by category", None, REFUSE),
    Q("orders", "total profit per region", None, REFUSE),
    Q("orders", "write a poem about my orders", None, REFUSE),
    Q("orders", "median amount for orders with quantity at least 3",
      scalar("amount", "median", lambda d: d["quantity"] >= 3)),
    Q("admissions", "number of admissions over 65 by insurance type",
      grouped(["insurance_type"], None, "size", lambda d: d["age"] > 65)),
    Q("admissions", "number of patients over 65 by insurance type",
      grouped(["insurance_type"], None, "size", lambda d: d["age"] > 65), ASK, {"patients": "rows"}),
    Q("admissions", "average cost for patients under 18", scalar("total_cost", "mean", lambda d: d["age"] < 18)),
    Q("admissions", "readmission rate by department", rate("department", "readmitted", "Yes")),
    Q("admissions", "how many patients were readmitted", scalar(None, "size", lambda d: d["readmitted"] == "Yes"),
      ASK, {"patients": "rows"}),
    Q("admissions", "90th percentile of total cost per department", p90("department", "total_cost")),
    Q("admissions", "average length of stay by department and insurance type",
      grouped(["department", "insurance_type"], "length_of_stay", "mean")),
    Q("admissions", "number of admissions by admission type", grouped(["admission_type"], None, "size")),
    Q("admissions", "average total cost for triage level 2",
      scalar("total_cost", "mean", lambda d: d["triage_level"] == 2)),
    Q("admissions", "average total cost for emergency admissions",
      scalar("total_cost", "mean", lambda d: d["admission_type"] == "Emergency")),
    Q("admissions", "which department has the highest average total cost",
      top(["department"], "total_cost", "mean", 1)),
    Q("admissions", "which department has the highest readmission rate", top_rate("department", "readmitted", "Yes", 1)),
    Q("admissions", "median age by department", grouped(["department"], "age", "median")),
    Q("admissions", "average cost by department for patients over 65",
      grouped(["department"], "total_cost", "mean", lambda d: d["age"] > 65)),
    Q("admissions", "how many admissions in 2024", scalar(None, "size", lambda d: d["admission_date"].dt.year == 2024)),
    Q("admissions", "average bmi by department", None, REFUSE),
    Q("admissions", "average cost by doctor", None, REFUSE),
    Q("admissions", "number of distinct patients by department", grouped(["department"], "patient_id", "nunique")),
]  # fmt: skip


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-6) or math.isclose(a, b * 100, rel_tol=1e-6)


def _numbers(row: list[Any]) -> list[float]:
    return [float(c) for c in row if isinstance(c, int | float) and not isinstance(c, bool)]


def _matches(expected: Expected, table: dict[str, Any]) -> bool:
    rows = [list(r) for r in table["rows"]]
    if not isinstance(expected, dict):
        return len(rows) == 1 and any(_close(n, expected) for n in _numbers(rows[0]))
    if len(rows) != len(expected):
        return False
    for key, value in expected.items():
        found = [r for r in rows if all(any(str(c).startswith(k) for c in r[: len(key) + 1]) for k in key)]
        if not found or not any(_close(n, value) for n in _numbers(found[0])):
            return False
    return True


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("reading")
    return {"orders": write_orders(folder), "admissions": write_admissions(folder)}


def _answer(question: Question, path: Path, answers: dict[str, str]) -> dict[str, Any]:
    intent = extract_intent(question.request, DatasetSchema.from_file(path), answers=answers)
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    return frame_to_table(operation.reference(load_csv_data_with_types(str(path)), rendered.arguments))


@pytest.mark.parametrize("question", QUESTIONS, ids=[q.request for q in QUESTIONS])
def test_an_everyday_question_ends_right_asked_or_refused_never_wrong(
    question: Question, files: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = files[question.dataset]
    monkeypatch.chdir(path.parent)
    frame = pd.read_csv(
        path, parse_dates=["order_date" if question.dataset == "orders" else "admission_date"]
    )
    try:
        table = _answer(question, path, {})
        outcome = "right" if question.expected and _matches(question.expected(frame), table) else "wrong"
    except NeedsClarificationError as asked:
        outcome = "asked"
        assert asked.choices and asked.question
        if question.answers:
            assert question.expected is not None
            table = _answer(question, path, question.answers)
            assert _matches(question.expected(frame), table), f"wrong after answering: {table}"
    except UnmappableRequestError:
        outcome = "refused"
    assert outcome != "wrong", f"a wrong answer: {question.request!r}"
    assert outcome in question.allowed
