"""German (and French / Spanish) requests on files with multi-word native headers (issue 25, classes 5 and 6).

Names as written, quoted or inflected ("Wechselkurs D-Mark", „Wechselkurs Schweizer Franken“, "des
Wechselkurses Britisches Pfund", « Taux de criminalité »); analysis words by what they do: rows
(Beobachtungen, observations), two extremes asked together, the row of the maximum with its label, a
weekday column as the weekday, outliers by a |z| rule, fill-then-compute. Every number is checked against
pandas on a small real file; near-misses must still ask or refuse.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from reference_answers import read_intent, reference_table

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError

DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"]
DM, LOG, GBP, YEN = (
    "Wechselkurs D-Mark",
    "Log-Änderung D-Mark",
    "Wechselkurs Britisches Pfund",
    "Wechselkurs Yen",
)
CHF, FRF = "Wechselkurs Schweizer Franken", "Wechselkurs Französischer Franken"


def _rates(n: int) -> pd.DataFrame:
    rows = []
    for i in range(n):
        dm = round(0.40 + 0.002 * ((i * 7) % 19) + 0.0001 * i, 5)
        rows.append(
            {
                "Datum": 800102 + i,
                "Wochentag": DAYS[i % 5],
                DM: dm,
                LOG: None if i == 3 else round(((i * 13) % 11 - 5) / 1000 + (0.2 if i == 30 else 0), 6),
                GBP: round(1.2 + 0.01 * ((i * 5) % 17) + 0.00001 * i, 5),
                YEN: round(0.004 + 0.0001 * ((i * 3) % 7) - 0.000001 * i, 7),
                CHF: round(dm * 1.1 + 0.003 * (i % 4), 5),
                FRF: round(0.15 + 0.001 * (i % 9), 4),
            }
        )
    return pd.DataFrame(rows)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("german")
    _rates(40).to_excel(root / "kurse.xlsx", index=False)
    _rates(80).to_csv(
        root / "kurse_lang.csv", index=False
    )  # dates with more than 50 values: rows, not groups
    _rates(40).drop(columns=["Wochentag"]).to_csv(root / "ohne_tag.csv", index=False)
    crime = [
        {
            "Région": region,
            "Année": year,
            "Taux de criminalité": round(0.02 + ((i * 37 + year * 11) % 97) / 1000, 6),
            "Tasa de desempleo": round(3.0 + ((i * 13 + year) % 23) / 4, 3),
        }
        for i, region in enumerate(["Nord", "Sud", "Est", "Ouest"] * 6)
        for year in (81, 82)
    ]
    pd.DataFrame(crime).to_csv(root / "crime.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


def _table(request: str, path: Path) -> dict[str, Any]:
    return reference_table(read_intent(request, path), path)


def _by_key(table: dict[str, Any]) -> dict[str, float]:
    return {str(row[0]): float(row[-1]) for row in table["rows"]}


@pytest.mark.parametrize(
    "request_text",
    [
        "Berechne die Pearson-Korrelation zwischen „Wechselkurs D-Mark“ und „Wechselkurs Schweizer Franken“.",
        'Berechne die Pearson-Korrelation zwischen "Wechselkurs D-Mark" und "Wechselkurs Schweizer Franken".',
        "Berechne die Pearson-Korrelation zwischen 'Wechselkurs D-Mark' und 'Wechselkurs Schweizer Franken'.",
        "Berechne die Pearson-Korrelation zwischen »Wechselkurs D-Mark« und »Wechselkurs Schweizer Franken«.",
        "Korrelation zwischen Wechselkurs D-Mark und Wechselkurs Schweizer Franken",
    ],
)
def test_multi_word_german_names_in_any_quotes_are_the_columns(folder: Path, request_text: str) -> None:
    frame = pd.read_excel(folder / "kurse.xlsx")
    table = _table(request_text, folder / "kurse.xlsx")
    assert table["rows"][0][:2] == [DM, CHF]
    assert float(table["rows"][0][2]) == pytest.approx(frame[DM].corr(frame[CHF]))


def test_a_german_rank_correlation_is_spearmans_rounded_as_asked(folder: Path) -> None:
    frame = pd.read_excel(folder / "kurse.xlsx")
    request = (
        "Wie hoch ist die Spearman-Rangkorrelation zwischen Wechselkurs Yen und Wechselkurs Britisches Pfund?"
        " Rho auf 3 Dezimalstellen runden."
    )
    table = _table(request, folder / "kurse.xlsx")
    assert float(table["rows"][0][2]) == round(float(frame[YEN].corr(frame[GBP], method="spearman")), 3)


def test_an_inflected_german_name_is_its_column_and_a_partial_one_never_answers(folder: Path) -> None:
    path = folder / "kurse.xlsx"
    frame = pd.read_excel(path)
    intent = read_intent("Wie hoch ist der Mittelwert des Wechselkurses Britisches Pfund?", path)
    assert any("'Wechselkurses Britisches Pfund' as the column" in note for note in intent.notes)
    assert float(
        _table("Mittelwert des Wechselkurses Britisches Pfund", path)["rows"][0][0]
    ) == pytest.approx(frame[GBP].mean())
    yen = read_intent("Was ist der durchschnittliche Wechselkurs des Yen?", path)
    assert float(reference_table(yen, path)["rows"][0][0]) == pytest.approx(frame[YEN].mean())
    for partial in ("Wie hoch ist der Mittelwert des Wechselkurses Franken?", "Durchschnitt von Wechselkurs"):
        with pytest.raises((NeedsClarificationError, UnmappableRequestError)):
            read_intent(partial, path)  # two Franken columns, five Wechselkurs columns: ask, never guess


@pytest.mark.parametrize(
    "request_text",
    [
        "Wie viele Beobachtungen gibt es pro Wochentag?",
        "Wie viele Einträge gibt es pro Wochentag?",
        "Wie viele Zeilen gibt es pro Wochentag?",
        "How many observations are there per weekday?",
        "number of rows by day of the week",
    ],
)
def test_observations_per_weekday_count_the_rows_of_the_weekday_column(
    folder: Path, request_text: str
) -> None:
    path = folder / "kurse.xlsx"
    expected = pd.read_excel(path).groupby("Wochentag").size()
    intent = read_intent(request_text, path)
    assert intent.group_by == ["Wochentag"] and intent.time_grain is None
    assert _by_key(reference_table(intent, path)) == {k: float(v) for k, v in expected.items()}


def test_which_weekday_has_the_highest_average_is_the_top_group_of_the_weekday_column(folder: Path) -> None:
    path = folder / "kurse.xlsx"
    means = pd.read_excel(path).groupby("Wochentag")[LOG].mean()
    table = _table("Which weekday has the highest average Log-Änderung D-Mark?", path)
    assert [row[0] for row in table["rows"]] == [means.idxmax()]
    assert float(table["rows"][0][-1]) == pytest.approx(means.max())


def test_without_a_weekday_column_a_weekday_is_still_no_column(folder: Path) -> None:
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):
        read_intent("mean Wechselkurs Yen per weekday", folder / "ohne_tag.csv")  # Datum is a number


@pytest.mark.parametrize(
    ("request_text", "column", "path_name"),
    [
        ("Was waren der höchste und der niedrigste Wechselkurs Britisches Pfund?", GBP, "kurse.xlsx"),
        ("What were the highest and the lowest Wechselkurs Yen?", YEN, "kurse.xlsx"),
        ("Quel est le Taux de criminalité le plus haut et le plus bas ?", "Taux de criminalité", "crime.csv"),
        ("¿Cuál es el máximo y mínimo de la Tasa de desempleo?", "Tasa de desempleo", "crime.csv"),
        ("¿Cuál es la Tasa de desempleo más alta y más baja?", "Tasa de desempleo", "crime.csv"),
    ],
)
def test_two_extremes_asked_together_are_both_answered(
    folder: Path, request_text: str, column: str, path_name: str
) -> None:
    path = folder / path_name
    frame = pd.read_excel(path) if path.suffix == ".xlsx" else pd.read_csv(path)
    intent = read_intent(request_text, path)
    assert intent.top_n is None and not intent.filters
    assert [(m.column, m.func) for m in intent.metrics] == [(column, "max"), (column, "min")]
    assert reference_table(intent, path)["rows"][0] == pytest.approx(
        [frame[column].max(), frame[column].min()]
    )


def test_the_highest_alone_is_still_the_maximum(folder: Path) -> None:
    path = folder / "kurse.xlsx"
    table = _table("Was war der höchste Wechselkurs Yen?", path)
    assert len(table["rows"]) == 1
    assert float(table["rows"][0][table["columns"].index(YEN)]) == pytest.approx(
        pd.read_excel(path)[YEN].max()
    )


@pytest.mark.parametrize(
    ("request_text", "column", "highest"),
    [
        ("An welchem Datum war der Wechselkurs D-Mark am höchsten?", DM, True),
        ("On which Datum was Wechselkurs Yen the lowest?", YEN, False),
        ("Which Datum had the highest Wechselkurs Britisches Pfund?", GBP, True),
    ],
)
def test_on_which_date_is_the_label_of_the_extreme_row_never_the_largest_date(
    folder: Path, request_text: str, column: str, highest: bool
) -> None:
    path = folder / "kurse_lang.csv"  # 80 dates written as numbers (yymmdd): a label, not the ranked column
    frame = pd.read_csv(path)
    at = frame[column].idxmax() if highest else frame[column].idxmin()
    table = _table(request_text, path)
    assert len(table["rows"]) == 1
    row = dict(zip(table["columns"], table["rows"][0], strict=True))
    assert int(row["Datum"]) == int(frame.loc[at, "Datum"]) != int(frame["Datum"].max())
    assert float(row[column]) == pytest.approx(frame.loc[at, column])


def test_german_outliers_by_the_z_rule_count_as_pandas(folder: Path) -> None:
    path = folder / "kurse.xlsx"
    values = pd.read_excel(path)[LOG].dropna()
    expected = int(((values - values.mean()).abs() > 3 * values.std()).sum())
    intent = read_intent(
        "Wie viele Ausreißer hat die Log-Änderung D-Mark, wenn Ausreißer Werte mit |z| > 3 sind?", path
    )
    assert intent.operation == "outliers" and intent.options["threshold"] == 3.0
    assert reference_table(intent, path)["rows"][0][1] == expected == 1


@pytest.mark.parametrize(
    ("request_text", "column", "path_name"),
    [
        (
            "Fülle fehlende Werte der Log-Änderung D-Mark zuerst mit dem Mittelwert und berechne dann die "
            "Stichproben-Standardabweichung (ddof=1).",
            LOG,
            "kurse.xlsx",
        ),
        (
            "Fill missing values of Log-Änderung D-Mark with the mean and then calculate the sample "
            "standard deviation.",
            LOG,
            "kurse.xlsx",
        ),
        (
            "Remplir les valeurs manquantes du Taux de criminalité avec la moyenne, puis calculer "
            "l'écart-type",
            "Taux de criminalité",
            "crime.csv",
        ),
        (
            "Rellena los valores faltantes de la Tasa de desempleo con la media y luego calcula la "
            "desviación estándar",
            "Tasa de desempleo",
            "crime.csv",
        ),
    ],
)
def test_fill_with_the_mean_then_the_statistic_of_that_column(
    folder: Path, request_text: str, column: str, path_name: str
) -> None:
    path = folder / path_name
    frame = pd.read_excel(path) if path.suffix == ".xlsx" else pd.read_csv(path)
    intent = read_intent(request_text, path)
    assert [(s.kind, s.columns, s.strategy) for s in intent.preparation] == [
        ("fill_missing", [column], "mean")
    ]
    filled = frame[column].fillna(frame[column].mean())
    assert float(reference_table(intent, path)["rows"][0][0]) == pytest.approx(filled.std())


def test_fill_then_two_statistics_is_never_one_guessed(folder: Path) -> None:
    with pytest.raises((NeedsClarificationError, UnmappableRequestError)):
        read_intent(
            "Fülle fehlende Werte der Log-Änderung D-Mark zuerst mit dem Mittelwert und berechne dann den "
            "Mittelwert und den Median",
            folder / "kurse.xlsx",
        )


def test_a_small_letter_verb_is_no_capitalised_value_of_a_french_header(folder: Path) -> None:
    path = folder / "crime.csv"
    frame = pd.read_csv(path)
    intent = read_intent("Quelle est la moyenne du « Taux de criminalité » par Région ?", path)
    assert not intent.filters  # "est" (is) is no region Est
    expected = frame.groupby("Région")["Taux de criminalité"].mean()
    assert _by_key(reference_table(intent, path)) == pytest.approx(expected.to_dict())
    east = read_intent("Quelle est la moyenne du Taux de criminalité pour la région Est ?", path)
    assert [(f.column, f.value) for f in east.filters] == [("Région", "Est")]  # with its capital: the value


@pytest.mark.parametrize(
    "request_text", ["Combien d'observations y a-t-il par Région ?", "¿Cuántas observaciones hay por Región?"]
)
def test_observations_per_group_in_french_and_spanish(folder: Path, request_text: str) -> None:
    path = folder / "crime.csv"
    expected = pd.read_csv(path).groupby("Région").size()
    assert _by_key(_table(request_text, path)) == {k: float(v) for k, v in expected.items()}
