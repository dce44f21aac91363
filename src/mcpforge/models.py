"""The data models of the requirements (section 3.1) and the tool lifecycle.

Field names follow the requirements so a reader of them finds each field here. Fields that mcpforge adds
beyond the requirements are optional and documented with ``Field(description=...)``.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from mcpforge.exceptions import IllegalTransitionError


def utc_now() -> str:
    """Current time as an ISO-8601 string in UTC, the one timestamp format mcpforge writes."""
    return datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


def sha256_text(text: str) -> str:
    """Hex sha256 of UTF-8 text; used for spec_hash and code_hash."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class ToolStatus(str, Enum):  # noqa: UP042 - the requirements define it as a str Enum
    """Where a tool is in its lifecycle."""

    DRAFT = "DRAFT"
    STAGED = "STAGED"
    APPROVED = "APPROVED"
    REJECTED = "REJECTED"
    PROMOTED = "PROMOTED"


ALLOWED_TRANSITIONS: dict[ToolStatus, frozenset[ToolStatus]] = {
    ToolStatus.DRAFT: frozenset({ToolStatus.STAGED, ToolStatus.REJECTED}),
    ToolStatus.STAGED: frozenset({ToolStatus.APPROVED, ToolStatus.REJECTED}),
    ToolStatus.APPROVED: frozenset({ToolStatus.PROMOTED}),
    ToolStatus.REJECTED: frozenset(),
    ToolStatus.PROMOTED: frozenset(),
}


def check_transition(tool_id: str, current: ToolStatus, target: ToolStatus) -> None:
    """Raise IllegalTransitionError unless ``current -> target`` is a lifecycle edge."""
    if target not in ALLOWED_TRANSITIONS[current]:
        raise IllegalTransitionError(tool_id, current.value, target.value)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class FunctionalCorrectnessMetrics(_Model):
    """Measures how well the generated code performs the intended task."""

    reference_solution_similarity: float | None = None
    test_cases_passed: int
    test_cases_total: int
    test_case_pass_rate: float
    correctness_score: float
    test_results: list[dict[str, Any]]


class SemanticClosenessMetrics(_Model):
    """CodeBLEU: multi-level code similarity."""

    ngram_match_score: float
    ngram_precision: dict[int, float]
    weighted_ngram_score: float
    keyword_weights: dict[str, float]
    ast_match_score: float
    ast_node_overlap: float
    ast_depth_similarity: float
    dataflow_match_score: float
    variable_flow_similarity: float
    dependency_graph_similarity: float
    code_bleu_score: float
    weights: dict[str, float] = Field(
        default_factory=lambda: {"ngram": 0.25, "weighted_ngram": 0.25, "ast": 0.25, "dataflow": 0.25}
    )
    standard_code_bleu: float | None = Field(
        default=None, description="CodeBLEU of the `codebleu` package, for comparison only (optional extra)"
    )
    reference: str | None = Field(
        default=None, description="What the code was compared with, e.g. a catalogue reference function"
    )


class CodeMetrics(_Model):
    """Code quality and correctness metrics of one candidate."""

    functional_correctness: FunctionalCorrectnessMetrics
    pass_at_k: dict[int, float]
    test_pass_rate: float
    semantic_closeness: SemanticClosenessMetrics | None = Field(
        default=None, description="None while CodeBLEU is still being computed in the background"
    )
    overall_score: float
    quality_tier: Literal["excellent", "good", "acceptable", "needs_improvement", "poor"] | None = None
    category_pass_rates: dict[str, float] = Field(default_factory=dict)


class RepairRound(_Model):
    """One round of the repair loop and what it changed."""

    iteration: int
    diagnostics: list[str]
    overall_score_before: float | None = None
    overall_score_after: float | None = None
    test_pass_rate_delta: float | None = None
    passed: bool


class ValidationReport(_Model):
    """Outcome of the validation gates of one candidate."""

    schema_ok: bool
    tests_ok: bool
    sandbox_ok: bool
    logs: list[str]
    errors: list[str] | None = None
    code_metrics: CodeMetrics | None = None
    static_ok: bool | None = Field(default=None, description="ruff and mypy passed")
    security_ok: bool | None = Field(default=None, description="the AST policy passed")
    sandbox_backend: str | None = Field(default=None, description="isolation backend that ran the tests")
    repair_rounds: list[RepairRound] = Field(default_factory=list)
    duration_ms: float | None = None


