"""A local HTTP server that speaks the OpenAI chat-completions and Anthropic messages wire formats and
replays recorded answers, in order. Tests and offline demos use it instead of a real model."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True, kw_only=True)
class Recorded:
    """One recorded reply: an assistant answer, or an HTTP error status, or a stall (for timeouts)."""

    content: str = ""
    status: int = 200
    tool_calls: list[dict[str, Any]] = field(default_factory=list)
    delay_seconds: float = 0.0
    raw_body: str | None = None  # sent as-is (garbage, truncated JSON)


@dataclass(kw_only=True)
class ReplayLog:
    """What the server received, for assertions."""

    requests: list[dict[str, Any]] = field(default_factory=list)


def _openai_body(reply: Recorded, model: str) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": reply.content or None}
    if reply.tool_calls:
        message["tool_calls"] = [
            {
                "id": f"call_{i}",
                "type": "function",
                "function": {"name": call["name"], "arguments": json.dumps(call.get("arguments", {}))},
            }
            for i, call in enumerate(reply.tool_calls)
        ]
    return {
        "id": "chatcmpl-replay",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": model,
        "choices": [
            {"index": 0, "message": message, "finish_reason": "tool_calls" if reply.tool_calls else "stop"}
        ],
        "usage": {
            "prompt_tokens": 10,
            "completion_tokens": max(1, len(reply.content) // 4),
            "total_tokens": 11,
        },
    }


def _anthropic_body(reply: Recorded, model: str, request: dict[str, Any]) -> dict[str, Any]:
    content: list[dict[str, Any]] = []
    forced = (
        request.get("tool_choice", {}).get("name") if isinstance(request.get("tool_choice"), dict) else None
    )
    if forced:
        content.append(
            {"type": "tool_use", "id": "toolu_replay", "name": forced, "input": json.loads(reply.content)}
        )
    else:
        if reply.content:
            content.append({"type": "text", "text": reply.content})
        for i, call in enumerate(reply.tool_calls):
            content.append(
                {
                    "type": "tool_use",
                    "id": f"toolu_{i}",
                    "name": call["name"],
                    "input": call.get("arguments", {}),
                }
            )
    stop = "tool_use" if (forced or reply.tool_calls) else "end_turn"
    return {
        "id": "msg_replay",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": stop,
        "stop_sequence": None,
        "usage": {"input_tokens": 10, "output_tokens": max(1, len(reply.content) // 4)},
    }


class _Handler(BaseHTTPRequestHandler):
    server: _ReplayHTTPServer

    def log_message(self, format: str, *args: Any) -> None:
        del format, args

    def do_POST(self) -> None:
        length = int(self.headers.get("content-length", "0"))
        request = json.loads(self.rfile.read(length) or b"{}")
        self.server.log.requests.append({"path": self.path, "body": request})
        with self.server.lock:
            reply = (
                self.server.replies.pop(0)
                if self.server.replies
                else Recorded(status=500, content="no more replies")
            )
        if reply.delay_seconds:
            time.sleep(reply.delay_seconds)  # simulates a stalled model for timeout tests
        model = str(request.get("model", "replay"))
        if reply.raw_body is not None:
            body = reply.raw_body.encode()
        elif reply.status != 200:
            body = json.dumps(
                {"error": {"message": reply.content or "error", "type": "server_error"}}
            ).encode()
        elif self.path.endswith("/messages"):
            body = json.dumps(_anthropic_body(reply, model, request)).encode()
        else:
            body = json.dumps(_openai_body(reply, model)).encode()
        try:
            self.send_response(reply.status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (timeout tests); nothing to answer


class _ReplayHTTPServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, replies: list[Recorded]) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.replies = replies
        self.lock = threading.Lock()
        self.log = ReplayLog()


@contextmanager
def replay_server(replies: list[Recorded]) -> Iterator[tuple[str, ReplayLog]]:
    """Serve ``replies`` on a free loopback port; yields (base_url ending in /v1, request log)."""
    server = _ReplayHTTPServer(list(replies))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", server.log
    finally:
        server.shutdown()
        server.server_close()
