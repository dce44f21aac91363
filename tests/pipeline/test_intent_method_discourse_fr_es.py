"""French and Spanish words of discourse inside a statistical reading (issue 25, blind6).

A test request read word by word must set aside what its English twin sets aside: words of asking and
politeness ("je voudrais", "merci d'indiquer"), a French question turned round ("est-elle"), the method's
own words ("la distribución de", "le tableau croisé", "indépendante") and a noun of membership before a
categorical column the test reads ("l'appartenance à un Syndicat"). Numbers are checked against scipy on a
small file; content words (a one-sided alternative, unequal variances beside Student's test, a second
test, a word naming data the file lacks) still refuse.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from scipy import stats

from mcpforge.catalogue import get_operation
from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.pipeline.intent.reading import reading_sentence
from mcpforge.runtime import load_csv_data_with_types

N = 48
PROFESSIONS = ["ouvrier", "cadre", "employe"]
COUNTRIES = ["France", "Germany", "Italy", "Spain"]


def _rows() -> pd.DataFrame:
    rows = []
    for k in range(N):
        profession = PROFESSIONS[(k * 7) % 3]
        rows.append({
            "Profession": profession,
            "Syndicat": "oui" if (k % 5 < 2) != (profession == "cadre") else "non",
            "Sexe": "male" if k % 2 else "female",
            "Pays": COUNTRIES[(k // 3) % 4],
            "Année": 1980 + k % 3,
            "Salaire": round(900 + 37 * ((k * 13) % 17) + (60 if k % 2 else 0) + 11 * (k % 4), 2),
        })  # fmt: skip
    return pd.DataFrame(rows)


@pytest.fixture(scope="module")
def psid(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("discourse_fr_es") / "psid.csv"
    _rows().to_csv(path, index=False)
    return path


@pytest.fixture(autouse=True)
def _in_the_data_folder(psid: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(psid.parent)


def _test(request: str, path: Path) -> tuple[str, float, float, str]:
    intent = extract_intent(request, DatasetSchema.from_file(path))
    operation = get_operation(intent.operation)
    rendered = operation.render(intent)
    row = operation.reference(load_csv_data_with_types(str(path)), rendered.arguments).iloc[0]
    return (
        str(intent.options.get("test")),
        float(row["statistic"]),
        float(row["p_value"]),
        reading_sentence(intent),
    )


def test_asking_words_in_french_are_set_aside(psid: Path) -> None:
    request = (
        "Je voudrais comparer le salaire des hommes et des femmes avec un test U de Mann-Whitney bilatéral "
        "(\u03b1 = 0,05). Merci d'indiquer U et la p-valeur."
    )
    test, statistic, p_value, sentence = _test(request, psid)
    df = _rows()
    expected = stats.mannwhitneyu(
        df.loc[df["Sexe"] == "male", "Salaire"], df.loc[df["Sexe"] == "female", "Salaire"]
    )
    assert test == "mannwhitney"
    assert p_value == pytest.approx(expected.pvalue)
    assert statistic in (pytest.approx(expected.statistic), pytest.approx(N * N / 4 - expected.statistic))
    assert "voudrais" in sentence  # named as not used ("merci" is read as "thanks": language/politeness.py)


def test_inverted_question_table_and_membership_beside_chi_square(psid: Path) -> None:
    request = (
        "La Profession est-elle indépendante de l'appartenance à un Syndicat ? Faites un test du khi-deux "
        "d'indépendance sur le tableau croisé, seuil de 5 %, et donnez la statistique et la p-valeur."
    )
    test, statistic, p_value, sentence = _test(request, psid)
    df = _rows()
    expected = stats.chi2_contingency(pd.crosstab(df["Profession"], df["Syndicat"]))
    assert test == "chi2"
    assert (statistic, p_value) == pytest.approx((expected.statistic, expected.pvalue))
    assert "est-elle" in sentence and "appartenance" in sentence


def test_inverted_question_beside_welch_with_a_year(psid: Path) -> None:
    request = (
        "Pour 1980 seulement : test t de Welch sur le salaire entre Sexe = male et = female. Seuil 5 %. "
        "La différence est-elle significative ?"
    )
    test, statistic, p_value, _ = _test(request, psid)
    df = _rows()
    d = df[df["Année"] == 1980]
    expected = stats.ttest_ind(
        d.loc[d["Sexe"] == "male", "Salaire"], d.loc[d["Sexe"] == "female", "Salaire"], equal_var=False
    )
    assert test == "welch_ttest"
    assert (statistic, p_value) == pytest.approx((expected.statistic, expected.pvalue))


def test_spanish_distribution_and_asking_words(psid: Path) -> None:
    request = (
        "Quisiera una prueba de Kruskal-Wallis para ver si la distribución de Salaire difiere entre France, "
        "Germany, Italy y Spain. Nivel de significación 0,05: dame el estadístico H y el p-valor, gracias."
    )
    test, statistic, p_value, _ = _test(request, psid)
    df = _rows()
    expected = stats.kruskal(*[df.loc[df["Pays"] == c, "Salaire"] for c in COUNTRIES])
    assert test == "kruskal"
    assert (statistic, p_value) == pytest.approx((expected.statistic, expected.pvalue))


@pytest.mark.parametrize(
    "request_text",
    [
        # a one-sided alternative: the catalogue's tests are two-sided
        "Je voudrais comparer le salaire des hommes et des femmes avec un test U de Mann-Whitney unilatéral. "
        "Merci d'indiquer U et la p-valeur.",
        # unequal variances beside an ANOVA, which assumes them equal
        "Je voudrais une ANOVA du salaire selon la Profession, variances inégales. "
        "La différence est-elle significative ?",
        # a second test the reading would drop
        "Je voudrais un test de Kruskal-Wallis du salaire entre les Pays, puis un test de Welch. Merci.",
        # a modifier that changes the numbers, beside the asking words
        "Je voudrais comparer le salaire net des hommes et des femmes avec un test U de Mann-Whitney. Merci.",
        "Haz una prueba de Kruskal-Wallis para ver si la distribución de Salaire neto difiere entre France y "
        "Spain, gracias.",
        # a number the reading does not use
        "Je voudrais comparer le salaire des hommes et des femmes avec un test U de Mann-Whitney sur les 20 "
        "premières lignes. Merci.",
        # a content verb turned round (not être / avoir): what changes is not read
        "Le salaire augmente-t-il entre les hommes et les femmes ? Test U de Mann-Whitney, merci.",
        # a noun before a column the test does not read
        "La Profession est-elle indépendante du Sexe ? Test du khi-deux, selon l'appartenance à un Syndicat.",
    ],
)
def test_content_words_still_refuse(psid: Path, request_text: str) -> None:
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        extract_intent(request_text, DatasetSchema.from_file(psid))
