"""Generated test cases by category (requirements 4.4.2): edge, normal and stress.

Fixture files are written into a temporary directory the sandbox may read. Expected outputs come from
the operation's independent reference implementation (trusted catalogue code, run here on the data,
never the generated tool). Stress data is resampled from the person's data, sized by bytes and by the
sandbox's memory (``stress_size``), and cached by the data file's fingerprint (``stress``).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pandas as pd

from mcpforge.config import ValidationConfig
from mcpforge.metrics.functional import ToolTestCase, judge_output
from mcpforge.pipeline._paths import part_arguments
from mcpforge.pipeline.validation.reference_read import ReferenceRead, read_for_reference
from mcpforge.pipeline.validation.stress import stress_data
from mcpforge.pipeline.validation.stress_size import StressSize
from mcpforge.runtime import (
    read_data_as_text,
)
from mcpforge.runtime._settings import reading_from

logger = logging.getLogger(__name__)

Reference = Callable[[pd.DataFrame, dict[str, Any]], Any]
# Error types a tool raises on purpose for bad input: the message is written for a person.
CLEAR_ERRORS = frozenset(
    {"DataError", "ColumnNotFoundError", "InvalidArgumentError", "ResourceLimitError", "UserError"}
)
# An empty file may also stop a plain pandas tool with pandas' own "No columns to parse from file": as
# clear about the data as DataError, so a hand-written `pd.read_csv` tool passes that case too.
EMPTY_FILE_ERRORS = CLEAR_ERRORS | {"EmptyDataError"}
SAMPLE_ROWS = 5_000
INLINE_ROWS = 50
FILE_PARAMETER = "file_path"
PERSON_DATA_CASE = "normal_person_data"
DEFAULT_CACHE_BYTES = ValidationConfig().stress_cache_max_mb * 1024 * 1024


@dataclass(frozen=True, kw_only=True)
class PlannedCase:
    """A test case plus how to recreate its fixture and which clear errors also count as passing."""

    case: ToolTestCase
    fixture: str | None = None
    """CSV text of a small fixture (recorded into tests.py); None for the person's data and stress data."""
    accept_errors: frozenset[str] = frozenset()
    file_parameter: str | None = None
    """The argument that names the case's data file (None when the tool reads no file)."""

    @property
    def name(self) -> str:
        return self.case.name

    @property
    def category(self) -> str:
        return self.case.category

    def judge(self, outcome: Any) -> dict[str, Any]:
        """The result record of this case for a sandbox outcome."""
        if not outcome.ok and outcome.error_type in self.accept_errors:
            return {
                "test_id": self.name,
                "category": self.category,
                "passed": True,
                "error": f"{outcome.error_type}: {outcome.error}",
            }
        try:
            record = judge_output(self.case, outcome)
        except (ValueError, TypeError) as exc:  # a comparison that cannot be made is a failed check
            return {
                "test_id": self.name,
                "category": self.category,
                "passed": False,
                "error": f"output could not be compared: {type(exc).__name__}: {exc}",
            }
        if not outcome.ok and outcome.error_line:
            record["line"] = outcome.error_line
        return record


