"""Only the person at this machine can use the review page: a secret token, same-origin checks, CSRF.

The page changes the registry (an approval promotes a tool), so it is guarded like a bank form even on
loopback: it binds 127.0.0.1 only; the random token printed once on the terminal opens it once: the
first visit with ``?token=`` trades it for an HttpOnly SameSite=Strict cookie holding a separate random
session value (not the token, not derived from it), and the token is spent — the same URL is refused from
then on, whoever opens it (a URL left in a shell history, a log or a screenshot opens nothing). The Host
header must name the loopback address and port (no DNS rebinding); a POST must carry a CSRF field derived
from the session value and, when the browser sends one, an Origin equal to the page's own; GET never
changes state.

With team identities (``mcpforge ui --tokens-file``, ``server.tokens_file`` or ``MCPFORGE_TOKENS``, the
tokens ``serve --http`` uses) there is no URL token: a person signs in by pasting their bearer token into
a POST form (never in the address; an address with ``?token=`` is refused). The sign-in form carries a
field derived from a SameSite=Strict pre-session cookie of its own, so another site cannot sign a browser
in (login CSRF). A matching token opens a session bound to that identity: a fresh random value in the same
HttpOnly SameSite=Strict cookie, any number of them, one per sign-in, each with its own CSRF value; the
server keeps only their sha256. Host check, CSRF, Origin and the headers are the same as without tokens.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mcpforge.server._auth import Identity, TokenTable

COOKIE_NAME = "mcpforge_ui"
SIGNIN_COOKIE = "mcpforge_ui_signin"
CSRF_FIELD = "csrf"
TOKEN_FIELD = "token"

#: Sent with every page: nothing loads from elsewhere, no script runs, no framing, no referrer to other sites.
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
        "frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",  # "no-referrer" makes browsers send `Origin: null` on forms
    "Cache-Control": "no-store",
}


@dataclass(kw_only=True)
class Guard:
    """The secrets of one running page and the checks every request passes.

    ``token`` is what the printed URL carries; ``session`` exists only once the token was redeemed.
    """

    token: str
    port: int
    tokens: TokenTable | None = field(default=None, repr=False)
    _session: str | None = field(default=None, repr=False)
    _spent: bool = field(default=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _sessions: dict[bytes, Identity] = field(default_factory=dict, repr=False)
    _signin_key: bytes = field(default_factory=lambda: secrets.token_bytes(32), repr=False)

    @classmethod
    def new(cls, port: int, tokens: TokenTable | None = None) -> Guard:
        """A guard with a fresh 256-bit token; with ``tokens``, people sign in with their bearer tokens."""
        return cls(token=secrets.token_urlsafe(32), port=port, tokens=tokens)

    @property
    def team(self) -> bool:
        """Whether people sign in with bearer tokens (no URL token then)."""
        return self.tokens is not None

    @property
    def spent(self) -> bool:
        """Whether the URL's token was already traded for a session."""
        return self._spent

    @property
    def session(self) -> str | None:
        """The session value the cookie carries (None until the token is redeemed)."""
        return self._session

    def redeem(self, presented: str | None) -> str | None:
        """Trade the URL's token for a fresh random session value, once; None when wrong or already spent
        (always None with team identities: they sign in with the form)."""
        if self.team or not _same(presented, self.token):
            return None
        with self._lock:
            if self._spent:
                return None
            self._spent = True
            self._session = secrets.token_urlsafe(32)  # fresh randomness: nothing of the token in it
            return self._session

    @property
    def csrf(self) -> str:
        """The CSRF value of the URL token's session ("" before there is one)."""
        return csrf_for(self._session)

    async def sign_in(self, presented: str) -> Identity | None:
        """The identity a bearer token (or, with an OIDC provider, a JWT) belongs to, or None.

        Verified exactly as ``serve`` verifies it, so the page knows the same people."""
        from mcpforge.server._auth import identity_of_access

        if self.tokens is None or not presented:
            return None
        return identity_of_access(await self.tokens.verify_token(presented))

    def open_session(self, identity: Identity) -> str:
        """A fresh random session value bound to ``identity`` (kept as its sha256 only)."""
        session = secrets.token_urlsafe(32)
        with self._lock:
            self._sessions[_digest(session)] = identity
        return session

    def close_session(self, session: str | None) -> None:
        """Forget a signed-in session (sign-out)."""
        if session is not None:
            with self._lock:
                self._sessions.pop(_digest(session), None)

    def identity(self, session: str | None, local: Identity) -> Identity | None:
        """Who the session cookie belongs to: a signed-in identity, or ``local`` for the URL token's
        session; None for anything else."""
        if session is None:
            return None
        if self.tokens is None:
            return local if self.session_ok(session) else None
        with self._lock:
            return self._sessions.get(_digest(session))

    def signin_field(self, cookie: str) -> str:
        """The sign-in form's hidden field, bound to its pre-session cookie value."""
        return hmac.new(self._signin_key, cookie.encode(), hashlib.sha256).hexdigest()

    def signin_ok(self, cookie: str | None, presented: str | None, origin: str | None) -> bool:
        """A sign-in POST came from this page's own form: its cookie, its field, its origin."""
        if origin is not None and origin not in self.origins:
            return False
        return bool(cookie) and _same(presented, self.signin_field(cookie or ""))

    @property
    def origins(self) -> frozenset[str]:
        """The origins this page is served from."""
        return frozenset({f"http://127.0.0.1:{self.port}", f"http://localhost:{self.port}"})

    def host_ok(self, host: str | None) -> bool:
        """The Host header names this page (a rebinding attack sends the attacker's host name)."""
        return host is not None and f"http://{host}" in self.origins

    def token_ok(self, presented: str | None) -> bool:
        """Constant-time comparison with the URL's token (spent or not: a guess is told apart from it)."""
        return _same(presented, self.token)

    def session_ok(self, presented: str | None) -> bool:
        """The cookie carries this page's session value (constant-time; never true before redemption)."""
        return self._session is not None and _same(presented, self._session)

    def form_ok(self, csrf: str | None, origin: str | None, session: str | None) -> bool:
        """A state-changing POST of ``session``: the CSRF field matches and the Origin, when sent, is this
        page."""
        if origin is not None and origin not in self.origins:
            return False
        expected = csrf_for(session)
        return bool(expected) and _same(csrf, expected)


def csrf_for(session: str | None) -> str:
    """The CSRF value the forms of ``session`` carry: derived from the session value ("" without one)."""
    if not session:
        return ""
    return hmac.new(session.encode(), b"mcpforge-ui-csrf", hashlib.sha256).hexdigest()


def _digest(session: str) -> bytes:
    return hashlib.sha256(session.encode()).digest()


def _same(presented: str | None, secret: str) -> bool:
    return presented is not None and hmac.compare_digest(presented.encode(), secret.encode())
