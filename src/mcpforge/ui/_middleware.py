"""The guard in front of every route of the review page: Host, then who (URL token or sign-in), then CSRF.

Without team identities the printed URL's token is traded once for a session cookie (``_security``). With
them, ``GET /signin`` shows the sign-in form and ``POST /signin`` trades a bearer token for a session bound
to its identity; a page asked for without a session sends the browser to the form. A route finds who is
using the page in ``request.state`` (:func:`identity_of`, :func:`session_of`).
"""

from __future__ import annotations

import getpass
import logging
import secrets

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mcpforge.server._auth import ROLES, TOOL_ROLES, Identity
from mcpforge.ui import _pages
from mcpforge.ui._security import (
    COOKIE_NAME,
    CSRF_FIELD,
    SECURITY_HEADERS,
    SIGNIN_COOKIE,
    TOKEN_FIELD,
    Guard,
)

logger = logging.getLogger("mcpforge.ui")

#: What an identity needs to see the page (the candidates) and to approve or reject, as over MCP.
VIEW_TOOL = "list_candidates"
DECIDE_TOOL = "review_candidate"
_STATE_IDENTITY = "mcpforge_ui_identity"
_STATE_SESSION = "mcpforge_ui_session"
_OPEN_PATHS = frozenset({"/signin", "/style.css"})  # reachable before signing in (team identities)


def local_identity() -> Identity:
    """The person at this machine (the page opened with the printed URL): every role."""
    try:
        name = getpass.getuser()
    except (OSError, KeyError):
        name = "unknown"
    return Identity(name=name, roles=frozenset(ROLES), authenticated=False)


def identity_of(request: Request) -> Identity:
    """Who uses the page (set by the guard before any route runs)."""
    identity: Identity = request.state.mcpforge_ui_identity
    return identity


def session_of(request: Request) -> str:
    """The session value of this request (set by the guard before any route runs)."""
    session: str = request.state.mcpforge_ui_session
    return session


def needs(tool: str) -> str:
    """The roles ``tool``'s act needs, in words."""
    return " or ".join(sorted(TOOL_ROLES[tool]))


class GuardMiddleware:
    """URL token (once) or sign-in, then a session cookie; Host, CSRF and security headers, before any
    route runs."""

    def __init__(self, app: ASGIApp, guard: Guard) -> None:
        self.app = app
        self.guard = guard
        self.local = local_identity()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope, receive)
        response = await self._check(request, scope)
        if response is None:
            await self.app(scope, _replay_body(request), _with_headers(send))
            return
        for name, value in SECURITY_HEADERS.items():
            response.headers[name] = value
        await response(scope, receive, send)

    async def _check(self, request: Request, scope: Scope) -> Response | None:
        guard = self.guard
        if not guard.host_ok(request.headers.get("host")):
            return Response("wrong host", status_code=421)
        presented = request.query_params.get("token")
        if presented is not None:
            return self._token_in_address(request, presented)
        if guard.team and request.url.path in _OPEN_PATHS:
            return await self._signin(request) if request.url.path == "/signin" else None
        session = request.cookies.get(COOKIE_NAME)
        identity = guard.identity(session, self.local)
        refused = (
            self._no_session(request)
            if identity is None or session is None
            else await self._refused_method(request, session)
        )
        if refused is not None or session is None:
            return refused
        state = scope.setdefault("state", {})
        state[_STATE_IDENTITY] = identity
        state[_STATE_SESSION] = session
        return None

    def _no_session(self, request: Request) -> Response:
        """No session: a page to the sign-in form (team identities), anything else refused."""
        if self.guard.team and request.method in {"GET", "HEAD"}:
            return RedirectResponse("/signin", status_code=303)
        return Response("forbidden: open the URL that `mcpforge ui` printed", status_code=403)

    async def _refused_method(self, request: Request, session: str) -> Response | None:
        """A POST without this session's CSRF field (or from another origin), or a method nothing takes."""
        if request.method == "POST":
            await request.body()  # cached first, so the form parser and the route can both read it
            form = await request.form()
            if not self.guard.form_ok(
                str(form.get(CSRF_FIELD) or ""), request.headers.get("origin"), session
            ):
                return Response("forbidden: cross-site request", status_code=403)
        elif request.method not in {"GET", "HEAD"}:
            return Response("method not allowed", status_code=405)
        return None

    def _token_in_address(self, request: Request, presented: str) -> Response:
        """``?token=``: the printed URL's one-time token; with team identities never accepted."""
        if self.guard.team:
            return Response(
                "forbidden: a token never goes in the address; sign in with the form at /signin",
                status_code=403,
            )
        return self._redeem(request, presented)

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

    async def _signin(self, request: Request) -> Response:
        """``GET /signin``: the form (with a fresh pre-session cookie); ``POST /signin``: check the token."""
        if request.method in {"GET", "HEAD"}:
            return self._signin_form(None, 200)
        if request.method != "POST":
            return Response("method not allowed", status_code=405)
        form = await request.form()
        guard = self.guard
        if not guard.signin_ok(
            request.cookies.get(SIGNIN_COOKIE), str(form.get("signin") or ""), request.headers.get("origin")
        ):
            return Response("forbidden: sign in from the page's own form", status_code=403)
        identity = await guard.sign_in(str(form.get(TOKEN_FIELD) or "").strip())
        if identity is None:
            return self._signin_form("That token belongs to no one this page knows.", 403)
        if not identity.may_use(VIEW_TOOL):
            roles = ", ".join(sorted(identity.roles)) or "no role"
            return HTMLResponse(
                _pages.refused_page(
                    "Not signed in",
                    f"{identity.name} ({roles}) may not see candidates: the review page needs the role "
                    f"{needs(VIEW_TOOL)}",
                ),
                status_code=403,
            )
        logger.info("%s signed in to the review page", identity.name)
        response = RedirectResponse("/", status_code=303)
        response.set_cookie(
            COOKIE_NAME, guard.open_session(identity), httponly=True, samesite="strict", path="/"
        )
        response.delete_cookie(SIGNIN_COOKIE, path="/signin", httponly=True, samesite="strict")
        return response

    def _signin_form(self, error: str | None, status: int) -> Response:
        cookie = secrets.token_urlsafe(32)
        html = _pages.signin_page(self.guard.signin_field(cookie), error)
        response = HTMLResponse(html, status_code=status)
        response.set_cookie(SIGNIN_COOKIE, cookie, httponly=True, samesite="strict", path="/signin")
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
