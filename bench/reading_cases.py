# ruff: noqa: E501 - one phrasing per line reads better than wrapped request strings
"""The paraphrase suite of the reading benchmark: requests written before the parser was tuned.

Each :class:`Concept` is one question asked several ways (phrasing, typos, synonyms, word order) with
its answer computed here with plain pandas, never with mcpforge code. ``kind="answer"`` concepts must be
answered with these numbers; ``kind="decline"`` concepts name something the data does not have (or are
no analysis): a staged answer to them is wrong, a question or a refusal is right.

Every third phrasing (index 2, 5, ...) is held out: it was not looked at while the parser was tuned,
and the benchmark reports it separately.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import pandas as pd

Expected = float | dict[tuple[str, ...], float]


@dataclass(frozen=True, kw_only=True)
class Concept:
    """One question, its phrasings, and its answer computed with pandas (None for ``decline``)."""

    dataset: str
    phrasings: tuple[str, ...]
    expected: Callable[[pd.DataFrame], Expected] | None = None
    kind: Literal["answer", "decline"] = "answer"
    single_row: bool = False


def _key(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, pd.Period | pd.Timestamp):
        return str(value)[:7]
    return str(value)


def _as_dict(series: pd.Series) -> dict[tuple[str, ...], float]:
    out: dict[tuple[str, ...], float] = {}
    for key, value in series.items():
        keys = key if isinstance(key, tuple) else (key,)
        out[tuple(_key(k) for k in keys)] = float(value)
    return out


def grouped(
    keys: list[str], column: str | None, func: str, where: Callable[[pd.DataFrame], Any] | None = None
):
    """``func`` of ``column`` (rows when None) per ``keys``, over the rows ``where`` keeps."""

    def compute(df: pd.DataFrame) -> Expected:
        part = df[where(df)] if where else df
        groups = part.groupby(keys)
        return _as_dict(groups.size() if column is None else groups[column].agg(func))

    return compute


def scalar(column: str | None, func: str, where: Callable[[pd.DataFrame], Any] | None = None):
    """``func`` of ``column`` (row count when None) over the rows ``where`` keeps."""

    def compute(df: pd.DataFrame) -> Expected:
        part = df[where(df)] if where else df
        return float(len(part) if column is None else part[column].agg(func))

    return compute


def rate(keys: list[str], column: str, yes: Any):
    """Share of rows per group where ``column == yes`` (a fraction; percentages also match)."""

    def compute(df: pd.DataFrame) -> Expected:
        return _as_dict((df[column] == yes).groupby([df[k] for k in keys]).mean())

    return compute


def share_of_sum(key: str, column: str):
    """Each group's share of the total of ``column``."""

    def compute(df: pd.DataFrame) -> Expected:
        sums = df.groupby(key)[column].sum()
        return _as_dict(sums / sums.sum())

    return compute


def best(keys: list[str], column: str | None, func: str, *, n: int = 1, where=None, largest: bool = True):
    """The top ``n`` groups by ``func`` of ``column`` (rows when None), with their values."""

    def compute(df: pd.DataFrame) -> Expected:
        full = grouped(keys, column, func, where)(df)
        assert isinstance(full, dict)
        ranked = sorted(full.items(), key=lambda item: item[1], reverse=largest)
        return dict(ranked[:n])

    return compute


def monthly(date: str, column: str, func: str, year: int):
    """``func`` of ``column`` per calendar month of ``year``."""

    def compute(df: pd.DataFrame) -> Expected:
        part = df[df[date].dt.year == year]
        return _as_dict(part.groupby(part[date].dt.to_period("M"))[column].agg(func))

    return compute


def quantile(keys: list[str], column: str, q: float):
    def compute(df: pd.DataFrame) -> Expected:
        return _as_dict(df.groupby(keys)[column].quantile(q))

    return compute


def ratio(keys: list[str], top: str | None, top_func: str, bottom: str | None, bottom_func: str):
    """``top_func`` of ``top`` divided by ``bottom_func`` of ``bottom`` (rows when None), per ``keys``."""

    def compute(df: pd.DataFrame) -> Expected:
        def part(frame: pd.DataFrame, column: str | None, func: str) -> Any:
            return len(frame) if column is None else frame[column].agg(func)

        if not keys:
            return float(part(df, top, top_func) / part(df, bottom, bottom_func))
        out = {}
        for key, frame in df.groupby(keys):
            value = part(frame, top, top_func) / part(frame, bottom, bottom_func)
            out[tuple(_key(k) for k in (key if isinstance(key, tuple) else (key,)))] = float(value)
        return out

    return compute


