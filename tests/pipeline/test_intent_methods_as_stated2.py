"""Every word of a statistical reading accounted for (issue 25): a word that resembles nothing known is no
longer passed silently by a test, correlation or regression ("t-test of income between boys and girls
banana" was answered); the words that only name the method read ("Mann-Whitney", "run", "diffère-t-il",
"across the three regions") are set aside, and a word that would change the numbers ("one-sided",
"unequal variances" beside a Student test, "net income", "four regions" of three) still refuses.
A paired test of one measure between two labels of a column pairs on the key the request names
("matching the same years"), never on a key read as a second measure.

Each number is checked against scipy on a small file; each near-miss must still refuse.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent.reading import reading_sentence

FIRMS = ["General Electric", "Westinghouse", "Chrysler"]
REGIONS = ["north", "south", "east"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("methods_as_stated2")
    rng = np.random.default_rng(25)
    n = 90
    people = pd.DataFrame(
        {
            "gender": np.where(np.arange(n) % 3 == 0, "female", "male"),  # unequal groups and spreads
            "income": np.round(
                np.where(np.arange(n) % 3 == 0, rng.normal(100, 8, n), rng.normal(106, 30, n)), 2
            ),
            "age": rng.integers(20, 65, n),
            "region": [REGIONS[(i // 2) % 3] for i in range(n)],
        }
    )
    people.to_csv(root / "people.csv", index=False)
    firms = pd.DataFrame(
        [
            {"firm": firm, "year": year, "invest": round(float(rng.normal(100 + 40 * k, 20)), 2)}
            for k, firm in enumerate(FIRMS)
            for year in range(1935, 1955)
        ]
    )
    firms.to_csv(root / "firms.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _answer(request: str, path: Path) -> tuple[Intent, list[float]]:
    intent = read_intent(request, path)
    table: dict[str, Any] = reference_table(intent, path)
    return intent, [v for v in table["rows"][0] if isinstance(v, float)]


def _people(folder: Path) -> pd.DataFrame:
    return pd.read_csv(folder / "people.csv")


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        ("t-test of income between boys and girls banana", "banana"),
        ("t-test of income by gender banana", "banana"),
        ("regress income on age banana", "banana"),
        ("Mann-Whitney U test of income by gender for smokers", "smokers"),
        # a word that changes the numbers: the catalogue computes neither
        ("t-test of income by gender assuming unequal variances", "unequal"),
        ("one-sided t-test of income by gender", "one-sided"),
        ("one sided t-test of income by gender", "one sided"),
        ("Is income greater for men than for women? t-test by gender", "greater"),
        ("t-test of net income by gender", "net"),
        ("one-way ANOVA of income across the four regions", "four"),  # the file has three
        ("Kruskal-Wallis test of income by gender, then a Welch test", "welch"),  # another test
        ("Welch's t-test of income by gender assuming equal variances", "equal variances"),
    ],
)
def test_an_unknown_or_number_changing_word_refuses(request_text: str, word: str, folder: Path) -> None:
    with pytest.raises(UnmappableRequestError, match=f"'{word}'"):
        read_intent(request_text, folder / "people.csv")


def test_a_paired_test_never_pairs_its_key_as_a_measure(folder: Path) -> None:
    """ "by year" names the key: a paired t-test of year against invest was answered before."""
    with pytest.raises(UnmappableRequestError):
        read_intent(
            "Paired t-test by year: does the invest of General Electric differ from that of "
            "Westinghouse and Chrysler?",
            folder / "firms.csv",
        )


def test_a_noun_after_the_groups_names_the_rows(folder: Path) -> None:
    """ "between male and female respondents": what the rows are, said back as not used; the same noun
    followed by more words ("respondents in Ohio") is no longer the rows' name, and refuses."""
    intent, numbers = _answer(
        "Mann-Whitney U test of income between male and female respondents.", folder / "people.csv"
    )
    frame = _people(folder)
    male, female = (frame.loc[frame["gender"] == g, "income"] for g in ("male", "female"))
    assert any(v == pytest.approx(stats.mannwhitneyu(male, female).pvalue) for v in numbers)
    assert "'respondents'" in reading_sentence(intent)
    with pytest.raises(UnmappableRequestError, match="'ohio'"):
        read_intent(
            "Mann-Whitney U test of income between male and female respondents in Ohio.",
            folder / "people.csv",
        )


def test_a_paired_test_on_two_columns_is_still_read(folder: Path) -> None:
    """ "on" names what is tested, not a key: the two columns are paired row by row."""
    intent, numbers = _answer("Run a paired t-test on income and age.", folder / "people.csv")
    frame = _people(folder)
    expected = stats.ttest_rel(frame["income"], frame["age"])
    assert intent.columns == ["income", "age"]
    assert any(v == pytest.approx(expected.statistic) for v in numbers)


def test_an_anova_named_with_its_instructions(folder: Path) -> None:
    intent, numbers = _answer(
        "Run a one-way ANOVA: does income differ across the three regions? Significant at 5%?",
        folder / "people.csv",
    )
    frame = _people(folder)
    expected = stats.f_oneway(*[frame.loc[frame["region"] == r, "income"] for r in REGIONS])
    assert intent.options["test"] == "anova"
    assert any(v == pytest.approx(expected.statistic) for v in numbers)
    assert any(v == pytest.approx(expected.pvalue) for v in numbers)
    assert "'run'" in reading_sentence(intent)  # named as not used


def test_welch_with_unequal_variances(folder: Path) -> None:
    intent, numbers = _answer(
        "Welch's t-test of income between male and female, assuming unequal variances, two-sided.",
        folder / "people.csv",
    )
    frame = _people(folder)
    male, female = (frame.loc[frame["gender"] == g, "income"] for g in ("male", "female"))
    expected = stats.ttest_ind(male, female, equal_var=False)
    student = stats.ttest_ind(male, female, equal_var=True)
    assert intent.options["test"] == "welch_ttest"
    assert any(v == pytest.approx(expected.pvalue) for v in numbers)
    assert not any(v == pytest.approx(student.pvalue) for v in numbers)


@pytest.mark.parametrize(
    "request_text",
    [
        "Mann-Whitney U test on household income, men vs women (two-sided, alpha 0.05).",
        "Avec un test de Mann-Whitney (bilatéral, seuil 5 %), le revenu du ménage diffère-t-il entre "
        "garçons et filles (colonne gender) ?",
    ],
)
def test_a_described_income_between_the_sexes(request_text: str, folder: Path) -> None:
    intent, numbers = _answer(request_text, folder / "people.csv")
    frame = _people(folder)
    male, female = (frame.loc[frame["gender"] == g, "income"] for g in ("male", "female"))
    expected = stats.mannwhitneyu(male, female, alternative="two-sided")
    assert intent.columns == ["income"]
    assert any(v == pytest.approx(expected.pvalue) for v in numbers)


def test_a_paired_test_between_two_labels_matching_a_key(folder: Path) -> None:
    intent, numbers = _answer(
        "Paired t-test, matching the same years: does General Electric's invest differ from "
        "Westinghouse's? alpha = 0.05.",
        folder / "firms.csv",
    )
    frame = pd.read_csv(folder / "firms.csv")
    a = frame[frame["firm"] == "General Electric"].set_index("year")["invest"]
    b = frame[frame["firm"] == "Westinghouse"].set_index("year")["invest"]
    a, b = a.align(b, join="inner")
    expected = stats.ttest_rel(a, b)
    assert intent.options["pair_by"] == "year"
    assert any(v == pytest.approx(expected.statistic) for v in numbers)
    assert any(v == pytest.approx(expected.pvalue) for v in numbers)
