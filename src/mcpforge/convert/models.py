"""The data of a conversion: what analysis found (it crosses the sandbox boundary, so pydantic),
the tool plans, sample outcomes and the report."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

FailureCategory = Literal[
    "import_error",
    "unsupported_type",
    "invalid_sample",
    "library_exception",
    "timeout",
    "non_serializable",
    "needs_network_or_data",
    "server_crash",
]
# How the library got into its environment; no path runs its build or install code on the host.
InstallMethod = Literal[
    "installed from wheels",
    "built from source in the sandbox",
    "used in place",
    "used in place, its requirements installed from wheels",
    "used in place, only the requirements its code imports installed",
]


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore")


class ApiParam(_Model):
    """One parameter as the sandboxed analysis saw it."""

    name: str
    kind: str = Field(description="inspect.Parameter kind name, e.g. POSITIONAL_OR_KEYWORD")
    type: dict[str, Any] = Field(
        default_factory=lambda: {"kind": "any"}, description="type tree of the annotation"
    )
    default: dict[str, Any] = Field(default_factory=lambda: {"present": False})
    doc_type: str = ""
    doc: str = ""


class ApiCallable(_Model):
    """A public function, class or method of the library."""

    public_path: str
    module: str = ""
    kind: Literal["function", "class", "method"]
    owner: str | None = None
    summary: str = ""
    doc: str = ""
    examples: list[str] = Field(default_factory=list)
    example_outputs: dict[str, str] = Field(
        default_factory=dict, description="doctest statement → the output its docstring shows"
    )
    factory_of: str | None = Field(default=None, description="the class a from_* factory builds")
    bound_to: str | None = Field(
        default=None,
        description="the module-level object (``kebab = Case(...)``) whose call or method this is",
    )
    instances: dict[str, str] = Field(
        default_factory=dict,
        description="ready-made instances of a class (``Geodesic.WGS84``): name → ``module:attr`` target",
    )
    returns_doc: str = ""
    deprecated: str = Field(
        default="",
        description="why the callable itself is deprecated: decorator, warning on every call, docstring",
    )
    params: list[ApiParam] = Field(default_factory=list)
    returns: dict[str, Any] = Field(default_factory=lambda: {"kind": "any"})
    error: str | None = None
    methods: list[ApiCallable] = Field(default_factory=list)


class Analysis(_Model):
    """``analysis.json``: the public API of the library."""

    package: str
    version: str | None = None
    modules: list[str] = Field(default_factory=list)
    module_errors: dict[str, str] = Field(default_factory=dict)
    callables: list[ApiCallable] = Field(default_factory=list)
    import_error: str | None = None
    seconds: float = 0.0
    prominence: dict[str, Any] = Field(
        default_factory=dict,
        description="top_level names, readme_rank / readme_calls / usage_calls by short name",
    )


class SkippedCallable(_Model):
    """A callable that did not become a tool, and why."""

    public_path: str
    reason: str
    category: str = "unsupported_type"


class CallAttempt(_Model):
    """One sample call made by the run step."""

    tool: str
    source: str = Field(description="where the arguments came from: example, defaults, types, chain")
    arguments: dict[str, Any]
    steps: list[dict[str, Any]] = Field(
        default_factory=list, description="the sample's calls, with $ref bindings"
    )
    ok: bool
    result: Any = None
    error: str | None = None
    category: FailureCategory | None = None
    seconds: float = 0.0


class ToolOutcome(_Model):
    """What the run, review and fix steps concluded for one tool."""

    tool: str
    public_path: str
    passed: bool
    attempts: list[CallAttempt] = Field(default_factory=list)
    category: FailureCategory | None = None
    dropped_reason: str | None = None
    fixes: list[str] = Field(default_factory=list)


class ConversionReport(_Model):
    """``report.json``."""

    source: str
    service: str
    library: str
    version: str | None
    status: Literal["STAGED", "GENERATED", "FAILED"]
    stopped_at: str | None = None
    stop_reason: str | None = None
    stop_category: str | None = None
    out_dir: str | None = None
    candidate_id: str | None = None
    engine: str = "rules"
    install: InstallMethod | None = Field(
        default=None,
        description="how the library was installed: wheels only on the host, built into a wheel in the "
        "sandbox first, or a plain package folder used in place (its requirements.txt installed from wheels)",
    )
    install_note: str = Field(
        default="", description="requirements left out of the install, and why (a failed declared list)"
    )
    tools_generated: int = 0
    tools_listed: int = 0
    tools_passed: int = 0
    skipped: list[SkippedCallable] = Field(default_factory=list)
    outcomes: list[ToolOutcome] = Field(default_factory=list)
    failures_by_category: dict[str, int] = Field(default_factory=dict)
    timings: dict[str, float] = Field(default_factory=dict)
