"""Configuration: ``mcpforge.yaml``, then ``MCPFORGE_*`` environment variables, then CLI flags.

Keys follow the requirements (section 5.5) plus the security limits of section 8.1 and the sandbox.
Nested keys are overridden from the environment with a double underscore:
``MCPFORGE_VALIDATION__SANDBOX_TIMEOUT_SECONDS=10``. A few common ones have short forms:
``MCPFORGE_REGISTRY`` (a folder or a ``postgresql://`` URL), ``MCPFORGE_REGISTRY_URL``,
``MCPFORGE_BLOB_STORE`` and ``MCPFORGE_BLOB_ENDPOINT`` (a PostgreSQL registry's files in S3),
``MCPFORGE_ENGINE``, ``MCPFORGE_MODEL``, ``MCPFORGE_BASE_URL``.
"""

# No ``from __future__ import annotations``: pydantic would compile each of the ~100 annotations from
# its string when the models are made, at every start-up.
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mcpforge.exceptions import ConfigError

CONFIG_FILE_NAME = "mcpforge.yaml"
ENV_PREFIX = "MCPFORGE_"
ENV_SHORTCUTS = {
    "MCPFORGE_REGISTRY": ("registry", "root"),
    "MCPFORGE_REGISTRY_URL": ("registry", "url"),
    "MCPFORGE_BLOB_STORE": ("registry", "blob_store"),
    "MCPFORGE_BLOB_ENDPOINT": ("registry", "blob_endpoint"),
    "MCPFORGE_ENGINE": ("llm", "engine"),
    "MCPFORGE_MODEL": ("llm", "model"),
    "MCPFORGE_BASE_URL": ("llm", "base_url"),
    "MCPFORGE_STATELESS": ("server", "stateless"),
    "MCPFORGE_REQUEST_STATE_KEY": ("server", "request_state_key"),
    "MCPFORGE_QUEUE_URL": ("queue", "url"),
    "MCPFORGE_LOG_FORMAT": ("server", "log_format"),
    "MCPFORGE_SEPARATE_REVIEWER": ("review", "separate_reviewer"),
    "MCPFORGE_OIDC_JWKS_URI": ("server", "oidc_jwks_uri"),
    "MCPFORGE_OIDC_ISSUER": ("server", "oidc_issuer"),
    "MCPFORGE_OIDC_AUDIENCE": ("server", "oidc_audience"),
    "MCPFORGE_CONFIG": None,  # names the file itself, handled by load_config
}

DEFAULT_ALLOWED_IMPORTS = [
    "pandas",
    "numpy",
    "json",
    "csv",
    "datetime",
    "re",
    "collections",
    "itertools",
    "functools",
    "math",
    "statistics",
    "typing",
    "dataclasses",
    "pydantic",
    "mcpforge.runtime",
    "decimal",
    "__future__",
    # Statistical tests and models (issue 16); the sandbox, not this list, is the boundary.
    "scipy",
    "statsmodels",
    "sklearn",
]


def _no_names() -> list[str]:
    """An empty list. pydantic reads a default factory's signature, and ``list``'s is parsed from text
    (``inspect`` compiles the tokenizer's patterns for it): a function's is at hand."""
    return []


class _Section(BaseModel):
    # Validators are built at their first use, not at import (a tenth of ``sandbox run``'s start-up):
    # with no setting to read, ``load_config`` builds none. A missing section is its defaults, made as
    # validation makes them (``model_construct``: defaults are not validated), so it builds none either.
    model_config = ConfigDict(extra="forbid", validate_assignment=True, defer_build=True)


class ModelEndpoint(_Section):
    """One model a model engine can use."""

    engine: Literal["rules", "openai", "anthropic", "local", "scripted"] = "rules"
    model: str = ""
    base_url: str | None = None
    api_key_env: str | None = Field(default=None, description="name of the env variable holding the key")
    model_path: str | None = Field(default=None, description="GGUF file for the local engine")


class LLMConfig(ModelEndpoint):
    """Engine choice and generation settings (requirements 5.1.1 and 5.5)."""

    temperature: float = 0.2
    max_tokens: int = 2000
    timeout_seconds: float = 120.0
    max_retries: int = 2
    fallback: ModelEndpoint | None = None


class QualityThresholds(_Section):
    functional_correctness_min: float = 0.90
    test_pass_rate_min: float = 0.95
    code_bleu_min: float = 0.75
    pass_at_5_min: float = 0.90
    overall_quality_min: float = 0.85


