"""German requests as people write them, on a German cp1252 ;-CSV with decimal commas (issue 25, class 6).

Imperatives of analysis verbs ("Zähle", "Nenne"), "im Schnitt", "getrennt nach", a year before a participle
of surveying ("1994 befragt"), a range "1990 bis 1998", compounds whose parts name one column
("Kinderzahl", "kinderlos", "Erhebungsjahr"), "ethnischer" for the column "Ethnische ...", "auf drei
Stellen runden". Each number is checked against pandas; each near-miss must still ask or refuse.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from tests.pipeline.reference_answers import read_intent, reference_table

from mcpforge.exceptions import UnmappableRequestError

ROWS = 240


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("german_requests")
    rng = np.random.default_rng(7)
    years = rng.choice([1990, 1994, 1998, 2002], ROWS)
    frame = pd.DataFrame(
        {
            "Anzahl Kinder": rng.choice([0, 0, 1, 2, 2, 3, 4, 5], ROWS),
            "Alter": rng.integers(18, 80, ROWS),
            "Bildungsjahre": rng.integers(8, 20, ROWS) + (years - 1990) // 6,
            "Jahr": years,
            "Anzahl Geschwister": np.where(
                rng.random(ROWS) < 0.06, rng.integers(12, 30, ROWS), rng.integers(0, 6, ROWS)
            ),
            "Alter bei der ersten Geburt": np.where(
                rng.random(ROWS) < 0.2, np.nan, rng.integers(16, 40, ROWS) + 0.5
            ),
            "Ethnische Zugehörigkeit": rng.choice(["cauc", "other"], ROWS),
            "Einwanderer": rng.choice(["yes", "no"], ROWS),
        }
    )
    frame.to_csv(root / "umfrage.csv", sep=";", decimal=",", index=False, encoding="cp1252")
    two = frame[["Anzahl Kinder", "Alter", "Jahr"]].assign(**{"Kinder unter 6": frame["Anzahl Kinder"] // 2})
    two.to_csv(root / "zwei.csv", sep=";", decimal=",", index=False, encoding="cp1252")
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


@pytest.fixture(scope="module")
def frame(folder: Path) -> pd.DataFrame:
    return pd.read_csv(folder / "umfrage.csv", sep=";", decimal=",", encoding="cp1252")


def _scalar(request: str, path: Path) -> float:
    table = reference_table(read_intent(request, path), path)
    return float(table["rows"][0][-1])


def _by_key(request: str, path: Path) -> dict[str, float]:
    table = reference_table(read_intent(request, path), path)
    return {"|".join(str(c) for c in row[:-1]): float(row[-1]) for row in table["rows"]}


def test_a_year_before_the_participle_of_surveying_is_that_year(folder: Path, frame: pd.DataFrame) -> None:
    path = folder / "umfrage.csv"
    intent = read_intent("Wie viele Personen wurden 1994 befragt?", path)
    assert any("1994 befragt" in note for note in intent.notes)
    assert _scalar("Wie viele Personen wurden 1994 befragt?", path) == (frame["Jahr"] == 1994).sum()


def test_compounds_that_name_one_column(folder: Path, frame: pd.DataFrame) -> None:
    path = folder / "umfrage.csv"
    expected = frame.groupby("Jahr")["Anzahl Kinder"].mean()
    got = _by_key("Durchschnittliche Kinderzahl je Erhebungsjahr, bitte.", path)
    assert got == pytest.approx({str(k): v for k, v in expected.items()})
    intent = read_intent("Wie viele Befragte sind kinderlos?", path)
    assert "read 'kinderlos' as 'Anzahl Kinder' = 0" in intent.notes
    assert _scalar("Wie viele Befragte sind kinderlos?", path) == (frame["Anzahl Kinder"] == 0).sum()


def test_imperatives_count_and_list(folder: Path, frame: pd.DataFrame) -> None:
    path = folder / "umfrage.csv"
    s = frame["Anzahl Geschwister"]
    q1, q3 = s.quantile(0.25), s.quantile(0.75)
    outside = ((s < q1 - 1.5 * (q3 - q1)) | (s > q3 + 1.5 * (q3 - q1))).sum()
    request = (
        "Zähle die Ausreißer der Anzahl Geschwister nach der 1,5×IQR-Regel (Quartile linear interpoliert)."  # noqa: RUF001
    )
    table = reference_table(read_intent(request, path), path)
    assert table["rows"][0][table["columns"].index("outlier_count")] == outside
    table = reference_table(
        read_intent("Nenne das 10., 50. und 90. Perzentil der Bildungsjahre.", path), path
    )
    assert table["rows"][0][1:] == pytest.approx(frame["Bildungsjahre"].quantile([0.1, 0.5, 0.9]).tolist())


def test_separately_by_and_on_average_the_most(folder: Path, frame: pd.DataFrame) -> None:
    path = folder / "umfrage.csv"
    expected = frame.groupby(["Ethnische Zugehörigkeit", "Einwanderer"])["Alter"].mean()
    got = _by_key("Mittleres Alter getrennt nach ethnischer Zugehörigkeit und Einwandererstatus", path)
    assert got == pytest.approx({f"{a}|{b}": v for (a, b), v in expected.items()})
    means = frame.groupby("Jahr")["Bildungsjahre"].mean()
    got = _by_key("In welchem Jahr hatten die Befragten im Schnitt die meisten Bildungsjahre?", path)
    assert got == pytest.approx({str(means.idxmax()): means.max()})


def test_a_range_with_bis_keeps_both_ends_and_rounding_to_places(folder: Path, frame: pd.DataFrame) -> None:
    path = folder / "umfrage.csv"
    part = frame[frame["Jahr"].between(1990, 1998)]
    request = (
        "Spearman-Rangkorrelation zwischen Alter und Anzahl Kinder, nur Erhebungsjahre 1990 bis 1998; "
        "auf drei Stellen runden."
    )
    table = reference_table(read_intent(request, path), path)
    rho = part["Alter"].corr(part["Anzahl Kinder"], method="spearman")
    assert table["rows"][0][2] == pytest.approx(round(rho, 3))
    assert table["rows"][0][3] == len(part)
    request = (
        "Berechne den Pearson-Korrelationskoeffizienten zwischen Bildungsjahren und Anzahl Kinder, "
        "gerundet auf 4 Nachkommastellen."
    )
    expected = round(frame["Bildungsjahre"].corr(frame["Anzahl Kinder"]), 4)
    assert _scalar_of(request, path, "correlation") == pytest.approx(expected)


def _scalar_of(request: str, path: Path, column: str) -> float:
    table = reference_table(read_intent(request, path), path)
    return float(table["rows"][0][table["columns"].index(column)])


def test_missing_values_replaced_by_the_median_then_the_mean(folder: Path, frame: pd.DataFrame) -> None:
    path = folder / "umfrage.csv"
    s = frame["Alter bei der ersten Geburt"]
    request = (
        "Ersetze fehlende Werte in 'Alter bei der ersten Geburt' durch den Median der Spalte und berechne "
        "danach den Mittelwert (2 Nachkommastellen)."
    )
    assert _scalar(request, path) == pytest.approx(round(s.fillna(s.median()).mean(), 2))


@pytest.mark.parametrize(
    "request_text",
    [
        "Wie viele Befragte sind arbeitslos?",  # no column of work
        "Durchschnittliches Alter je Geburtsjahr",  # year of birth is not the survey year
        "Wie viele Personen wurden mit 16 befragt?",  # not a year
        "Wie viele Personen wurden 1994 geboren?",  # born, not surveyed
        "Durchschnittliches Alter bis 1998",  # an open end is not a range
    ],
)
def test_near_misses_still_refuse(folder: Path, request_text: str) -> None:
    with pytest.raises(UnmappableRequestError):
        read_intent(request_text, folder / "umfrage.csv")


def test_a_compound_two_columns_fit_is_never_read(folder: Path) -> None:
    path = folder / "zwei.csv"
    with pytest.raises(UnmappableRequestError):
        read_intent("Durchschnittliche Kinderzahl je Jahr", path)
    with pytest.raises(UnmappableRequestError):
        read_intent("Wie viele Befragte sind kinderlos?", path)
