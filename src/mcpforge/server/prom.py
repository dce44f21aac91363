"""Prometheus metrics of one ``serve --http`` server, and the observer of its tool calls.

Every server has its own :class:`prometheus_client.CollectorRegistry` (never the process-global one), so
two servers in one process (tests) count apart. ``GET /metrics`` serves it in the text format
(:mod:`mcpforge.server.ops_routes`). The metrics:

=================================== ==========================================================================
``mcpforge_tool_calls_total``        ``{tool, outcome}``: ok, error, input_required, unknown_tool, cancelled
``mcpforge_tool_call_seconds``       histogram ``{tool}``
``mcpforge_errors_total``            ``{kind}``: tool_error, unknown_tool, internal, http_5xx, not_ready
``mcpforge_validations_total``       ``{outcome}`` of ``forge_request``: passed, failed, asked, refused,
                                     queued
``mcpforge_approvals_total``         ``{decision}`` of ``review_candidate``: approved, rejected, undecided,
                                     asked, refused, failed
``mcpforge_active_tools``            gauge: tools promoted in the registry, read at scrape time
``mcpforge_http_requests_total``     ``{method, status}``
``mcpforge_http_request_seconds``    histogram (an MCP ``GET`` stream counts for as long as it stays open)
=================================== ==========================================================================

Label values are bounded: a tool is named only when the server knows it (any other name is
``_unknown``), methods outside the HTTP verbs are ``OTHER``; nothing is labelled by request id or argument.

``forge_request``: *passed* when it produced a result (a staged candidate whose validation passed, or a
registered tool reused), *failed* when validation failed or the forge broke, *asked* when it returned a
question for the person, *refused* when it stopped before validating (role, path, request it cannot map),
*queued* when it handed the request to ``mcpforge worker`` (``queue.url``; the worker validates it).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

import anyio
import mcp.types as mt
from fastmcp.exceptions import FastMCPError, NotFoundError
from fastmcp.server.dependencies import get_http_request
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from fastmcp.tools.base import InputRequiredToolResult, ToolResult
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from mcpforge.server._auth import TOOL_ROLES, current_identity
from mcpforge.server.request_log import REQUEST_ID, SCOPE_KEY

__all__ = ["CallObserver", "ServerMetrics", "approval_decision", "validation_outcome"]

logger = logging.getLogger("mcpforge.calls")

UNKNOWN_TOOL = "_unknown"
FIXED_TOOLS = frozenset({*TOOL_ROLES, "list_available_tools"})
HTTP_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
ERROR_KINDS = ("tool_error", "unknown_tool", "internal", "http_5xx", "not_ready")
VALIDATION_OUTCOMES = ("passed", "failed", "asked", "refused", "queued")
APPROVAL_DECISIONS = ("approved", "rejected", "undecided", "asked", "refused", "failed")
SECONDS_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0)


class ToolCounter(Protocol):
    """What the active-tools gauge reads: the registry's tool index."""

    def indexed_tools(self) -> Sequence[object]: ...


class _ActiveTools(Collector):
    """``mcpforge_active_tools``, read from the registry at each scrape (left out when it cannot be read)."""

    def __init__(self, registry: ToolCounter) -> None:
        self._registry = registry

    def collect(self) -> Iterator[Metric]:
        gauge = GaugeMetricFamily("mcpforge_active_tools", "Tools promoted in the registry")
        try:
            gauge.add_metric([], len(self._registry.indexed_tools()))
        except Exception as exc:  # a scrape must answer even when the registry does not
            logger.warning("cannot count the active tools: %s", exc)
            return
        yield gauge


class ServerMetrics:
    """The metrics of one server, in a registry of their own."""

    def __init__(self, registry: ToolCounter | None = None) -> None:
        """Metrics counting from zero; ``registry`` feeds the active-tools gauge."""
        self.collectors = CollectorRegistry()
        own = self.collectors
        self.tool_calls = Counter(
            "mcpforge_tool_calls", "Tool calls by tool and outcome", ["tool", "outcome"], registry=own
        )
        self.tool_seconds = Histogram(
            "mcpforge_tool_call_seconds",
            "Duration of tool calls",
            ["tool"],
            buckets=SECONDS_BUCKETS,
            registry=own,
        )
        self.errors = Counter("mcpforge_errors", "Errors by kind", ["kind"], registry=own)
        self.validations = Counter(
            "mcpforge_validations", "forge_request runs by outcome", ["outcome"], registry=own
        )
        self.approvals = Counter(
            "mcpforge_approvals", "review_candidate calls by decision", ["decision"], registry=own
        )
        self.http_requests = Counter(
            "mcpforge_http_requests", "HTTP requests by method and status", ["method", "status"], registry=own
        )
        self.http_seconds = Histogram(
            "mcpforge_http_request_seconds",
            "Duration of HTTP requests",
            buckets=SECONDS_BUCKETS,
            registry=own,
        )
        for kind in ERROR_KINDS:  # every series exists from the start, at zero
            self.errors.labels(kind)
        for outcome in VALIDATION_OUTCOMES:
            self.validations.labels(outcome)
        for decision in APPROVAL_DECISIONS:
            self.approvals.labels(decision)
        if registry is not None:
            self.collectors.register(_ActiveTools(registry))

    def exposition(self) -> bytes:
        """The metrics in the Prometheus text format (blocking: reads the registry for the gauge)."""
        return generate_latest(self.collectors)

    def observe_http(self, method: str, status: int, seconds: float) -> None:
        """Count one HTTP request."""
        label = method if method in HTTP_METHODS else "OTHER"
        self.http_requests.labels(label, str(status)).inc()
        self.http_seconds.observe(seconds)
        if status >= 500:
            self.errors.labels("http_5xx").inc()

    def observe_call(self, tool: str, outcome: str, seconds: float, kind: str | None) -> None:
        """Count one tool call (``kind``: the error kind when it failed)."""
        self.tool_calls.labels(tool, outcome).inc()
        self.tool_seconds.labels(tool).observe(seconds)
        if kind is not None:
            self.errors.labels(kind).inc()