class RunArtifacts(_Model):
    """What a staged run of a tool on the person's data produced."""

    result: dict[str, Any]
    outputs: dict[str, Any]
    summary_markdown: str | None = None
    files: list[str]
    sample_rows: list[dict[str, Any]] | None = None
    artifacts: list[str] = Field(default_factory=list)
    execution_time_ms: float
    rows_processed: int | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)


class UserFeedback(_Model):
    """A person's answer to one of the two review questions."""

    decision: str = Field(description="APPROVED | REJECTED | PENDING | OUTPUT_ACCEPTED | OUTPUT_REJECTED")
    notes: str | None = None
    timestamp: str
    stage: Literal["output", "registration"] | None = None
    issues: list[str] = Field(default_factory=list, description="issue labels extracted from the notes")


ChartKind = Literal["bar", "line", "histogram"]


class ChartSpec(_Model):
    """A chart of a tool's answer table, drawn by mcpforge from the validated table (never by the tool)."""

    kind: ChartKind = Field(
        description="bar (a value per group), line (over time), histogram (binned counts)"
    )
    title: str = Field(default="", description="the chart's title")


class ToolSpec(_Model):
    """The contract of a tool, written before its code."""

    tool_name: str
    description: str
    input_schema: dict[str, Any]
    output_schema: dict[str, Any]
    parameters: list[dict[str, Any]]
    return_type: str
    when_to_use: str
    what_it_does: str
    returns: str
    prerequisites: str
    assumptions: list[str] = Field(default_factory=list)
    limitations: list[str] = Field(default_factory=list)
    chart: ChartSpec | None = Field(default=None, description="a chart of the answer table, when asked for")

    def spec_hash(self) -> str:
        """sha256 of the canonical spec.json text."""
        return sha256_text(self.to_json())

    def to_json(self) -> str:
        """The canonical spec.json text (sorted keys, two-space indent, trailing newline)."""
        # A spec without a chart keeps the spec.json text (and hash) it had before charts existed.
        return self.model_dump_json(indent=2, exclude={"chart"} if self.chart is None else None) + "\n"


class ToolCandidate(_Model):
    """A generated or hand-written tool on its way through the lifecycle."""

    tool_id: str
    version: str = "1.0.0"
    spec: ToolSpec
    package_path: str
    code_hash: str
    spec_hash: str
    status: ToolStatus = ToolStatus.DRAFT
    validation_report: ValidationReport | None = None
    run_artifacts: RunArtifacts | None = None
    user_feedback: UserFeedback | None = None
    created_at: str
    created_by: str
    dependencies: list[str] = Field(default_factory=list)
    intent: dict[str, Any] | None = Field(default=None, description="the Intent that produced this tool")
    run_arguments: dict[str, Any] | None = Field(default=None, description="arguments of the staged run")
    data_key: dict[str, str] | None = Field(
        default=None, description="the data validated on: path, sheet/table and fingerprint (twin check)"
    )
    requested_by: str | None = Field(
        default=None,
        description="whose request this answers when not the actor that staged it: a candidate regenerated "
        "from a reviewer's rejection note keeps its original requester (review.separate_reviewer)",
    )

    @property
    def candidate_id(self) -> str:
        """Directory name under staging/candidates: ``<tool_id>_<version>``."""
        return f"{self.tool_id}_{self.version}"


class Filter(_Model):
    """One row filter of an analysis: ``column op value``."""

    column: str
    op: Literal[
        "==", "!=", ">", ">=", "<", "<=", "in", "not in", "contains", "between", "is null", "not null"
    ]
    value: Any = None


class Aggregation(_Model):
    """One metric: an aggregation function over a column (``count`` may have no column)."""

    column: str | None = None
    # pstd: the population standard deviation (ddof=0), when the request asks for it (issue 16);
    # cv: the coefficient of variation, sample standard deviation / mean (issue 25);
    # var: the sample variance (ddof=1, pandas' default), pvar: the population variance (ddof=0) (issue 25)
    func: Literal[
        "count", "sum", "mean", "median", "min", "max", "std", "nunique", "pstd", "cv", "var", "pvar"
    ]  # fmt: skip


class DerivedColumn(_Model):
    """A column computed from a safe arithmetic expression over other columns."""

    name: str
    expression: str


