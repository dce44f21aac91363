"""Method and scope words in French, German and Spanish, "from <year> onwards", "over the whole period".

Rounding ("Arrondissez à 3 décimales", "gerundet auf 2 Nachkommastellen", "redondea tau a 3 decimales"),
the significance level ("au seuil de 0,01", "(Signifikanzniveau 0,01)", "nivel de significación del 1 %"),
percentile ordinals with "interpolation linéaire" / "lineare Interpolation" are read as their English forms;
"from 2005 onwards" restricts the year; "over the whole period" beside a reading that restricts no year is
said, and refused beside one that does. Numbers checked against pandas / scipy; near-misses still ask or
refuse (issue 25, blind3).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.language.method_phrases import english_methods
from mcpforge.pipeline.intent.language.percentile_words import english_percentiles
from mcpforge.runtime import load_csv_data_with_types


@pytest.fixture(scope="module")
def towns(tmp_path_factory: pytest.TempPathFactory) -> Path:
    rng = np.random.default_rng(7)
    rows = [
        {"region": region, "annee": year, "taux": round(float(rng.gamma(2, scale)), 3),
         "densite": round(float(rng.normal(50, 10)), 2)}
        for region, scale in (("nord", 10), ("sud", 20), ("ouest", 10))
        for year in range(2000, 2010)
        for _ in range(3)
    ]  # fmt: skip
    path = tmp_path_factory.mktemp("foreign_methods") / "villes.csv"
    pd.DataFrame(rows).to_csv(path, index=False)
    return path


@pytest.fixture(autouse=True)
def _in_the_data_folder(towns: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(towns.parent)  # the reference loader reads only under the working directory


def _table(request: str, path: Path) -> tuple[Any, dict[str, Any]]:
    intent = extract_intent(request, DatasetSchema.from_file(path))
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    frame = operation.reference(load_csv_data_with_types(str(path)), rendered.arguments)
    return intent, frame_to_table(frame)


@pytest.mark.parametrize(
    ("request_text", "digits"),
    [
        ("Quelle est la moyenne de taux ? Arrondissez à 3 décimales.", 3),
        ("Donnez la moyenne de taux arrondie à deux décimales.", 2),
        ("Was ist der Mittelwert von taux? Auf 2 Dezimalstellen runden.", 2),
        ("Der mittlere taux, gerundet auf 4 Nachkommastellen.", 4),
        ("¿Cuál es la media de taux? Redondea a 3 decimales.", 3),
    ],
)
def test_rounding_in_other_languages(towns: Path, request_text: str, digits: int) -> None:
    intent, table = _table(request_text, towns)
    assert intent.method.round_digits == digits
    assert table["rows"][0][-1] == round(float(pd.read_csv(towns)["taux"].mean()), digits)


@pytest.mark.parametrize(
    "request_text",
    [
        "Testez la normalité de taux avec le test de Shapiro-Wilk au seuil de 0,01.",
        "Prüfe taux mit dem Shapiro-Wilk-Test auf Normalverteilung (Signifikanzniveau 0,01).",
        "Prueba de Shapiro-Wilk para la normalidad de taux con un nivel de significación del 1 %.",
    ],
)
def test_significance_level_in_other_languages(towns: Path, request_text: str) -> None:
    intent, table = _table(request_text, towns)
    assert intent.method.significance == 0.01
    row = dict(zip(table["columns"], table["rows"][0], strict=True))
    expected = stats.shapiro(pd.read_csv(towns)["taux"])
    assert row["alpha"] == 0.01
    assert row["statistic"] == pytest.approx(expected.statistic)
    assert row["p_value"] == pytest.approx(expected.pvalue)


@pytest.mark.parametrize(
    ("request_text", "levels"),
    [
        ("Berechne das 10. und das 90. Perzentil von taux (lineare Interpolation).", [10, 90]),
        ("Calculez le 90e centile de taux (interpolation linéaire), arrondi à 4 décimales.", [90]),
    ],
)
def test_percentiles_with_linear_interpolation(towns: Path, request_text: str, levels: list[int]) -> None:
    intent, table = _table(request_text, towns)
    assert intent.options["percentiles"] == levels
    taux = pd.read_csv(towns)["taux"]
    assert table["rows"][0][1:] == pytest.approx([taux.quantile(p / 100) for p in levels], abs=1e-4)


@pytest.mark.parametrize(
    "request_text",
    [
        "Restrict to rows from 2005 onwards and give the median taux, rounded to 2 decimals.",
        "Give the median taux since 2005, rounded to 2 decimals.",
        "Give the median taux from 2005 on, rounded to 2 decimals.",
    ],
)
def test_from_a_year_onwards(towns: Path, request_text: str) -> None:
    frame = pd.read_csv(towns)
    _, table = _table(request_text, towns)
    assert table["rows"][0][-1] == round(float(frame.loc[frame["annee"] >= 2005, "taux"].median()), 2)


def test_from_a_year_alone_is_that_year(towns: Path) -> None:
    frame = pd.read_csv(towns)
    _, table = _table("Give the median taux from 2005, rounded to 2 decimals.", towns)
    assert table["rows"][0][-1] == round(float(frame.loc[frame["annee"] == 2005, "taux"].median()), 2)


@pytest.mark.parametrize("phrase", ["over the whole period", "over all years", "across the entire period"])
def test_the_whole_period_beside_a_reading_over_every_year_is_said(towns: Path, phrase: str) -> None:
    intent, table = _table(f"How many regions have an average taux above 20 {phrase}?", towns)
    means = pd.read_csv(towns).groupby("region")["taux"].mean()
    assert table["rows"][0][-1] == int((means > 20).sum()) == 2
    assert phrase in intent.unused_words


def test_the_whole_period_beside_a_year_restriction_is_refused(towns: Path) -> None:
    with pytest.raises(UnmappableRequestError, match="over the whole period"):
        extract_intent("What is the mean taux in 2003 over the whole period?", DatasetSchema.from_file(towns))


@pytest.mark.parametrize(
    "request_text",
    [
        "Quelle est la moyenne de taux, arrondie à 100 ?",  # no count of decimals
        "What is the mean taux since the densite is above 50?",  # "since" before no year
        "¿Cuál es la media de taux? Redondea a la centena.",
    ],
)
def test_near_misses_still_ask_or_refuse(towns: Path, request_text: str) -> None:
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        extract_intent(request_text, DatasetSchema.from_file(towns))


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("Arrondissez à 3 décimales.", "rounded to 3 decimals."),
        ("redondea tau a 3 decimales", "rounded tau to 3 decimals"),
        ("Rho auf 3 Dezimalstellen runden.", "Rho rounded to 3 decimals."),
        ("(seuil 0,05)", "(at a significance level of 0.05)"),
        ("alpha = 0,05", "alpha = 0.05"),
        ("al nivel de significancia del 5 %", "at a significance level of 0.05"),
        ("arrondi à la centaine", "arrondi à la centaine"),  # no count of decimals: left as written
        ("3 décimales de plus", "3 décimales de plus"),
        ("moyenne (2 décimales)", "moyenne (to 2 decimals)"),
        ("un seuil de pauvreté de 1000", "un seuil de pauvreté de 1000"),  # a threshold, not an alpha
    ],
)
def test_method_phrases_put_in_english(text: str, english: str) -> None:
    assert english_methods(text)[0] == english


def test_a_german_ordinal_elsewhere_stays() -> None:
    text = "Am 5. Mai: das 95. Perzentil"
    assert english_percentiles(text, "de")[0] == "Am 5. Mai: das 95th percentile"


# ---- statistics and method words of French, German and Spanish (issue 25, blind7) ----


@pytest.mark.parametrize(
    "request_text",
    [
        "What is the variance of taux per region?",
        "Variance de taux par region",
        "Quelle est la variance de taux pour chaque region ?",
        "Varianz von taux nach region",
        "Wie groß ist die Varianz von taux je region?",
        "¿Cuál es la varianza de taux por region?",
    ],
)
def test_the_variance_is_the_sample_variance_in_every_language(towns: Path, request_text: str) -> None:
    intent, table = _table(request_text, towns)
    assert [(m.column, m.func) for m in intent.metrics] == [("taux", "var")]
    expected = pd.read_csv(towns).groupby("region")["taux"].var()  # pandas' default: ddof=1
    assert {row[0]: row[-1] for row in table["rows"]} == pytest.approx(expected.to_dict())


@pytest.mark.parametrize(
    "request_text", ["population variance of taux", "variance of taux (ddof=0)", "Varianz von taux (ddof=0)"]
)
def test_the_population_variance_when_asked(towns: Path, request_text: str) -> None:
    intent, table = _table(request_text, towns)
    assert [m.func for m in intent.metrics] == ["pvar"]
    assert table["rows"][0][-1] == pytest.approx(pd.read_csv(towns)["taux"].var(ddof=0))


def test_the_reading_says_which_variance(towns: Path) -> None:
    from mcpforge.pipeline.intent.reading import FUNCTION_WORDS

    intent = extract_intent("variance of taux", DatasetSchema.from_file(towns))
    assert FUNCTION_WORDS[intent.metrics[0].func] == "sample variance (ddof=1)"


@pytest.mark.parametrize(
    ("request_text", "method"),
    [
        ("Calcula el coeficiente de correlación de Spearman entre taux y densite.", "spearman"),
        ("Coeficiente de correlación de Pearson entre taux y densite, redondeado a 3 decimales.", "pearson"),
        ("¿Cuál es el coeficiente de correlación entre taux y densite?", "pearson"),
        ("Coefficient de corrélation de Spearman entre taux et densite.", "spearman"),
        ("Quel est le coefficient de corrélation entre taux et densite ?", "pearson"),
        ("Korrelationskoeffizient nach Spearman zwischen taux und densite", "spearman"),
        ("Wie hoch ist der Korrelationskoeffizient nach Pearson zwischen taux und densite?", "pearson"),
    ],
)
def test_a_correlation_coefficient_in_other_languages(towns: Path, request_text: str, method: str) -> None:
    intent, table = _table(request_text, towns)
    assert intent.operation == "correlation"
    frame = pd.read_csv(towns)
    test = stats.spearmanr if method == "spearman" else stats.pearsonr
    expected = float(test(frame["taux"], frame["densite"]).statistic)
    digits = intent.method.round_digits
    got = [value for row in table["rows"] for value in row if isinstance(value, float)]
    assert any(value == pytest.approx(round(expected, digits) if digits else expected) for value in got)


def _iqr_outliers(values: pd.Series, k: float) -> int:
    q1, q3 = values.quantile(0.25), values.quantile(0.75)
    return int(((values < q1 - k * (q3 - q1)) | (values > q3 + k * (q3 - q1))).sum())


@pytest.mark.parametrize(
    ("request_text", "rule", "threshold"),
    [
        (
            "Con el criterio de 1,5 veces el rango intercuartílico, ¿cuántos valores atípicos hay en taux?",
            "iqr",
            1.5,
        ),
        (
            "¿Cuántos valores atípicos tiene taux según el criterio del rango intercuartílico "
            "(3 \u00d7 RIC)?",
            "iqr",
            3.0,
        ),
        ("Wie viele Ausreißer hat taux nach der 1,5-fachen IQR-Regel?", "iqr", 1.5),
        ("Wie viele Ausreißer hat taux nach der 2-fachen IQR-Regel?", "iqr", 2.0),
        ("Selon la règle |z| > 2, combien de valeurs aberrantes compte taux ?", "zscore", 2.0),
        ("Combien de valeurs aberrantes compte la colonne taux selon le critère |z| > 2 ?", "zscore", 2.0),
        ("How many outliers does taux have by the |z| > 2 rule?", "zscore", 2.0),
        ("How many outliers does taux have by the IQR rule (3 x IQR)?", "iqr", 3.0),
        ("Using the rule |z| > 2, count the outliers of taux.", "zscore", 2.0),
    ],
)
def test_an_outlier_rule_in_other_languages(
    towns: Path, request_text: str, rule: str, threshold: float
) -> None:
    intent, table = _table(request_text, towns)
    assert (intent.operation, intent.method.outlier_rule, intent.method.outlier_threshold) == (
        "outliers",
        rule,
        threshold,
    )
    taux = pd.read_csv(towns)["taux"]
    z = (taux - taux.mean()) / taux.std()
    expected = _iqr_outliers(taux, threshold) if rule == "iqr" else int((z.abs() > threshold).sum())
    assert table["rows"][0][table["columns"].index("outlier_count")] == expected


@pytest.mark.parametrize(
    "request_text",
    [
        "Moyenne de taux par region, arrondie à l'unité.",
        "Donnez la moyenne de taux par region arrondie à l'entier le plus proche.",
        "Media de taux por region, redondeada al entero más cercano.",
        "Media de taux por region redondeada a la unidad.",
        "Mittelwert von taux nach region, auf ganze Zahlen gerundet.",
        "mean taux per region rounded to a whole number",
    ],
)
def test_rounding_to_whole_numbers_in_other_languages(towns: Path, request_text: str) -> None:
    intent, table = _table(request_text, towns)
    assert intent.method.round_digits == 0
    expected = pd.read_csv(towns).groupby("region")["taux"].mean().round(0)
    assert {row[0]: row[-1] for row in table["rows"]} == pytest.approx(expected.to_dict())


@pytest.mark.parametrize(
    ("request_text", "welch"),
    [
        ("Prueba t de Welch: ¿difiere taux entre nord y sud (region)? Nivel de significación 0,05.", True),
        (
            "¿Es significativa la diferencia de taux entre nord y sud (region) según una prueba t de Welch "
            "al 5 %?",
            True,
        ),
        (
            "La différence de taux entre nord et sud (region) est-elle significative "
            "(test t de Welch, \u03b1 = 0,05) ?",
            True,
        ),
        ("Test t : taux diffère-t-il entre nord et sud (region) ? Seuil de 5 %.", False),
        (
            "Welch-t-Test: Ist der Unterschied von taux zwischen nord und sud (region) signifikant? "
            "\u03b1 = 0,05",
            True,
        ),
        ("Welch t-test at 5%: is taux different between nord and sud (region)?", True),
    ],
)
def test_a_t_test_and_its_level_in_other_languages(towns: Path, request_text: str, welch: bool) -> None:
    intent, table = _table(request_text, towns)
    assert intent.options["test"] == ("welch_ttest" if welch else "ttest_ind")
    assert intent.method.significance == 0.05
    frame = pd.read_csv(towns)
    nord, sud = (frame.loc[frame["region"] == key, "taux"] for key in ("nord", "sud"))
    expected = stats.ttest_ind(nord, sud, equal_var=not welch)
    row = dict(zip(table["columns"], table["rows"][0], strict=True))
    assert row["p_value"] == pytest.approx(expected.pvalue)


@pytest.mark.parametrize(
    ("request_text", "func"),
    [
        ("Median von taux nach region", "median"),
        ("Standardabweichung von taux nach region", "std"),
        ("Desviación estándar de taux por region", "std"),
        ("Écart-type de taux par region", "std"),
    ],
)
def test_a_statistic_per_group_in_other_languages(towns: Path, request_text: str, func: str) -> None:
    intent, table = _table(request_text, towns)
    assert [(m.column, m.func) for m in intent.metrics] == [("taux", func)]
    expected = pd.read_csv(towns).groupby("region")["taux"].agg(func)
    assert {row[0]: row[-1] for row in table["rows"]} == pytest.approx(expected.to_dict())


@pytest.mark.parametrize(
    "request_text", ["90. Perzentil von taux", "Percentil 90 de taux", "le 90e centile de taux"]
)
def test_a_percentile_in_other_languages(towns: Path, request_text: str) -> None:
    intent, table = _table(request_text, towns)
    assert intent.options["percentiles"] == [90]
    assert table["rows"][0][-1] == pytest.approx(pd.read_csv(towns)["taux"].quantile(0.9))


@pytest.mark.parametrize(
    "request_text",
    [
        "Variance de region",  # a variance of categories
        "Population variance and outliers of taux",  # the outlier rule uses the sample std
        "Part de taux au-dessus de 20 à 5 %",  # a percentage with no test: no significance level
        "Moyenne de taux arrondie à la dizaine",  # no count of decimals and no unit
        "How many outliers does taux have by the 1.5 IQR rule (3 x IQR)?",  # two factors: which one?
        "Outliers of taux by the |z| > 3 rule, or |z| > 2?",
    ],
)
def test_method_near_misses_in_other_languages_still_ask_or_refuse(towns: Path, request_text: str) -> None:
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        extract_intent(request_text, DatasetSchema.from_file(towns))


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("arrondie à l'unité", "rounded to the nearest integer"),
        ("redondeada al entero más cercano", "rounded to the nearest integer"),
        ("auf ganze Zahlen gerundet", "rounded to the nearest integer"),
        ("nach der 1,5-fachen IQR-Regel", "nach der 1,5 times IQR-Regel"),
        ("prueba t de Welch al 5 %?", "prueba t de Welch at a significance level of 0.05?"),
        ("un taux de 5 %?", "un taux de 5 %?"),  # no test named: a percentage stays as written
    ],
)
def test_more_method_phrases_put_in_english(text: str, english: str) -> None:
    assert english_methods(text)[0] == english


@pytest.mark.parametrize(
    "request_text",
    [
        "ANOVA à un facteur : taux diffère-t-il d'une region à l'autre ? Seuil de 5 %.",
        "ANOVA de un factor: ¿difiere taux de una region a otra? alfa 0,05",
        "Einfaktorielle Varianzanalyse: Unterscheidet sich taux von region zu region? Signifikanzniveau 0,05",
        "One-way ANOVA: does taux differ across region? alpha 0.05",
    ],
)
def test_groups_compared_one_to_another_in_other_languages(towns: Path, request_text: str) -> None:
    intent, table = _table(request_text, towns)
    assert (intent.options["test"], intent.group_by, intent.method.significance) == (
        "anova",
        ["region"],
        0.05,
    )
    frame = pd.read_csv(towns)
    expected = stats.f_oneway(*(part["taux"] for _, part in frame.groupby("region")))
    row = dict(zip(table["columns"], table["rows"][0], strict=True))
    assert row["p_value"] == pytest.approx(expected.pvalue)