def validation_outcome(result: ToolResult | None) -> str:
    """passed / failed / asked / refused / queued for a ``forge_request`` result (None: it raised)."""
    if result is None:
        return "failed"
    if isinstance(result, InputRequiredToolResult):
        return "asked"
    data: dict[str, Any] = result.structured_content or {}
    if data.get("status") == "NEEDS_CLARIFICATION":
        return "asked"
    if data.get("status") == "queued" and not result.is_error:
        return "queued"
    validation = data.get("validation")
    if isinstance(validation, dict) and "passed" in validation:
        return "passed" if validation["passed"] and not result.is_error else "failed"
    return "refused" if result.is_error else "passed"


def approval_decision(result: ToolResult | None) -> str:
    """approved / rejected / undecided / asked / refused / failed for a ``review_candidate`` result."""
    if result is None:
        return "failed"
    if isinstance(result, InputRequiredToolResult):
        return "asked"
    if result.is_error:
        return "refused"
    data: dict[str, Any] = result.structured_content or {}
    if not data.get("decided"):
        return "undecided"
    return "approved" if data.get("decision") == "APPROVED" else "rejected"


def _request_id() -> str | None:
    try:
        value = get_http_request().scope.get(SCOPE_KEY)
    except RuntimeError:  # no HTTP request (stdio, in-memory)
        return None
    return value if isinstance(value, str) else None


class CallObserver(Middleware):
    """Outermost FastMCP middleware: times every tool call, counts it, logs one line (no arguments, no
    output) with the request id, the identity and the outcome."""

    def __init__(self, metrics: ServerMetrics, *, auth_required: bool) -> None:
        """Count into ``metrics``; ``auth_required``: the server has bearer tokens."""
        self.metrics = metrics
        self.auth_required = auth_required

    async def on_call_tool(
        self,
        context: MiddlewareContext[mt.CallToolRequestParams],
        call_next: CallNext[mt.CallToolRequestParams, ToolResult],
    ) -> ToolResult:
        """Run the call inside its request id, then count and log it."""
        name = context.message.name
        token = REQUEST_ID.set(_request_id() or REQUEST_ID.get())
        started = time.perf_counter()
        result: ToolResult | None = None
        outcome: str = "error"
        kind: str | None = "internal"
        try:
            result = await call_next(context)
            outcome, kind = _outcome(result)
            return result
        except NotFoundError:
            outcome, kind = "unknown_tool", "unknown_tool"
            raise
        except FastMCPError:
            kind = "tool_error"  # bad arguments, a tool error: answered as an isError result
            raise
        except anyio.get_cancelled_exc_class():
            outcome, kind = "cancelled", "internal"
            raise
        finally:
            seconds = time.perf_counter() - started
            with anyio.CancelScope(shield=True):
                label = await self._label(context, name, outcome)
            self._record(name, label, outcome, kind, result, seconds)
            REQUEST_ID.reset(token)

    async def _label(self, context: MiddlewareContext[Any], name: str, outcome: str) -> str:
        """``name`` when the server knows the tool (bounded by the registry), else ``_unknown``."""
        if name in FIXED_TOOLS or outcome in {"ok", "input_required"}:
            return name
        if outcome == "unknown_tool" or context.fastmcp_context is None:
            return UNKNOWN_TOOL
        try:
            known = await context.fastmcp_context.fastmcp.get_tool(name)
        except Exception:  # the label must not fail the call
            known = None
        return name if known is not None else UNKNOWN_TOOL

    def _record(  # noqa: PLR0917 - one call's facts
        self, name: str, label: str, outcome: str, kind: str | None, result: ToolResult | None, seconds: float
    ) -> None:
        self.metrics.observe_call(label, outcome, seconds, kind)
        if name == "forge_request":
            self.metrics.validations.labels(validation_outcome(result)).inc()
        elif name == "review_candidate":
            self.metrics.approvals.labels(approval_decision(result)).inc()
        identity = current_identity(auth_required=self.auth_required)
        logger.info(
            "tool call %s: %s", label, outcome,
            extra={"tool": label, "outcome": outcome, "duration_ms": round(seconds * 1000, 3),
                   "identity": identity.name if identity is not None else "anonymous"},
        )  # fmt: skip


def _outcome(result: ToolResult) -> tuple[str, str | None]:
    if isinstance(result, InputRequiredToolResult):
        return "input_required", None
    if result.is_error:
        return "error", "tool_error"
    return "ok", None
