"""Structured logs of ``serve --http``: one JSON object per line, each carrying the request id.

``--log-format json`` (``server.log_format``, ``MCPFORGE_LOG_FORMAT``) puts every record on stderr as one
JSON object: ``time``, ``level``, ``logger``, ``message``, ``request_id``, and for a tool call ``tool``,
``outcome``, ``duration_ms`` and ``identity``. The request id is the client's ``X-Request-Id`` when it is a
sane token (at most 128 characters of ``[A-Za-z0-9._-]``), else a fresh uuid4 hex; it is echoed in the
response's ``X-Request-Id`` and carried by :data:`REQUEST_ID` into the records written while the request
is handled (the tool call included, see :mod:`mcpforge.server.prom`).

Nothing here logs a token, a tool's arguments or its output: they may hold people's data. The access line
of each request names its method, path (without the query), status and duration only.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
import uuid
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Literal

from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

if TYPE_CHECKING:
    from mcpforge.server.prom import ServerMetrics

__all__ = [
    "LOG_FORMATS",
    "REQUEST_ID",
    "REQUEST_ID_HEADER",
    "JsonFormatter",
    "LogFormat",
    "RequestContext",
    "announce",
    "configure_log_format",
    "request_id_for",
]

LogFormat = Literal["text", "json"]
LOG_FORMATS: tuple[LogFormat, ...] = ("text", "json")
REQUEST_ID_HEADER = "X-Request-Id"
REQUEST_ID: ContextVar[str | None] = ContextVar("mcpforge_request_id", default=None)
# Set per request by RequestContext; the MCP layer reads it from the request (its own task may differ).
SCOPE_KEY = "mcpforge_request_id"
CALL_FIELDS = ("tool", "outcome", "duration_ms", "identity")
PROBE_PATHS = frozenset({"/healthz", "/readyz"})

_SANE_ID = re.compile(r"[A-Za-z0-9._-]{1,128}")
_json_mode = False
http_logger = logging.getLogger("mcpforge.http")


def request_id_for(header: str | None) -> str:
    """The client's request id when it is a sane token, else a fresh one (uuid4 hex)."""
    if header is not None and _SANE_ID.fullmatch(header):
        return header
    return uuid.uuid4().hex


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time, level, logger, message, request_id and the call's fields."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as one line of JSON (control characters escaped by the encoder)."""
        stamp = datetime.fromtimestamp(record.created, tz=UTC).isoformat(timespec="milliseconds")
        data: dict[str, Any] = {
            "time": stamp.replace("+00:00", "Z"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", None) or REQUEST_ID.get(),
        }
        for name in CALL_FIELDS:
            value = getattr(record, name, None)
            if value is not None:
                data[name] = value
        for name in ("method", "path", "status"):  # the access line's fields
            value = getattr(record, name, None)
            if value is not None and record.name == http_logger.name:
                data[name] = value
        if record.exc_info:
            data["exception"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False, default=str)


def configure_log_format(log_format: str) -> None:
    """Use ``log_format`` for every record on stderr: ``json`` (also shows mcpforge's info records) or
    ``text`` (as before: warnings and errors in the terminal's format)."""
    global _json_mode  # noqa: PLW0603 - one log format per process, like logging's own handlers
    if log_format not in LOG_FORMATS:
        raise ValueError(f"unknown log format {log_format!r}; choose text or json")
    _json_mode = log_format == "json"
    if not _json_mode:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    logging.getLogger("mcpforge").setLevel(logging.INFO)
    for name in ("fastmcp", "uvicorn", "uvicorn.error", "uvicorn.access"):
        library = logging.getLogger(name)  # FastMCP and uvicorn bring handlers of their own
        for old in list(library.handlers):
            library.removeHandler(old)
        library.propagate = True


def json_logs() -> bool:
    """Whether this process logs JSON lines."""
    return _json_mode


def announce(line: str) -> None:
    """The start-up line of ``serve``: as it is on stderr, or as a JSON record when logs are JSON."""
    if _json_mode:
        logging.getLogger("mcpforge.cli").info("%s", line.removeprefix("mcpforge: "))
    else:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()


class RequestContext:
    """Outermost ASGI middleware: the request id (scope, contextvar, response header), the HTTP metrics,
    and one access line per request."""

    def __init__(self, app: ASGIApp, metrics: ServerMetrics | None = None) -> None:
        """Wrap ``app``; count requests into ``metrics`` when given."""
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Handle one request with its id set."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = request_id_for(Headers(scope=scope).get(REQUEST_ID_HEADER))
        scope[SCOPE_KEY] = request_id
        token = REQUEST_ID.set(request_id)
        started = time.perf_counter()
        status = 500  # what the client gets when the app ends without answering

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                MutableHeaders(scope=message)[REQUEST_ID_HEADER] = request_id
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            seconds = time.perf_counter() - started
            method, path = str(scope.get("method", "")), str(scope.get("path", ""))
            if self.metrics is not None:
                self.metrics.observe_http(method, status, seconds)
            level = logging.DEBUG if path in PROBE_PATHS else logging.INFO
            http_logger.log(
                level, "%s %s %d", method, path, status,
                extra={"method": method, "path": path, "status": status,
                       "duration_ms": round(seconds * 1000, 3)},
            )  # fmt: skip
            REQUEST_ID.reset(token)
