"""The review page's web application: the staging inbox, one page per candidate, Approve / Reject.

An approval here is the person's act exactly like ``mcpforge review``: it goes through
:func:`mcpforge.registry.review.apply_review` and is written to the audit log with the actor
``human:<user> via ui``. A rejection with a specific reason produces the corrected candidate, as in the
interactive ``ask``. Every request passes :class:`~mcpforge.ui._security.Guard` first.
"""

from __future__ import annotations

import functools
import getpass
from pathlib import Path
from typing import TYPE_CHECKING

import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mcpforge.exceptions import MCPForgeError
from mcpforge.models import ToolCandidate
from mcpforge.ui import _pages
from mcpforge.ui._security import COOKIE_NAME, CSRF_FIELD, SECURITY_HEADERS, Guard

if TYPE_CHECKING:
    from mcpforge.config import MCPForgeConfig
    from mcpforge.registry import Registry


def ui_actor() -> str:
    """Who decided, as written to the audit log: the local user, and that the page was the origin."""
    try:
        return f"human:{getpass.getuser()} via ui"
    except (OSError, KeyError):
        return "human:unknown via ui"


def _reading(candidate: ToolCandidate) -> tuple[str, list[str]]:
    """The reading sentence and the assumptions the person must check, as every review screen shows them."""
    from mcpforge.pipeline.present import candidate_reading

    reading = candidate_reading(candidate)
    return reading.sentence, list(reading.assumptions)


_ANSWER_NOTE = "your answer: "


def _asked(candidate: ToolCandidate) -> list[tuple[str, str | list[str]]]:
    """What the CLI shows around the answer: the request, the data file, the answers, the assumptions."""
    from mcpforge.pipeline.present import stated_assumptions

    intent = candidate.intent or {}
    artifacts = candidate.run_artifacts
    data = str(
        (artifacts.metadata.get("data_path") if artifacts else None) or intent.get("data_source") or ""
    )
    part = intent.get("sheet") or intent.get("table")
    if data and part:
        data += f" ({'sheet' if intent.get('sheet') else 'table'} {part})"
    notes = [str(note) for note in intent.get("notes") or []]
    answers = [note.removeprefix(_ANSWER_NOTE) for note in notes if note.startswith(_ANSWER_NOTE)]
    assumptions, limitations = stated_assumptions(candidate, artifacts)
    return [
        ("Request", str(intent.get("request") or "")),
        ("Data file", data),
        ("Your answers to questions", answers),
        ("Assumptions", assumptions),
        ("Limitations", limitations),
    ]


def _charts(candidate: ToolCandidate, folder: Path) -> list[str]:
    """Names of the PNG charts the staged run saved in the candidate's outputs (regular files, no links)."""
    outputs = folder / "outputs"
    names = [Path(f).name for f in (candidate.run_artifacts.files if candidate.run_artifacts else [])]
    return [
        name
        for name in names
        if name.endswith(".png") and (outputs / name).is_file() and not (outputs / name).is_symlink()
    ]


