"""Step 2, analyse: import the library IN THE SANDBOX and describe its public API (``analysis.json``).

Importing third-party code runs it, so the import happens in a sandboxed child whose only extra
readable paths are the library's environment (read-only); the host parses the JSON it writes.
"""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import ValidationError

from mcpforge.config import SandboxConfig
from mcpforge.convert import (
    _analysis_choices,
    _analysis_deprecation,
    _analysis_docs,
    _analysis_instances,
    _analysis_script,
    _analysis_usage,
    _call_forms,
    _stub_signatures,
)
from mcpforge.convert.acquire import Environment
from mcpforge.convert.models import Analysis
from mcpforge.exceptions import ConversionError
from mcpforge.sandbox import SandboxLimits, SandboxRequest, get_sandbox

_SCRIPT = Path(_analysis_script.__file__).read_text(encoding="utf-8")
# The script's siblings (stdlib only), importable from the sandbox's code directory under these names.
_SIBLINGS = {
    "_mcpforge_call_forms.py": Path(_call_forms.__file__).read_bytes(),
    "_mcpforge_analysis_docs.py": Path(_analysis_docs.__file__).read_bytes(),
    "_mcpforge_analysis_instances.py": Path(_analysis_instances.__file__).read_bytes(),
    "_mcpforge_analysis_choices.py": Path(_analysis_choices.__file__).read_bytes(),
    "_mcpforge_analysis_deprecation.py": Path(_analysis_deprecation.__file__).read_bytes(),
    "_mcpforge_analysis_usage.py": Path(_analysis_usage.__file__).read_bytes(),
    "_mcpforge_stub_signatures.py": Path(_stub_signatures.__file__).read_bytes(),
}
_NETWORK_HINTS = (
    "urlopen",
    "Network is unreachable",
    "Temporary failure in name resolution",
    "ConnectionError",
)
_GPU_HINTS = ("CUDA", "cuda", "GPU", "nvidia")


def service_limits(config: SandboxConfig, *, timeout_seconds: float) -> SandboxLimits:
    """Limits for code of a converted library: scientific stacks map more memory and use more CPU."""
    return SandboxLimits(
        timeout_seconds=timeout_seconds,
        memory_mb=max(config.memory_mb, 4096),
        cpu_seconds=max(config.cpu_seconds, int(timeout_seconds) + 30),
        max_processes=config.max_processes,
        max_open_files=max(config.max_open_files, 1024),
        max_output_bytes=config.max_output_bytes,
        max_stdout_bytes=config.max_stdout_bytes,
    )


def analyse(
    env: Environment,
    package: str,
    *,
    config: SandboxConfig,
    budget_seconds: float = 60.0,
    max_modules: int = 150,
) -> Analysis:
    """The public API of ``package`` in ``env``.

    Raises:
        ConversionError: the sandboxed analysis failed, or the library does not import.
    """
    # A project built from a local source: its README and tests stay in that source, not in the venv.
    source_dir = env.source if env.kind == "project" else ""
    request = SandboxRequest(
        script=_SCRIPT,
        files=_SIBLINGS,
        read_paths=(*env.site_dirs, *([Path(source_dir)] if source_dir else [])),
        stdin=json.dumps(
            {
                "package": package,
                # A folder's other packages or modules (a repository of modules side by side) are its API too.
                "siblings": [n for n in env.import_names if n != package] if env.kind == "folder" else [],
                "site_dirs": [str(p) for p in env.site_dirs],
                "source_dir": source_dir,
                "max_modules": max_modules,
                "budget_seconds": budget_seconds,
            }
        ).encode("utf-8"),
        limits=service_limits(config, timeout_seconds=budget_seconds + 90),
    )
    raw = get_sandbox(config).run(request)
    data = raw.outputs.get("analysis.json")
    if data is None:
        tail = (
            " | ".join(raw.stderr.strip().splitlines()[-3:]) or raw.killed_reason or f"exit {raw.exit_code}"
        )
        category = "timeout" if raw.timed_out else "import_error"
        raise ConversionError(
            "analyse", category, f"the sandboxed analysis of {package!r} wrote nothing: {tail}"
        )
    try:
        analysis = Analysis.model_validate_json(data)
    except ValidationError as exc:
        raise ConversionError("analyse", "api_inference_error", f"analysis.json is malformed: {exc}") from exc
    if analysis.import_error is not None:
        error = analysis.import_error
        category = "import_error"
        if any(hint in error for hint in _NETWORK_HINTS):
            category = "needs_network_or_data"
        elif any(hint in error for hint in _GPU_HINTS):
            category = "needs_gpu"
        raise ConversionError("analyse", category, f"{package!r} does not import in the sandbox: {error}")
    return analysis
