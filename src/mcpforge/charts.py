"""Charts of answer tables: PNG bytes drawn by mcpforge (matplotlib, headless) from a validated table.

The tool never draws: it returns its answer table, validation checks that table against the reference,
and this module draws exactly that table (``chart_data`` is what is drawn, so tests compare it with the
table). Cell text is data: math-text parsing is off, labels are cut to a readable length, and at most
:data:`MAX_BARS` bars or :data:`MAX_POINTS` points are drawn, with the cut said in the title.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mcpforge.models import ChartSpec, RunArtifacts

MAX_BARS = 40
MAX_POINTS = 2000
_LABEL_CHARS = 30


@dataclass(frozen=True, kw_only=True)
class ChartData:
    """What a chart shows: labels along x and one numeric series per y column."""

    x_label: str
    labels: list[str]
    series: dict[str, list[float]]
    cut: int  # rows left out because of the bar/point limits


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def _table(result: dict[str, Any]) -> tuple[list[str], list[list[Any]]] | None:
    table = result.get("result")
    if not isinstance(table, dict):
        return None
    columns, rows = table.get("columns"), table.get("rows")
    if not isinstance(columns, list) or not isinstance(rows, list) or not rows:
        return None
    return [str(c) for c in columns], [row for row in rows if isinstance(row, list)]


def chart_data(result: dict[str, Any], chart: ChartSpec) -> ChartData | None:
    """The labels and numeric series a chart of ``result``'s answer table shows, or None when none fits.

    The first column whose cells are not all numbers gives the labels (else the first column); every other
    column whose cells are all numbers (or empty) is a series.
    """
    table = _table(result)
    if table is None:
        return None
    columns, rows = table
    numeric = [
        all(_number(row[i]) is not None or row[i] is None for row in rows if i < len(row))
        for i in range(len(columns))
    ]
    label_index = next((i for i, is_number in enumerate(numeric) if not is_number), 0)
    value_indexes = [i for i, is_number in enumerate(numeric) if is_number and i != label_index]
    if not value_indexes:
        return None
    limit = MAX_POINTS if chart.kind == "line" else MAX_BARS
    shown = rows[:limit]
    labels = [str(row[label_index])[:_LABEL_CHARS] if label_index < len(row) else "" for row in shown]
    series = {
        columns[i]: [(_number(row[i]) if i < len(row) else None) or 0.0 for row in shown]
        for i in value_indexes
    }
    return ChartData(x_label=columns[label_index], labels=labels, series=series, cut=len(rows) - len(shown))


def render_png(result: dict[str, Any], chart: ChartSpec) -> bytes | None:
    """PNG bytes of the chart, or None when the answer has no table a chart fits."""
    data = chart_data(result, chart)
    if data is None:
        return None
    import matplotlib as mpl

    mpl.use("Agg")
    from matplotlib.figure import Figure

    with mpl.rc_context({"text.parse_math": False, "text.usetex": False}):
        figure = Figure(figsize=(8, 4.5), dpi=100)
        axes = figure.add_subplot()
        positions = list(range(len(data.labels)))
        if chart.kind == "line":
            for name, values in data.series.items():
                axes.plot(positions, values, marker="o" if len(values) <= 60 else None, label=name)
        else:
            width = 0.8 / len(data.series)
            for index, (name, values) in enumerate(data.series.items()):
                offsets = [p + (index - (len(data.series) - 1) / 2) * width for p in positions]
                axes.bar(offsets, values, width=width, label=name)
        step = max(1, len(positions) // 20)
        axes.set_xticks(positions[::step], data.labels[::step], rotation=45, ha="right")
        axes.set_xlabel(data.x_label)
        if len(data.series) > 1:
            axes.legend()
        else:
            axes.set_ylabel(next(iter(data.series)))
        cut = f" (first {len(positions)} of {len(positions) + data.cut} rows)" if data.cut else ""
        axes.set_title((chart.title or "")[:80] + cut)
        figure.tight_layout()
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png")
    return buffer.getvalue()


CHART_FILE = "chart.png"


def with_chart(artifacts: RunArtifacts, chart: ChartSpec, folder: Path) -> RunArtifacts:
    """``artifacts`` with the chart of its answer saved as ``folder/chart.png`` (or a note why not)."""
    png = render_png(artifacts.result, chart)
    if png is None:
        note = "no chart: the answer has no table with a numeric column to draw"
        limitations = [*artifacts.metadata.get("limitations", []), note]
        return artifacts.model_copy(update={"metadata": {**artifacts.metadata, "limitations": limitations}})
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / CHART_FILE
    path.write_bytes(png)
    return artifacts.model_copy(
        update={"files": [*artifacts.files, str(path)], "artifacts": [*artifacts.artifacts, str(path)]}
    )