class MetricWeights(_Section):
    functional_correctness: float = 0.40
    test_pass_rate: float = 0.30
    code_bleu: float = 0.20
    pass_at_1: float = 0.10


class CodeBleuWeights(_Section):
    ngram: float = 0.25
    weighted_ngram: float = 0.25
    ast: float = 0.25
    dataflow: float = 0.25


class CategoryThresholds(_Section):
    edge: float = 0.95
    normal: float = 0.98
    stress: float = 0.85


class QualityTiers(_Section):
    """Lower bounds of the quality tiers (requirements 4.8).

    Tiers set staging priority and warnings, never promotion.
    """

    excellent: float = 0.90
    good: float = 0.75
    acceptable: float = 0.60


class ValidationConfig(_Section):
    max_repair_iterations: int = 3
    sandbox_timeout_seconds: float = 30.0
    stress_rows: int = Field(
        default=1_000_000,
        ge=0,
        description="the most rows of the stress test (0: no stress test); fewer when the rows are wide "
        "(stress_max_mb) or would not fit in sandbox.memory_mb",
    )
    stress_max_mb: int = Field(
        default=32,
        ge=0,
        description="the most megabytes of CSV the stress test reads; its row count follows from the "
        "data's bytes per row",
    )
    stress_data_factor: int = Field(
        default=100,
        ge=0,
        description="a small file's stress test has at most this many times its rows (never fewer than "
        "100,000 rows); 0: sized by the other bounds only",
    )
    stress_cache_max_mb: int = Field(
        default=512,
        ge=0,
        description="size cap of the stress-data cache; least recently used files beyond it are deleted",
    )
    shared_read_min_mb: int = Field(
        default=64,
        ge=0,
        description="from this file size on, validation parses the person's data once (trusted code, the "
        "columns asked about) for both the reference and the tool's run on it, instead of twice",
    )
    run_static_gate: bool = True
    quality_thresholds: QualityThresholds = Field(default_factory=QualityThresholds.model_construct)
    metric_weights: MetricWeights = Field(default_factory=MetricWeights.model_construct)
    code_bleu_weights: CodeBleuWeights = Field(default_factory=CodeBleuWeights.model_construct)
    category_thresholds: CategoryThresholds = Field(default_factory=CategoryThresholds.model_construct)
    quality_tiers: QualityTiers = Field(default_factory=QualityTiers.model_construct)


class GenerationConfig(_Section):
    samples: int = Field(default=1, description="candidates generated per spec; the best is kept")
    ask_budget_seconds: float = Field(
        default=300.0,
        gt=0,
        description="every ask ends within this many seconds (a slow local model included), with a clear "
        "message and nothing staged",
    )


class RegistryConfig(_Section):
    root: str = "registry"
    url: str | None = None  # a postgresql:// URL (team registry); root stays the local folder
    # A PostgreSQL registry's file contents in an S3-compatible store (s3://bucket/prefix) instead of the
    # database; credentials only from the standard AWS chain, never from this file.
    blob_store: str | None = None
    blob_endpoint: str | None = None  # the store's URL (MinIO, Ceph, ...); unset: AWS S3
    active_path: str | None = None
    staging_path: str | None = None
    archive_path: str | None = None

    def paths(self) -> dict[str, Path]:
        """Resolved active / staging / archive directories."""
        root = Path(self.root)
        return {
            "active": Path(self.active_path) if self.active_path else root / "active",
            "staging": Path(self.staging_path) if self.staging_path else root / "staging",
            "archive": Path(self.archive_path) if self.archive_path else root / "archive",
        }


class FeedbackConfig(_Section):
    output_accept_keywords: list[str] = Field(
        default_factory=lambda: ["yes", "y", "correct", "good", "looks good", "yes looks good", "right"]
    )
    approve_keywords: list[str] = Field(default_factory=lambda: ["approve", "approved"])
    reject_keywords: list[str] = Field(
        default_factory=lambda: ["no", "reject", "rejected", "wrong", "incorrect"]
    )
    disqualifiers: list[str] = Field(
        default_factory=lambda: ["but", "however", "except", "although", "though"]
    )
    default_decision: Literal["REJECTED"] = "REJECTED"
    timeout_seconds: float = 600.0


class ReviewConfig(_Section):
    """Who may approve a staged tool"""

    separate_reviewer: bool = Field(
        default=False,
        description="the identity that requested a tool may not approve it; another reviewer must "
        "(rejecting one's own request stays allowed; MCPFORGE_SEPARATE_REVIEWER)",
    )


