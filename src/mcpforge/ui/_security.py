"""Only the person at this machine can use the review page: a secret token, same-origin checks, CSRF.

The page changes the registry (an approval promotes a tool), so it is guarded like a bank form even on
loopback: it binds 127.0.0.1 only; every request must carry the random token printed once on the
terminal (the first visit trades the URL's token for an HttpOnly SameSite=Strict cookie); the Host header
must name the loopback address and port (no DNS rebinding); a POST must carry a CSRF field derived from
the token and, when the browser sends one, an Origin equal to the page's own; GET never changes state.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

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


@dataclass(frozen=True, kw_only=True)
class Guard:
    """The secrets of one running page and the checks every request passes."""

    token: str
    port: int

    @classmethod
    def new(cls, port: int) -> Guard:
        """A guard with a fresh 256-bit token."""
        return cls(token=secrets.token_urlsafe(32), port=port)

    @property
    def csrf(self) -> str:
        """The CSRF value forms carry: derived from the token, so it needs no server-side state."""
        return hmac.new(self.token.encode(), b"mcpforge-ui-csrf", hashlib.sha256).hexdigest()

    @property
    def origins(self) -> frozenset[str]:
        """The origins this page is served from."""
        return frozenset({f"http://127.0.0.1:{self.port}", f"http://localhost:{self.port}"})

    def host_ok(self, host: str | None) -> bool:
        """The Host header names this page (a rebinding attack sends the attacker's host name)."""
        return host is not None and f"http://{host}" in self.origins

    def token_ok(self, presented: str | None) -> bool:
        """Constant-time comparison with the token."""
        return presented is not None and hmac.compare_digest(presented.encode(), self.token.encode())

    def form_ok(self, csrf: str | None, origin: str | None) -> bool:
        """A state-changing POST: the CSRF field matches and the Origin, when sent, is this page."""
        if origin is not None and origin not in self.origins:
            return False
        return csrf is not None and hmac.compare_digest(csrf.encode(), self.csrf.encode())
