"""Only the person at this machine can use the review page: a secret token, same-origin checks, CSRF.

The page changes the registry (an approval promotes a tool), so it is guarded like a bank form even on
loopback: it binds 127.0.0.1 only; the random token printed once on the terminal opens it once: the
first visit with ``?token=`` trades it for an HttpOnly SameSite=Strict cookie holding a separate random
session value (not the token, not derived from it), and the token is spent — the same URL is refused from
then on, whoever opens it (a URL left in a shell history, a log or a screenshot opens nothing). The Host
header must name the loopback address and port (no DNS rebinding); a POST must carry a CSRF field derived
from the session value and, when the browser sends one, an Origin equal to the page's own; GET never
changes state.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from dataclasses import dataclass, field

COOKIE_NAME = "mcpforge_ui"
CSRF_FIELD = "csrf"

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
    _session: str | None = field(default=None, repr=False)
    _spent: bool = field(default=False, repr=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @classmethod
    def new(cls, port: int) -> Guard:
        """A guard with a fresh 256-bit token."""
        return cls(token=secrets.token_urlsafe(32), port=port)

    @property
    def spent(self) -> bool:
        """Whether the URL's token was already traded for a session."""
        return self._spent

    @property
    def session(self) -> str | None:
        """The session value the cookie carries (None until the token is redeemed)."""
        return self._session

    def redeem(self, presented: str | None) -> str | None:
        """Trade the URL's token for a fresh random session value, once; None when wrong or already spent."""
        if not _same(presented, self.token):
            return None
        with self._lock:
            if self._spent:
                return None
            self._spent = True
            self._session = secrets.token_urlsafe(32)  # fresh randomness: nothing of the token in it
            return self._session

    @property
    def csrf(self) -> str:
        """The CSRF value forms carry: derived from the session value ("" before there is a session)."""
        if self._session is None:
            return ""
        return hmac.new(self._session.encode(), b"mcpforge-ui-csrf", hashlib.sha256).hexdigest()

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

    def form_ok(self, csrf: str | None, origin: str | None) -> bool:
        """A state-changing POST: the CSRF field matches and the Origin, when sent, is this page."""
        if origin is not None and origin not in self.origins:
            return False
        expected = self.csrf
        return bool(expected) and _same(csrf, expected)


def _same(presented: str | None, secret: str) -> bool:
    return presented is not None and hmac.compare_digest(presented.encode(), secret.encode())