class PreparationStep(_Model):
    """One data-preparation step run before the analysis, in the order the request states them.

    ``drop_missing``: drop rows missing any of ``columns`` (all columns when empty). ``fill_missing``:
    fill missing cells of ``columns`` with their ``strategy`` (mean / median / mode) or with ``value``.
    ``deduplicate``: drop repeated rows (judged on ``columns``, or whole rows). ``bin``: replace nothing,
    add ``<column>_bin`` with ``bins`` equal-width ranges (``strategy`` "width") or quantiles ("quantile").
    ``normalize``: rescale ``columns`` in place, min-max to [0, 1] ("minmax") or to z-scores ("zscore").
    ``drop_outliers``: drop the rows whose one column lies outside ``value`` x IQR beyond the quartiles
    ("iqr") or has |z| > ``value`` (sample standard deviation, "zscore"); rows missing it go too.
    ``clip``: cap ``columns`` at their own quantiles ``value`` = [low, high] (fractions; None: that side
    uncapped). ``transform``: replace ``columns`` in place by their ``strategy`` (log / log10 / log2 / sqrt).
    ``relative``: add ``<column> minus <threshold>``, the first column less ``value`` x its mean / median,
    its ``value`` quantile ("quantile") or its mean + ``value`` sample sd ("zscore"), within each group of the
    other ``columns`` (over all rows when none); see intent/analysis/relative_thresholds.py.
    """

    kind: Literal[
        "drop_missing", "fill_missing", "deduplicate", "bin", "normalize", "drop_outliers", "clip",
        "transform", "relative",
    ]  # fmt: skip
    columns: list[str] = Field(default_factory=list)
    strategy: Literal[
        "mean", "median", "mode", "value", "width", "quantile", "minmax", "zscore", "iqr", "log", "log10",
        "log2", "sqrt",
    ] | None = None  # fmt: skip
    value: Any = None
    bins: int | None = None


class AnalysisMethod(_Model):
    """How the request says to compute: method sentences read out of the request, never column names."""

    round_digits: int | None = Field(default=None, description="round numeric answers to this many decimals")
    significance: float | None = Field(default=None, description="alpha of a test (0.05 when unsaid)")
    population: bool | None = Field(default=None, description="True: population (ddof=0) statistics")
    correlation_method: Literal["pearson", "spearman", "kendall"] | None = None
    outlier_rule: Literal["zscore", "iqr"] | None = None
    outlier_threshold: float | None = None


class Intent(_Model):
    """What a request asks for, mapped onto the dataset's real columns."""

    request: str = Field(description="the request as the person wrote it")
    operation: str = Field(description="catalogue operation name, or 'custom' when no template covers it")
    group_by: list[str] = Field(default_factory=list)
    columns: list[str] = Field(default_factory=list, description="columns the operation reads besides keys")
    metrics: list[Aggregation] = Field(default_factory=list)
    filters: list[Filter] = Field(default_factory=list)
    derived: list[DerivedColumn] = Field(default_factory=list)
    top_n: int | None = None
    sort_descending: bool = True
    time_column: str | None = None
    time_grain: Literal["day", "week", "month", "quarter", "year", "weekday", "hour"] | None = None
    as_percentage: bool = False
    options: dict[str, Any] = Field(default_factory=dict, description="operation-specific settings")
    output_format: Literal["markdown", "json", "csv"] = "markdown"
    data_source: str | None = None
    sheet: str | None = Field(
        default=None, description="the sheet of the .xlsx workbook the data is read from"
    )
    table: str | None = Field(default=None, description="the table of the SQLite file the data is read from")
    notes: list[str] = Field(default_factory=list, description="what the parser assumed, for the person")
    chart: ChartKind | None = Field(default=None, description="the person asked to see the answer drawn")
    # Issue 16 (analysis breadth): preparation steps and method sentences; defaults keep older intents valid.
    preparation: list[PreparationStep] = Field(
        default_factory=list, description="preparation steps run in order after derived columns"
    )
    method: AnalysisMethod = Field(default_factory=AnalysisMethod, description="method instructions")
    unused_words: list[str] = Field(
        default_factory=list,
        description="words of the request the reading leaves unused because they cannot change the "
        "numbers (instructions, tool names, verbs restating the question, question numbering); the reading "
        "names them",
    )