@dataclass(frozen=True, kw_only=True)
class SuitePlan:
    """Everything one validation needs: fixtures on disk, the edge and normal cases, read paths.

    The cases' expected values come from the reference implementation, which takes longer than
    writing the fixtures; ``pending`` names the cases still without theirs, and :meth:`resolved`
    computes them. The sandbox batch needs only the arguments, so it starts before they are known.
    """

    quick: list[PlannedCase]
    read_paths: list[Path]
    logs: list[str] = field(default_factory=list)
    reference: Reference | None = None
    reference_columns: tuple[str, ...] | None = None
    """The only columns the reference reads (None: every column)."""
    reference_read: ReferenceRead | None = None
    """The person's data already being read for the reference (None: read it when needed)."""
    pending: frozenset[str] = frozenset()
    """Names of the cases whose expected value the reference still has to compute."""

    def resolved(self) -> SuitePlan:
        """This plan with every pending expected value computed (a reference failure is logged)."""
        if not self.pending:
            return self
        logs = list(self.logs)
        quick = []
        for planned in self.quick:
            if planned.name not in self.pending or planned.file_parameter is None:
                quick.append(planned)
                continue
            path = Path(planned.case.arguments[planned.file_parameter])
            expected = _expected(
                self.reference,
                path,
                dict(planned.case.arguments),
                logs,
                columns=self.reference_columns,
                person_data=planned.name == PERSON_DATA_CASE,
                preread=self.reference_read,
            )
            if expected is REFUSED_BY_REFERENCE:
                # The reference itself stops on this fixture with a clear argument error (a period the cut
                # does not hold): the tool stopping with the same error passes.
                quick.append(replace(planned, accept_errors=planned.accept_errors | {"InvalidArgumentError"}))
                continue
            quick.append(replace(planned, case=replace(planned.case, expected=expected)))
        return replace(self, quick=quick, logs=logs, pending=frozenset())


def runtime_roots(paths: Sequence[Path]) -> AbstractContextManager[None]:
    """Let the runtime loader read ``paths`` in this thread for the duration (reference runs)."""
    return reading_from(paths)


def read_raw(
    path: Path, *, nrows: int | None = SAMPLE_ROWS, sheet: str | None = None, table: str | None = None
) -> pd.DataFrame:
    """The data as text cells as written (fixtures are cut from it), read by the loader tools use.

    Any supported kind of file (Excel, Parquet, JSON, SQLite, text in any delimiter/encoding) gives text
    cells that a comma-separated fixture reproduces, decimal commas already turned into points.
    """
    with runtime_roots([path.parent]):
        return read_data_as_text(str(path), nrows=nrows, sheet=sheet, table=table)


def _to_csv(df: pd.DataFrame) -> str:
    return str(df.to_csv(index=False, lineterminator="\n"))


def reference_table(value: Any) -> Any:
    """A reference output in a JSON-friendly form (``{"columns", "rows"}`` for tables)."""
    if isinstance(value, pd.Series):
        value = value.reset_index()
    if isinstance(value, pd.DataFrame):
        frame = value.reset_index() if not isinstance(value.index, pd.RangeIndex) else value
        rows = frame.astype(object).where(frame.notna(), None).values.tolist()
        return {"columns": [str(c) for c in frame.columns], "rows": rows}
    return value


REFUSED_BY_REFERENCE: Any = object()
"""What :func:`_expected` gives for a fixture the reference stops on with an argument error."""


def _expected(
    reference: Reference | None,
    path: Path,
    arguments: dict[str, Any],
    logs: list[str],
    *,
    columns: Sequence[str] | None = None,
    person_data: bool = False,
    preread: ReferenceRead | None = None,
) -> Any:
    """The reference's answer on ``path`` for ``arguments`` (None when it could not run, logged), or
    REFUSED_BY_REFERENCE when it stops on a small fixture with InvalidArgumentError (periods the fixture
    does not hold). One read and one run of the reference per fixture serve both answers."""
    if reference is None:
        return None
    from mcpforge.exceptions import InvalidArgumentError

    try:
        part = part_arguments(arguments)
        if preread is not None and not part and preread.serves(path, columns):
            df = preread.frame.result()
        else:
            df = read_for_reference(path, columns, sheet=part.get("sheet"), table=part.get("table"))
        return reference_table(reference(df, arguments))
    except Exception as exc:
        if isinstance(exc, InvalidArgumentError) and not person_data:
            return REFUSED_BY_REFERENCE
        line = f"reference could not run on {path.name!r}: {type(exc).__name__}: {exc}"
        # Without the reference the answer on the person's data is only known to run, not to be right:
        # the presentation shows warnings, so the person is not told more than was checked.
        logs.append(
            f"warning: the answer was not checked against the reference: {line}" if person_data else line
        )
        return None


