"""A time column named by the recording of the row: "survey year", "reporting month" (issue 25).

A word before a time column may name another time ("birth year", "fiscal year": asked, by
``described_names``). A word for the act of recording the row itself (a survey, an observation, a report,
an interview, a measurement) names the time each row was taken, which a plain time column holds: "survey
year 2000" on a file whose ``year`` is the survey wave is ``year == 2000``, even when the file also has a
``birthyear``. The word is read with the column and said in the reading; a word that is itself a column
or a value of the file keeps that reading.
"""

from __future__ import annotations

from mcpforge import _lazy_re as re
from mcpforge.pipeline.intent.time.periods import names_a_period
from mcpforge.pipeline.intent.time.year_columns import year_columns
from mcpforge.pipeline.intent.time.year_occasions import year_occasions
from mcpforge.pipeline.intent.words import ColumnResolver
from mcpforge.pipeline.schema import DatasetSchema

OBSERVATION_WORDS = (
    "survey", "observation", "recording", "record", "reporting", "report", "interview", "measurement",
    "sampling", "wave",
)  # fmt: skip


def observed_times(text: str, schema: DatasetSchema) -> tuple[str, list[str]]:
    """``text`` with "survey year" written as the time column ``year``, and a note each; "the 2016
    survey" written "in 2016" first (``time/year_occasions``), "lw in 1980" written ``lw80`` on a wide
    file (``time/year_columns``)."""
    text, dated = year_occasions(text, ColumnResolver(schema=schema))
    text, named = year_columns(text, ColumnResolver(schema=schema))  # "lw in 1980": the column lw80
    text, notes = _observed_times(text, schema)
    return text, dated + named + notes


def _observed_times(text: str, schema: DatasetSchema) -> tuple[str, list[str]]:
    low = text.lower()
    if not any(word in low for word in OBSERVATION_WORDS):
        return text, []
    times = [info.name for info in schema.columns if info.kind == "datetime" or names_a_period(info.name)]
    taken = {name.lower() for name in schema.column_names}
    taken |= {value.strip().lower() for info in schema.columns for value in info.values}
    words = [word for word in OBSERVATION_WORDS if word in low and word not in taken]
    if not times or not words:
        return text, []
    notes: list[str] = []
    alternatives = "|".join(re.escape(t) for t in times)
    pattern = re.compile(
        rf"(?<![\w-])(?P<word>{'|'.join(words)})\s+(?P<time>{alternatives})(?![\w-])", re.IGNORECASE
    )

    def read(match: re.Match[str]) -> str:
        column = next(t for t in times if t.lower() == match.group("time").lower())
        notes.append(f"{match.group(0)!r} read as the column {column!r} (the time each row was recorded)")
        return match.group("time")

    return pattern.sub(read, text), notes
