"""Features defined by a formula in words (issue 25, class 3): "<name> = A divided by B",
"where kg = lbs * 0.4536", "Définissez X comme A divisé par B", "Defina X como A dividido por B",
"Definiere X als A geteilt durch B".

Each answer is checked against pandas on a small file; each near-miss (a column the file lacks, a definition
the question never uses, a term that is not a column) must still ask or refuse — no term is dropped.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import UnmappableRequestError

ROWS = 48


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("formulas")
    rng = np.random.default_rng(25)
    pd.DataFrame({
        "Name": [f"car {i}" for i in range(ROWS)],
        "Weight_in_lbs": rng.integers(1600, 5000, ROWS).astype(float),
        "Horsepower": rng.integers(50, 230, ROWS).astype(float),
        "age": rng.integers(18, 70, ROWS).astype(float),
        "yearsmarried": rng.uniform(0.1, 15, ROWS).round(2),
        "Origin": rng.choice(["USA", "Europe", "Japan"], ROWS),
    }).to_csv(root / "en.csv", index=False)  # fmt: skip
    pd.DataFrame({
        "État": rng.choice(["al", "az", "ca", "co"], ROWS),
        "Année": rng.choice([1982, 1988], ROWS),
        "Décès routiers": rng.integers(100, 4000, ROWS).astype(float),
        "Décès routiers liés à l'alcool": rng.integers(10, 90, ROWS).astype(float),
        "Revenu par habitant": rng.uniform(9000, 21000, ROWS).round(1),
        "Population": rng.integers(400_000, 9_000_000, ROWS).astype(float),
        "Taxe sur la bière": rng.uniform(0.1, 2.5, ROWS).round(3),
    }).to_csv(root / "fr.csv", index=False)  # fmt: skip
    pd.DataFrame({
        "Región": rng.choice(["norte", "sur", "este"], ROWS),
        "Salario": rng.integers(900, 3000, ROWS).astype(float),
        "Índice de precios": rng.uniform(0.9, 1.4, ROWS).round(3),
    }).to_csv(root / "es.csv", index=False)  # fmt: skip
    pd.DataFrame({
        "Land": rng.choice(["BY", "NW", "HE"], ROWS),
        "Einwohner": rng.integers(1000, 90000, ROWS).astype(float),
        "Fläche": rng.uniform(10, 400, ROWS).round(2),
    }).to_csv(root / "de.csv", index=False)  # fmt: skip
    pd.DataFrame({
        "Population totale": rng.integers(5000, 90000, ROWS).astype(float),
        "Population noire": rng.integers(10, 900, ROWS).astype(float),
        "Superficie": rng.uniform(0.01, 0.1, ROWS).round(4),
    }).to_csv(root / "mid.csv", index=False)  # fmt: skip
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _scalar(request: str, path: Path) -> float:
    table = reference_table(read_intent(request, path), path)
    assert len(table["rows"]) == 1, table
    return float(table["rows"][0][-1])


def _by_key(request: str, path: Path) -> dict[str, float]:
    return {str(row[0]): float(row[-1]) for row in reference_table(read_intent(request, path), path)["rows"]}


def test_a_feature_named_then_defined_with_an_equals_sign_is_what_its_median_is_of(folder: Path) -> None:
    path = folder / "en.csv"
    frame = pd.read_csv(path)
    request = "Engineer a feature: the share of life spent married = yearsmarried divided by age. Its median?"
    intent = read_intent(request, path)
    assert [d.expression for d in intent.derived] == ["`yearsmarried` / `age`"]
    assert _scalar(request, path) == pytest.approx((frame["yearsmarried"] / frame["age"]).median())
    by_origin = _by_key("the power ratio = Horsepower / Weight_in_lbs. What is its median by Origin?", path)
    expected = (frame["Horsepower"] / frame["Weight_in_lbs"]).groupby(frame["Origin"]).median()
    assert by_origin == pytest.approx(expected.to_dict())


def test_a_unit_defined_after_the_question_is_the_measure_said_in_that_unit(folder: Path) -> None:
    path = folder / "en.csv"
    frame = pd.read_csv(path)
    request = "Mean weight in kilograms, where kg = Weight_in_lbs \u00d7 0.4536."
    assert [d.expression for d in read_intent(request, path).derived] == ["`Weight_in_lbs` * 0.4536"]
    assert _scalar(request, path) == pytest.approx((frame["Weight_in_lbs"] * 0.4536).mean())


def test_french_definir_comme_divise_par_then_its_spearman_correlation(folder: Path) -> None:
    path = folder / "fr.csv"
    frame = pd.read_csv(path)
    request = (
        "Définissez la part des décès liés à l'alcool comme Décès routiers liés à l'alcool divisé par Décès "
        "routiers. Quelle est sa corrélation de Spearman avec le revenu par habitant ?"
    )
    intent = read_intent(request, path)
    assert intent.operation == "correlation"
    assert [d.expression for d in intent.derived] == ["`Décès routiers liés à l'alcool` / `Décès routiers`"]
    share = frame["Décès routiers liés à l'alcool"] / frame["Décès routiers"]
    expected = share.corr(frame["Revenu par habitant"], method="spearman")
    table = reference_table(intent, path)
    assert table["columns"][2] == "correlation"
    assert float(table["rows"][0][2]) == pytest.approx(expected)


def test_spanish_and_german_definitions_then_the_statistic_asked_of_them(folder: Path) -> None:
    es = folder / "es.csv"
    frame = pd.read_csv(es)
    real = frame["Salario"] / frame["Índice de precios"]
    request = "Defina el salario real como Salario dividido por Índice de precios. ¿Cuál es su mediana?"
    assert _scalar(request, es) == pytest.approx(real.median())
    de = folder / "de.csv"
    frame = pd.read_csv(de)
    density = frame["Einwohner"] / frame["Fläche"]
    assert _scalar(
        "Definiere die Dichte als Einwohner geteilt durch Fläche. Was ist ihr Mittelwert?", de
    ) == (pytest.approx(density.mean()))
    got = _by_key(
        "Definiere die Dichte als Einwohner geteilt durch Fläche. Wie hoch ist die mittlere Dichte je Land?",
        de,
    )
    assert got == pytest.approx(density.groupby(frame["Land"]).mean().to_dict())


def test_deaths_per_ten_thousand_inhabitants_in_a_correlation_are_each_rows_rate(folder: Path) -> None:
    path = folder / "fr.csv"
    frame = pd.read_csv(path)
    rate = frame["Décès routiers"] / frame["Population"] * 10000
    expected = frame["Taxe sur la bière"].corr(rate)
    for request in (
        "Coefficient de corrélation de Pearson entre la taxe sur la bière et le nombre de décès routiers "
        "pour 10 000 habitants",
        "Pearson correlation between Taxe sur la bière and Décès routiers per 10,000 inhabitants",
    ):
        intent = read_intent(request, path)
        assert [d.expression for d in intent.derived] == ["`Décès routiers` / `Population` * 10000"]
        assert float(reference_table(intent, path)["rows"][0][2]) == pytest.approx(expected)


def test_all_years_combined_restricts_no_year_and_says_so(folder: Path) -> None:
    path = folder / "fr.csv"
    frame = pd.read_csv(path)
    request = (
        "Coefficient de corrélation de Pearson entre la taxe sur la bière et le nombre de décès routiers "
        "pour 10 000 habitants, toutes années confondues (4 décimales)."
    )
    intent = read_intent(request, path)
    assert not intent.filters
    assert intent.unused_words == ["toutes années confondues"]
    expected = frame["Taxe sur la bière"].corr(frame["Décès routiers"] / frame["Population"] * 10000)
    assert float(reference_table(intent, path)["rows"][0][2]) == round(expected, 4)  # 4 décimales
    english = read_intent(
        "Pearson correlation between Taxe sur la bière and Population, all years combined", path
    )
    assert not english.filters and english.unused_words == ["all years combined"]
    with pytest.raises(UnmappableRequestError, match="restricts 'Année'"):
        read_intent(
            "Pearson correlation between Taxe sur la bière and Population in 1988, all years combined", path
        )


@pytest.mark.parametrize(
    ("file", "request_text"),
    [
        ("en.csv", "Mean weight in kilograms, where kg = Weight_in_lbz \u00d7 0.4536."),  # no such column
        (
            "en.csv",
            "Mean height in kilograms, where kg = Weight_in_lbs \u00d7 0.4536.",
        ),  # kg measures no height
        (
            "en.csv",
            "Mean weight in kilograms, where kg = Weight_in_lbs \u00d7 0.4536 + Wheels.",
        ),  # a term kept
        (
            "en.csv",
            "Engineer a feature: the ratio = yearsmarried divided by. What is its median?",
        ),  # no operand
        ("en.csv", "the share = yearsmarried divided by Origin. What is its median?"),  # a text column
        ("fr.csv", "Définissez la part comme Décès routiers divisé par Blessés. Quelle est sa moyenne ?"),
        ("de.csv", "Definiere die Dichte als Einwohner geteilt durch Haushalte. Was ist ihr Mittelwert?"),
        ("mid.csv", "Définissez la densité comme Population divisé par Superficie. Quelle est sa médiane ?"),
        (
            "mid.csv",
            "Engineer a feature: the density = Population divided by Superficie. What is its median?",
        ),
        ("fr.csv", "mean Décès routiers per 10,000 inhabitants"),  # pooled or per row: not read as either
        (
            "es.csv",
            "correlación entre Salario y Índice de precios por 1000 habitantes",
        ),  # no population column
    ],
)
def test_a_formula_naming_what_the_file_lacks_asks_or_refuses(
    folder: Path, file: str, request_text: str
) -> None:
    with pytest.raises(UnmappableRequestError):
        read_intent(request_text, folder / file)


def test_a_condition_written_with_an_equals_sign_stays_a_condition(folder: Path) -> None:
    path = folder / "en.csv"
    frame = pd.read_csv(path)
    intent = read_intent("where Origin = Japan, the mean Horsepower", path)
    assert not intent.derived
    assert _scalar("where Origin = Japan, the mean Horsepower", path) == pytest.approx(
        frame.loc[frame["Origin"] == "Japan", "Horsepower"].mean()
    )
