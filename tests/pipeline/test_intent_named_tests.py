"""Tests and rules named as people write them (issue 25, blind4): "Pearson r ... with its p-value", Spanish,
German and French test names ("prueba chi-cuadrado de independencia", "Chi-Quadrat-Unabhängigkeitstest",
"test du khi-deux", "prueba de Levene"), "alfa 0,05", several percentiles listed with "y"/"et"/"und", and the
IQR rule in Spanish and French ("regla de 1,5 veces el rango intercuartílico", "règle de 1,5 fois l'écart
interquartile"). Each number is checked against scipy/pandas; each near-miss must still ask or refuse.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import UnmappableRequestError

WAGE = "Ingresos por hora"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("named_tests")
    rng = np.random.default_rng(7)
    n = 120
    sex = rng.choice(["male", "female"], n)
    frame = pd.DataFrame(
        {
            "Año": rng.choice([1992, 2004], n),
            WAGE: np.round(rng.gamma(4, 4, n) + np.where(sex == "male", 3.0, 0.0), 3),
            "Título": np.where(
                rng.random(n) < np.where(sex == "male", 0.7, 0.3), "Licenciatura", "Bachillerato"
            ),
            "Sexo": sex,
            "Edad": rng.integers(25, 35, n),
        }
    )
    frame.loc[:3, WAGE] = [80.0, 95.5, 120.25, 0.5]  # a few outliers for the IQR rule
    frame.to_csv(root / "salarios.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)


def _frame(folder: Path) -> pd.DataFrame:
    return pd.read_csv(folder / "salarios.csv")


def _row(request: str, folder: Path) -> dict[str, object]:
    path = folder / "salarios.csv"
    table = reference_table(read_intent(request, path), path)
    return dict(zip(table["columns"], table["rows"][0], strict=True))


def test_pearson_r_with_its_p_value_is_the_test(folder: Path) -> None:
    df = _frame(folder)
    row = _row(f"Pearson r between Edad and {WAGE}, with its p-value. Significant at 0.05?", folder)
    r, p = stats.pearsonr(df["Edad"], df[WAGE])
    assert row["test"] == "pearson"
    assert row["statistic"] == pytest.approx(r) and row["p_value"] == pytest.approx(p)
    row = _row(f"Spearman's rho between Edad and {WAGE} with its p-value", folder)
    rho, p = stats.spearmanr(df["Edad"], df[WAGE])
    assert row["statistic"] == pytest.approx(rho) and row["p_value"] == pytest.approx(p)


def test_pearson_r_without_a_p_value_stays_the_coefficient(folder: Path) -> None:
    path = folder / "salarios.csv"
    assert read_intent(f"Pearson r between Edad and {WAGE}", path).operation == "correlation"


@pytest.mark.parametrize(
    "request_text",
    [
        "Haz una prueba chi-cuadrado de independencia entre Título y Sexo (alfa 0,05): estadístico y "
        "p-valor.",
        "Führe einen Chi-Quadrat-Unabhängigkeitstest zwischen Título und Sexo durch (\u03b1 = 0,05). "
        "Wie lauten Teststatistik und p-Wert?",
        "Effectuez un test du khi-deux d'indépendance entre Título et Sexo au seuil de 0,05 : statistique et "
        "p-valeur.",
    ],
)
def test_chi_square_of_independence_named_in_three_languages(folder: Path, request_text: str) -> None:
    df = _frame(folder)
    result = stats.chi2_contingency(pd.crosstab(df["Título"], df["Sexo"]))
    row = _row(request_text, folder)
    assert row["test"] == "chi2" and row["alpha"] == 0.05
    assert row["statistic"] == pytest.approx(result.statistic)
    assert row["p_value"] == pytest.approx(result.pvalue)


def test_levene_named_in_spanish_with_alfa(folder: Path) -> None:
    df = _frame(folder)
    request = (
        f"Usa la prueba de Levene para ver si la varianza de los {WAGE.lower()} es la misma entre los "
        "grupos de Sexo (alfa 0,01)."
    )
    row = _row(request, folder)
    expected = stats.levene(df.loc[df["Sexo"] == "male", WAGE], df.loc[df["Sexo"] == "female", WAGE])
    assert row["test"] == "levene" and row["alpha"] == 0.01
    assert row["statistic"] == pytest.approx(expected.statistic)
    assert row["p_value"] == pytest.approx(expected.pvalue)


@pytest.mark.parametrize(
    ("request_text", "levels"),
    [
        (f"Percentiles 25, 50 y 75 de los {WAGE.lower()} en 2004, redondeados a 2 decimales.", (25, 50, 75)),
        (f"Donne les centiles 10 et 90 de {WAGE} en 2004", (10, 90)),
        (f"Berechne die Perzentile 5, 50 und 95 von {WAGE} im Jahr 2004", (5, 50, 95)),
    ],
)
def test_several_percentiles_listed_are_one_answer(
    folder: Path, request_text: str, levels: tuple[int, ...]
) -> None:
    df = _frame(folder)
    values = df.loc[df["Año"] == 2004, WAGE]
    row = _row(request_text, folder)
    for level in levels:
        assert row[f"p{level}"] == pytest.approx(round(values.quantile(level / 100), 2), abs=0.006)


def _iqr_outliers(values: pd.Series, k: float) -> int:
    q1, q3 = values.quantile(0.25), values.quantile(0.75)
    return int(((values < q1 - k * (q3 - q1)) | (values > q3 + k * (q3 - q1))).sum())


@pytest.mark.parametrize(
    ("request_text", "k"),
    [
        (
            f"Combien de valeurs aberrantes compte la colonne {WAGE} selon la règle de 1,5 \u00d7 "
            "l'écart interquartile ?",
            1.5,
        ),
        (
            f"Combien de valeurs aberrantes compte la colonne {WAGE} selon la règle de 3 \u00d7 "
            "l'écart interquartile ?",
            3.0,
        ),
        (
            f"¿Cuántos valores atípicos tiene {WAGE} según la regla de 1,5 veces el rango intercuartílico?",
            1.5,
        ),
    ],
)
def test_iqr_rule_in_french_and_spanish_sets_the_factor(folder: Path, request_text: str, k: float) -> None:
    row = _row(request_text, folder)
    assert row["outlier_count"] == _iqr_outliers(_frame(folder)[WAGE], k)


@pytest.mark.parametrize(
    "request_text",
    [
        # (outliers removed, then a statistic of the rest: read now, test_intent_prepared_columns.py)
        # a percentile list with a number that is no percentile
        f"Percentiles 25, 50 y 175 de los {WAGE.lower()}",
        # a correlation test of two category columns
        "Pearson r between Título and Sexo, with its p-value.",
    ],
)
def test_near_misses_still_ask_or_refuse(folder: Path, request_text: str) -> None:
    with pytest.raises(UnmappableRequestError):  # a question back is one too
        read_intent(request_text, folder / "salarios.csv")


@pytest.mark.parametrize(("first", "second"), [("male", "female"), ("female", "male")])
def test_groups_named_by_sex_words_in_the_order_named(folder: Path, first: str, second: str) -> None:
    df = _frame(folder)
    words = {"male": "men", "female": "women"}
    row = _row(
        f"Mann-Whitney U test on {WAGE}, {words[first]} vs {words[second]} (two-sided, alpha 0.05).", folder
    )
    expected = stats.mannwhitneyu(df.loc[df["Sexo"] == first, WAGE], df.loc[df["Sexo"] == second, WAGE])
    assert row["test"] == "mannwhitney"
    assert row["statistic"] == pytest.approx(expected.statistic)
    assert row["p_value"] == pytest.approx(expected.pvalue)


def test_levene_between_hombres_y_mujeres(folder: Path) -> None:
    df = _frame(folder)
    request = (
        f"Usa la prueba de Levene para ver si la varianza de los {WAGE.lower()} es la misma en hombres y "
        "mujeres (alfa 0,05)."
    )
    expected = stats.levene(df.loc[df["Sexo"] == "male", WAGE], df.loc[df["Sexo"] == "female", WAGE])
    row = _row(request, folder)
    assert row["test"] == "levene"
    assert row["statistic"] == pytest.approx(expected.statistic)
