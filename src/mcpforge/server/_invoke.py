"""Calling a promoted tool for an MCP client: integrity, arguments, paths, sandbox, monitoring.

Everything here is blocking (file hashing, a sandboxed child process, the audit log), so the server
runs :meth:`ToolInvoker.call` in a worker thread and the event loop stays free for other clients.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
import jsonschema.exceptions
import jsonschema.validators

from mcpforge.config import MCPForgeConfig
from mcpforge.exceptions import (
    DataError,
    IntegrityError,
    NotFoundError,
    PathNotAllowedError,
    SandboxError,
)
from mcpforge.output_contract import output_contract_error
from mcpforge.registry import ActiveTool, RegistryBackend
from mcpforge.sandbox import (
    PinnedPath,
    Sandbox,
    SandboxLimits,
    ToolCallOutcome,
    call_tool,
    get_sandbox,
    pin,
    tool_run_limits,
)
from mcpforge.sandbox.bwrap import BwrapSandbox
from mcpforge.sandbox.warm import WarmCalls, warm_available
from mcpforge.server._call_log import CallLog
from mcpforge.server._coerce import coerce_arguments
from mcpforge.server.serve_status import StatusFile

logger = logging.getLogger("mcpforge.server")


@dataclass(frozen=True, kw_only=True)
class CallResult:
    """What a client gets back: markdown and the footer data, or a one-line error."""

    ok: bool
    markdown: str = ""
    structured: dict[str, Any] | None = None
    error: str | None = None
    duration_ms: float = 0.0
    images: tuple[bytes, ...] = ()  # PNG charts of the answer, drawn by mcpforge from the checked table


@dataclass(frozen=True, kw_only=True)
class _PathArgument:
    key: str
    index: int | None  # position in a list argument (``*_paths``), None for a single path
    value: str


def path_arguments(arguments: dict[str, Any]) -> Iterator[_PathArgument]:
    """Path-like arguments: ``file_path``, ``path``, any ``*_path`` (str) and ``*_paths`` (list of str)."""
    for key, value in arguments.items():
        if (key == "path" or key.endswith("_path")) and isinstance(value, str):
            yield _PathArgument(key=key, index=None, value=value)
        elif key.endswith("_paths") and isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, str):
                    yield _PathArgument(key=key, index=index, value=item)


def under_root(value: str, roots: Sequence[Path]) -> str:
    """A client's relative path taken under the allowed root that holds it, never the server's working
    directory (a client does not know it). An absolute path, or ``~/...``, is left as it is.

    Raises:
        DataError: the relative path names a file under several roots (which one is not said).
    """
    if not roots or not value or "\x00" in value or value.startswith("~") or Path(value).is_absolute():
        return value
    found = [str(root / value) for root in roots if (root / value).exists()]
    if len(found) > 1:
        raise DataError(
            f"file {value!r} is under several allowed roots ({', '.join(found)}): give its full path"
        )
    return found[0] if found else str(roots[0] / value)


def validator_for_schema(schema: dict[str, Any]) -> Any:
    """A checked validator for ``schema`` (as ``jsonschema.validate`` makes one on every call).

    Raises:
        jsonschema.SchemaError: the schema itself is invalid.
    """
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    return validator_class(schema)


# Sandboxed runs at once per server: more than the cores only adds memory and thrash, so further calls
# wait their turn (bounded by the sandbox's own wall-clock limit) instead of all slowing down together.
MAX_CONCURRENT_RUNS = max(2, os.cpu_count() or 2)


@dataclass(kw_only=True)
class ToolInvoker:
    """Runs promoted tools of ``registry`` in the sandbox, reading only under ``roots``."""

    registry: RegistryBackend
    config: MCPForgeConfig
    roots: tuple[Path, ...]
    status_file: StatusFile | None = None  # where ``serve`` records its warm calls for ``doctor``
    limits: SandboxLimits = field(init=False)
    _sandbox: Sandbox | None = field(init=False, default=None)
    _warm: WarmCalls | None = field(init=False, default=None)
    _start_lock: threading.Lock = field(init=False, default_factory=threading.Lock)
    _validators: dict[str, Any] = field(init=False, default_factory=dict)
    _calls: CallLog = field(init=False)
    _slots: threading.BoundedSemaphore = field(
        init=False, default_factory=lambda: threading.BoundedSemaphore(MAX_CONCURRENT_RUNS)
    )

    def __post_init__(self) -> None:
        self.limits = tool_run_limits(self.config)
        self._calls = CallLog(self.registry)

    def check_paths(self, arguments: dict[str, Any]) -> tuple[dict[str, Any], list[PinnedPath]]:
        """Arguments with every path resolved, and each checked file held open for the sandbox.

        Each path is opened once (symlinks followed once, here) and checked under the allowed roots;
        the sandbox shows the file behind the descriptor, never the name again. The caller closes
        the returned paths.

        Raises:
            PathNotAllowedError: a path is outside the allowed roots (or no root is configured).
            DataError: a path does not name a readable regular file.
        """
        checked = dict(arguments)
        pinned: list[PinnedPath] = []
        try:
            for item in list(path_arguments(arguments)):
                held = pin(under_root(item.value, self.roots), self.roots, regular_file=True)
                pinned.append(held)
                if item.index is None:
                    checked[item.key] = held.real
                else:
                    values = list(checked[item.key])
                    values[item.index] = held.real
                    checked[item.key] = values
        except BaseException:
            for held in pinned:
                held.close()
            raise
        return checked, pinned

    def _backend(self) -> tuple[Sandbox, WarmCalls | None]:
        """The sandbox, chosen at the first call (a server without a sandbox still lists), and warm calls."""
        with self._start_lock:
            if self._sandbox is None:
                sandbox = get_sandbox(self.config.sandbox)
                ok, why = warm_available(sandbox)
                if self.config.sandbox.warm_calls and ok and isinstance(sandbox, BwrapSandbox) and self.roots:
                    on_status = self.status_file.write if self.status_file is not None else None
                    self._warm = WarmCalls(
                        sandbox, self.roots, self.limits, size=MAX_CONCURRENT_RUNS, on_status=on_status
                    )
                elif self.config.sandbox.warm_calls:
                    logger.info("every call runs in a fresh sandbox: %s", why)
                self._sandbox = sandbox
            return self._sandbox, self._warm

    def warm_up(self) -> None:
        """Choose the sandbox and start the warm template now (a failure is left to the first call)."""
        try:
            _sandbox, warm = self._backend()
        except SandboxError as exc:
            logger.warning("no sandbox for tool calls: %s", exc)
            return
        if warm is not None:
            warm.start()

    def close(self) -> None:
        """Write the calls not yet recorded and stop the warm sandbox templates, if any."""
        self._calls.close()
        if self._warm is not None:
            self._warm.close()
        if self.status_file is not None:
            self.status_file.remove()

    def _run(
        self, tool: ActiveTool, source: str, arguments: dict[str, Any], read_paths: Sequence[PinnedPath]
    ) -> CallResult:
        sandbox, warm = self._backend()
        with self._slots:
            outcome: ToolCallOutcome | None = None
            if warm is not None:
                # The template shows the roots it pinned when it started; it reads no name as root.
                outcome = warm.call_tool(source, arguments, read_paths=[Path(p.real) for p in read_paths])
            if outcome is None:
                outcome = call_tool(sandbox, source, arguments, read_paths=read_paths, limits=self.limits)
        if outcome.ok and outcome.markdown is not None:
            return CallResult(ok=True, markdown=outcome.markdown, structured=outcome.structured)
        kind = outcome.error_type or "Error"
        message = (outcome.error or "the tool failed without a message").strip().splitlines()
        first = message[0] if message else ""
        where = f" (tool.py line {outcome.error_line})" if outcome.error_line else ""
        return CallResult(ok=False, error=f"{tool.name} failed: {kind}: {first}{where}")

    @staticmethod
    def _check_output(tool: ActiveTool, result: CallResult) -> CallResult:
        if not result.ok:
            return result
        problem = output_contract_error(tool.name, tool.spec.output_schema, result.structured)
        return result if problem is None else CallResult(ok=False, error=problem)

    def call(self, name: str, arguments: dict[str, Any]) -> CallResult:
        """Verify, check and run the tool ``name``; every failure becomes an error result."""
        started = time.perf_counter()
        result = self._call(name, arguments)
        duration_ms = (time.perf_counter() - started) * 1000
        self._calls.record(name, ok=result.ok, duration_ms=duration_ms, error=result.error)
        return CallResult(
            ok=result.ok, markdown=result.markdown, structured=result.structured, error=result.error,
            duration_ms=duration_ms, images=result.images,
        )  # fmt: skip

    def _argument_error(self, tool: ActiveTool, arguments: dict[str, Any]) -> str | None:
        """Why ``arguments`` break the tool's input schema, or None when they fit."""
        validator = self._validators.get(tool.spec_hash)
        if validator is None:
            try:
                validator = validator_for_schema(tool.spec.input_schema)
            except jsonschema.SchemaError:
                logger.warning("tool %r has an invalid input schema; arguments are not checked", tool.name)
                return None
            self._validators[tool.spec_hash] = validator  # the spec hash names the schema exactly
        error = jsonschema.exceptions.best_match(validator.iter_errors(arguments))
        if error is None:
            return None
        where = "/".join(str(part) for part in error.absolute_path) or "arguments"
        return f"invalid arguments for {tool.name!r} at {where}: {error.message}"

    def _call(self, name: str, arguments: dict[str, Any]) -> CallResult:
        try:
            tool = self.registry.verify_tool(name)
            # Read once more and hashed: the bytes that run are the bytes checked, whatever a cached
            # hash of the file said a moment ago.
            source = tool.verified_source()
        except IntegrityError as exc:
            logger.error("refused tool %r: %s changed since promotion (%s)", name, exc.file_name, exc)
            return CallResult(ok=False, error=str(exc))
        except NotFoundError:
            return CallResult(ok=False, error=f"tool {name!r} is no longer promoted")
        arguments = coerce_arguments(arguments, tool.spec.input_schema or {})
        invalid = self._argument_error(tool, arguments)
        if invalid is not None:
            return CallResult(ok=False, error=invalid)
        try:
            checked, read_paths = self.check_paths(arguments)
            try:
                result = self._run(tool, source, checked, read_paths)
            finally:
                for held in read_paths:
                    held.close()
        except (PathNotAllowedError, DataError) as exc:
            return CallResult(ok=False, error=str(exc))
        except SandboxError as exc:
            logger.error("cannot run %r: %s", name, exc)
            return CallResult(ok=False, error=f"{name} cannot run: {exc}")
        return _with_chart(tool, self._check_output(tool, result))


def _with_chart(tool: ActiveTool, result: CallResult) -> CallResult:
    """The checked result with its chart, when the tool's spec asks for one and the answer has a table."""
    if not result.ok or tool.spec.chart is None or result.structured is None:
        return result
    from mcpforge.charts import render_png

    png = render_png(result.structured, tool.spec.chart)
    if png is None:
        return result
    return CallResult(ok=True, markdown=result.markdown, structured=result.structured, images=(png,))
