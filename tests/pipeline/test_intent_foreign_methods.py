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