def read_sample(path: Path, sheet: str | None = None, table: str | None = None) -> pd.DataFrame:
    """The first rows of ``path`` as text: what fixtures are cut from and stress data is resampled from.

    Read once per version of the file (path, size, modification time): the test planning and the
    stress batch, which start at the same time, share it. Callers must not change the frame in place.
    """
    info = path.stat()
    return _cached_sample(path.resolve(), info.st_size, info.st_mtime_ns, sheet, table)


@functools.lru_cache(maxsize=8)
def _cached_sample(
    path: Path, _size: int, _mtime_ns: int, sheet: str | None, table: str | None
) -> pd.DataFrame:
    return read_raw(path, nrows=SAMPLE_ROWS, sheet=sheet, table=table)


def stress_file(data_path: Path, rows: int, *, max_bytes: int = DEFAULT_CACHE_BYTES) -> Path:
    """A CSV of ``rows`` rows resampled from ``data_path`` (cached by the file's fingerprint).

    The file is not protected from eviction once this returns; a run that reads it uses
    :func:`stress_data` for the duration instead.
    """
    with stress_data(read_sample, data_path, rows, max_bytes=max_bytes) as path:
        return path


def stress_case(path: Path, arguments: dict[str, Any], file_parameter: str) -> PlannedCase:
    """The stress case: the request's call on the stress data; it passes when the tool answers in time."""
    # Resampled data repeats rows: a tool that needs one row per period stops with a clear argument error.
    return _case(
        "stress_large",
        "stress",
        path,
        arguments,
        file_parameter,
        expected_rows=None,
        accept=frozenset({"InvalidArgumentError"}),
    )


def stress_log(path: Path, size: StressSize) -> str:
    """The log line that says what the stress test ran on (``summary_line`` shows it to people)."""
    return f"{size.describe()}, resampled from the data into {path.name}"


