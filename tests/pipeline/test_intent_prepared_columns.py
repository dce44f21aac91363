"""A column changed before the statistic (issue 25, classes 2-3): outliers dropped by a stated rule, a
column capped at its percentiles, a log / log10 / sqrt of a column, "standardize X ... |z| > 3".

Each reading is computed by the operation's reference and by the tool's own preparation code, and both
are checked against pandas / numpy on a small file; in English, Spanish, French and German. The reading
sentence says each step with its parameters. Near-misses (no rule, no column, one-sided winsorizing, a
column named both logged and not, "log" as a record, a row-dependent step beside a filter or a grouping)
must refuse.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.catalogue.reference.prepare import prepare_steps_reference
from mcpforge.catalogue.tool_helpers.preparation import _apply_preparation
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent.reading import reading_sentence


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("prepared")
    rng = np.random.default_rng(7)
    n = 300
    frame = pd.DataFrame(
        {
            "year": np.where(np.arange(n) % 2 == 0, 1992, 1998),
            "age": np.round(rng.normal(38, 9, n)).astype(int),
            "earnings": np.round(np.exp(rng.normal(2.6, 0.55, n)), 2),
            "sex": np.where(rng.random(n) < 0.5, "male", "female"),
        }
    )
    frame.loc[:4, "age"] = [91, 88, 2, 95, 1]  # outliers by any rule
    frame.to_csv(root / "workers.csv", index=False)
    spanish = frame.rename(
        columns={"year": "Año", "age": "Edad", "earnings": "Ingresos por hora", "sex": "Sexo"}
    )
    spanish.to_csv(root / "trabajadores.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _frame(folder: Path, name: str = "workers.csv") -> pd.DataFrame:
    return pd.read_csv(folder / name)


def _inside_fences(values: pd.Series, k: float = 1.5) -> pd.Series:
    q1, q3 = values.quantile(0.25), values.quantile(0.75)
    return (values >= q1 - k * (q3 - q1)) & (values <= q3 + k * (q3 - q1))


def _answer(request: str, folder: Path, name: str = "workers.csv") -> tuple[Intent, Any]:
    intent = read_intent(request, folder / name)
    table = reference_table(intent, folder / name)
    return intent, table["rows"][0][-1]


def _tool_steps_agree(intent: Intent, frame: pd.DataFrame) -> None:
    """The tool's vectorized preparation and the plain-Python reference give the same frame."""
    steps: list[dict[str, Any]] = [step.model_dump() for step in intent.preparation]
    tool, reference = _apply_preparation(frame, steps), prepare_steps_reference(frame, list(steps))
    pd.testing.assert_frame_equal(tool, reference, check_dtype=False)


@pytest.mark.parametrize(
    ("request_text", "name"),
    [
        (
            "Drop the age outliers by the 1.5*IQR rule and report the mean age of everyone left.",
            "workers.csv",
        ),
        ("Remove outliers in age using the 1.5 x IQR rule, then give the mean of the rest.", "workers.csv"),
        (
            "Quita los valores atípicos de la edad según la regla de 1,5 veces el rango intercuartílico y "
            "dame la media de lo que queda.",
            "trabajadores.csv",
        ),
        (
            "Supprimez les valeurs aberrantes de age selon la règle de 1,5 fois l'écart interquartile et "
            "donnez la moyenne de ce qui reste.",
            "workers.csv",
        ),
        (
            "Entferne die Ausreißer von age (1,5 \u00d7 IQR) und gib den Mittelwert der übrigen Werte an.",
            "workers.csv",
        ),
    ],
)
def test_outliers_dropped_by_the_iqr_rule(request_text: str, name: str, folder: Path) -> None:
    intent, value = _answer(request_text, folder, name)
    column = "Edad" if name == "trabajadores.csv" else "age"
    ages = _frame(folder, name)[column]
    assert value == pytest.approx(ages[_inside_fences(ages)].mean())
    assert value != pytest.approx(ages.mean())
    assert "lies outside 1.5\u00d7IQR beyond its quartiles" in reading_sentence(intent)
    _tool_steps_agree(intent, _frame(folder, name))


def test_outliers_dropped_by_z_and_count_left(folder: Path) -> None:
    intent, value = _answer("Exclude the age outliers (|z| > 2.5) and report the median earnings.", folder)
    frame = _frame(folder)
    z = (frame["age"] - frame["age"].mean()) / frame["age"].std()
    assert value == pytest.approx(frame.loc[z.abs() <= 2.5, "earnings"].median())
    assert "has |z| > 2.5" in reading_sentence(intent)
    request = (
        "Remove the age outliers, defined as values more than 2 standard deviations from the mean, then "
        "give the mean age."
    )
    intent, value = _answer(request, folder)
    assert value == pytest.approx(frame.loc[z.abs() <= 2, "age"].mean())
    intent, value = _answer(
        "Remove outliers from age using the 3 x IQR rule, then how many rows are left?", folder
    )
    assert value == int(_inside_fences(frame["age"], 3.0).sum())