class PromotionConfig(_Section):
    require_version_bump: bool = True
    keep_promotion_log: bool = True


class SecurityConfig(_Section):
    allowed_read_paths: list[str] = Field(default_factory=_no_names)
    allowed_write_paths: list[str] = Field(default_factory=_no_names)
    max_dataset_rows: int = 10_000_000
    max_dataset_cols: int = 10_000
    max_memory_mb: int = 4096
    allowed_imports: list[str] = Field(default_factory=lambda: list(DEFAULT_ALLOWED_IMPORTS))


class SandboxConfig(_Section):
    backend: Literal["auto", "bwrap", "unshare", "subprocess"] = "auto"
    allow_weak_fallback: bool = False
    memory_mb: int = 2048
    cpu_seconds: int = 60
    max_processes: int = 64
    max_open_files: int = 256
    max_output_bytes: int = 16 * 1024 * 1024
    max_stdout_bytes: int = 1024 * 1024
    # serve: calls run in children forked from a pre-imported sandbox template when the kernel keeps
    # every guarantee (bwrap, Landlock ABI 6+); false: a fresh sandbox per call (sandbox/warm.py).
    warm_calls: bool = True
    # ask: validation's sandbox batches fork from a per-user resident warm template (sandbox/resident.py),
    # started by the first ask; it exits after resident_idle_seconds without a call. Also off with
    # MCPFORGE_NO_RESIDENT=1 (or warm_calls: false).
    resident: bool = True
    resident_idle_seconds: float = Field(default=600.0, gt=0)
    # serve: a converted service's call answers at most this much JSON, within this time.
    service_max_result_bytes: int = 4 * 1024 * 1024
    service_call_timeout_seconds: float = 120.0


class ServerConfig(_Section):
    """mcpforge serve --http: who may call it, and the names it answers to"""

    tokens_file: str | None = Field(
        default=None,
        description="bearer tokens (name, roles, sha256) HTTP requires; or MCPFORGE_TOKENS, --tokens-file",
    )
    public_names: list[str] = Field(
        default_factory=_no_names,
        description="Host names clients use besides loopback (name or name:port; also --public-name)",
    )
    allowed_origins: list[str] = Field(
        default_factory=_no_names, description="browser origins trusted besides this server's own"
    )
    stateless: bool = Field(
        default=False,
        description="serve --http as a stateless replica: no session ids, any replica answers any request "
        "(MCPFORGE_STATELESS, --stateless)",
    )
    request_state_key: str | None = Field(
        default=None,
        description="secret sealing approval rounds' state, the same on every replica: 32+ bytes, hex "
        "or base64 (MCPFORGE_REQUEST_STATE_KEY)",
    )
    log_format: Literal["text", "json"] = Field(
        default="text",
        description="stderr of serve: text, or json (one object per line with the request id; "
        "MCPFORGE_LOG_FORMAT, --log-format)",
    )
    shutdown_grace_seconds: float = Field(
        default=30.0, ge=0, description="on SIGTERM, how long calls in flight may take before they are cut"
    )
    oidc_jwks_uri: str | None = Field(
        default=None,
        description="JWKS URL of an OAuth 2.1 / OIDC provider whose JWTs identify people "
        "(MCPFORGE_OIDC_JWKS_URI)",
    )
    oidc_public_key: str | None = Field(
        default=None, description="or the provider's PEM public key (the text, or a file holding it)"
    )
    oidc_issuer: str | None = Field(
        default=None, description="the JWTs' required issuer (MCPFORGE_OIDC_ISSUER)"
    )
    oidc_audience: str | None = Field(
        default=None, description="the JWTs' required audience: this server (MCPFORGE_OIDC_AUDIENCE)"
    )
    oidc_name_claim: str = Field(default="preferred_username", description="the claim naming the person")
    oidc_roles_claim: str = Field(
        default="roles", description="the claim listing mcpforge roles (caller, requester, reviewer, admin)"
    )


class QueueConfig(_Section):
    """mcpforge worker: forge requests as jobs on a PostgreSQL-backed queue, off the server's request path"""

    url: str | None = Field(
        default=None,
        description="postgresql:// URL of the job queue; unset: forge requests run in the server "
        "(MCPFORGE_QUEUE_URL)",
    )