def _write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def plan_suite(
    *,
    fixture_dir: Path,
    data_path: Path | None,
    arguments: dict[str, Any],
    reference: Reference | None = None,
    key_columns: Sequence[str] = (),
    used_columns: Sequence[str] = (),
    reference_columns: Sequence[str] | None = None,
    reference_read: ReferenceRead | None = None,
    file_parameter: str | None = FILE_PARAMETER,
) -> SuitePlan:
    """Write the fixtures into ``fixture_dir`` and plan the edge and normal cases.

    Expected values are left to :meth:`SuitePlan.resolved`, so the sandbox can start meanwhile.

    The stress case is planned apart (:func:`stress_case`): its data is sized and prepared in the
    stress batch's own thread, so that the longest batch starts first.
    """
    logs: list[str] = []
    quick: list[PlannedCase] = []
    read_paths: list[Path] = [fixture_dir]
    if file_parameter is None or data_path is None:
        if file_parameter is None:
            quick.append(
                PlannedCase(case=ToolTestCase(name="normal_defaults", category="normal", arguments=arguments))
            )
            logs.append("tests: the tool reads no file; one call with the given arguments")
        else:
            logs.append("tests: no data file given; only the empty-file edge case runs")
            path = _write(fixture_dir, "empty.csv", "")
            quick.append(
                _case(
                    "edge_empty_file",
                    "edge",
                    path,
                    arguments,
                    file_parameter,
                    expect_error="DataError",
                    fixture="",
                    accept=EMPTY_FILE_ERRORS,
                )
            )
        return SuitePlan(quick=quick, read_paths=read_paths, logs=logs)

    read_paths.append(data_path)
    part = part_arguments(arguments)
    raw = read_sample(data_path, sheet=part.get("sheet"), table=part.get("table"))
    header = _to_csv(raw.iloc[:0])
    sample = raw.head(INLINE_ROWS)

    pending: set[str] = set()

    def add(name: str, category: str, text: str | None, path: Path, **kw: Any) -> None:
        if kw.pop("ref", False) and reference is not None:
            pending.add(name)
        quick.append(_case(name, category, path, arguments, file_parameter, fixture=text, **kw))

    add(
        "edge_empty_file",
        "edge",
        "",
        _write(fixture_dir, "empty.csv", ""),
        expect_error="DataError",
        accept=EMPTY_FILE_ERRORS,
    )
    add(
        "edge_header_only",
        "edge",
        header,
        _write(fixture_dir, "header_only.csv", header),
        accept=CLEAR_ERRORS,
    )
    one = _to_csv(raw.head(1))
    add("edge_one_row", "edge", one, _write(fixture_dir, "one_row.csv", one), ref=True)
    missing = [c for c in used_columns if c in raw.columns]
    if missing:
        text = _to_csv(sample.drop(columns=[missing[0]]))
        add(
            "edge_missing_column",
            "edge",
            text,
            _write(fixture_dir, "missing_column.csv", text),
            expect_error="ColumnNotFoundError",
        )
    keys = [c for c in key_columns if c in raw.columns]
    if keys:
        nulled = sample.copy()
        nulled.loc[nulled.index[::4], keys[0]] = ""
        text = _to_csv(nulled)
        add("edge_null_keys", "edge", text, _write(fixture_dir, "null_keys.csv", text), ref=True)
    add(PERSON_DATA_CASE, "normal", None, data_path, ref=True)
    perturbed = raw.sample(frac=0.9, random_state=11) if len(raw) > 1 else raw
    perturbed_path = _write(fixture_dir, "perturbed.csv", _to_csv(perturbed))
    add("normal_perturbed", "normal", None, perturbed_path, ref=True)
    inline = _to_csv(perturbed.head(INLINE_ROWS))
    sample_path = _write(fixture_dir, "sample.csv", inline)
    add("normal_sample", "normal", inline, sample_path, ref=True)
    split = _group_size_split(perturbed.head(INLINE_ROWS), keys, arguments)
    if split is not None and reference is not None:  # some groups kept, some dropped: the condition checked
        pending.add("normal_group_size_split")
        quick.append(_case("normal_group_size_split", "normal", sample_path, {**arguments, **split},
                           file_parameter, fixture=inline))  # fmt: skip
    return SuitePlan(
        quick=quick,
        read_paths=read_paths,
        logs=logs,
        reference=reference,
        reference_columns=None if reference_columns is None else tuple(reference_columns),
        reference_read=reference_read,
        pending=frozenset(pending),
    )


def _group_size_split(
    sample: pd.DataFrame, keys: list[str], arguments: dict[str, Any]
) -> dict[str, Any] | None:
    """A group-size condition (``group_size_op``/``group_size_value``) that keeps some groups of the
    sample and drops others, so the case compares the tool's choice of groups with the reference's; None
    when the tool has no such condition or the sample's groups are all one size."""
    if "group_size_value" not in arguments or not keys or sample.empty:
        return None
    sizes = sorted(set(sample.groupby(keys, dropna=False, sort=False).size().tolist()))
    if len(sizes) < 2:  # one size kept and one dropped at least
        return None
    return {"group_size_op": ">=", "group_size_value": float(sizes[len(sizes) // 2])}


def _case(
    name: str,
    category: Any,
    path: Path,
    arguments: dict[str, Any],
    file_parameter: str,
    *,
    fixture: str | None = None,
    expected: Any = None,
    expect_error: str | None = None,
    accept: frozenset[str] = frozenset(),
    expected_rows: int | None = None,
) -> PlannedCase:
    args = {**arguments, file_parameter: str(path)}
    case = ToolTestCase(
        name=name,
        category=category,
        arguments=args,
        expected=expected,
        expect_error=expect_error,
        expected_rows=expected_rows,
    )
    return PlannedCase(case=case, fixture=fixture, accept_errors=accept, file_parameter=file_parameter)
