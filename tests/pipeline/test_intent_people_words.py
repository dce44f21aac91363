"""Gender words as the values of a sex column (issue 25, blind4): "men vs women", "among women", "Frauen",
"mujeres", "femmes" name the file's ``male``/``female`` values. Numbers are checked against pandas; a
column that is not a sex column (a clothing department with Women/Men/Kids) never takes them.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from scipy import stats
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import UnmappableRequestError


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("gender")
    rows = [
        {
            "gender": "female" if k % 3 else "male",
            "age": 25 + (k * 7) % 30,
            "earnings": round(8.0 + (k * 13) % 17 + (k % 5) * 0.37, 2),
        }
        for k in range(60)
    ]
    pd.DataFrame(rows).to_csv(root / "wages.csv", index=False)
    shop = [{"department": ("Women", "Men", "Kids")[k % 3], "sales": 10.0 + (k * 7) % 11} for k in range(30)]
    pd.DataFrame(shop).to_csv(root / "shop.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _wages(folder: Path) -> pd.DataFrame:
    return pd.read_csv(folder / "wages.csv")


def test_men_vs_women_counts_each_gender(folder: Path) -> None:
    intent = read_intent("number of men vs women in the data", folder / "wages.csv")
    table = reference_table(intent, folder / "wages.csv")
    got = {row[0]: row[-1] for row in table["rows"]}
    assert got == _wages(folder)["gender"].value_counts().to_dict()


@pytest.mark.parametrize(
    "request_text",
    [
        "Mean earnings among women",
        "Durchschnittliche earnings der Frauen",
        "promedio de earnings de las mujeres",
        "moyenne des earnings des femmes",
    ],
)
def test_women_in_four_languages_filter_female(folder: Path, request_text: str) -> None:
    intent = read_intent(request_text, folder / "wages.csv")
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("gender", "==", "female")]
    table = reference_table(intent, folder / "wages.csv")
    frame = _wages(folder)
    assert table["rows"][0][-1] == pytest.approx(frame[frame.gender == "female"]["earnings"].mean())


def test_spearman_among_men(folder: Path) -> None:
    intent = read_intent("Spearman's rho between age and earnings among men", folder / "wages.csv")
    assert [(f.column, f.value) for f in intent.filters] == [("gender", "male")]
    frame = _wages(folder)
    men = frame[frame.gender == "male"]
    table = reference_table(intent, folder / "wages.csv")
    expected = stats.spearmanr(men["age"], men["earnings"]).statistic
    values = [v for row in table["rows"] for v in row if isinstance(v, float)]
    assert any(v == pytest.approx(expected) for v in values), (table, expected)


def test_women_is_no_value_of_a_department_column(folder: Path) -> None:
    """'female customers' on a shop whose department has Women/Men/Kids must not pick 'Women'."""
    with pytest.raises(UnmappableRequestError):
        read_intent("total sales of female shoppers", folder / "shop.csv")


# -- number words, units after a number, names written apart, people nouns (same issue, same items)


@pytest.fixture(scope="module")
def survey(folder: Path) -> Path:
    rows = [
        {
            "gender": "female" if k % 2 else "male",
            "age": 20 + (k * 11) % 40,
            "yearsmarried": (k * 3) % 15,
            "affairs": (0, 0, 1, 3, 0, 7)[k % 6],
            "occupation": k % 4 + 1,
            "hourly wage": round(6.0 + (k * 17) % 23 * 0.5, 2),
            "rating": k % 5 + 1,
        }
        for k in range(80)
    ]
    pd.DataFrame(rows).to_csv(folder / "survey.csv", index=False)
    return folder / "survey.csv"


def _survey(path: Path) -> pd.DataFrame:
    return pd.read_csv(path)


def _only_value(intent: object, path: Path) -> object:
    table = reference_table(intent, path)  # type: ignore[arg-type]
    return table["rows"][0][-1]


def test_three_lowest_groups_by_number_word(survey: Path) -> None:
    intent = read_intent("Which three ages have the lowest mean rating? Lowest first.", survey)
    assert intent.top_n == 3 and "read 'three' as 3" in intent.notes
    table = reference_table(intent, survey)
    expected = _survey(survey).groupby("age")["rating"].mean().nsmallest(3)
    assert [row[-1] for row in table["rows"]] == pytest.approx(list(expected))


def test_at_least_one_in_words_and_in_german(survey: Path) -> None:
    frame = _survey(survey)
    expected = int(((frame.affairs >= 1) & (frame.age < 30)).sum())
    english = read_intent("How many people under thirty reported at least one affair?", survey)
    assert _only_value(english, survey) == expected
    german = read_intent("Wie viele Personen unter 30 Jahren haben mindestens eine affairs?", survey)
    assert _only_value(german, survey) == expected


def test_unit_after_a_number_fits_the_column(survey: Path) -> None:
    frame = _survey(survey)
    answers = {"under 10": "hourly wage"}  # two numeric columns could be 'under 10': asked first
    intent = read_intent("How many workers make under 10 an hour?", survey, answers)
    assert _only_value(intent, survey) == int((frame["hourly wage"] < 10).sum())
    assert "read 'hour' as the unit of 'hourly wage'" in intent.notes


def test_a_unit_that_fits_no_condition_still_refuses(survey: Path) -> None:
    """'10 a week' on an hourly column is another quantity: never read silently."""
    with pytest.raises(UnmappableRequestError):
        read_intent("How many workers make under 10 a week?", survey, {"under 10": "hourly wage"})


def test_name_written_as_separate_words(survey: Path) -> None:
    intent = read_intent("For each rating value, the median years married?", survey)
    table = reference_table(intent, survey)
    expected = _survey(survey).groupby("rating")["yearsmarried"].median().to_dict()
    assert {row[0]: row[-1] for row in table["rows"]} == expected


def test_respondents_are_the_rows(survey: Path) -> None:
    intent = read_intent("how many respondents in each occupation category", survey)
    table = reference_table(intent, survey)
    expected = _survey(survey)["occupation"].value_counts().to_dict()
    assert {row[0]: row[-1] for row in table["rows"]} == expected


def test_two_sided_is_no_number(survey: Path) -> None:
    """'two-sided' names a method; it is never the count 2 (a near-miss of the number words)."""
    intent = read_intent("two-sample t test of rating by gender", survey)
    assert intent.top_n is None and not any("as 2" in note for note in intent.notes)


def test_a_restated_number_of_groups_stays_a_word(survey: Path) -> None:
    """'across the four occupations' restates how many groups there are: no top 4, no unused number."""
    intent = read_intent("One-way ANOVA of rating across the four occupations", survey)
    assert intent.operation == "statistical_test" and intent.group_by == ["occupation"]
    assert intent.top_n is None