def test_capped_at_percentiles(folder: Path) -> None:
    earnings = _frame(folder)["earnings"]
    intent, value = _answer(
        "Cap earnings at their 99th percentile (values above it set to it) and give the mean of the capped "
        "column.",
        folder,
    )
    assert value == pytest.approx(earnings.clip(upper=float(earnings.quantile(0.99))).mean())
    assert "capped at its 99th percentile" in reading_sentence(intent)
    _tool_steps_agree(intent, _frame(folder))
    intent, value = _answer(
        "Winsorize earnings at the 5th and 95th percentiles; what is the mean earnings?", folder
    )
    expected = earnings.clip(
        lower=float(earnings.quantile(0.05)), upper=float(earnings.quantile(0.95))
    ).mean()
    assert value == pytest.approx(expected)
    assert "capped at its 5th and 95th percentiles" in reading_sentence(intent)


@pytest.mark.parametrize(
    ("request_text", "function", "year"),
    [
        (
            "Take the natural log of earnings; what is the standard deviation of log earnings in 1998?",
            np.log,
            1998,
        ),
        ("What is the standard deviation of ln(earnings) in 1992?", np.log, 1992),
        ("What is the standard deviation of sqrt(earnings) in 1998?", np.sqrt, 1998),
    ],
)
def test_function_of_a_column(request_text: str, function: Any, year: int, folder: Path) -> None:
    intent, value = _answer(request_text, folder)
    frame = _frame(folder)
    assert value == pytest.approx(function(frame.loc[frame["year"] == year, "earnings"]).std())
    assert "replaced by its" in reading_sentence(intent)
    _tool_steps_agree(intent, _frame(folder))


def test_rounded_to_places(folder: Path) -> None:
    request = (
        "Take the natural log of earnings; what is the standard deviation of log earnings? Round to 4 places."
    )
    intent, value = _answer(request, folder)
    assert intent.method.round_digits == 4
    assert value == round(float(np.log(_frame(folder)["earnings"]).std()), 4)


def test_log10_in_a_correlation(folder: Path) -> None:
    request = "For 1998, compute the Pearson correlation between log10(earnings) and age."
    intent = read_intent(request, folder / "workers.csv")
    part = _frame(folder).query("year == 1998")
    table = reference_table(intent, folder / "workers.csv")
    assert table["columns"][2] == "correlation"
    assert table["rows"][0][2] == pytest.approx(np.log10(part["earnings"]).corr(part["age"]))
    assert table["rows"][0][2] != pytest.approx(part["earnings"].corr(part["age"]))
    assert "replaced by its log10" in reading_sentence(intent)


def test_standardized_then_z_cut_counts_both_tails(folder: Path) -> None:
    request = "Estandariza la edad (puntuación z). ¿Cuántas personas quedan con |z| > 2?"
    intent = read_intent(request, folder / "trabajadores.csv")
    table = reference_table(intent, folder / "trabajadores.csv")
    values = _frame(folder, "trabajadores.csv")["Edad"]
    z = (values - values.mean()) / values.std()
    assert table["rows"][0][1] == int((z.abs() > 2).sum())
    assert int((z.abs() > 2).sum()) != int((z > 2).sum())  # a one-sided cut would be another number
    intent = read_intent(
        "Standardize earnings (z-score). How many workers have |z| > 2?", folder / "workers.csv"
    )
    assert intent.options == {"method": "zscore", "threshold": 2.0, "count": True}


def test_tool_code_on_values_outside_the_domain(folder: Path) -> None:
    from mcpforge.exceptions import DataError

    frame = pd.DataFrame({"x": [1.0, 0.0, 4.0]})
    with pytest.raises(DataError, match="outside its domain"):
        _apply_preparation(frame, [{"kind": "transform", "columns": ["x"], "strategy": "log"}])
    out = _apply_preparation(frame, [{"kind": "transform", "columns": ["x"], "strategy": "sqrt"}])
    assert list(out["x"]) == [1.0, 0.0, 2.0]


@pytest.mark.parametrize(
    ("request_text", "said"),
    [
        ("Remove the outliers of earnings and give the mean age.", "by which rule"),  # factor unstated
        ("Remove outliers and give the mean age, 1.5 IQR rule.", "which numeric column"),
        ("Winsorize earnings at 5% and report the mean.", "which tails"),
        ("Drop the age outliers (1.5 IQR rule), then count the earnings outliers.", "one at a time"),
        ("Cap earnings at 30 and give the mean earnings.", "'cap'"),  # a value, not a percentile
        ("Cap earnings at 95% and give the mean earnings.", "'cap'"),  # 95% of what?
        ("What is the correlation between log earnings and earnings?", "named both"),
        ("Show the log of earnings.", "'log'"),  # a record of earnings, or their logarithm?
        ("In 1992, cap earnings at the 99th percentile and give the mean earnings.", "filtered rows"),
        ("Remove earnings outliers by the 1.5 IQR rule and give the mean earnings by sex.", "each group"),
        ("Take the log of earnings and give the mean earnings where earnings > 2.", "transformed values"),
        ("What is the mean of earnings squared?", "'squared'"),
    ],
)
def test_near_misses_refuse(request_text: str, said: str, folder: Path) -> None:
    with pytest.raises(UnmappableRequestError, match=said):
        read_intent(request_text, folder / "workers.csv")


def test_log_as_a_record_is_no_transform(folder: Path) -> None:
    """ "the log" that names no numeric column right after it is not a function: no step is read."""
    frame = _frame(folder).assign(entries=lambda f: f["age"] % 7)
    frame.to_csv(folder / "visits.csv", index=False)
    try:
        intent = read_intent("How many rows are in the log?", folder / "visits.csv")
    except UnmappableRequestError:
        return
    assert not intent.preparation