class MCPForgeConfig(_Section):
    """The whole configuration; every section has working defaults."""

    llm: LLMConfig = Field(default_factory=LLMConfig.model_construct)
    validation: ValidationConfig = Field(default_factory=ValidationConfig.model_construct)
    generation: GenerationConfig = Field(default_factory=GenerationConfig.model_construct)
    registry: RegistryConfig = Field(default_factory=RegistryConfig.model_construct)
    feedback: FeedbackConfig = Field(default_factory=FeedbackConfig.model_construct)
    review: ReviewConfig = Field(default_factory=ReviewConfig.model_construct)
    promotion: PromotionConfig = Field(default_factory=PromotionConfig.model_construct)
    security: SecurityConfig = Field(default_factory=SecurityConfig.model_construct)
    sandbox: SandboxConfig = Field(default_factory=SandboxConfig.model_construct)
    server: ServerConfig = Field(default_factory=ServerConfig.model_construct)
    queue: QueueConfig = Field(default_factory=QueueConfig.model_construct)


def _coerce_env_value(raw: str) -> Any:
    """Environment values are YAML scalars or flow collections: ``10``, ``true``, ``[a, b]``."""
    import yaml  # only for a setting given in the environment or a file: most commands have neither

    try:
        return yaml.safe_load(raw)
    except yaml.YAMLError:
        return raw


def _set_nested(data: dict[str, Any], keys: tuple[str, ...], value: Any) -> None:
    node = data
    for key in keys[:-1]:
        child = node.setdefault(key, {})
        if not isinstance(child, dict):
            child = {}
            node[key] = child
        node = child
    node[keys[-1]] = value


def _env_overrides(environ: Mapping[str, str]) -> dict[str, Any]:
    overrides: dict[str, Any] = {}
    for name, raw in environ.items():
        if not name.startswith(ENV_PREFIX):
            continue
        if name in ENV_SHORTCUTS:
            target = ENV_SHORTCUTS[name]
            if target is not None:
                _set_nested(overrides, target, raw)
            continue
        if "__" not in name:
            continue
        keys = tuple(part.lower() for part in name[len(ENV_PREFIX) :].split("__"))
        _set_nested(overrides, keys, _coerce_env_value(raw))
    return overrides


def _deep_merge(base: dict[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    merged = dict(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), dict):
            merged[key] = _deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def _parse_yaml(text: str) -> Any:
    """``yaml.safe_load`` through LibYAML when PyYAML has it (a third of the time, read by every command
    in a project folder); a file it refuses is parsed again by the pure-Python parser, whose message
    shows the line and where in it."""
    import yaml

    fast = getattr(yaml, "CSafeLoader", None)
    if fast is not None:
        try:
            return yaml.load(text, Loader=fast)  # LibYAML's SafeLoader: safe_load's constructors
        except yaml.YAMLError:
            pass
    return yaml.safe_load(text)


def find_config_file(start: Path | None = None) -> Path | None:
    """``$MCPFORGE_CONFIG`` if set, else ``mcpforge.yaml`` in the working directory, else None."""
    explicit = os.environ.get("MCPFORGE_CONFIG")
    if explicit:
        return Path(explicit)
    candidate = (start or Path.cwd()) / CONFIG_FILE_NAME
    return candidate if candidate.is_file() else None


def load_config(
    path: Path | None = None,
    *,
    overrides: Mapping[str, Any] | None = None,
    environ: Mapping[str, str] | None = None,
) -> MCPForgeConfig:
    """Load configuration: file, then environment, then ``overrides`` (from CLI flags).

    Raises:
        ConfigError: the file is unreadable, is not a YAML mapping, or holds unknown / invalid keys.
    """
    data: dict[str, Any] = {}
    source = "defaults"
    file_path = path or find_config_file()
    if file_path is not None:
        import yaml

        source = str(file_path)
        try:
            loaded = _parse_yaml(file_path.read_text(encoding="utf-8"))
        except FileNotFoundError as exc:
            raise ConfigError(f"config file {source!r} does not exist", source=source) from exc
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
            raise ConfigError(f"config file {source!r} cannot be read: {exc}", source=source) from exc
        if loaded is None:
            loaded = {}
        if not isinstance(loaded, dict):
            raise ConfigError(f"config file {source!r} must hold a mapping of sections", source=source)
        data = loaded
    data = _deep_merge(data, _env_overrides(os.environ if environ is None else environ))
    if overrides:
        data = _deep_merge(data, overrides)
    if not data:  # no file, variable or flag: the defaults, as validating ``{}`` gives them
        return MCPForgeConfig.model_construct()
    try:
        return MCPForgeConfig.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        key = ".".join(str(part) for part in first["loc"])
        raise ConfigError(
            f"invalid configuration key {key!r} ({source}): {first['msg']}", key=key, source=source
        ) from exc
