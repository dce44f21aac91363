"""The mcpforge exception tree.

Every error mcpforge raises on purpose derives from :class:`MCPForgeError`. Callers can tell three
families apart: mistakes of the caller (fix the input and retry), runtime failures (something outside
the caller's control broke), and control signals (expected outcomes that steer the pipeline).

```
MCPForgeError
├── UserError                       the caller's input is wrong; message says how to fix it
│   ├── ConfigError                 mcpforge.yaml / MCPFORGE_* / flags are invalid
│   ├── InvalidArgumentError        a CLI / API / tool argument is invalid
│   ├── PathNotAllowedError         a path resolves outside the allowed roots
│   ├── DataError                   the dataset cannot be used (missing, empty, binary, malformed)
│   │   ├── ColumnNotFoundError     a requested column is not in the dataset
│   │   └── ResourceLimitError      the dataset exceeds row / column / memory limits
│   ├── UnmappableRequestError      the request cannot be mapped onto an analysis
│   │   └── NeedsClarificationError one question with choices before it can be answered
│   └── NotFoundError               a tool or candidate does not exist
├── RegistryError                   the registry cannot be read or written safely
│   ├── RegistryCorruptedError      a registry file is unreadable; names the file and the recovery
│   ├── IllegalTransitionError      a lifecycle transition that is not allowed
│   ├── PromotionRefusedError       a pre-promotion check refused (identical / needs version bump)
│   └── IntegrityError              a tool's files no longer match their recorded hashes
├── DiskFullError                   a write failed with ENOSPC / EDQUOT (or SQLite's "disk is full")
│   └── ActPendingError             ... after an act's commit point: recorded, finished once space is free
├── SandboxError                    running untrusted code failed for a reason outside the code
│   └── SandboxUnavailableError     no isolation backend is usable and the weak fallback is not allowed
├── EngineError                     a model engine failed (unreachable, timeout, garbage answer)
├── BudgetExceededError             an ask did not finish within its time budget (nothing was staged)
├── ConversionError                 converting a library stopped at a step (names the step and why)
└── ValidationFailed                control signal: a candidate failed validation (feeds the repair loop)
```
"""

from __future__ import annotations

from pathlib import Path


class MCPForgeError(Exception):
    """Base of every error raised by mcpforge on purpose."""


class UserError(MCPForgeError):
    """The caller's input is wrong; the message says what to change."""


