"""Values, ages and bounds named as people name them (issue 25, class 5): "30 years or older" / "30 Jahre oder
älter" as a bound on the age (never on the year column), "married 10 years or more" on ``yearsmarried``,
"how old ... on average" / "wie alt ... im Durchschnitt" as the mean age, "high-school" for the value
``highschool``, "have kids" as the share of ``children`` = yes. Numbers are checked against pandas; the
near-misses (an age word without a bound, a spelling two columns hold, "N years" two columns fit) must
still ask or refuse.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError


def _people() -> pd.DataFrame:
    rows = [
        {
            "year": 1992 if k % 2 else 1998,
            "earnings": round(8 + (k * 37 % 23) * 0.7, 2),
            "degree": "bachelor" if k % 3 else "highschool",
            "gender": "female" if k % 4 < 2 else "male",
            "age": 22 + (k * 7) % 20,
            "yearsmarried": (k * 5) % 16,
            "children": "yes" if k % 5 < 3 else "no",
            "affairs": (0, 0, 1, 3, 0, 7, 0, 2)[k % 8],
        }
        for k in range(60)
    ]
    return pd.DataFrame(rows)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("values_as_named")
    people = _people()
    people.to_csv(root / "people.csv", index=False)
    people.drop(columns=["yearsmarried"]).to_csv(root / "workers.csv", index=False)
    twice = people.assign(father_degree=["highschool" if k % 2 else "bachelor" for k in range(60)])
    twice.to_csv(root / "families.csv", index=False)
    dated = people.assign(date=[f"2020-01-{1 + k % 28:02d}" for k in range(60)])
    dated.to_csv(root / "dated.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _scalar(request: str, path: Path) -> float:
    table = reference_table(read_intent(request, path), path)
    return float(table["rows"][0][-1])


@pytest.mark.parametrize(
    "request_text",
    [
        "How many people are 30 years or older?",
        "How many people aged 30 or older?",
        "How many people are 30 or older?",
        "Wie viele Personen sind 30 Jahre oder älter?",
        "Combien de personnes ont 30 ans ou plus ?",  # "avoir 30 ans": to be 30, never a duration
        "¿Cuántas personas tienen 30 años o más?",
    ],
)
def test_n_years_or_older_bounds_the_age_never_the_year(folder: Path, request_text: str) -> None:
    path = folder / "people.csv"
    intent = read_intent(request_text, path)
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("age", ">=", 30)]
    assert any("read as 'age' >= 30" in note for note in intent.notes)
    assert _scalar(request_text, path) == int((pd.read_csv(path)["age"] >= 30).sum())


def test_a_duration_named_around_its_number_bounds_that_column(folder: Path) -> None:
    path = folder / "people.csv"
    request = "How many people married 10 years or more had children = yes?"
    frame = pd.read_csv(path)
    assert _scalar(request, path) == int(((frame.yearsmarried >= 10) & (frame.children == "yes")).sum())


def test_n_years_two_columns_fit_is_not_guessed(folder: Path) -> None:
    """``age`` and ``yearsmarried`` are both in years; "10 years or more" alone names neither."""
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        read_intent("How many people with 10 years or more?", folder / "people.csv")


@pytest.mark.parametrize(
    "request_text",
    [
        "How old are the women on average?",
        "Wie alt sind die befragten Frauen im Durchschnitt?",
        "Quel âge ont les femmes en moyenne ?",
    ],
)
def test_how_old_on_average_is_the_mean_age(folder: Path, request_text: str) -> None:
    path = folder / "people.csv"
    frame = pd.read_csv(path)
    intent = read_intent(request_text, path)
    assert any("as the average of 'age'" in note for note in intent.notes)
    assert _scalar(request_text, path) == pytest.approx(frame.loc[frame.gender == "female", "age"].mean())


@pytest.mark.parametrize(
    ("request_text", "word"),
    [
        ("how many people are young?", "young"),
        ("average earnings of old people", "old"),
        ("How many young women are there?", "young"),
        ("Wie viele sind jung?", "jung"),
    ],
)
def test_an_age_word_without_a_bound_refuses(folder: Path, request_text: str, word: str) -> None:
    with pytest.raises(UnmappableRequestError, match=f"'{word}'"):
        read_intent(request_text, folder / "people.csv")


@pytest.mark.parametrize("written", ["high-school", "high school"])
def test_a_value_written_with_a_hyphen_or_space_is_the_value(folder: Path, written: str) -> None:
    path = folder / "people.csv"
    frame = pd.read_csv(path)
    request = f"Median earnings of female {written} graduates in 1998"
    chosen = frame[(frame.gender == "female") & (frame.degree == "highschool") & (frame.year == 1998)]
    assert _scalar(request, path) == pytest.approx(chosen["earnings"].median())


def test_a_respelled_value_two_columns_hold_is_not_picked(folder: Path) -> None:
    with pytest.raises((UnmappableRequestError, NeedsClarificationError)):
        read_intent("Median earnings of high-school graduates", folder / "families.csv")


def test_a_yes_no_column_named_by_a_synonym_is_its_share_of_yes(folder: Path) -> None:
    path = folder / "workers.csv"
    expected = (pd.read_csv(path)["children"] == "yes").mean() * 100
    assert _scalar("What share of the people surveyed have kids?", path) == pytest.approx(expected)


def test_how_old_in_a_question_that_ranks_ages_is_not_the_mean_age(folder: Path) -> None:
    """Spanish "qué edad" is also "which age": "which age has the highest mean earnings" ranks ages."""
    intent = read_intent("¿Qué edad tiene el mayor promedio de earnings?", folder / "people.csv")
    assert [(m.column, m.func) for m in intent.metrics] != [("age", "mean")]
    assert not any("as the average of 'age'" in note for note in intent.notes)


def test_among_names_the_whole_of_a_share(folder: Path) -> None:
    path = folder / "people.csv"
    frame = pd.read_csv(path)
    married = frame[frame.yearsmarried >= 10]
    request = "Among people married 10 years or more, what percentage reported zero affairs?"
    assert _scalar(request, path) == pytest.approx((married.affairs == 0).mean() * 100)
    parents = frame[frame.children == "yes"]  # a yes/no condition in the clause is the whole, not the part
    request = "Among people with children = yes, what share had 0 affairs?"
    assert _scalar(request, path) == pytest.approx((parents.affairs == 0).mean() * 100)


def test_a_share_of_two_conditions_without_among_still_refuses(folder: Path) -> None:
    with pytest.raises(UnmappableRequestError, match="which condition is the part"):
        read_intent("what fraction of women had 0 affairs?", folder / "people.csv")


@pytest.mark.parametrize(
    "request_text",
    [
        "Wie viele Personen unter 30 Jahren haben mindestens eine Affäre angegeben?",
        "How many people under 30 reported at least one affair?",
    ],
)
def test_a_verb_of_reporting_changes_no_number(folder: Path, request_text: str) -> None:
    path = folder / "people.csv"
    frame = pd.read_csv(path)
    intent = read_intent(request_text, path)
    assert "reported" in intent.unused_words
    assert _scalar(request_text, path) == int(((frame.age < 30) & (frame.affairs >= 1)).sum())


def test_reported_n_of_a_count_column_is_that_count(folder: Path) -> None:
    path = folder / "people.csv"
    assert _scalar("how many people reported 0 affairs?", path) == int((pd.read_csv(path).affairs == 0).sum())


def test_a_period_adjective_is_the_unit_of_a_measure_on_a_file_without_time(folder: Path) -> None:
    path = folder / "people.csv"
    frame = pd.read_csv(path)
    intent = read_intent("What were average hourly earnings in 1998?", path)
    assert any("read 'hourly' as the unit of 'earnings'" in note for note in intent.notes)
    expected = frame.loc[frame.year == 1998, "earnings"].mean()
    assert _scalar("What were average hourly earnings in 1998?", path) == pytest.approx(expected)


def test_a_period_adjective_stays_time_on_a_file_with_dates(folder: Path) -> None:
    try:
        intent = read_intent("average hourly earnings", folder / "dated.csv")
    except (UnmappableRequestError, NeedsClarificationError):
        return
    assert not any("as the unit of" in note for note in intent.notes)


def test_a_german_compound_of_a_value_after_mit_is_the_value(folder: Path) -> None:
    path = folder / "people.csv"
    frame = pd.read_csv(path)
    request = "Wie viele Personen mit Bachelorabschluss sind 30 Jahre oder älter?"
    intent = read_intent(request, path)
    assert any("read 'Bachelorabschluss' as the value 'bachelor' of 'degree'" in n for n in intent.notes)
    assert _scalar(request, path) == int(((frame.degree == "bachelor") & (frame.age >= 30)).sum())


def test_best_over_groups_of_a_mean_is_the_highest_and_says_so(folder: Path) -> None:
    path = folder / "people.csv"
    intent = read_intent("Which degree has the best mean earnings?", path)
    assert any("(the highest)" in note for note in intent.notes)
    table = reference_table(intent, path)
    means = pd.read_csv(path).groupby("degree")["earnings"].mean()
    assert [str(table["rows"][0][0]), float(table["rows"][0][-1])] == [
        means.idxmax(),
        pytest.approx(means.max()),
    ]
