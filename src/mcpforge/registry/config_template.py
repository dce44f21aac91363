"""The commented default ``mcpforge.yaml`` that ``mcpforge init`` writes.

The text is generated from :class:`mcpforge.config.MCPForgeConfig`, so it holds every key with its
default value and always loads back through :func:`mcpforge.config.load_config`.
"""

from __future__ import annotations

from typing import Any

import yaml
from pydantic import BaseModel

from mcpforge.config import MCPForgeConfig

HEADER = """\
# mcpforge configuration (every key with its default value).
# Precedence: this file < MCPFORGE_* environment variables < command-line flags.
# Nested keys from the environment use a double underscore, e.g.
#   MCPFORGE_VALIDATION__SANDBOX_TIMEOUT_SECONDS=10   MCPFORGE_REGISTRY=./registry
"""

COMMENTS: dict[str, str] = {
    "llm": "Who writes tools: the offline rules engine (default) or a model engine",
    "llm.engine": "rules | openai | anthropic | local | scripted",
    "llm.model": "model name for the openai / anthropic / local engines",
    "llm.base_url": "OpenAI-compatible endpoint (vLLM, llama.cpp server, Ollama, LM Studio, ...)",
    "llm.temperature": "sampling temperature for code generation",
    "llm.max_tokens": "longest model answer",
    "llm.timeout_seconds": "give up on a model call after this long",
    "llm.max_retries": "retries of a failed model call",
    "llm.fallback": "optional second endpoint (keys as above) used when the first fails",
    "validation": "Validation gates, repair loop and quality scoring (requirements 4.4-4.9)",
    "validation.max_repair_iterations": "repair rounds before a candidate is REJECTED",
    "validation.sandbox_timeout_seconds": "wall-clock limit of one sandboxed run",
    "validation.stress_rows": "the most rows of the generated stress-test dataset",
    "validation.stress_max_mb": "the most megabytes of the stress-test dataset (wide rows: fewer rows)",
    "validation.stress_data_factor": "a small file's stress test has at most this many times its rows "
    "(never under 100,000); 0: sized by the other bounds only",
    "validation.run_static_gate": "run ruff and mypy on generated code",
    "validation.quality_thresholds": "minimum scores: staging priority and warnings, never promotion",
    "validation.metric_weights": "weights of the overall quality score",
    "validation.code_bleu_weights": "weights of the CodeBLEU components",
    "validation.category_thresholds": "minimum pass rate per test category",
    "generation": "Candidate generation",
    "registry": "Where tools live: active / staging / archive, audit.sqlite and metrics.json",
    "registry.root": "registry directory, or a postgresql:// URL (env MCPFORGE_REGISTRY, flag --registry)",
    "registry.url": "a team registry: postgresql://user:password@host/db (env MCPFORGE_REGISTRY_URL)",
    "registry.blob_store": "a PostgreSQL registry's tool files in S3: s3://bucket/prefix, credentials from "
    "the AWS environment or ~/.aws, never here (env MCPFORGE_BLOB_STORE)",
    "registry.blob_endpoint": "the S3-compatible store's URL, e.g. http://127.0.0.1:9000 for MinIO; "
    "unset: AWS S3 (env MCPFORGE_BLOB_ENDPOINT)",
    "registry.active_path": "override of <root>/active",
    "registry.staging_path": "override of <root>/staging",
    "registry.archive_path": "override of <root>/archive",
    "feedback": "The two-stage review: stage 1 lenient, stage 2 strict (only 'Approve' registers)",
    "feedback.output_accept_keywords": "answers that accept the output (stage 1)",
    "feedback.approve_keywords": "first words that approve registration (stage 2)",
    "feedback.reject_keywords": "words that reject registration wherever they appear",
    "feedback.disqualifiers": "words that turn an approval into a rejection ('approve but ...')",
    "feedback.default_decision": "decision for silence, timeouts and anything ambiguous (always REJECTED)",
    "feedback.timeout_seconds": "an unanswered review prompt is REJECTED after this long",
    "review": "Who may approve: separation of duties between requester and reviewer (issue 27)",
    "review.separate_reviewer": "the identity that requested a tool may not approve it "
    "(env MCPFORGE_SEPARATE_REVIEWER)",
    "promotion": "Promotion into the active registry (requirements 8A)",
    "promotion.require_version_bump": "a changed spec needs a higher version",
    "promotion.keep_promotion_log": "log every promotion (the append-only audit.sqlite)",
    "security": "What generated tools may touch (requirements 8.1)",
    "security.allowed_read_paths": "directories tools may read (add more with --allow-read DIR)",
    "security.allowed_write_paths": "directories tools may write",
    "security.max_dataset_rows": "largest dataset accepted, in rows",
    "security.max_dataset_cols": "largest dataset accepted, in columns",
    "security.max_memory_mb": "largest dataset accepted, in memory",
    "security.allowed_imports": "modules generated tools may import",
    "sandbox": "Isolation of generated and third-party code",
    "sandbox.backend": "auto | bwrap | unshare | subprocess",
    "sandbox.allow_weak_fallback": "allow the unisolated subprocess backend when no strong one works",
    "sandbox.memory_mb": "address-space limit of a sandboxed run",
    "sandbox.cpu_seconds": "CPU-time limit of a sandboxed run",
    "sandbox.max_processes": "process limit inside the sandbox",
    "sandbox.max_open_files": "open-file limit inside the sandbox",
    "sandbox.max_output_bytes": "largest output a run may write",
    "sandbox.max_stdout_bytes": "largest stdout kept from a run",
    "sandbox.warm_calls": "serve: fork each call from a pre-imported sandbox template (bwrap, Landlock 6+)",
    "sandbox.resident": "ask: validate in a per-user resident warm template (off: MCPFORGE_NO_RESIDENT=1)",
    "sandbox.resident_idle_seconds": "ask: the resident template exits after this many idle seconds",
    "sandbox.service_max_result_bytes": "serve: largest JSON result of one call of a converted service",
    "sandbox.service_call_timeout_seconds": "serve: time limit of one call of a converted service",
}