class ConfigError(UserError):
    """Configuration (file, environment or flags) is invalid."""

    def __init__(self, message: str, *, key: str | None = None, source: str | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.source = source


class InvalidArgumentError(UserError):
    """An argument passed to a command, API or tool is invalid."""

    def __init__(self, message: str, *, argument: str | None = None) -> None:
        super().__init__(message)
        self.argument = argument


class PathNotAllowedError(UserError):
    """A path resolves outside every allowed root."""

    def __init__(
        self, path: str | Path, *, resolved: Path | None = None, roots: tuple[Path, ...] = ()
    ) -> None:
        shown = ", ".join(str(root) for root in roots) or "(none configured)"
        super().__init__(
            f"access to {str(path)!r} is not allowed: it resolves to {str(resolved or path)!r}, "
            f"outside the allowed roots {shown}; add its directory with --allow-read DIR"
        )
        self.path = str(path)
        self.resolved = resolved
        self.roots = roots


class DataError(UserError):
    """The dataset cannot be used as given."""

    def __init__(self, message: str, *, path: str | None = None) -> None:
        super().__init__(message)
        self.path = path


class ColumnNotFoundError(DataError):
    """A requested column does not exist in the dataset."""

    def __init__(
        self,
        missing: list[str],
        available: list[str],
        *,
        path: str | None = None,
        suggestions: dict[str, list[str]] | None = None,
    ) -> None:
        shown = ", ".join(repr(col) for col in available[:30])
        more = f" (and {len(available) - 30} more)" if len(available) > 30 else ""
        hints = "".join(
            f"; did you mean {' or '.join(repr(s) for s in close)} for {name!r}?"
            for name, close in (suggestions or {}).items()
            if close
        )
        super().__init__(
            f"column(s) {', '.join(repr(col) for col in missing)} not found; available: {shown}{more}{hints}",
            path=path,
        )
        self.missing = missing
        self.available = available
        self.suggestions = suggestions or {}


class ResourceLimitError(DataError):
    """The dataset exceeds a configured limit (rows, columns, memory)."""

    def __init__(self, message: str, *, limit: str, value: float, maximum: float) -> None:
        super().__init__(message)
        self.limit = limit
        self.value = value
        self.maximum = maximum


class UnmappableRequestError(UserError):
    """A request cannot be mapped onto an analysis; says what was understood and what was not.

    ``final``: no engine may answer it (it is not a data analysis, or it names data the file does not
    have); a model engine must not be asked to write a tool for it.
    """

    def __init__(
        self, message: str, *, understood: dict[str, object] | None = None, final: bool = False
    ) -> None:
        super().__init__(message)
        self.understood = understood or {}
        self.final = final


class NeedsClarificationError(UnmappableRequestError):
    """A request has more than one reading the data supports: one question, with concrete choices.

    ``key`` names what is asked (e.g. ``"revenue"``), ``choices`` maps each choice's short name to what it
    means; the person answers with ``--clarify KEY=CHOICE`` (or through elicitation) and asks again.
    """

    def __init__(
        self,
        message: str,
        *,
        key: str,
        question: str,
        choices: dict[str, str],
        understood: dict[str, object] | None = None,
    ) -> None:
        super().__init__(message, understood=understood)
        self.key = key
        self.question = question
        self.choices = choices


class NotFoundError(UserError):
    """A named tool or candidate does not exist in the registry."""

    def __init__(self, kind: str, name: str) -> None:
        super().__init__(f"{kind} {name!r} not found")
        self.kind = kind
        self.name = name


class RegistryError(MCPForgeError):
    """The registry cannot be read or written safely."""


class RegistryCorruptedError(RegistryError):
    """A registry file is unreadable; the message names it and how to recover."""

    def __init__(self, path: Path, reason: str) -> None:
        super().__init__(
            f"registry file {str(path)!r} is corrupted ({reason}); nothing was changed. "
            f"Run `mcpforge doctor --repair` to rebuild it from the audit log and the tool files"
        )
        self.path = path
        self.reason = reason


class IllegalTransitionError(RegistryError):
    """A lifecycle transition that the state machine does not allow."""

    def __init__(self, tool_id: str, current: str, target: str) -> None:
        super().__init__(f"tool {tool_id!r} cannot go from {current} to {target}")
        self.tool_id = tool_id
        self.current = current
        self.target = target


class PromotionRefusedError(RegistryError):
    """A pre-promotion check refused the candidate."""

    def __init__(self, tool_id: str, reason: str) -> None:
        super().__init__(f"promotion of {tool_id!r} refused: {reason}")
        self.tool_id = tool_id
        self.reason = reason


class IntegrityError(RegistryError):
    """A tool's files do not match the hashes recorded when it was promoted."""

    def __init__(self, tool_name: str, file_name: str, expected: str, actual: str) -> None:
        super().__init__(
            f"tool {tool_name!r} refused: {file_name} changed since promotion "
            f"(expected sha256 {expected[:12]}..., found {actual[:12]}...)"
        )
        self.tool_name = tool_name
        self.file_name = file_name
        self.expected = expected
        self.actual = actual


class DiskFullError(MCPForgeError):
    """A write failed because the filesystem (or the quota) is full; nothing was half-written.

    Kept apart from :class:`RegistryCorruptedError`: a full disk is fixed by freeing space, not by a repair.
    """

    def __init__(
        self, path: Path | str, *, needed_bytes: int | None, reason: str = "no space left on device"
    ) -> None:
        needed = f"needs about {_human_bytes(needed_bytes)} more" if needed_bytes else "needs more space"
        super().__init__(
            f"disk full writing {str(path)!r} ({reason}; {needed}); nothing was half-written. "
            f"Free some space and run the command again"
        )
        self.path = str(path)
        self.needed_bytes = needed_bytes
        self.reason = reason


class ActPendingError(DiskFullError):
    """The disk filled up after an act's commit point: the act is recorded and completes once space is free.

    The journal of the act stays behind; the next mcpforge command (or ``doctor --repair``) rolls it
    forward, and running the same command again is safe.
    """

    def __init__(self, cause: DiskFullError, *, candidate_id: str, status: str) -> None:
        super().__init__(cause.path, needed_bytes=cause.needed_bytes, reason=cause.reason)
        needed = (
            f"needs about {_human_bytes(cause.needed_bytes)} more"
            if cause.needed_bytes
            else "needs more space"
        )
        what = "its promotion" if status == "APPROVED" else "the rest of the change"
        self.args = (
            f"candidate {candidate_id!r} is {status} (recorded), but the disk filled up before {what} was "
            f"written ({cause.reason} writing {cause.path!r}; {needed}). Free some space: it then completes "
            "on the next mcpforge command or with `mcpforge doctor --repair`, and running this command "
            "again is safe",
        )
        self.candidate_id = candidate_id
        self.status = status


def _human_bytes(size: int) -> str:
    value = float(size)
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            return f"{int(value)} bytes" if unit == "bytes" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{size} bytes"  # pragma: no cover - the loop always returns


class SandboxError(MCPForgeError):
    """Running untrusted code failed for a reason outside that code."""


class SandboxUnavailableError(SandboxError):
    """No isolation backend can run here and the weak fallback is not allowed."""


class EngineError(MCPForgeError):
    """A model engine failed: unreachable, timed out, or answered with something unusable."""

    def __init__(self, message: str, *, engine: str, retryable: bool = False) -> None:
        super().__init__(message)
        self.engine = engine
        self.retryable = retryable


class BudgetExceededError(MCPForgeError):
    """An ask did not finish within its time budget; it stopped before staging anything."""

    def __init__(self, message: str, *, budget_seconds: float, step: str) -> None:
        super().__init__(message)
        self.budget_seconds = budget_seconds
        self.step = step


class ValidationFailed(MCPForgeError):  # noqa: N818 - a control signal, not an error condition
    """Control signal: a candidate failed validation; carries the diagnostics for the repair loop."""

    def __init__(self, message: str, *, diagnostics: list[str]) -> None:
        super().__init__(message)
        self.diagnostics = diagnostics


class ConversionError(MCPForgeError):
    """Converting a library into an MCP service stopped at ``step`` for a reason of ``category``."""

    def __init__(self, step: str, category: str, reason: str) -> None:
        super().__init__(f"convert stopped at {step!r} ({category}): {reason}")
        self.step = step
        self.category = category
        self.reason = reason