class ReviewApp:
    """Routes over one registry, guarded by one token."""

    def __init__(self, registry: Registry, config: MCPForgeConfig, guard: Guard) -> None:
        self.registry = registry
        self.config = config
        self.guard = guard

    def starlette(self) -> Starlette:
        """The ASGI application."""
        routes = [
            Route("/", self.inbox, methods=["GET"]),
            Route("/style.css", self.style, methods=["GET"]),
            Route("/candidate/{cid}", self.candidate, methods=["GET"]),
            Route("/candidate/{cid}/file/{name}", self.file, methods=["GET"]),
            Route("/candidate/{cid}/approve", self.approve, methods=["POST"]),
            Route("/candidate/{cid}/reject", self.reject, methods=["POST"]),
        ]
        app = Starlette(routes=routes)
        app.add_middleware(_GuardMiddleware, guard=self.guard)
        return app

    async def style(self, _request: Request) -> Response:
        return Response(_pages.STYLE, media_type="text/css")

    async def inbox(self, _request: Request) -> Response:
        candidates = self.registry.list_candidates()
        return HTMLResponse(_pages.inbox(candidates))

    def _get(self, cid: str) -> ToolCandidate | None:
        try:
            return self.registry.get_candidate(cid)
        except MCPForgeError:
            return None

    async def candidate(self, request: Request) -> Response:
        candidate = self._get(request.path_params["cid"])
        if candidate is None:
            return HTMLResponse(_pages.page("Not found", "<p>No such candidate.</p>"), status_code=404)
        folder = self.registry.candidate_dir(candidate.candidate_id)
        tool_py = folder / "tool.py"
        code = tool_py.read_text(encoding="utf-8") if tool_py.is_file() else "# tool.py is not stored"
        from mcpforge.pipeline.present import validation_line

        html = _pages.candidate_page(
            candidate,
            reading=_reading(candidate),
            details=_asked(candidate),
            code=code,
            charts=_charts(candidate, folder),
            entries=[e for e in self.registry.audit.entries() if e.candidate_id == candidate.candidate_id],
            summary=validation_line(candidate.validation_report),
            csrf=self.guard.csrf,
            notice=request.query_params.get("done"),
        )
        return HTMLResponse(html)

    async def file(self, request: Request) -> Response:
        candidate = self._get(request.path_params["cid"])
        if candidate is None:
            return Response(status_code=404)
        folder = self.registry.candidate_dir(candidate.candidate_id)
        name = request.path_params["name"]
        if name not in _charts(candidate, folder):
            return Response(status_code=404)
        return Response((folder / "outputs" / name).read_bytes(), media_type="image/png")

    async def approve(self, request: Request) -> Response:
        from mcpforge.registry.review import apply_review

        cid = request.path_params["cid"]
        outcome = await anyio.to_thread.run_sync(
            functools.partial(
                apply_review,
                self.registry,
                cid,
                output_answer="yes",
                decision_answer="Approve",
                actor=ui_actor(),
                config=self.config,
            )
        )
        done = "approved" if outcome.promoted is not None or outcome.identical else "not-promoted"
        return RedirectResponse(f"/candidate/{cid}?done={done}", status_code=303)

    async def reject(self, request: Request) -> Response:
        from mcpforge.registry.review import apply_review

        form = await request.form()
        reason = " ".join(str(form.get("reason") or "").split())
        cid = request.path_params["cid"]
        # The same path as `review --output no --decision "Reject: <reason>"`: a reason stages the correction.
        outcome = await anyio.to_thread.run_sync(
            functools.partial(
                apply_review, self.registry, cid, output_answer="no",
                decision_answer=f"Reject: {reason}" if reason else "Reject", actor=ui_actor(),
                config=self.config,
            )
        )  # fmt: skip
        new_id = outcome.refined_candidate_id
        if new_id is not None:
            return RedirectResponse(f"/candidate/{new_id}?done=refined", status_code=303)
        return RedirectResponse(f"/candidate/{cid}?done=rejected", status_code=303)


class _GuardMiddleware:
    """URL token (once), then a session cookie; Host, CSRF and security headers, before any route runs."""

    def __init__(self, app: ASGIApp, guard: Guard) -> None:
        self.app = app
        self.guard = guard

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope, receive)
        response = await self._check(request)
        if response is None:
            await self.app(scope, _replay_body(request), _with_headers(send))
            return
        for name, value in SECURITY_HEADERS.items():
            response.headers[name] = value
        await response(scope, receive, send)

    async def _check(self, request: Request) -> Response | None:
        guard = self.guard
        if not guard.host_ok(request.headers.get("host")):
            return Response("wrong host", status_code=421)
        presented = request.query_params.get("token")
        if presented is not None:
            return self._redeem(request, presented)
        if not guard.session_ok(request.cookies.get(COOKIE_NAME)):
            return Response("forbidden: open the URL that `mcpforge ui` printed", status_code=403)
        if request.method == "POST":
            await request.body()  # cached first, so the form parser and the route can both read it
            form = await request.form()
            if not guard.form_ok(str(form.get(CSRF_FIELD) or ""), request.headers.get("origin")):
                return Response("forbidden: cross-site request", status_code=403)
        elif request.method not in {"GET", "HEAD"}:
            return Response("method not allowed", status_code=405)
        return None

    def _redeem(self, request: Request, presented: str) -> Response:
        """The first visit with the printed URL: a fresh session cookie; any later one: refused."""
        session = self.guard.redeem(presented)
        if session is None:  # a guess, or the printed URL opened a second time (from any browser)
            why = "this link was already used" if self.guard.token_ok(presented) else "wrong token"
            return Response(f"forbidden: {why}; run `mcpforge ui` again for a new link", status_code=403)
        # The cookie holds the session value, and the redirect drops the token from the address bar.
        response = RedirectResponse(request.url.path, status_code=303)
        response.set_cookie(COOKIE_NAME, session, httponly=True, samesite="strict", path="/")
        return response


def _replay_body(request: Request) -> Receive:
    """A receive callable that replays the body the guard already read (a body can be read once)."""
    consumed = False

    async def receive() -> Message:
        nonlocal consumed
        if not consumed:
            consumed = True
            return {"type": "http.request", "body": await request.body(), "more_body": False}
        return {"type": "http.disconnect"}

    return receive


def _with_headers(send: Send) -> Send:
    """A send callable that adds the security headers to the routed response."""
    extra = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*message.get("headers", []), *extra]}
        await send(message)

    return wrapped