def ranked_rate(key: str, column: str, yes: Any, *, n: int = 1, largest: bool = True):
    """The ``n`` groups with the highest (lowest) share of rows where ``column == yes``."""

    def compute(df: pd.DataFrame) -> Expected:
        full = rate([key], column, yes)(df)
        assert isinstance(full, dict)
        return dict(sorted(full.items(), key=lambda item: item[1], reverse=largest)[:n])

    return compute


def decline(dataset: str, *phrasings: str) -> Concept:
    return Concept(dataset=dataset, phrasings=phrasings, kind="decline")


C = Concept
CONCEPTS: list[Concept] = [
    # ---------------------------------------------------------------- orders
    C(dataset="orders", expected=grouped(["region"], "amount", "mean"), phrasings=(
        "average amount by region", "avg order value by region", "what is the mean order amount per region?",
        "average amnt for each region", "avrage amount per regoin", "mean of amount grouped by region")),
    C(dataset="orders", expected=grouped(["category"], "amount", "sum"), phrasings=(
        "total sales per category", "revenue by category", "total revenue for each category",
        "sum of amount by category", "how much revenue did each category bring in", "total amount per categroy")),
    C(dataset="orders", expected=grouped(["category"], "amount", "median"), phrasings=(
        "median order amount by category", "median amount per category",
        "what's the median amount for each category", "medain amount by category",
        "median of the order amount for every category", "median of amount broken down by category")),
    C(dataset="orders", expected=monthly("order_date", "amount", "sum", 2024), phrasings=(
        "monthly revenue for 2024", "total amount per month in 2024", "revenue by month for 2024",
        "sum of amount each month during 2024", "month by month sales in 2024", "monthly total amount for 2024")),
    C(dataset="orders", expected=best(["region"], "amount", "sum"), single_row=True, phrasings=(
        "which region has the most revenue", "which region has the highest total amount",
        "region with the largest total sales", "which region brought in the most revenue?",
        "which region had the biggest total amount", "what region has the highest revenue")),
    C(dataset="orders", expected=share_of_sum("category", "amount"), phrasings=(
        "what share of revenue comes from each category (in %)", "percentage of total amount by category",
        "share of sales per category", "what percent of revenue does each category make up",
        "category share of total amount", "proportion of revenue by category")),
    C(dataset="orders", expected=scalar("amount", "mean", lambda d: d["amount"] > 500), phrasings=(
        "average amount per order for orders over 500", "mean amount of orders above 500",
        "average order amount where amount is greater than 500", "avg amount for orders with amount > 500",
        "what is the average amount of orders over 500?", "mean amount for orders over 500 only")),
    C(dataset="orders", expected=grouped(["region", "channel"], None, "size"), phrasings=(
        "number of orders by region and channel", "count orders per region and channel",
        "how many orders in each region and channel", "order count by region and by channel",
        "orders broken down by region and channel", "count of orders grouped by region and channel")),
    C(dataset="orders", expected=scalar(None, "size", lambda d: d["returned"] == "Yes"), phrasings=(
        "how many orders were returned", "number of returned orders", "count the returned orders",
        "how many orders have been returned", "count of orders that were returned",
        "total number of orders that were returned")),
    C(dataset="orders", expected=rate(["channel"], "returned", "Yes"), phrasings=(
        "return rate by channel", "share of orders returned per channel", "percentage of orders returned by channel",
        "what fraction of orders are returned in each channel", "returned rate per channel",
        "proportion of orders returned for each channel")),
    C(dataset="orders", expected=best(["category"], "amount", "mean", n=3), phrasings=(
        "which 3 categories have the highest average amount", "top 3 categories by average amount",
        "the 3 categories with the highest mean amount", "3 categories with the biggest average order amount",
        "top 3 categories by avg amount", "which 3 categories have the highest mean order amount")),
    C(dataset="orders", expected=grouped(["category"], "quantity", "mean"), phrasings=(
        "avrage quantity per categroy", "average quantity by category", "mean qty per category",
        "avg quantity for each category", "average number of items per order by category",
        "average quantity ordered per category")),
    decline("orders", "average price by region", "total profit per region", "write me a poem about orders",
            "average discount by category", "orders by weather", "average amount by salesperson"),
    # ---------------------------------------------------------------- admissions
    C(dataset="admissions", expected=grouped(["insurance_type"], None, "size", lambda d: d["age"] > 65), phrasings=(
        "number of admissions over 65 by insurance type", "how many admissions for patients older than 65 per insurance type",
        "count of admissions with age over 65 by insurance type", "admissions where age > 65 by insurance type",
        "count rows with age above 65 grouped by insurance type", "number of admissions aged over 65 per insurance type")),
    C(dataset="admissions", expected=scalar("total_cost", "mean", lambda d: d["age"] < 18), phrasings=(
        "average cost for patients under 18", "mean total cost for patients younger than 18",
        "average total_cost where age < 18", "avg cost of admissions under age 18",
        "what is the mean total cost for patients under 18", "average total cost for age below 18")),
    C(dataset="admissions", expected=rate(["department"], "readmitted", "Yes"), phrasings=(
        "readmission rate by department", "readmitted rate per department",
        "percentage of admissions readmitted by department", "share readmitted in each department",
        "what fraction were readmitted per department", "rate of readmission for each department")),
    C(dataset="admissions", expected=scalar(None, "size", lambda d: d["readmitted"] == "Yes"), phrasings=(
        "how many admissions were readmitted", "number of readmitted admissions", "how many were readmitted",
        "count of readmitted admissions", "count the admissions that were readmitted",
        "total number of readmitted admissions")),
    C(dataset="admissions", expected=quantile(["department"], "total_cost", 0.9), phrasings=(
        "90th percentile of total cost per department", "p90 of total cost by department",
        "90th percentile total cost for each department", "the 90th percentile of total_cost per department",
        "total cost 90th percentile by department", "what is the 90th percentile of total cost grouped by department")),
    C(dataset="admissions", expected=grouped(["department", "insurance_type"], "length_of_stay", "mean"), phrasings=(
        "average length of stay by department and insurance type", "mean length of stay per department and insurance type",
        "avg length of stay by department and insurance", "average length_of_stay for each department and insurance type",
        "length of stay average by department and by insurance type", "mean length of stay grouped by department, insurance type")),
    C(dataset="admissions", expected=scalar("total_cost", "mean", lambda d: d["triage_code"] == 1), phrasings=(
        "average total cost where triage code is 1", "mean total cost for triage code 1",
        "average total cost for triage_code = 1", "avg total cost when triage code equals 1",
        "average total cost for admissions with triage code 1", "mean total cost where triage_code is 1")),
    C(dataset="admissions", expected=best(["department"], "total_cost", "mean"), single_row=True, phrasings=(
        "which department has the highest average total cost", "department with the highest mean total cost",
        "which department has the highest avg cost", "what department has the highest average cost",
        "the department with the largest average total cost", "which department has the biggest average total cost")),
    C(dataset="admissions", expected=grouped(["department"], "age", "median"), phrasings=(
        "median age by department", "median patient age per department", "what is the median age in each department",
        "median of age for each department", "median age of patients by department", "mediun age by department")),
    C(dataset="admissions", expected=grouped(["department"], None, "size", lambda d: d["admit_date"].dt.year == 2024), phrasings=(
        "number of admissions in 2024 by department", "admissions per department for 2024",
        "how many admissions in 2024 per department", "count admissions by department during 2024",
        "count of admissions in 2024 for each department", "number of admissions by department in 2024")),
    decline("admissions", "average bmi by department", "average cost by doctor", "readmission rate by ward",
            "sing a song about the hospital", "average weight per department", "diagnosis count by department"),
    # ---------------------------------------------------------------- employees
    C(dataset="employees", expected=grouped(["department"], "salary", "mean"), phrasings=(
        "average salary by department", "mean pay per department", "avg salary for each dept",
        "average salery by department", "what do employees earn on average in each department",
        "department average salary")),
    C(dataset="employees", expected=grouped(["department", "job_level"], "salary", "mean"), phrasings=(
        "average salary by department and job level", "mean salary per department and job level",
        "avg salary broken down by department and job level", "average salary for each department and job level",
        "salary average by department and by job level", "mean salary grouped by department and job_level")),
    C(dataset="employees", expected=grouped(["office"], "bonus", "sum"), phrasings=(
        "total bonus by office", "sum of bonus per office", "how much bonus was paid in each office",
        "total bonuses per office", "bonus total for each office", "sum of the bonus for every office")),
    C(dataset="employees", expected=rate(["department"], "remote", True), phrasings=(
        "share of remote employees by department", "percentage remote per department",
        "what fraction of employees are remote in each department", "remote rate by department",
        "proportion of remote employees per department", "percent of employees who are remote by department")),
    C(dataset="employees", expected=grouped(["department"], None, "size", lambda d: d["performance_rating"] == 5), phrasings=(
        "number of employees with performance rating 5 by department",
        "how many employees have a performance rating of 5 per department",
        "count employees where performance_rating = 5 by department",
        "count of employees with a performance rating of 5 per department",
        "employees with performance rating equal to 5 by department",
        "how many employees with performance rating 5 in each department")),
    C(dataset="employees", expected=best(["department"], "bonus", "mean", n=3), phrasings=(
        "which 3 departments have the highest average bonus", "top 3 departments by average bonus",
        "3 departments with the highest mean bonus", "the 3 departments with the highest avg bonus",
        "top 3 departments by mean bonus", "which 3 departments have the largest average bonus")),
    C(dataset="employees", expected=scalar("salary", "mean", lambda d: d["years_at_company"] > 10), phrasings=(
        "average salary for employees with more than 10 years at company",
        "mean salary where years at company is over 10", "average salary of employees with years_at_company over 10",
        "avg salary for years_at_company > 10", "average salary for employees with years at company above 10",
        "mean salary, years at company greater than 10")),
    C(dataset="employees", expected=grouped(["office"], "salary", "max"), phrasings=(
        "highest salary per office", "maximum salary by office", "max salary in each office",
        "the highest salary for each office", "largest salary by office", "maximum pay per office")),
    C(dataset="employees", expected=grouped(["department"], None, "size", lambda d: d["hire_date"] >= "2020-01-01"), phrasings=(
        "number of employees hired since 2020 by department", "employees hired after 2019 per department",
        "how many employees hired since 2020 in each department", "count employees hired since 2020 by department",
        "count of employees hired after 2019 by department", "number of employees by department hired since 2020")),
    decline("employees", "average age by department", "average commute by office", "total overtime per department",
            "tell me a joke about HR", "average tenure by gender", "number of employees by city"),
    # ---------------------------------------------------------------- sessions
    C(dataset="sessions", expected=rate(["device"], "converted", "Yes"), phrasings=(
        "conversion rate by device", "share of sessions converted per device", "percentage of converted sessions by device",
        "what fraction of sessions converted on each device", "convertion rate per device",
        "rate of conversion for each device")),
    C(dataset="sessions", expected=grouped(["traffic_source"], "duration_seconds", "mean"), phrasings=(
        "average duration by traffic source", "mean session duration per traffic source",
        "avg duration_seconds for each traffic source", "average duration in seconds by traffic source",
        "average duration per traffic source", "mean duration seconds grouped by traffic source")),
    C(dataset="sessions", expected=grouped(["country"], "order_value", "sum"), phrasings=(
        "total order value by country", "revenue by country", "sum of order value per country",
        "how much order value came from each country", "total sales per country", "total revenue for each country")),
    C(dataset="sessions", expected=grouped(["device"], None, "size", lambda d: d["pages_viewed"] > 10), phrasings=(
        "number of sessions with more than 10 pages viewed by device", "how many sessions viewed over 10 pages per device",
        "count sessions where pages viewed > 10 by device", "sessions with pages viewed above 10 per device",
        "count of sessions with pages_viewed over 10 by device", "number of sessions with over 10 pages viewed by device")),
    C(dataset="sessions", expected=best(["country"], None, "size"), single_row=True, phrasings=(
        "which country has the most sessions", "country with the most sessions",
        "which country had the highest number of sessions", "the country with the largest number of sessions",
        "which country has the most visits", "what country has the most sessions")),
    C(dataset="sessions", expected=grouped(["device", "traffic_source"], "pages_viewed", "median"), phrasings=(
        "median pages viewed by device and traffic source", "median of pages viewed per device and traffic source",
        "median pages_viewed for each device and traffic source", "median pages viewed grouped by device and traffic source",
        "median number of pages viewed by device and traffic source", "medain pages viewed by device and traffic source")),
    C(dataset="sessions", expected=scalar("order_value", "mean", lambda d: d["converted"] == "Yes"), phrasings=(
        "average order value for converted sessions", "mean order value where converted is yes",
        "avg order value of sessions that converted", "average order value, converted sessions only",
        "what is the mean order value when converted", "average order_value for converted = Yes")),
    C(dataset="sessions", expected=grouped(["country"], None, "size", lambda d: d["device"] == "mobile"), phrasings=(
        "number of mobile sessions by country", "how many sessions on mobile per country",
        "count mobile sessions for each country", "mobile session count by country",
        "count of sessions where device is mobile by country", "sessions on mobile by country")),
    decline("sessions", "bounce rate by device", "average age by country", "sessions by browser",
            "average cart size by device", "email me the sessions", "average revenue per user by city"),
    # ---------------------------------------------------------------- inventory
    C(dataset="inventory", expected=grouped(["warehouse"], "stock_on_hand", "sum"), phrasings=(
        "total stock on hand by warehouse", "sum of stock per warehouse", "how much stock is in each warehouse",
        "stock on hand total for each warehouse", "total stock_on_hand by warehouse", "total stock per warehouse")),
    C(dataset="inventory", expected=grouped(["warehouse"], None, "size", lambda d: d["stock_on_hand"] < 50), phrasings=(
        "number of skus with stock under 50 by warehouse", "how many items have stock on hand below 50 per warehouse",
        "count of products with stock on hand less than 50 by warehouse", "count rows where stock_on_hand < 50 per warehouse",
        "number of items with stock below 50 in each warehouse", "how many skus have stock on hand under 50 by warehouse")),
    C(dataset="inventory", expected=grouped(["product_type"], "unit_cost", "mean"), phrasings=(
        "average unit cost by product type", "mean unit cost per product type", "avg unit cost for each product type",
        "average unit_cost for each product type", "average unti cost by product type", "product type average unit cost")),
    C(dataset="inventory", expected=lambda df: _as_dict((df["stock_on_hand"] * df["unit_cost"]).groupby(df["warehouse"]).sum()), phrasings=(
        "total value by warehouse with value = stock_on_hand * unit_cost",
        "sum of value per warehouse where value = stock_on_hand * unit_cost",
        "total stock value per warehouse, stock value = stock_on_hand * unit_cost")),
    C(dataset="inventory", expected=best(["supplier"], None, "size", where=lambda d: d["discontinued"]), single_row=True, phrasings=(
        "which supplier has the most discontinued products", "supplier with the highest number of discontinued items",
        "which supplier has the most discontinued items", "what supplier has the most discontinued products",
        "the supplier with the most discontinued skus", "which supplier had the largest number of discontinued products")),
    C(dataset="inventory", expected=rate(["product_type"], "discontinued", True), phrasings=(
        "share of discontinued items by product type", "percentage discontinued per product type",
        "what fraction of items are discontinued for each product type", "discontinued rate by product type",
        "proportion of discontinued products per product type", "percent of skus discontinued by product type")),
    C(dataset="inventory", expected=grouped(["supplier", "warehouse"], "unit_cost", "max"), phrasings=(
        "maximum unit cost by supplier and warehouse", "max unit cost per supplier and warehouse",
        "highest unit cost for each supplier and warehouse", "maximum unit_cost grouped by supplier and warehouse",
        "max unit cost by supplier and by warehouse", "largest unit cost per supplier and warehouse")),
    C(dataset="inventory", expected=grouped(["warehouse"], None, "size", lambda d: d["last_restock"].dt.year == 2024), phrasings=(
        "number of items restocked in 2024 by warehouse", "how many skus were restocked in 2024 per warehouse",
        "count of items with last restock in 2024 by warehouse", "items restocked during 2024 by warehouse",
        "number of skus by warehouse restocked in 2024", "count skus restocked in 2024 for each warehouse")),
    decline("inventory", "average weight by warehouse", "stock by color", "delete the inventory file",
            "average lead time per supplier", "total inventory value by warehouse", "number of items by region"),
    # ---------------------------------------------------------------- grades
    C(dataset="grades", expected=grouped(["subject"], "score", "mean"), phrasings=(
        "average score by subject", "mean score per subject", "avg score for each subject",
        "average scroe by subject", "what is the mean score in each subject", "subject average score")),
    C(dataset="grades", expected=rate(["school"], "passed", "Yes"), phrasings=(
        "pass rate by school", "share of results passed per school", "percentage passed by school",
        "what fraction passed in each school", "passing rate per school", "proportion passed for each school")),
    C(dataset="grades", expected=grouped(["school", "term"], "score", "mean"), phrasings=(
        "average score by school and term", "mean score per school and term", "avg score for each school and term",
        "average score broken down by school and term", "score average by school and by term",
        "mean score grouped by school and term")),
    C(dataset="grades", expected=scalar("score", "mean", lambda d: d["grade_level"] == 12), phrasings=(
        "average score for grade level 12", "mean score where grade_level is 12", "avg score of grade level 12",
        "average score where grade level equals 12", "mean score for students in grade level 12",
        "average score for grade_level = 12")),
    C(dataset="grades", expected=best(["subject"], "study_hours", "mean", n=3), phrasings=(
        "which 3 subjects have the highest average study hours", "top 3 subjects by average study hours",
        "the 3 subjects with the highest mean study hours", "3 subjects with the most average study hours",
        "top 3 subjects by mean study hours", "which 3 subjects have the largest average study hours")),
    C(dataset="grades", expected=grouped(["subject"], None, "size", lambda d: d["score"] < 50), phrasings=(
        "number of scores under 50 by subject", "how many results with score below 50 per subject",
        "count of rows with score less than 50 by subject", "count rows with score < 50 per subject",
        "number of results with a score under 50 for each subject", "how many scores below 50 in each subject")),
    C(dataset="grades", expected=best(["school"], "score", "mean"), single_row=True, phrasings=(
        "which school has the highest average score", "school with the highest mean score",
        "which school has the best average score", "what school has the highest avg score",
        "the school with the largest average score", "which school has the highest mean score")),
    C(dataset="grades", expected=grouped(["grade_level"], "study_hours", "median"), phrasings=(
        "median study hours by grade level", "median of study_hours per grade level",
        "median study hours for each grade level", "median study hours grouped by grade_level",
        "median of the study hours by grade level", "what is the median study hours per grade level")),
    C(dataset="grades", expected=grouped(["school"], "student_id", "nunique"), phrasings=(
        "number of distinct students by school", "how many unique students in each school",
        "count distinct student_id per school", "number of unique students per school",
        "how many different students per school", "distinct count of student_id by school")),
    decline("grades", "average attendance by school", "average score by teacher", "gpa by subject",
            "write an essay on grades", "average age by school", "score per classroom"),
    # ---------------------------------------------------------------- ratios ("X per Y") and ranked rates
    C(dataset="orders", expected=ratio(["region"], "amount", "sum", "customer_id", "nunique"), phrasings=(
        "revenue per customer by region", "average revenue per customer for each region",
        "average amount per customer by region", "sales per customer in each region",
        "mean spend per customer by region", "what is the revenue per customer in every region")),
    C(dataset="orders", expected=ratio([], "quantity", "sum", "customer_id", "nunique"), phrasings=(
        "average items per customer", "items per customer", "average number of items per customer",
        "units per customer", "average quantity per customer", "mean qty per customer")),
    C(dataset="orders", expected=ratio(["category"], "amount", "sum", "quantity", "sum"), phrasings=(
        "revenue per unit by category", "average revenue per item for each category",
        "sales per unit sold by category", "amount per unit in each category",
        "average amount per item by category", "revenue per item sold for every category")),
    C(dataset="orders", expected=ratio(["channel"], None, "size", "customer_id", "nunique"), phrasings=(
        "orders per customer by channel", "average number of orders per customer by channel",
        "average orders per customer for each channel", "mean number of orders per customer per channel",
        "orders per customer in each channel", "avg orders per customer by channel")),
    C(dataset="orders", expected=ranked_rate("region", "returned", "Yes", n=3), phrasings=(
        "top 3 regions by return rate", "which 3 regions have the highest return rate",
        "the 3 regions with the highest share of returned orders", "top 3 regions by percentage of orders returned",
        "3 regions with the highest return rate", "which 3 regions have the largest proportion of returned orders")),
    C(dataset="admissions", expected=ratio(["department"], "total_cost", "sum", "patient_id", "nunique"), phrasings=(
        "average cost per patient by department", "total cost per patient for each department",
        "cost per patient by department", "mean cost per patient in each department",
        "average total cost per patient per department", "what is the cost per patient for every department")),
    C(dataset="admissions", expected=ratio(["insurance_type"], None, "size", "patient_id", "nunique"), phrasings=(
        "admissions per patient by insurance type", "average number of admissions per patient per insurance type",
        "average admissions per patient for each insurance type", "mean number of admissions per patient by insurance type",
        "admissions per patient in each insurance type", "avg admissions per patient by insurance type")),
    C(dataset="admissions", expected=ranked_rate("department", "readmitted", "Yes"), single_row=True, phrasings=(
        "which department has the highest readmission rate", "department with the highest readmission rate",
        "which department has the highest rate of readmission", "what department has the highest readmission rate?",
        "the department with the largest readmission rate", "which department has the highest percentage readmitted")),
    C(dataset="employees", expected=ranked_rate("department", "remote", True, n=2), phrasings=(
        "top 2 departments by share of remote employees", "which 2 departments have the highest percentage of remote employees",
        "the 2 departments with the highest remote rate", "top 2 departments by remote rate",
        "2 departments with the highest share of remote staff", "which 2 departments have the largest proportion of remote employees")),
    C(dataset="sessions", expected=grouped(["device"], "pages_viewed", "mean"), phrasings=(
        "pages per session by device", "average pages per session for each device",
        "pages viewed per session by device", "average number of pages viewed per session by device",
        "mean pages per session per device", "avg pages viewed per session in each device")),
    C(dataset="sessions", expected=ranked_rate("country", "converted", "Yes", largest=False), single_row=True, phrasings=(
        "which country has the lowest conversion rate", "country with the lowest conversion rate",
        "the lowest conversion rate by country", "what country has the smallest share of converted sessions",
        "which country has the lowest rate of conversion", "country with the lowest percentage of sessions converted")),
    C(dataset="inventory", expected=ranked_rate("supplier", "discontinued", True, n=2), phrasings=(
        "top 2 suppliers by discontinued rate", "which 2 suppliers have the highest share of discontinued items",
        "the 2 suppliers with the highest percentage of discontinued products", "top 2 suppliers by share of discontinued skus",
        "2 suppliers with the highest proportion of discontinued items", "which 2 suppliers have the highest discontinued rate")),
    C(dataset="inventory", expected=grouped(["warehouse"], "stock_on_hand", "mean"), phrasings=(
        "stock per sku by warehouse", "average stock per sku in each warehouse", "stock on hand per sku by warehouse",
        "mean stock per sku for each warehouse", "average stock on hand per sku per warehouse", "stock per item by warehouse")),
    C(dataset="grades", expected=ratio(["school"], "study_hours", "sum", "student_id", "nunique"), phrasings=(
        "study hours per student by school", "average study hours per student for each school",
        "mean study hours per student by school", "study hours per student in each school",
        "avg study hours per student per school", "total study hours per student by school")),
    C(dataset="grades", expected=ratio(["subject"], None, "size", "student_id", "nunique"), phrasings=(
        "grades per student by subject", "average number of grades per student for each subject",
        "records per student by subject", "average records per student per subject",
        "mean number of rows per student by subject", "rows per student in each subject")),
    C(dataset="grades", expected=ranked_rate("subject", "passed", "Yes", largest=False), single_row=True, phrasings=(
        "which subject has the lowest pass rate", "subject with the lowest pass rate",
        "the subject with the smallest share passed", "what subject has the lowest passing rate",
        "which subject has the lowest percentage passed", "lowest pass rate by subject")),
    # "X per Y" with a numeric Y is asked back (ratio of the totals, or one group per Y value): counted "asked".
    C(dataset="admissions", expected=ratio(["department"], "total_cost", "sum", "length_of_stay", "sum"), phrasings=(
        "total cost per length of stay by department", "cost per length of stay for each department",
        "total_cost per length_of_stay by department")),
    decline("orders", "average discount per customer", "profit per customer by region", "revenue per coupon",
            "orders per store manager", "margin per unit by category", "returns per courier"),
]  # fmt: skip


@dataclass(frozen=True, kw_only=True)
class Case:
    """One request of the suite."""

    dataset: str
    request: str
    concept: Concept
    held_out: bool


def cases() -> list[Case]:
    """Every phrasing of every concept, every third one marked held out."""
    return [
        Case(dataset=c.dataset, request=text, concept=c, held_out=index % 3 == 2)
        for c in CONCEPTS
        for index, text in enumerate(c.phrasings)
    ]
