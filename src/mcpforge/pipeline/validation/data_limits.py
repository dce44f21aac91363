"""A limit the person's data hit in validation is the data's limit, not a failure of the tool.

When the tool's call on the person's file stops with a ResourceLimitError (too many rows, too much
memory), the tool did its job: the data is over a configured limit. The person is told which limit,
the figure reached and the setting that raises it, instead of "the generated tool failed validation".

The report comes from the sandboxed tool, which is not trusted: it is taken only when the maximum it
names is the one configured for that limit, and the message is written here from the configuration.
"""

from __future__ import annotations

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import ResourceLimitError
from mcpforge.runtime._guards import (
    COLS_SETTING_ENV,
    MEMORY_SETTING_ENV,
    ROWS_SETTING_ENV,
    SANDBOX_MEMORY_ENV,
)
from mcpforge.sandbox import ToolCallOutcome

# limit name (ResourceLimitError.limit) → (setting, environment variable, unit)
_SETTINGS: dict[str, tuple[str, str, str]] = {
    "rows": ("security.max_dataset_rows", ROWS_SETTING_ENV, "rows"),
    "columns": ("security.max_dataset_cols", COLS_SETTING_ENV, "columns"),
    "memory_mb": ("security.max_memory_mb", MEMORY_SETTING_ENV, "MB of data in memory"),
    "sandbox_memory_mb": ("sandbox.memory_mb", SANDBOX_MEMORY_ENV, "MB of memory in the sandbox"),
}


def _configured(name: str, config: MCPForgeConfig) -> int:
    return {
        "rows": config.security.max_dataset_rows,
        "columns": config.security.max_dataset_cols,
        "memory_mb": config.security.max_memory_mb,
        "sandbox_memory_mb": config.sandbox.memory_mb,
    }[name]


def _figure(value: float) -> str:
    return f"{int(value):,}" if float(value).is_integer() else f"{value:,.1f}"


def data_limit_error(outcome: ToolCallOutcome, config: MCPForgeConfig) -> ResourceLimitError | None:
    """The limit the call on the person's data hit, or None (it did not, or the report does not hold)."""
    if outcome.ok or outcome.error_type != "ResourceLimitError" or outcome.limit is None:
        return None
    name = str(outcome.limit.get("limit"))
    if name not in _SETTINGS:
        return None
    try:
        value = float(outcome.limit.get("value") or 0.0)
        reported = float(outcome.limit.get("maximum") or 0.0)
    except (TypeError, ValueError):
        return None
    maximum = _configured(name, config)
    if reported != maximum:
        return None
    setting, env, unit = _SETTINGS[name]
    short_unit = unit.split(" of ")[0]  # "MB of data in memory" → "MB"
    return ResourceLimitError(
        f"the data is over a limit, so no tool was staged: the run reached {_figure(value)} {unit}, "
        f"the limit is {maximum:,} {short_unit} (raise it with {setting} in mcpforge.yaml or {env})",
        limit=name,
        value=value,
        maximum=maximum,
    )
