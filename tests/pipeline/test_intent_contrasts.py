"""A group set against the rest (issue 25): "OPEC countries vs non-OPEC", "communist (com = yes) and other
countries", "the scientific sector compared with the rest (scisect)", "married vs not married (mrt)".

The two sides are the two groups of a yes/no column: one answer per group outside a test, the test's two
groups in the order the request names them inside one. Never two contradictory conditions on the column
(the rows where it is yes *and* no: an empty answer that looks validated).
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.exceptions import NeedsClarificationError, UnmappableRequestError
from mcpforge.models import Intent
from mcpforge.pipeline.intent import DatasetSchema, extract_intent


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("contrasts")
    nations = [
        {
            "year": y,
            "country": f"Land{k}",
            "opec": "yes" if k % 3 == 0 else "no",
            "com": "yes" if k % 4 == 1 else "no",
            "sr": 10.0 + k + (y % 5),
            "gdp": 1000.0 + 80 * k + 3 * (y - 1960),
        }
        for k in range(12)
        for y in range(1960, 1972)
    ]
    pd.DataFrame(nations).to_csv(root / "nations.csv", index=False)
    firms = [
        {"firm": f"F{k}", "year": y, "scisect": "yes" if k % 2 else "no", "pat": float(k * y % 7)}
        for k in range(10)
        for y in range(1, 6)
    ]
    pd.DataFrame(firms).to_csv(root / "firms.csv", index=False)
    people = [
        {"wage": 5.0 + (k % 9) * 0.3, "married": "yes" if k % 3 else "no",
         "region": "north" if k % 2 else "south", "zone": ["a", "b", "c"][k % 3]}
        for k in range(60)
    ]  # fmt: skip
    pd.DataFrame(people).to_csv(root / "people.csv", index=False)
    released = [{"Freigelassen": "Yes" if k % 3 else "No", "Einträge": float(k % 11)} for k in range(80)]
    pd.DataFrame(released).to_csv(root / "released.csv", index=False)
    return root


def _read(folder: Path, file: str, text: str) -> Intent:
    return extract_intent(text, DatasetSchema.from_file(folder / file))


@pytest.mark.parametrize(
    ("file", "text", "measure", "column"),
    [
        ("nations.csv", "average sr, OPEC countries vs non-OPEC", "sr", "opec"),
        ("nations.csv", "average sr for opec vs non-opec", "sr", "opec"),
        ("nations.csv", "mean gdp, non-OPEC vs OPEC countries", "gdp", "opec"),
        ("nations.csv", "average gdp of OPEC and non-OPEC countries", "gdp", "opec"),
        ("nations.csv", "median gdp of communist (com = yes) vs the rest", "gdp", "com"),
        ("nations.csv", "mean gdp for com = yes and the other countries", "gdp", "com"),
        ("nations.csv", "moyenne de sr, pays OPEC contre les autres", "sr", "opec"),
        ("nations.csv", "el sr medio, opec frente a los demás países", "sr", "opec"),
        ("nations.csv", "Durchschnitt von sr, OPEC gegenüber den übrigen Ländern", "sr", "opec"),
        ("nations.csv", "Mittelwert von gdp für com = yes und die anderen Länder", "gdp", "com"),
        ("firms.csv",
         "What's the average pat for firms in the scientific sector compared with the rest (scisect)?",
         "pat", "scisect"),
        ("firms.csv", "median pat, scientific sector vs the others (scisect)", "pat", "scisect"),
        ("people.csv", "median wage for married vs not married men (married)", "wage", "married"),
        ("people.csv", "average wage of married vs unmarried people", "wage", "married"),
    ],
)  # fmt: skip
def test_a_group_against_the_rest_is_one_answer_per_group(
    folder: Path, file: str, text: str, measure: str, column: str
) -> None:
    intent = _read(folder, file, text)
    assert intent.operation == "group_aggregate"
    assert intent.group_by == [column]
    assert [m.column for m in intent.metrics] == [measure]
    assert not [f for f in intent.filters if f.column == column]
    assert any(f"two groups of {column!r}" in note for note in intent.notes)


@pytest.mark.parametrize(
    ("text", "groups"),
    [
        ("Is gdp different between communist (com = yes) and other countries? Welch's t-test, alpha = 0.05.",
         ["yes", "no"]),
        ("Is gdp different between non-communist (com = no) and the others? Welch's t-test, alpha 0.05.",
         ["no", "yes"]),
        ("Mann-Whitney U test: does sr differ between non-OPEC and OPEC countries? alpha 0.05",
         ["no", "yes"]),
        ("Welch-t-Test: unterscheidet sich gdp zwischen com = yes und den übrigen Ländern? alpha 0,05",
         ["yes", "no"]),
        ("Unterscheidet sich gdp zwischen Kommunisten (com = yes) und den anderen? Welch-t-Test, alpha 0,05",
         ["yes", "no"]),
    ],
)  # fmt: skip
def test_a_test_keeps_the_groups_in_the_order_they_are_named(
    folder: Path, text: str, groups: list[str]
) -> None:
    intent = _read(folder, "nations.csv", text)
    assert intent.operation == "statistical_test"
    assert intent.group_by in (["com"], ["opec"])
    spelled = {"true": "yes", "false": "no"}  # a yes/no column loads as booleans
    assert [spelled.get(str(g).lower(), str(g).lower()) for g in intent.options["groups"]] == groups
    assert not [f for f in intent.filters if f.column in {"com", "opec"}]


@pytest.mark.parametrize(
    "text",
    [
        "average sr for opec vs non-opec",
        "average sr, opec = yes vs opec = no",
        "mean sr of opec and com",
        "mean sr of opec and not com",
    ],
)
def test_never_both_values_of_a_column_as_conditions(folder: Path, text: str) -> None:
    try:
        intent = _read(folder, "nations.csv", text)
    except (UnmappableRequestError, NeedsClarificationError):
        return
    equalities = [(f.column, f.value) for f in intent.filters if f.op == "=="]
    assert len({c for c, _ in equalities}) == len(equalities)


def test_a_group_without_a_contrast_stays_a_condition(folder: Path) -> None:
    intent = _read(folder, "nations.csv", "mean sr of the OPEC countries")
    assert intent.group_by == []
    assert [(f.column, f.value) for f in intent.filters] == [("opec", "yes")]


@pytest.mark.parametrize(
    "text",
    [
        "average wage, zone a vs the rest",  # three values: "the rest" is two of them, not a yes/no split
        "average wage of the rest",
    ],
)
def test_only_a_yes_no_column_is_split_against_the_rest(folder: Path, text: str) -> None:
    try:
        intent = _read(folder, "people.csv", text)
    except (UnmappableRequestError, NeedsClarificationError):
        return
    assert not any("two groups of" in note for note in intent.notes)
    assert intent.group_by != ["zone"]


@pytest.mark.parametrize(
    ("text", "op", "year"),
    [
        ("For the years 1965 and later, test whether sr differs between OPEC and non-OPEC countries with a "
         "two-sided Mann-Whitney U test (alpha 0.05).", ">=", 1965),
        ("mean sr for the years 1965 and later", ">=", 1965),
        ("mean gdp in the years 1963 or earlier", "<=", 1963),
        ("Test whether gdp differs by com with a Welch t-test, for the years 1966 onwards.", ">=", 1966),
    ],
)  # fmt: skip
def test_the_years_from_one_on_are_one_open_bound(folder: Path, text: str, op: str, year: int) -> None:
    intent = _read(folder, "nations.csv", text)
    assert [(f.column, f.op, f.value) for f in intent.filters] == [("year", op, year)]


def test_a_german_name_inflected_with_its_value_in_brackets_on_each_side(folder: Path) -> None:
    text = "Unterscheiden sich die Einträge zwischen nicht Freigelassenen (No) und Freigelassenen (Yes)? "
    intent = _read(folder, "released.csv", text + "Mann-Whitney-U-Test, alpha 0,01.")
    assert (intent.operation, intent.group_by) == ("statistical_test", ["Freigelassen"])
    assert [str(g).lower() for g in intent.options["groups"]] in (["no", "yes"], ["false", "true"])