# Comments for the keys inside a subsection, by the subsection's key; ``{}`` is the key in words.
PARENT_COMMENTS: dict[str, str] = {
    "validation.quality_thresholds": "minimum {}",
    "validation.metric_weights": "weight of {} in the overall score",
    "validation.code_bleu_weights": "weight of the {} component",
    "validation.category_thresholds": "minimum pass rate of the {} tests",
    "llm.fallback": "{} of the fallback endpoint",
    "validation.quality_tiers": "lowest overall score of the '{}' tier",
}


def _scalar(value: Any) -> str:
    text = yaml.safe_dump(value, default_flow_style=True, width=10**6, allow_unicode=True, sort_keys=False)
    return text.removesuffix("...\n").strip()


def _comment(model: BaseModel, name: str, key: str) -> str | None:
    field = type(model).model_fields[name]
    parent, _, leaf = key.rpartition(".")
    template = PARENT_COMMENTS.get(parent)
    words = leaf.removesuffix("_min").replace("_", " ")
    # A key added to the configuration later still gets a comment naming its section.
    fallback = template.format(words) if template else f"{parent.replace('_', ' ')}: {words}"
    return COMMENTS.get(key) or field.description or fallback


def _emit(model: BaseModel, prefix: str, indent: int, lines: list[str]) -> None:
    pad = " " * indent
    for name in type(model).model_fields:
        value = getattr(model, name)
        key = f"{prefix}{name}"
        comment = _comment(model, name, key)
        if isinstance(value, BaseModel):
            doc = (type(value).__doc__ or "").strip().splitlines()
            field = type(model).model_fields[name]
            text = COMMENTS.get(key) or field.description or (doc[0] if doc else comment)
            if indent == 0:
                lines.append("")
            if text:
                lines.append(f"{pad}# {text}")
            lines.append(f"{pad}{name}:")
            _emit(value, f"{key}.", indent + 2, lines)
        else:
            line = f"{pad}{name}: {_scalar(value)}"
            lines.append(f"{line}  # {comment}" if comment else line)


def default_config_yaml(config: MCPForgeConfig | None = None) -> str:
    """The commented YAML text of ``config`` (defaults when None)."""
    lines: list[str] = []
    _emit(config or MCPForgeConfig(), "", 0, lines)
    return HEADER + "\n".join(lines) + "\n"
