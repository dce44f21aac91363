"""Wrong answers of blind5, run once (issue 25): rows of a panel counted for a noun the file does not hold,
and a Spanish "count the outliers" that listed them.

"On average, how many employees did IBM have?" over firm-years answered 20 (IBM's years), and "¿Cuántas
armas hay en cada estado?" over state-years counted each state's years. A noun that names neither the rows,
nor a column, nor the period is refused over a panel; the rows, the period, a column and any file that is
not a panel still answer. "Cuenta los valores atípicos" is the number of outliers, checked against pandas.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mcpforge.catalogue import get_operation
from mcpforge.catalogue.base import frame_to_table
from mcpforge.exceptions import UnmappableRequestError
from mcpforge.pipeline.intent import DatasetSchema, extract_intent
from mcpforge.runtime import load_csv_data_with_types

FIRMS = ["IBM", "GE", "Chrysler", "Westinghouse", "US Steel"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("panel")
    rows = [
        {
            "firm": f,
            "year": y,
            "invest": 10.0 * k + (y - 1935) * 1.5 + (k * y) % 7,
            "value": 100.0 + k * y % 13,
        }
        for k, f in enumerate(FIRMS)
        for y in range(1935, 1955)
    ]
    pd.DataFrame(rows).to_csv(root / "grunfeld.csv", index=False)
    staff = [{"name": f"p{i}", "department": ["Sales", "IT"][i % 2], "salary": 1000 + i} for i in range(40)]
    pd.DataFrame(staff).to_csv(root / "staff.csv", index=False)
    density = [1.0 + (i % 17) * 0.1 for i in range(200)] + [50.0, 60.0, 75.0, -40.0]
    states = [{"Estado": f"E{i % 51}", "Año": 1977 + i // 51, "Densidad": d} for i, d in enumerate(density)]
    pd.DataFrame(states).to_csv(root / "armas.csv", index=False)
    return root


@pytest.fixture(autouse=True)
def _in_the_data_folder(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(folder)  # the reference loader reads only under the working directory


@pytest.mark.parametrize(
    ("file", "request_text", "noun"),
    [
        ("grunfeld.csv", "On average, how many employees did IBM have?", "employees"),
        ("grunfeld.csv", "How many employees per firm?", "employees"),
        ("armas.csv", "¿Cuántas armas hay en cada estado?", "armas"),
    ],
)
def test_a_panels_rows_are_never_counted_for_a_noun_the_file_lacks(
    folder: Path, file: str, request_text: str, noun: str
) -> None:
    schema = DatasetSchema.from_file(folder / file)
    with pytest.raises(UnmappableRequestError, match=f"'{noun}' names nothing in the file"):
        extract_intent(request_text, schema)


def test_the_rows_the_period_and_other_files_still_count(folder: Path) -> None:
    panel = DatasetSchema.from_file(folder / "grunfeld.csv")
    assert extract_intent("how many rows are there for IBM?", panel).metrics[0].func == "count"
    assert extract_intent("number of observations per firm", panel).group_by == ["firm"]
    staff = DatasetSchema.from_file(folder / "staff.csv")  # one row per person: not a panel
    assert extract_intent("how many employees per department?", staff).group_by == ["department"]


@pytest.mark.parametrize(
    "request_text",
    [
        "Cuenta los valores atípicos de Densidad con la regla de 1,5 veces el rango intercuartílico.",
        "Count the outliers of Densidad by the 1.5 * IQR rule.",
    ],
)
def test_counting_the_outliers_in_spanish_gives_their_number(folder: Path, request_text: str) -> None:
    path = folder / "armas.csv"
    intent = extract_intent(request_text, DatasetSchema.from_file(path))
    assert intent.options.get("count") is True
    values = pd.read_csv(path)["Densidad"]
    q1, q3 = values.quantile(0.25), values.quantile(0.75)
    fence = 1.5 * (q3 - q1)
    expected = int(((values < q1 - fence) | (values > q3 + fence)).sum())
    operation = get_operation(intent.operation)
    table = frame_to_table(
        operation.reference(load_csv_data_with_types(str(path)), operation.render(intent).arguments)
    )
    assert expected in [cell for row in table["rows"] for cell in row]
