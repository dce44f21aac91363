"""Every malformed JSON-RPC message gets an error reply, over stdio and HTTP alike: none is dropped.

The MCP SDK answers some malformed messages and silently drops others: an unparsable line or a batch
over stdio, or a request whose ``id`` is an object, ``true``, ``1.5`` or ``null`` (read as a
notification, since pydantic ignores the stray member), gets no reply at all, and a client waits for
ever. JSON-RPC 2.0 owes each one an error: ``-32700`` (parse error, ``id`` null) when the text is not
JSON, ``-32600`` (invalid request) when it is JSON but not one valid message, with the message's ``id``
when one can be read and null otherwise. Batches are refused as a whole (``-32600``, ``id`` null), as
the SDK's own 2026 transport refuses them: MCP 2025-06-18 removed JSON-RPC batching.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

import mcp_types
from pydantic import ValidationError
from starlette.datastructures import Headers
from starlette.middleware import Middleware
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

logger = logging.getLogger("mcpforge.server")

__all__ = ["JsonRpcGuard", "error_reply", "jsonrpc_guard_middleware"]

RequestId = str | int


def _readable_id(value: object) -> bool:
    """Whether ``value`` is an ``id`` MCP allows on a request: a string or an integer (not a bool)."""
    return isinstance(value, str | int) and not isinstance(value, bool)


def _reply(request_id: RequestId | None, code: int, message: str) -> mcp_types.JSONRPCError:
    return mcp_types.JSONRPCError(
        jsonrpc="2.0", id=request_id, error=mcp_types.ErrorData(code=code, message=message)
    )


def error_reply(raw: str | bytes) -> mcp_types.JSONRPCError | None:
    """The error reply owed to one received message, or None when it is a well-formed message."""
    try:
        decoded: Any = json.loads(raw)
    except (ValueError, RecursionError):  # oversized numbers raise ValueError, deep nesting RecursionError
        return _reply(None, mcp_types.PARSE_ERROR, "Parse error: the message is not JSON")
    if isinstance(decoded, list):
        return _reply(
            None,
            mcp_types.INVALID_REQUEST,
            "Invalid Request: batches are not supported; send one message at a time",
        )
    if not isinstance(decoded, dict):
        return _reply(None, mcp_types.INVALID_REQUEST, "Invalid Request: a message is one JSON object")
    request_id = decoded.get("id")
    if "method" in decoded and "id" in decoded and not _readable_id(request_id):
        return _reply(None, mcp_types.INVALID_REQUEST, "Invalid Request: 'id' must be a string or an integer")
    try:
        mcp_types.jsonrpc_message_adapter.validate_python(decoded, by_name=False)
    except ValidationError:
        shown = request_id if _readable_id(request_id) else None
        return _reply(shown, mcp_types.INVALID_REQUEST, "Invalid Request: not a JSON-RPC 2.0 message")
    return None


class JsonRpcGuard:
    """ASGI middleware answering a malformed JSON-RPC body (status 400) before the MCP transport sees it.

    Only POSTs with a JSON body are read; anything else, and requests that still need their bearer
    token, pass on untouched (the transport and the token check answer those).
    """

    def __init__(self, app: ASGIApp) -> None:
        """Wrap ``app``."""
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer a malformed body with its JSON-RPC error, else pass the request on with its body."""
        if not _checked(scope):
            await self.app(scope, receive, send)
            return
        body, disconnect = await _read_body(receive)
        if disconnect is not None:  # the client left before its body arrived: nobody to answer
            return
        reply = error_reply(body)
        if reply is not None:
            logger.info("answered a malformed JSON-RPC message: %s", reply.error.message)
            content = reply.model_dump(mode="json", by_alias=True, exclude_unset=True)
            await JSONResponse(content, status_code=400)(scope, receive, send)
            return
        await self.app(scope, _replay(body, receive), send)


def _checked(scope: Scope) -> bool:
    """Whether the request is a POST of JSON by a caller who may post (where tokens are checked, a
    request without a valid one gets its 401 first)."""
    if scope["type"] != "http" or scope["method"] != "POST":
        return False
    content_type = Headers(scope=scope).get("content-type", "")
    if content_type.split(";")[0].strip().lower() != "application/json":
        return False
    user = scope.get("user")
    return user is None or bool(getattr(user, "is_authenticated", False))


async def _read_body(receive: Receive) -> tuple[bytes, Message | None]:
    """The whole request body (the transport reads it whole too), and a disconnect met first, if any."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(chunks), message
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks), None


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the body already read, then whatever ``receive`` gives."""
    sent = False

    async def replayed() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


def jsonrpc_guard_middleware() -> Sequence[Middleware]:
    """The Starlette middleware list that puts :class:`JsonRpcGuard` in front of an app."""
    return [Middleware(JsonRpcGuard)]
